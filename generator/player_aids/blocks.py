"""The aid card's blocks as flowables, at one body size: a turn flow of numbered steps with their
icon group set large in a column of its own, short notes with a hanging indent, tables (a
scoring table, a ladder of numbers) and the icon legend. Both aids use them: the card for every
block, the one-page reference for the turn flow, the tables and a large legend."""
from __future__ import annotations

import re

from reportlab.lib import colors
from reportlab.platypus import Flowable, Table, TableStyle

from datafile.errors import BuildError

from ..texts.aid_card import CardBlock
from ..typeset.formulas import NBSP, glue
from ..typeset.paragraph import Paragraph, extra_space, line_words   # breaks afresh at every wrap
from .shared import Flow

ICON_MIN = 12.0          # pt: an icon group is never smaller than this
ICON_RATIO = 1.45        # icon group size / body size
LEAD = re.compile(r"\*\*(.+?)\*\*")


class TooWide(BuildError):
    """A word or icon group wider than its column at this size (a smaller size may fit)."""


def lead(text: str) -> str:
    """A step's name: its first bold words (**Buy stones**: …), else the whole text. Alone under
    its icons it opens a line, so it starts with a capital even where the sentence puts it after a
    colon in lower case (« *Facultatif* : **activez un notable** »)."""
    m = LEAD.search(text)
    name = m.group(1) if m else text
    return name[:1].upper() + name[1:]


