"""player-aid.pdf: a one-page reference (A4 or Letter). At the top, the aid card's turn flow
drawn across the page (numbered icons and the name of each step); below, in two columns, setup,
the turn, every action, the end and the scoring (cards/<game>/aid/<lang>.yaml), with the aid
card's tables (ladders of numbers, scoring) in place of one-bullet-per-card lists, and the
icon legend (symbols in a grid, the cards' pictures run on below it). Set at the largest size
that fits."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

from datafile.errors import BuildError

from ..texts.aid_card import CardBlock, card_sides
from ..texts.aids import Section, legend, sections
from ..reading.i18n import Translator
from ..model.model import Size
from ..card_layout.project import GameData, Project
from ..card_face.face import FaceRenderer
from ..paper import colophon
from ..paper.imposition import new_canvas
from ..typeset.fonts import FontBook
from ..typeset.formulas import NBSP
from ..typeset.icons import build_icon_font
from ..typeset.text import MIN_COLUMN_MM, typeset
from . import fit_memo
from .blocks import Badge, Blocks, TooWide, lead
from .card import _checked
from .shared import Flow, _aid, _context, _warn_missing, pack

MARGIN = 12.0        # mm
HEADER = 18.0        # mm
GAP = 7.0            # mm between columns
COLUMNS = 2
BASE_SIZE, MIN_SIZE, STEP = 10.0, 6.0, 0.25
FLOW_ICONS = 15.0    # pt: the icon groups of the turn flow (a group too wide for its cell: smaller)
FLOW_ICONS_MIN = 10.0   # pt: no smaller, even where a group then runs past its cell
LEGEND_ICONS = 1.45  # legend icons, as a multiple of the body size
HEAD_SHARE = 0.16    # of the turn flow's width: each row's heading
BADGE = 14.0         # pt: a step's number beside its icon group
BADGE_SIZE = 9.5     # pt: its disc; the number inside is 0.95 of it, no smaller than the page's 9 pt
LONG_LEGEND = 15     # symbols: past this, the legend is set a point under the body (never under 9 pt):
LEGEND_MIN = 9.0     # Tournay's 17 symbols and 25 pictures took 39 % of a column at the body's size
GUTTER = 4 * mm + 1  # pt: the least space between two steps' groups (San Gimignano's ② ran into ③)


def aid_reference_pages(project: Project, game: GameData, options) -> int:
    return 1


@dataclass
class _Reference:
    """One language's player aid set for a paper, before drawing: the header's layout and
    context, the turn-flow band and the two columns' blocks at the largest size that fits."""
    layout: object
    ctx: dict
    labels: Translator
    fonts: FontBook
    icons: object
    band: object          # the turn flow (a Table) or None
    width: float          # mm: the text block
    top: float            # pt: where the columns start
    column: float         # pt: a column's width
    placed: list | None   # pack(): None when nothing fits at MIN_SIZE
    size: float | None = None                    # pt: the body size of `placed` (smallest_first: the first that fits)
    groups: Callable[[float], list] | None = None  # size -> the blocks to pack at that size


def _reference(project: Project, game: GameData, lang: str, paper_name: str, allow_missing: bool,
               smallest_first: bool = False) -> _Reference:
    """The aid set at the largest size from BASE_SIZE down to MIN_SIZE that fits. `smallest_first`
    (validate): try MIN_SIZE first, then the other sizes only if that fails, since whether the
    build can set the page at all is the question there, not at which size."""
    parts = sections(project, game, _aid(project, game, lang))
    blocks = _card_blocks(project, game, lang)
    entries = legend(project, game, lang)
    layout, ctx, labels, fonts, icons, width = _header(project, game, lang, paper_name, allow_missing)
    paper = project.sheets.papers[paper_name]
    column = (width - (COLUMNS - 1) * GAP) / COLUMNS * mm
    if column < MIN_COLUMN_MM * mm:   # nothing fits (and the turn-flow band's cells would be negative)
        return _Reference(layout, ctx, labels, fonts, icons, None, width, 0.0, column, None)
    flow = Flow(fonts, fonts.typography(lang), icons, lang, ctx["aid"]["accent"])
    top = (paper.height - MARGIN - HEADER - 4) * mm
    band = turn_flow(flow, [b for b in blocks if b.kind == "steps" and b.reference == "top"], width * mm)
    if band is not None:
        top -= band.wrap(width * mm, top)[1] + 2.5 * mm
    tables: dict[str, list[CardBlock]] = {}
    for b in blocks:
        if b.kind == "table" and b.reference and b.reference != "top":
            tables.setdefault(b.reference, []).append(b)
    count = round((BASE_SIZE - MIN_SIZE) / STEP)
    sizes = [BASE_SIZE - i * STEP for i in range(count + 1)]

    pictures = frozenset(n for n, spec in project.icons_for(game.id).items() if spec.picture)

    def groups(size: float) -> list:
        return reference_groups(flow, parts, tables, entries, labels("Icon legend"), size, column, pictures)
    placed = None
    for size in ([MIN_SIZE] + sizes[:-1] if smallest_first else sizes):
        try:
            placed = pack(groups(size), column, top - MARGIN * mm, COLUMNS)
        except TooWide:
            placed = None
        if placed:          # nothing to place is no fit either
            break
    if placed and not smallest_first:
        placed = _balanced(groups, size, column, top - MARGIN * mm) or placed
    return _Reference(layout, ctx, labels, fonts, icons, band, width, top, column, placed or None,
                      size if placed else None, groups)


