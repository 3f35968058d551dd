"""The small label in a sheet's margin (what it is, which sheet, which side; and on the other
edge the decks it holds), at least 7.5 pt and never shortened: set in the top and bottom margins,
in the widest stretches no crop mark crosses and no piece (nor its bleed) comes within a cut's
stray (LABEL_CLEAR); where those margins are too narrow (three poker rows on Letter), in the
left and right margins, turned. A line too long for one stretch is split at its " · " into the
next stretches; a Japanese label (one with kana or kanji) joins its parts with a full-width space
(none after 「、」), not with a chain of 「・」 that reads as one name (「王・女王トークン」): a labeller
writes 「シート1／5（表面）」 and a list of decks with 「、」 (sheet_and_side, listed)."""
from __future__ import annotations

import re

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..model.model import Paper
from .sheets import LABEL_BAND as BAND
from .sheets import LABEL_CLEAR as CLEAR
from .sheets import Box, Mark, content

SIZES = (8.0, 7.5)               # pt, largest first: never smaller (the text floor, 7.5 pt)
MARK_CLEAR = 1.0                 # mm kept free on either side of a crop mark
SEPARATOR = " · "
JAPANESE = re.compile("[\u3040-\u30ff\u3400-\u9fff]")


def sheet_and_side(where: str, side: str) -> str:
    """「シート1／5（表面）」 in Japanese, "sheet 1 of 5 · fronts" elsewhere."""
    if not side:
        return where
    return f"{where}（{side}）" if JAPANESE.search(where + side) else f"{where}{SEPARATOR}{side}"


def listed(items: list[str]) -> str:
    """Parts of a label that name one list (the decks of a sheet): 「、」 between them in Japanese."""
    if items and JAPANESE.search("".join(items)):
        return SEPARATOR.join(f"{item}、" for item in items[:-1]) + (SEPARATOR if len(items) > 1 else "") + items[-1]
    return SEPARATOR.join(items)


def _joined(parts: list[str], japanese: bool) -> str:
    if not japanese:
        return SEPARATOR.join(parts)
    out = ""
    for part in parts:
        out += part if not out or out.endswith("、") else "\u3000" + part
    return out