class Badge(Flowable):
    """A step's number, white on a disc of the accent colour."""

    def __init__(self, number: int, size: float, font: str, color: str):
        super().__init__()
        self.number, self.size, self.font, self.color = str(number), size, font, color

    def wrap(self, availWidth, availHeight):
        return self.size * 1.35, self.size * 1.35

    def draw(self):
        r = self.size * 0.62
        c = self.canv
        c.setFillColor(colors.HexColor(self.color))
        c.circle(r, r, r, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont(self.font, self.size * 0.95)
        c.drawCentredString(r, r - self.size * 0.33, self.number)


def _one_word(line) -> bool:
    """One word (or glued group) on the line, or a line squeezed by more than its spaces can take."""
    words = line_words(line)
    return len(words) <= 1 or extra_space(line) < -0.1 * len(" ".join(words))


def _cuts_word(line, after) -> bool:
    """A Japanese line that ends inside a number or Latin word (the fallback of a column too
    narrow for it: 1|0)."""
    if after is None or isinstance(line, tuple) or not getattr(line, "words", None) or not getattr(after, "words", None):
        return False
    end, start = "".join(w.text for w in line.words)[-1:], "".join(w.text for w in after.words)[:1]
    return bool(end and start) and all(ord(c) < 0x3000 and c.isalnum() for c in end + start)


class Blocks:
    """Flowables for rendered aid-card blocks, at body size `size` and `width` points wide."""

    def __init__(self, flow: Flow, size: float, width: float, tint: str = "#efe6d2"):
        self.flow, self.size, self.width, self.tint = flow, size, width, tint

    @property
    def icon_size(self) -> float:
        return max(ICON_MIN, self.size * ICON_RATIO)

    def heading(self, text: str) -> Paragraph:
        return self.flow._para(text, self.size * 1.2, self.width, bold=True, color=self.flow.accent)

    def para(self, text: str, width: float, **kw) -> Paragraph:
        """A paragraph of `width`; a word or icon group wider than that fails the build."""
        p = self.flow._para(glue(text), kw.pop("size", self.size), width, **kw)
        p.wrap(width, 10000)
        lines = getattr(p.blPara, "lines", [])
        if getattr(p.blPara, "phrase_cut", False):      # a Japanese word longer than the column
            raise TooWide(f"aid card: '{text[:50]}' holds a phrase wider than its {width / 2.835:.0f} mm column "
                          f"at {self.size:g} pt; shorten it or widen the column (`widths`)")
        for line, after in zip(lines, lines[1:] + [None]):
            extra = extra_space(line)
            # ReportLab lets a line of several words overrun a little (it squeezes its spaces): only
            # one word (or glued group) wider than the column is too wide
            if (extra < -1.0 and _one_word(line)) or (self.flow.typo.cjk and _cuts_word(line, after)):
                raise TooWide(f"aid card: '{text[:50]}' does not fit its {width / 2.835:.0f} mm column at "
                                 f"{self.size:g} pt; shorten it or widen the column (`widths`)")
        return p

    def groups(self, block: CardBlock, legend) -> list[list[Flowable]]:
        """The block as groups that must stay together: the heading with the first item, then
        each further item."""
        if block.kind == "steps":
            items = self.steps(block)
        elif block.kind == "notes":
            items = [self.para(t, self.width, bullet=True, space_before=self.size * 0.15) for t in block.items]
        elif block.kind == "table":
            items = [self.table(block)] + ([self.para(block.tie, self.width, italic=True, space_before=2)]
                                           if block.tie else [])
        else:
            items = [self.legend(legend, icon=self.size * 1.3)]
        head = self.heading(block.heading)
        return [[head, items[0]]] + [[item] for item in items[1:]]

    # ------------------------------------------------------------ steps

    def icon_para(self, icons: str, size: float, color=None) -> Paragraph:
        return self.flow._para(icons.replace(" ", NBSP), size, 1000, bold=True, color=color or self.flow.accent,
                               align="center")

    def icon_width(self, icons: list[str], size: float) -> float:
        widest = 0.0
        for group in icons:
            if group:
                p = self.icon_para(group, size)
                p.wrap(1000, 1000)
                widest = max(widest, max(p.getActualLineWidths0() or [0]))
        return widest

    def steps(self, block: CardBlock) -> list[Flowable]:
        icons = [i for i, _t in block.items]
        size = self.icon_size
        number = self.size * 1.55 if block.numbered else 0
        column = self.icon_width(icons, size) + 3
        if column > self.width * 0.4:
            raise TooWide(f"aid card: the icon group {max(icons, key=len)!r} is too wide for its column "
                             f"({column / 2.835:.0f} mm at {size:.1f} pt); shorten it")
        text_width = self.width - number - column
        rows = []
        for index, (group, text) in enumerate(block.items):
            cells = [Badge(index + 1, self.size, self.flow.bold_font, self.flow.accent)] if block.numbered else []
            cells += [self.icon_para(group, size) if group else "", self.para(text, text_width)]
            table = Table([cells], colWidths=([number] if block.numbered else []) + [column, text_width],
                          hAlign="LEFT")
            table.setStyle(TableStyle(self._tight() + [("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                                  ("TOPPADDING", (0, 0), (-1, -1), self.size * 0.2)]))
            rows.append(table)
        return rows

    # ------------------------------------------------------------ tables

    def table(self, block: CardBlock) -> Table:
        width = max(len(block.columns), *(len(r.cells) for r in block.rows)) if block.rows else len(block.columns)
        weights = block.widths or self._weights(block, width)
        total = sum(weights)
        widths = [self.width * w / total for w in weights]
        pad = 2.0
        data, spans = [], []
        header = bool(block.columns)
        if header:
            data.append([self.para(c, widths[i] - 2 * pad, bold=True, color=self.flow.accent, hyphenate=False)
                         for i, c in enumerate(block.columns)] + [""] * (width - len(block.columns)))
        for r, row in enumerate(block.rows):
            y = r + header
            cells = list(row.cells) + [""] * (width - len(row.cells))
            filled = max((i for i, c in enumerate(cells) if c), default=0)
            if filled < width - 1:        # trailing empty cells: the last text spans them
                spans.append(("SPAN", (filled, y), (width - 1, y)))
            data.append([self.para(c, sum(widths[i:width if i == filled else i + 1]) - 2 * pad, hyphenate=False)
                         if c else "" for i, c in enumerate(cells)])
        table = Table(data, colWidths=widths, hAlign="LEFT", repeatRows=0)
        style = self._tight(pad) + spans + [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#c9b994")),
        ]
        if header:
            style += [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(self.tint)),
                      ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.HexColor(self.flow.accent))]
        table.setStyle(TableStyle(style))
        return table

    def _weights(self, block: CardBlock, width: int) -> list[float]:
        """Column widths by the longest word and the amount of text each column holds."""
        longest = [1.0] * width
        for row in [block.columns] + [r.cells for r in block.rows]:
            for i, cell in enumerate(row):
                longest[i] = max(longest[i], min(len(cell), 40) ** 0.8)
        return longest

    # ------------------------------------------------------------ legend

    def legend(self, entries, columns: int = 2, icon: float | None = None) -> Table:
        """Icon legend: the icon large beside its label, `columns` entries per row."""
        icon = icon or self.icon_size
        cell = self.width / columns
        icon_col = icon * 1.35
        rows, row = [], []
        for name, label in entries:
            row += [self.flow._para(f":{name}:", icon, icon_col, align="center"),
                    self.para(label, cell - icon_col - 2, hyphenate=False)]
            if len(row) == 2 * columns:
                rows.append(row)
                row = []
        if row:
            rows.append(row + [""] * (2 * columns - len(row)))
        table = Table(rows or [[""]], colWidths=[icon_col, cell - icon_col] * columns, hAlign="LEFT")
        table.setStyle(TableStyle(self._tight() + [("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                              ("TOPPADDING", (0, 0), (-1, -1), 0.8),
                                              ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8)]))
        return table

    def _tight(self, pad: float = 0.0) -> list:
        return [("FONT", (0, 0), (-1, -1), self.flow.body_font, self.size),
                ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]