def _balanced(groups: Callable[[float], list], size: float, column: float, height: float) -> list | None:
    """The blocks packed into the shortest columns that hold them, to a point: a short aid filled
    its first column and left the second a third empty (Tournay's, once trimmed).

    The trial heights only ask whether the blocks fit, and they ask it of one set of blocks made
    at `size` (made afresh for each trial, they were 3/4 of the page's CPU): a trial changes no
    block a later one reads (a paragraph keeps its lines per width, and is broken afresh from its
    markup after a split; a table's cells span no rows, so its height does not depend on the room
    it is offered). The blocks drawn are packed afresh at the height found, as before."""
    try:
        made = list(groups(size))
    except TooWide:       # not at a size that fitted the whole height: made the same way there
        return None
    low, high, found = height / COLUMNS, height, None
    while high - low > 2:
        middle = (low + high) / 2
        if pack(made, column, middle, COLUMNS):
            high = found = middle
        else:
            low = middle
    return None if found is None else pack(groups(size), column, found, COLUMNS)


@dataclass(frozen=True)
class PageSize:
    """How the build sets one language's player aid, and what the next size up would need."""
    size: float | None          # pt, the body text (None: it does not fit even at MIN_SIZE)
    next: float | None = None   # pt, the next size up (None at BASE_SIZE)
    over: float | None = None   # pt both columns would have to be taller for `next` to fit (None: more
                                # than a column's height, or `too_wide`)
    too_wide: str = ""          # at `next`, the text wider than its column


def aid_page_size(project: Project, game: GameData, lang: str, paper: str | None = None) -> PageSize:
    """The size the build sets this language's player aid at on `paper` (default: the
    language's), and how far the next size up misses: what `pnp check` tells a writer who wants
    a larger page, found by packing that size into taller and taller columns."""
    paper = paper or project.sheets.paper_for(lang)
    ref = _reference(project, game, lang, paper, allow_missing=True)
    # the fit is known now: validate's question (reference_fits) is not packed again (`pnp check`)
    fit_memo.side_fits(_page_key(project, game, lang, paper), lambda: ref.placed)
    if ref.size is None or ref.size >= BASE_SIZE:
        return PageSize(ref.size)
    bigger, room = ref.size + STEP, ref.top - MARGIN * mm

    def fits(height: float) -> bool:   # one set of blocks for every trial height, as in _balanced
        return pack(made, ref.column, height, COLUMNS) is not None
    try:
        made = list(ref.groups(bigger))
        low, high = room, 1.25 * room      # a quarter page more: most pages miss by a few lines
        if not fits(high):
            low, high = high, 2 * room
            if not fits(high):
                return PageSize(ref.size, bigger)
        while high - low > 1.0:
            middle = (low + high) / 2
            low, high = (low, middle) if fits(middle) else (middle, high)
    except TooWide as exc:     # its advice is the aid card's (`widths`): the page's columns are fixed
        return PageSize(ref.size, bigger, None, str(exc).removeprefix("aid card: ").split("; ")[0])
    return PageSize(ref.size, bigger, round(high - room, 1))


def _card_blocks(project: Project, game: GameData, lang: str) -> list[CardBlock]:
    """The aid card's blocks (the turn flow and the tables the page quotes)."""
    return [b for _side, side in card_sides(project, game, _checked(project, game, lang)) for b in side]


def _header(project: Project, game: GameData, lang: str, paper_name: str, allow_missing: bool):
    """The header's layout and context, the labels, fonts and icons, and the text block's width (mm)."""
    labels = Translator(project.root, lang, allow_missing)
    layout = project.layouts["aids/reference"]
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    width = project.sheets.papers[paper_name].width - 2 * MARGIN
    return layout, _context(project, game, lang, layout, labels, {}), labels, fonts, icons, width


def reference_fits(project: Project, game: GameData, lang: str, paper: str | None = None) -> bool:
    """Can the build set this language's player aid on `paper` (default: the language's)
    (`pnp validate`)? Kept by content within the process (fit_memo.py)."""
    paper = paper or project.sheets.paper_for(lang)
    return fit_memo.side_fits(_page_key(project, game, lang, paper),
                              lambda: _reference(project, game, lang, paper, True, smallest_first=True).placed)