def _stretches(lo: float, hi: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out, start = [], lo
    for a, b in sorted(blocked):
        if a > start:
            out.append((start, min(a, hi)))
        start = max(start, b)
    if start < hi:
        out.append((start, hi))
    return [(a, b) for a, b in out if b > a]


def _bands(printed: Box, margin: float, placed, bleed: float) -> list[tuple[float, float]]:
    """The top and bottom label bands: in the middle of the blank between the paper's margin and
    the nearest piece's bleed, or against the margin where that blank is narrow."""
    top = max((p.box.y1 + bleed for p in placed), default=printed.y0)
    bottom = min((p.box.y0 - bleed for p in placed), default=printed.y1)
    out = []
    for edge, inner, sign in ((printed.y1 - margin, top + CLEAR, -1), (printed.y0 + margin, bottom - CLEAR, 1)):
        free = abs(edge - inner) - BAND
        shift = max(0.0, min(free / 2, 2.0))
        near = edge + sign * shift
        out.append((min(near, near + sign * BAND), max(near, near + sign * BAND)))
    return out


def _side_bands(printed: Box, margin: float, placed, bleed: float) -> list[tuple[float, float]]:
    """The left and right label bands (x ranges), against the margin, where no piece is near."""
    left = min((p.box.x0 - bleed for p in placed), default=printed.x1)
    right = max((p.box.x1 + bleed for p in placed), default=printed.x0)
    out = []
    for x0, x1 in ((printed.x0 + margin, printed.x0 + margin + BAND), (printed.x1 - margin - BAND, printed.x1 - margin)):
        ok = x1 + CLEAR <= left or x0 - CLEAR >= right
        out.append((x0, x1) if ok else None)
    return out


def _spaces(printed: Box, margin: float, marks: list[Mark], placed, bleed: float) -> list[list[tuple]]:
    """Per line (top, bottom): its stretches, widest first, as (start, end, across, upright);
    a band with no room gives way to the side margin (turned a quarter, reading upwards)."""
    out = []
    middle = (printed.x0 + printed.x1) / 2
    sides = _side_bands(printed, margin, placed, bleed)
    for (y0, y1), side in zip(_bands(printed, margin, placed, bleed), sides):
        blocked = [(min(m.x0, m.x1) - MARK_CLEAR, max(m.x0, m.x1) + MARK_CLEAR) for m in marks
                   if min(m.y0, m.y1) <= y1 and max(m.y0, m.y1) >= y0]
        blocked += [(p.box.x0 - bleed - CLEAR, p.box.x1 + bleed + CLEAR) for p in placed
                    if p.box.y0 - bleed - CLEAR < y1 - 1e-6 and p.box.y1 + bleed + CLEAR > y0 + 1e-6]
        stretches = _stretches(printed.x0 + margin, printed.x1 - margin, blocked)
        # the widest first, the middle one among equals
        stretches.sort(key=lambda s: (-round(s[1] - s[0], 1), abs((s[0] + s[1]) / 2 - middle)))
        found = [(a, b, y0, True) for a, b in stretches if b - a >= 20]
        if not found and side:
            x0, x1 = side
            blocked = [(min(m.y0, m.y1) - MARK_CLEAR, max(m.y0, m.y1) + MARK_CLEAR) for m in marks
                       if min(m.x0, m.x1) <= x1 and max(m.x0, m.x1) >= x0]
            stretches = _stretches(printed.y0 + margin, printed.y1 - margin, blocked)
            stretches.sort(key=lambda s: -round(s[1] - s[0], 1))
            found = [(a, b, x1, False) for a, b in stretches]
        out.append(found)
    return out


def draw_labels(canvas: Canvas, lines: tuple[str, str], paper: Paper, margin: float, marks: list[Mark],
                placed, bleed: float, font: str) -> None:
    printed = content(paper)
    spaces = _spaces(printed, margin, marks, placed, bleed)
    if not spaces[0] and spaces[1]:
        lines = ("", SEPARATOR.join(t for t in lines if t))
    elif not spaces[1] and spaces[0]:
        lines = (SEPARATOR.join(t for t in lines if t), "")
    for text, free in zip(lines, spaces):
        parts = [p for p in text.split(SEPARATOR) if p] if text else []
        japanese = bool(JAPANESE.search(text))
        for (a, b, across, upright) in free:
            if not parts:
                break
            taken = 1
            while taken < len(parts) and _size(_joined(parts[:taken + 1], japanese), font, b - a):
                taken += 1
            shown = _joined(parts[:taken], japanese)
            size = _size(shown, font, b - a) or SIZES[-1]     # a single part wider than the stretch: still whole
            parts = parts[taken:]
            width = stringWidth(shown, font, size) / mm
            canvas.saveState()
            canvas.setFillColorRGB(0.2, 0.2, 0.2)
            canvas.setFont(font, size)
            if upright:
                canvas.drawString(((a + b) / 2 - width / 2) * mm, (across + 0.7) * mm, shown)   # room for descenders
            else:
                canvas.translate((across - 0.7) * mm, ((a + b) / 2 - width / 2) * mm)
                canvas.rotate(90)
                canvas.drawString(0, 0, shown)
            canvas.restoreState()


def _size(text: str, font: str, width: float) -> float | None:
    return next((size for size in SIZES if stringWidth(text, font, size) <= width * mm), None)


def label_box(paper: Paper, margin: float, top: bool) -> Box:
    """Where a sheet's label may lie (for tests)."""
    printed = content(paper)
    if top:
        return Box(printed.x0 + margin, printed.y1 - margin - BAND - 2, printed.x1 - margin, printed.y1 - margin)
    return Box(printed.x0 + margin, printed.y0 + margin, printed.x1 - margin, printed.y0 + margin + BAND + 2)
