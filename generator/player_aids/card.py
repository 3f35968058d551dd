"""player-aid-card.pdf: double-sided aid cards — one card, or two when one does not hold the game
at a readable size — one of each per player, imposed like the cards. Their content is the aid
card's own (cards/<game>/aid-card/<lang>.yaml, generator/texts/aid_card.py): a turn flow led by
icons, short notes, a scoring table and the icon legend."""
from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm

from datafile.errors import BuildError

from ..texts.aid_card import CardBlock, card_sides, load_aid_cards
from ..texts.aids import legend
from ..reading.i18n import Translator
from ..model.model import Size
from ..card_layout.project import GameData, Project
from ..card_face.face import FaceRenderer
from ..paper.canvas import draw_form
from ..paper.imposition import new_canvas
from ..paper.one_size import impose, sheet_count
from ..paper.labels import SEPARATOR, sheet_and_side
from ..paper.sheets import make_grid
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from ..typeset.text import typeset
from . import fit_memo
from .blocks import Blocks, TooWide
from .shared import Flow, _context, _warn_missing, checked_language, pack


def card_size(project: Project) -> Size:
    """The card-sized aids are larger than most game cards (tarot size unless sheets.yaml says
    otherwise): a game's turn and scoring at 8.5 pt and more do not fit on a poker card."""
    return project.sheets.sizes.get("player-aid") or Size(width=70, height=120)


def card_grid(project: Project, paper: str, bleed: float):
    """The sheet's frame of aid cards, as the build imposes them (BuildError: the paper is too small)."""
    return make_grid(project.sheets, paper, card_size(project), bleed)


BASE_SIZE, MIN_SIZE, STEP = 9.5, 8.0, 0.25     # body text of a side (8 pt: the frame takes 1 mm a side); headings 1.2x, icons 12 pt+


