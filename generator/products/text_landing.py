"""Where a text box's letters land on its cards, in the languages of a build: the white-frame
warning (face_checks/frame.py) asks it for a box whose edges reach into the frame, so a short
left-aligned line in a wide box is left alone and a text that really prints there is said."""
from __future__ import annotations

from reportlab.lib.units import mm

from ..face_checks.frame import Lands
from ..card_layout.layouts import layout_id
from ..model.model import Deck
from ..card_layout.project import GameData, Project
from ..card_layout.templates import card_context, compiled_expression
from ..card_face.face import FaceRenderer
from ..reading.i18n import Translator
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font

EPS = 1e-6


def ink(content: tuple, height: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm from the face's top-left corner of a set text: its lines
    as wide as they are, where their alignment puts them, its height where `valign` puts it."""
    para, x, y, _key = content
    align = para.style.alignment        # 0 left, 1 centre, 2 right, 4 justify
    lefts, rights = [], []
    for number, line in enumerate(para.blPara.lines):
        extra = line[0] if isinstance(line, tuple) else line.extraSpace
        last = number == len(para.blPara.lines) - 1
        shift = {1: extra / 2, 2: extra}.get(align, 0.0) if align != 4 or last else 0.0
        width = para.width - (extra if align != 4 or last else 0.0)
        lefts.append(x + shift)
        rights.append(x + shift + width)
    top = y + para.height
    return min(lefts) / mm, (height - top) / mm, max(rights) / mm, (height - y) / mm


def text_lands(project: Project, langs: list[str] | None) -> Lands:
    """lands(game, deck, layout id, box, frame): whether the box prints anything within `frame`
    mm of its card's cut on a card of the deck in a language built (`langs`, None: the game's)."""
    fonts = FontBook(project.root, project.fonts)
    renderers: dict[tuple, tuple] = {}

    def renderer(game: GameData, lang: str) -> tuple:
        if (game.id, lang) not in renderers:
            icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
            renderers[game.id, lang] = (FaceRenderer(fonts, lang, icons, base=game.directory),
                                        Translator(project.root, lang, allow_missing=True))
        return renderers[game.id, lang]

    def lands(game: GameData, deck: Deck, lid: str, region, frame: float) -> bool:
        if region.kind != "text" or region.rotate:
            return True          # an icon or a turned text: its box is what is known
        size = project.size_of(deck)
        layout = project.layouts.sized(lid, size.width, size.height)
        faces = [(c, None) for c in deck.cards if layout_id(deck, c) == lid]
        if deck.back and deck.back.layout == lid:     # the deck's back, or each card's own
            faces += [(c, deck.back.props) for c in deck.cards] if project.back_per_card(deck) \
                else [(None, deck.back.props)]
        for lang in [g for g in game.game.languages if not langs or g in langs]:
            face, labels = renderer(game, lang)
            for card, props in faces:
                try:
                    ctx = card_context(game.game, deck, card, lang, layout.colors, labels, props)
                    if region.when and not compiled_expression(region.when)(**ctx):
                        continue
                    content = face.set_text(region, layout, ctx, size)
                    if content is None:
                        continue
                    x0, y0, x1, y1 = ink(content, size.height * mm)
                except Exception:  # noqa: BLE001 - the build says what fails; the box is what is known
                    return True
                if x0 < frame - EPS or y0 < frame - EPS or x1 > size.width - frame + EPS \
                        or y1 > size.height - frame + EPS:
                    return True
        return False
    return lands