def _page_key(project: Project, game: GameData, lang: str, paper: str) -> tuple | None:
    return fit_memo.page_key(project, game, FontBook(project.root, project.fonts).typography(lang),
                             legend(project, game, lang), project.sheets.papers[paper],
                             sections(project, game, _aid(project, game, lang)), _card_blocks(project, game, lang),
                             Translator(project.root, lang, True)("Icon legend"))


def check_header(project: Project, game: GameData, lang: str, paper: str | None = None) -> None:
    """The page's header (the game's name, "Player aid", players and minutes) as the build draws
    it on `paper` (default: the language's): BuildError, in the build's words, when a text does
    not fit."""
    layout, ctx, _labels, fonts, icons, width = _header(project, game, lang, paper or project.sheets.paper_for(lang),
                                                        True)
    FaceRenderer(fonts, lang, icons).check(layout, Size(width=width, height=HEADER, radius=0), ctx, 0,
                                           "player aid (header)")


def write_aid_reference(project: Project, game: GameData, lang: str, path: Path, options,
                        progress: Callable[[int], None] = lambda n: None) -> int:
    ref = _reference(project, game, lang, options.paper, options.allow_missing)
    if ref.placed is None:
        raise BuildError(f"player aid {game.id}/{lang}: the reference does not fit on one "
                         f"{options.paper} page even at {MIN_SIZE} pt; shorten cards/{game.id}/aid/{lang}.yaml "
                         f"or use a larger paper (--paper)")
    labels, paper = ref.labels, project.sheets.papers[options.paper]
    canvas = new_canvas(path, options, project, labels("{game} — {title}", game=game.game.name.get(lang),
                                                       title=labels("Player aid")), lang, ref.fonts,
                        game=game.game)
    # header: a layout drawn like a card face, as wide as the text block
    renderer = FaceRenderer(ref.fonts, lang, ref.icons)
    canvas.saveState()
    canvas.translate(MARGIN * mm, (paper.height - MARGIN - HEADER) * mm)
    renderer.draw(canvas, ref.layout, Size(width=ref.width, height=HEADER, radius=0), ref.ctx, 0, "player aid (header)")
    canvas.restoreState()
    if ref.band is not None:
        above = (paper.height - MARGIN - HEADER - 4) * mm
        _w, h = ref.band.wrap(ref.width * mm, above)
        ref.band.drawOn(canvas, MARGIN * mm, above - h)
    for col, y, flowable, h in ref.placed:
        x = MARGIN * mm + col * (ref.column + GAP * mm)
        flowable.drawOn(canvas, x, ref.top - y - h)
    if COLUMNS > 1:
        canvas.setStrokeColor(ref.ctx["aid"]["accent"])
        canvas.setLineWidth(0.3)
        for c in range(1, COLUMNS):
            x = MARGIN * mm + c * ref.column + (c - 0.5) * GAP * mm
            canvas.line(x, ref.top, x, MARGIN * mm)
    colophon.draw(canvas, typeset(colophon.for_game(game, lang, labels, project.root), lang),
                  ref.fonts.face(ref.fonts.typography(lang).roles["ui"]).name, MARGIN * mm, 6.9 * mm)
    canvas.showPage()
    canvas.save()
    progress(1)
    _warn_missing(labels, game, lang, "player-aid.pdf")
    return 1


