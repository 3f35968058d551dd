"""The print-and-assemble box that opens rules.pdf: one row per printed piece (its count, size and
paper), in two blocks side by side, a size or paper said once for the rows below it that share
it; then the sentences around it (card stock, sleeves, what the counts assume, what the files do
not print). A player scans it while loading the printer; the run-on list it replaces was about
18 counts in a sentence (issue 50)."""
from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle

from ..card_layout.project import GameData, Project
from ..typeset.text import typeset
from .rules_story import ACCENT, MUTED

NBSP = "\u00a0"
PAIRS = 3               # pieces to a row
TINT = HexColor("#f1ebe1")      # the header row: the paper's colour, a shade darker


@dataclass(frozen=True)
class Row:
    piece: str
    count: int
    size: str        # "63 × 88 mm", "⌀ 25 mm"
    paper: str       # "card stock, both sides"


def rows(project: Project, game: GameData, lang: str, _) -> list[Row]:
    """The printed pieces, those of one size together (in the order their size first comes)."""
    out = []
    for deck in game.decks:
        if not deck.physical_count:
            continue
        size = project.size_of(deck)
        if size.shape == "round":       # a diameter; Japanese says 直径 (its font has no ⌀)
            shown = _("⌀ {size} mm").format(size=f"{size.width:g}")
        else:
            shown = _("{size} mm").format(size=f"{size.width:g}{NBSP}×{NBSP}{size.height:g}")
        paper = _("card stock, both sides") if deck.printed_back else _("card stock, one side")
        out.append(Row(deck.name.get(lang), deck.physical_count, shown, paper))
    first = {}
    for i, row in enumerate(out):
        first.setdefault(row.size, i)
        first.setdefault((row.size, row.paper), i)
    return sorted(out, key=lambda r: (first[r.size], first[(r.size, r.paper)]))


def table(story, width: float, found: list[Row], heads: tuple[str, str, str, str]) -> Flowable:
    """Size | Paper | then the pieces of that size and paper: PAIRS (piece, count) to a row, a size
    and its paper said once for the rows they span (Tournay's 18 decks of alike cards: 6 rows); or,
    where that takes fewer rows (many sizes of few pieces: Taverna), two tables side by side with
    one piece to a row."""
    groups: list[list[Row]] = []
    for row in found:
        if groups and (groups[-1][0].size, groups[-1][0].paper) == (row.size, row.paper):
            groups[-1].append(row)
        else:
            groups.append([row])
    pairs = min(PAIRS, max(map(len, groups)))      # two kinds of card: two to a row, no empty third
    wide = sum(-(-len(g) // pairs) for g in groups)
    split = min(range(1, len(groups)), default=0,
                key=lambda k: max(sum(map(len, groups[:k])), sum(map(len, groups[k:]))))
    halves = max(sum(map(len, groups[:split])), sum(map(len, groups[split:]))) if split else wide
    if halves >= wide:
        return _grid(story, width, groups, heads, pairs)
    gutter = 12.0
    half = (width - gutter) / 2
    both = Table([[_grid(story, half, groups[:split], heads, 1), "", _grid(story, half, groups[split:], heads, 1)]],
                 colWidths=[half, gutter, half], hAlign="LEFT")
    both.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), story.w.face(story.w.ui_family).name, 8.5),
                              ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                              ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return both


def _grid(story, width: float, groups: list[list[Row]], heads: tuple[str, str, str, str], pairs: int) -> Table:
    ink = story.w.ui_family
    cell = story.style("box-cell", ink, 8.5, space_after=0, leading=1.2)
    count = story.style("box-count", ink, 8.5, color=MUTED, space_after=0, leading=1.2, align="right")
    head = story.style("box-head", ink, 8.5, bold=True, space_after=0, leading=1.2)
    head_count = story.style("box-head-count", ink, 8.5, bold=True, space_after=0, leading=1.2, align="right")

    def text(value: str, style) -> Flowable:
        return story.P(escape(typeset(value, story.lang)), style)

    piece, number, size, paper = heads
    data = [[text(size, head), text(paper, head)] + [text(piece, head), text(number, head_count)] * pairs]
    # FONT: an empty cell is still set in the table's font (Helvetica, not embedded, if unsaid)
    style = [("FONT", (0, 0), (-1, -1), story.w.face(ink).name, 8.5),
             ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 3),
             ("RIGHTPADDING", (0, 0), (-1, -1), 3), ("TOPPADDING", (0, 0), (-1, -1), 0.8),
             ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8), ("BACKGROUND", (0, 0), (-1, 0), TINT),
             ("LINEBELOW", (0, 0), (-1, 0), 0.6, ACCENT), ("LINEBELOW", (0, -1), (-1, -1), 0.6, ACCENT),
             *[("RIGHTPADDING", (c, 0), (c, -1), 9) for c in range(3, 2 + 2 * pairs, 2)]]
    for group in groups:
        first = len(data)
        for start in range(0, len(group), pairs):
            line = [text(group[0].size, cell), text(group[0].paper, cell)] if start == 0 else ["", ""]
            for row in group[start:start + pairs]:
                line += [text(row.piece, cell), text(str(row.count), count)]
            data.append(line + [""] * (2 + 2 * pairs - len(line)))
        last = len(data) - 1
        if last > first:
            style += [("SPAN", (0, first), (0, last)), ("SPAN", (1, first), (1, last))]
        if first > 1:
            style.append(("LINEABOVE", (0, first), (-1, first), 0.3, MUTED))
    size_width, paper_width = (0.13 * width, 0.17 * width) if pairs > 1 else (0.19 * width, 0.35 * width)
    # never narrower than its widest size: "40 × 40 mm" broke before its "mm" (a number from its unit)
    face = story.w.face(ink).name
    widest = max(stringWidth(typeset(value, story.lang), face, 8.5) for value in [size] + [g[0].size for g in groups])
    size_width = min(max(size_width, widest + 6.5), 0.3 * width)   # (a paper too small for any table: as before)
    pair = (width - size_width - paper_width) / pairs
    out = Table(data, colWidths=[size_width, paper_width] + [pair - 26, 26] * pairs, hAlign="LEFT")
    out.setStyle(TableStyle(style))
    return out