def aid_card_pages(project: Project, game: GameData, options) -> int:
    sides = card_sides(project, game, _checked(project, game, game.game.languages[0]))
    grid = card_grid(project, options.paper, options.bleed)
    return sheet_count(len(sides) // 2 * _copies(game), grid, options)


def _copies(game: GameData) -> int:
    return max(game.game.players.max, 1)   # one of each aid card per player


def _checked(project: Project, game: GameData, lang: str) -> str:
    checked_language(lambda: load_aid_cards(project, game), game, lang, "aid card")
    return lang


def write_aid_card(project: Project, game: GameData, lang: str, path: Path, options,
                   progress: Callable[[int], None] = lambda n: None) -> int:
    labels = Translator(project.root, lang, options.allow_missing)
    fitted = FittedSides(project, game, _checked(project, game, lang), labels)
    size = card_size(project)
    grid = card_grid(project, options.paper, options.bleed)
    canvas = new_canvas(path, options, project, labels("{game} — {title}", game=game.game.name.get(lang), title=labels("Player aid")), lang, fitted.fonts,
                        game=game.game)
    renderer = FaceRenderer(fitted.fonts, lang, fitted.icons)
    pieces = []
    for side, number, face, ctx, placed in fitted:
        if placed is None:
            raise BuildError(overflow_message(game, lang, side))
        form = f"aid.{game.id}.{number}.{face}"
        draw_form(canvas, form, size, options.bleed,
                  lambda c, ctx=ctx, placed=placed, number=number, face=face: _draw_side(
                      c, renderer, fitted.layout, size, ctx, options.bleed, fitted.body, placed,
                      f"player aid card {number} ({face})"))
        if face == "front":
            pieces.append(form)
    back = (lambda n: f"aid.{game.id}.{n}.back") if options.duplex != "none" else (lambda n: None)
    physical = [(front, back(n + 1)) for n, front in enumerate(pieces) for _ in range(_copies(game))]
    pages = impose(canvas, grid, physical, options, progress, _labeller(project, game, lang, labels, options, grid.per_page, len(pieces)),
                   fitted.fonts.face(fitted.typo.roles["ui"]).name)
    canvas.save()
    _warn_missing(labels, game, lang, "player-aid-card.pdf")
    return pages


def _labeller(project: Project, game: GameData, lang: str, _: Translator, options, places: int, cards: int):
    """Each sheet's margin labels, as on the card sheets: the game, the sheet and its side; then
    how to print it on the fronts, and who made the file and when on the backs."""
    from ..paper import colophon
    sides = {"fronts": _("fronts"), "backs": _("backs"), "single": _("one side only")}
    note = _("Print on both sides, flipping on the long edge, then cut on the marks.") if options.duplex != "none" \
        else _("Print on one side, then cut on the marks.")
    made = colophon.for_game(game, lang, _, project.root)

    def label(index: int, side: str, sheets) -> tuple[str, str]:
        where = _("sheet {n} of {total}").format(n=index + 1, total=len(sheets))
        head = f"{game.game.name.get(lang)} · {_('Player aid')} · {sheet_and_side(where, sides.get(side, ''))}"
        held = len(sheets[index].pieces)
        why = ""
        # a part-filled sheet says why (San Gimignano's only sheet holds 2 of 4 and said nothing:
        # it was compared with the fullest sheet, not with the places a sheet has)
        if side != "backs" and held < places:
            # each player gets every aid card (1/2 and 2/2 are two cards, not two sides): say how many
            why = " " + (_("This sheet is not full: one aid card per player, for up to {players} players.")
                         if cards == 1 else
                         _("This sheet is not full: {cards} aid cards per player, for up to {players} players.")
                         ).format(cards=cards, players=game.game.players.max)
        # typeset part by part: the margin label splits a long line at its " · " (paper/labels.py);
        # the colophon whole, so that Japanese keeps the 「・」 it has on every other file
        tail = typeset(made, lang) if side == "backs" and lang == "ja" else \
            SEPARATOR.join(typeset(part, lang) for part in (made if side == "backs" else note + why).split(SEPARATOR))
        return SEPARATOR.join(typeset(part, lang) for part in head.split(SEPARATOR)), tail
    return label


def overflow_message(game: GameData, lang: str, side: str) -> str:
    return (f"player aid card {game.id}/{lang}, side {side}: its blocks do not fit at {MIN_SIZE:g} pt; "
            f"shorten them or move a block to another side (cards/{game.id}/aid-card/{lang}.yaml)")


class FittedSides:
    """Each side of a language's aid card packed into the card's body box, as the build draws it
    (and `pnp validate` checks it): (side, card number, front/back, context, placed blocks or
    None when they do not fit at MIN_SIZE)."""

    def __init__(self, project: Project, game: GameData, lang: str, labels: Translator):
        self.project, self.game, self.lang, self.labels = project, game, lang, labels
        self.sides = card_sides(project, game, lang)
        self.entries = legend(project, game, lang, pictures=False)
        self.fonts = FontBook(project.root, project.fonts)
        self.typo = self.fonts.typography(lang)
        self.icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
        self.layout = project.layouts["aids/card-side"]
        self.body = next((r for r in self.layout.regions if r.name == "body"), None)
        if self.body is None:
            raise BuildError(f"{self.layout.file}: layouts.card-side needs a `body` region: the box the aid text flows into")

    def __len__(self) -> int:
        return len(self.sides)

    def __iter__(self):
        return (self.fit(index) for index in range(len(self.sides)))

    def fit(self, index: int):
        side, blocks = self.sides[index]
        number, face, ctx, flow = self._side(index)
        return side, number, face, ctx, _fit_side(flow, blocks, self.entries, self.body)

    def fits(self, index: int) -> bool:
        """Whether side `index` fits at MIN_SIZE or larger, as fit() finds, kept by content
        (fit_memo.py) for validate: the same side of the same inputs is packed once a process."""
        blocks = self.sides[index][1]
        flow = self._side(index)[3]
        return fit_memo.side_fits(fit_memo.side_key(self, blocks),
                                  lambda: _fit_side(flow, blocks, self.entries, self.body))

    def check_face(self, index: int, bleed: float) -> None:
        """Side `index`'s card face (title, page count) as the build draws it around the blocks:
        BuildError, in the build's words, when one of its texts does not fit; nothing drawn."""
        number, face, ctx, _flow = self._side(index)
        FaceRenderer(self.fonts, self.lang, self.icons).check(self.layout, card_size(self.project), ctx, bleed,
                                                              f"player aid card {number} ({face})")

    @cached_property
    def shared_memo_key(self) -> tuple | None:
        """The part of every side's fit memo key that all sides share (fit_memo.shared_key)."""
        return fit_memo.shared_key(self)

    def _side(self, index: int):
        number, face = index // 2 + 1, ("front", "back")[index % 2]
        ctx = _context(self.project, self.game, self.lang, self.layout, self.labels,
                       dict(card=number, cards=len(self.sides) // 2))
        return number, face, ctx, Flow(self.fonts, self.typo, self.icons, self.lang, ctx["aid"]["accent"])


def side_groups(flow: Flow, blocks: list[CardBlock], entries, size: float, width: float):
    """(kind, flowables, size) groups for `pack`: each block's heading with its first item, then
    each further item, made as `pack` asks for them (a size that overflows stops early)."""
    maker = Blocks(flow, size, width)
    for block in blocks:
        for i, group in enumerate(maker.groups(block, entries)):
            yield "section" if i == 0 else "item", group, size


WHOLE_WORDS_STEPS = 2     # a side set up to 0.5 pt smaller rather than hyphenated


def _fit_side(flow: Flow, blocks: list[CardBlock], entries, body):
    """The side's blocks packed into the body box at the largest size that fits, or None; in
    whole words when a size at most WHOLE_WORDS_STEPS smaller fits them (a hyphen in a card's
    narrow column reads as a typo: « repre-⏎nez-en », issue 51)."""
    placed, size = _hyphenated_fit(flow, blocks, entries, body)
    if placed is None or not flow.typo.hyphenation or flow.typo.cjk:
        return placed
    flow.hyphenate = False
    try:
        for step in range(WHOLE_WORDS_STEPS + 1):
            smaller = size - step * STEP
            if smaller < MIN_SIZE - 1e-6:
                break
            try:
                whole = pack(side_groups(flow, blocks, entries, smaller, body.width * mm), body.width * mm,
                             body.height * mm, 1)
            except TooWide:
                continue
            if whole is not None:
                return whole
    finally:
        flow.hyphenate = True
    return placed


def _hyphenated_fit(flow: Flow, blocks: list[CardBlock], entries, body):
    """The largest size from BASE_SIZE down to MIN_SIZE whose pack fits, found by halving: a size
    fits when a larger one does, so 3 packs find it among the 7 sizes, where trying them from the
    top took 5 on average (a pack is most of an aid card's CPU)."""
    sizes = [BASE_SIZE - i * STEP for i in range(round((BASE_SIZE - MIN_SIZE) / STEP) + 1)]

    def attempt(i: int):
        groups = side_groups(flow, blocks, entries, sizes[i], body.width * mm)
        last = i == len(sizes) - 1
        try:        # at the last size every block is made first: a word too wide is its error
            return pack(list(groups) if last else groups, body.width * mm, body.height * mm, 1)
        except TooWide:
            if last:
                raise
            return None

    low, high, found = 0, len(sizes) - 1, (None, None)
    while low <= high:
        middle = (low + high) // 2
        placed = attempt(middle)
        if placed is not None:
            found, high = (placed, sizes[middle]), middle - 1
        else:
            low = middle + 1
    return found


def _draw_side(canvas, renderer: FaceRenderer, layout, size: Size, ctx: dict, bleed: float, body, placed,
               label: str) -> None:
    renderer.draw(canvas, layout, size, ctx, bleed, label)
    left, top = body.x * mm, (size.height - body.y) * mm
    for _col, y, flowable, h in placed:
        flowable.drawOn(canvas, left, top - y - h)