def turn_flow(flow: Flow, blocks: list[CardBlock], width: float):
    """The turn flow across the page: per steps block, a row with its heading, then a cell per
    step (the row fills the band) with its number and icon group centred together, set large,
    and its name below."""
    if not blocks:
        return None
    head = width * HEAD_SHARE
    rows = []
    for block in blocks:
        cell = (width - head) / len(block.items)
        maker = Blocks(flow, 9, cell)
        badge = BADGE if block.numbered else 0.0
        # two neighbouring groups of this width, each centred in its cell, stay GUTTER apart
        room = cell - GUTTER - badge
        row = [flow._para(block.heading, 10.5, head - 6, bold=True, color=flow.accent)]
        for i, (icons, text) in enumerate(block.items):
            size = _icon_size(maker, icons, room) if icons else FLOW_ICONS
            picture = maker.icon_para(icons, size) if icons else ""
            drawn = maker.icon_width([icons], size) + 1 if icons else 1
            cells = ([Badge(i + 1, BADGE_SIZE, flow.bold_font, flow.accent)] if block.numbered else []) + [picture]
            group = Table([cells], colWidths=([badge] if block.numbered else []) + [drawn], hAlign="CENTER")
            group.setStyle(TableStyle(maker._tight() + [("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
            # a smaller group keeps a full-size group's line, so that its name stays level with the others'
            level = [maker.icon_para(icons, FLOW_ICONS).wrap(1000, 1000)[1], None] if size < FLOW_ICONS else None
            inner = Table([[group], [flow._para(f"**{lead(text)}**", 9, cell - 6, align="center")]],
                          colWidths=[cell - 4], rowHeights=level)
            inner.setStyle(TableStyle(maker._tight() + [("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                                        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                                                        ("TOPPADDING", (0, 1), (-1, 1), 2)]))
            row.append(inner)
        table = Table([row], colWidths=[head] + [cell] * len(block.items), hAlign="LEFT")
        # the steps hang from the row's top: centred, a step whose name takes two lines sat its
        # number and icons higher than its neighbours', and the names zig-zagged
        table.setStyle(TableStyle(maker._tight(2) + [
            ("VALIGN", (0, 0), (0, -1), "MIDDLE"), ("VALIGN", (1, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2), ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#c9b994"))]))
        rows.append(table)
    band = Table([[r] for r in rows], colWidths=[width], hAlign="LEFT")
    band.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                              ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                              ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f6efdf")),
                              ("FONT", (0, 0), (-1, -1), flow.body_font, 9)]))
    return band


def _icon_size(maker: Blocks, icons: str, width: float) -> float:
    """FLOW_ICONS, or the largest smaller size (in STEPs) at which the group fits `width`: San
    Gimignano's "card → card" ran 2-4 pt past its cell, and broke in two in Japanese, whose arrow
    is full-width. The other groups of the row stay large. A group's width grows with its size."""
    full = maker.icon_width([icons], FLOW_ICONS)
    if full <= width:
        return FLOW_ICONS
    return max(FLOW_ICONS_MIN, STEP * int(FLOW_ICONS * width / full / STEP))


def reference_groups(flow: Flow, parts: list[Section], tables: dict[str, list[CardBlock]], entries,
                     legend_heading: str, size: float, width: float, pictures: frozenset = frozenset()):
    """Groups that must stay together: a heading with its intro and first bullet, then each
    bullet; a section's tables replace its one-bullet-per-card items; the legend last. Made as
    `pack` asks for them: a size that overflows stops early."""
    maker = Blocks(flow, size, width)
    for s in parts:
        head = [flow._para(s.heading, size * 1.25, width, bold=True, color=flow.accent)]
        if s.intro:
            head.append(flow._para(s.intro, size, width, space_before=size * 0.15))
        attached = tables.get(s.id, [])
        items = [t for t, per_card in zip(s.items, s.per_card) if not (attached and per_card)]
        rest = _section_rest(maker, items, attached, size, width)
        first = next(rest, None)
        yield "section", head + ([first] if first is not None else []), size
        yield from (("item", [p], size) for p in rest)
    if entries:
        head = flow._para(legend_heading, size * 1.25, width, bold=True, color=flow.accent)
        symbols = [e for e in entries if e[0] not in pictures]
        arts = [e for e in entries if e[0] in pictures]
        if len(symbols) > LONG_LEGEND:
            maker = Blocks(flow, min(size, max(LEGEND_MIN, size - 1)), width)
        # a card's picture (its art, named on the card itself) needs a name, not a cell of its own:
        # the pictures run on in a paragraph under the symbols' grid
        # Japanese names hold 「・」 themselves (「ブオナ・ピエトラ」): a list of them takes 「、」
        between = "、" if flow.lang == "ja" else "\u00a0· "
        run_in = [maker.para(between.join(f":{n}:\u00a0{label.replace(' ', NBSP)}" for n, label in arts), width,
                             space_before=maker.size * 0.4, hyphenate=False)] if arts else []
        yield "section", [head] + ([_legend(maker, symbols, maker.size, width)] if symbols else []) + run_in, size


def _legend(maker: Blocks, entries, size: float, width: float) -> Table:
    """The icon grid in its fewest lines: three columns where the labels fit (a long legend of
    large icons took 40 % of a column), else two."""
    icon = size * (LEGEND_ICONS if len(entries) <= 15 else 1.2)
    if len(entries) > 9:
        try:
            return maker.legend(entries, columns=3, icon=icon)
        except TooWide:
            pass
    return maker.legend(entries, columns=2, icon=icon)


def _section_rest(maker: Blocks, items: list[str], attached: list[CardBlock], size: float, width: float):
    """A section's bullets, then its tables (each with its tie line), one by one."""
    for t in items:     # a line break in an item starts a bullet of its own: a bare line read as
        for line in t.split("\n"):     # part of the bullet above (issue 51)
            yield maker.para(line, width, bullet=True, space_before=size * 0.2)
    for t in attached:
        yield maker.table(t)
        if t.tie:
            yield maker.para(t.tie, width, italic=True, space_before=2)
