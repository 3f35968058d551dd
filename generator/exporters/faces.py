"""Every card face of a game, one face per PDF page: what all exports start from.

The faces are drawn by the same FaceRenderer as cards.pdf, each once as a form XObject, so
a PNG, a Tabletop Simulator sheet or a print-shop file shows exactly what the sheets show.
A page is the card plus its bleed, or a fixed page (a print shop's) with the card centred
and its bleed grown to reach the page edges.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Literal

from reportlab.lib.units import mm

from datafile.errors import BuildError

from ..card_layout.project import GameData, Project
from ..reading.i18n import Translator
from ..model.model import Card, Deck, Size
from ..card_layout.templates import card_context
from ..paper.canvas import CompactCanvas
from ..card_face.face import FaceRenderer
from ..paper.canvas import draw_form
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font


@dataclass(frozen=True)
class Face:
    deck: Deck
    card: Card | None      # None: a back
    size: Size
    page: int              # 0-based page of the faces PDF
    of: Card | None = None   # a back drawn for this card (its layout reads `card`); None: the deck's one back

    @property
    def key(self) -> str:
        """The card's id, "back", or "<card id>.back" (ids are slugs: no dot, so no clash)."""
        return self.card.id if self.card else f"{self.of.id}.back" if self.of else "back"

    @property
    def label(self) -> str:
        if self.card:
            return f"card '{self.card.id}' (deck {self.deck.deck})"
        return f"back of card '{self.of.id}' (deck {self.deck.deck})" if self.of else f"back of deck {self.deck.deck}"


Order = Literal["unique", "print"]


def draw_faces(project: Project, game: GameData, lang: str, path: Path | None, bleed: float,
               page: tuple[float, float] | None = None, order: Order = "unique",
               decks: list[Deck] | None = None, allow_missing: bool = False,
               observe: Callable[[Face], Callable | None] | None = None,
               on_error: Callable[[Face, BuildError], None] | None = None,
               context: Callable[[Face, dict], dict] | None = None,
               select: Callable[[Deck, Card | None], bool] | None = None,
               cards: set[str] | None = None, one_back: bool = False) -> list[Face]:
    """Write the faces PDF to `path` (None: draw and discard, for `pnp check`).

    order "unique": each card front once, then the deck's back; "print": a front per copy,
    then a back per copy (a print shop's fronts-then-backs). `observe(face)` returns the
    renderer's report hook for that face; `on_error` collects errors instead of raising;
    `context(face, ctx)` may wrap the template context (to see which properties are read);
    `select(deck, card)` keeps only the faces it is true for (card None: the deck's back), so
    the studio draws again only the faces an edit changed; `cards`: only these card ids and their
    deck's back, with as many backs as those cards have copies (pnp export --card). A back
    layout that reads `card` gives each card its own back (Face.of), after the fronts in their
    order; `one_back`: only the first card's (the studio's picture of the deck's back).
    """
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons, base=game.directory)
    labels = Translator(project.root, lang, allow_missing)
    initial = fonts.face(fonts.typography(lang).roles["body"]).name
    canvas = CompactCanvas(str(path) if path else "unused.pdf", invariant=1, pageCompression=1, lang=lang,
                    initialFontName=initial)
    canvas.setCreator("pnp-studio")
    canvas.setTitle(f"{game.game.name.get(lang)} — card faces")
    faces: list[Face] = []
    for deck in decks if decks is not None else game.decks:
        size = project.size_of(deck)
        W, H = size.width * mm, size.height * mm
        pw, ph = (page[0] * mm, page[1] * mm) if page else (W + 2 * bleed * mm, H + 2 * bleed * mm)
        reach = max(bleed * mm, (pw - W) / 2, (ph - H) / 2) / mm   # bleed drawn: up to the page edge
        chosen = [card for card in deck.cards if cards is None or card.id in cards]
        if not chosen:
            continue
        sides = [(card, None, card.copies if order == "print" else 1) for card in chosen]
        if deck.back and project.back_per_card(deck):
            sides += [(None, card, card.copies if order == "print" else 1) for card in chosen[:1 if one_back else None]]
        elif deck.back:
            backs = sum(card.copies for card in chosen) if order == "print" else 1
            sides.append((None, None, backs))
        drawn: set[str] = set()
        for card, of, count in sides:
            if select is not None and not select(deck, card):
                continue
            face = Face(deck, card, size, len(faces), of)
            form = f"{deck.deck}.{face.key}"
            if form not in drawn:
                drawn.add(form)
                renderer.report = observe(face) if observe else None
                _draw(canvas, project, game, deck, card, lang, labels, renderer, size, reach, form, face,
                      on_error, context)
            for _ in range(count):
                face = Face(deck, card, size, len(faces), of)
                faces.append(face)
                canvas.setPageSize((pw, ph))
                b = bleed * mm   # the trim is the page less the bleed asked for (a shop's card size)
                canvas.setTrimBox((b, b, pw - b, ph - b))
                canvas.setBleedBox((0, 0, pw, ph))
                canvas.saveState()
                canvas.translate((pw - W) / 2, (ph - H) / 2)
                canvas.doForm(form)
                canvas.restoreState()
                canvas.showPage()
    if path:
        canvas.save()
    return faces


def _draw(canvas, project, game, deck, card, lang, labels, renderer, size, reach, form, face, on_error,
          wrap=None):
    if card is not None:
        layout = project.layout_for(deck, card)
        context = card_context(game.game, deck, card, lang, layout.colors, labels)
    else:
        layout = project.back_layout(deck)
        context = card_context(game.game, deck, face.of, lang, layout.colors, labels, deck.back.props)
    if wrap:
        context = wrap(face, context)

    def paint(c):
        try:
            renderer.draw(c, layout, size, context, reach, face.label,
                          on_box_error=None if on_error is None else lambda exc: on_error(face, exc))
        except BuildError as exc:
            if on_error is None:
                raise
            on_error(face, exc)

    draw_form(canvas, form, size, reach, paint)


def rasterise(pdf: Path, dpi: float | None = None, pixels: Callable[[int], tuple[int, int]] | None = None):
    """Yield (page index, PIL image) for each page of `pdf`, rendered by PDFium at `dpi`, or
    at `pixels(index)` -> (width, height) in px (the page is scaled to fit exactly)."""
    import pypdfium2 as pdfium  # only exports pay for PDFium

    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            width, height = page.get_size()
            # the exact pixel size asked for (PDFium rounds up): a 94 mm side at 300 dpi is 1110 px
            px, py = pixels(index) if pixels else (round(width * dpi / 72), round(height * dpi / 72))
            scale = max(px / width, py / height)
            image = page.render(scale=scale, may_draw_forms=True).to_pil().convert("RGB")
            if image.size != (px, py):
                image = image.crop((0, 0, px, py)) if image.size[0] >= px and image.size[1] >= py \
                    else image.resize((px, py))
            yield index, image
            page.close()
    finally:
        document.close()
