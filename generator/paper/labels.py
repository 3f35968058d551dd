"""The small label in a sheet's margin (what it is, which sheet, which side; and on the other
edge the decks it holds), at least 7.5 pt and never shortened: set in the top and bottom margins,
in the widest stretches no crop mark crosses and no piece (nor its bleed) comes within a cut's
stray (LABEL_CLEAR); where those margins are too narrow (three poker rows on Letter), in the
left and right margins, turned (6 mm from the paper's edge where the blank allows). A line too
long for one stretch is split at its " · " into the next stretches, the top line's rest going on
with the bottom line, whose last stretch takes all that is left; a part wider than its stretch
wraps there, inwards, clear of the crop marks. Glyphs sit in the band by the font's own ascent
and descent. A Japanese label (one with kana or kanji) joins its parts with a full-width space
(none after 「、」), not with a chain of 「・」 that reads as one name (「王・女王トークン」): a labeller
writes 「シート1／5（表面）」 and a list of decks with 「、」 (sheet_and_side, listed)."""
from __future__ import annotations

import re

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..model.sheets_file import Paper
from .sheets import LABEL_BAND as BAND
from .sheets import LABEL_CLEAR as CLEAR
from .sheets import Box, Mark, content

SIZES = (8.0, 7.5)               # pt, largest first: never smaller (the text floor, 7.5 pt)
MARK_CLEAR = 3.0                 # mm kept free on either side of a crop mark crossing a label's band
MARK_NEAR = 1.0                  # mm kept free beside a crop mark's end (a band past the marks' band)
EDGE = 6.0                       # mm from the paper edge a turned label keeps where the margin allows
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


def _bands(printed: Box, margin: float, placed, bleed: float, clip: bool = True) -> list[tuple[float, float]]:
    """The top and bottom label bands: EDGE from the paper's edge, past where printers clip (a
    piece nearer blocks the band where it lies, _spaces); without `clip`, in the middle of the
    blank between the margin and the nearest piece's bleed, against the margin where it is narrow."""
    top = max((p.box.y1 + bleed for p in placed), default=printed.y0)
    bottom = min((p.box.y0 - bleed for p in placed), default=printed.y1)
    out = []
    for edge, inner, sign in ((printed.y1 - margin, top + CLEAR, -1), (printed.y0 + margin, bottom - CLEAR, 1)):
        free = abs(edge - inner) - BAND
        shift = max(EDGE - margin, 0.0) if clip else max(0.0, min(free / 2, EDGE - margin))
        near = edge + sign * shift
        out.append((min(near, near + sign * BAND), max(near, near + sign * BAND)))
    return out


def _side_bands(printed: Box, margin: float, placed, bleed: float) -> list[tuple[float, float]]:
    """The left and right label bands (x ranges), against the margin, where no piece is near."""
    left = min((p.box.x0 - bleed for p in placed), default=printed.x1)
    right = max((p.box.x1 + bleed for p in placed), default=printed.x0)
    out = []
    # EDGE from the paper's edge where the blank allows (many printers clip nearer), the margin at least
    inner = max(margin, min(EDGE, left - CLEAR - BAND - printed.x0))
    x0 = printed.x0 + inner
    outer = max(margin, min(EDGE, printed.x1 - right - CLEAR - BAND))
    x1 = printed.x1 - outer
    for x0, x1 in ((x0, x0 + BAND), (x1 - BAND, x1)):
        ok = x1 + CLEAR <= left + 1e-6 or x0 - CLEAR >= right - 1e-6
        out.append((x0, x1) if ok else None)
    return out


def _spaces(printed: Box, margin: float, marks: list[Mark], placed, bleed: float) -> list[list[tuple]]:
    """Per line (top, bottom): its stretches, widest first, as (start, end, across, upright).
    Where neither the top nor the bottom band has room, the side margins take the lines (turned a
    quarter, reading upwards); where one has, it takes both lines (draw_labels). The bands keep
    EDGE from the paper's edges where the sheet has room anywhere; else the margin (_bands)."""
    out = _upright(printed, margin, marks, placed, bleed, True)
    if any(out):
        return out      # upright where either band has room: a turned label reads worse, and measures as its advance
    sides = _side_bands(printed, margin, placed, bleed)
    if not any(sides):
        return _upright(printed, margin, marks, placed, bleed, False)
    for index, side in enumerate(sides):
        found = []
        if side:
            x0, x1 = side
            blocked = [(min(m.y0, m.y1) - MARK_CLEAR, max(m.y0, m.y1) + MARK_CLEAR) for m in marks
                       if min(m.x0, m.x1) <= x1 and max(m.x0, m.x1) >= x0]
            stretches = _stretches(printed.y0 + margin, printed.y1 - margin, blocked)
            stretches.sort(key=lambda s: -round(s[1] - s[0], 1))
            found = [(a, b, x1, False) for a, b in stretches]
        out[index] = found
    return out


def _upright(printed: Box, margin: float, marks: list[Mark], placed, bleed: float, clip: bool) -> list[list[tuple]]:
    """The top and bottom bands' stretches: clear of the pieces by CLEAR and of the crop marks by
    MARK_CLEAR (a mark crossing the band) or MARK_NEAR (one beside it); with `clip`, EDGE from the
    paper's sides too."""
    out = []
    middle = (printed.x0 + printed.x1) / 2
    lo, hi = printed.x0 + margin, printed.x1 - margin
    if clip:    # the paper is centred on its printed content
        lo, hi = max(lo, EDGE), min(hi, printed.x0 + printed.x1 - EDGE)
    for y0, y1 in _bands(printed, margin, placed, bleed, clip):
        blocked = [(min(m.x0, m.x1) - MARK_CLEAR, max(m.x0, m.x1) + MARK_CLEAR) for m in marks
                   if min(m.y0, m.y1) <= y1 and max(m.y0, m.y1) >= y0]
        blocked += [(min(m.x0, m.x1) - MARK_NEAR, max(m.x0, m.x1) + MARK_NEAR) for m in marks
                    if min(m.y0, m.y1) <= y1 + MARK_NEAR and max(m.y0, m.y1) >= y0 - MARK_NEAR]
        blocked += [(p.box.x0 - bleed - CLEAR, p.box.x1 + bleed + CLEAR) for p in placed
                    if p.box.y0 - bleed - CLEAR < y1 - 1e-6 and p.box.y1 + bleed + CLEAR > y0 + 1e-6]
        stretches = _stretches(lo, hi, blocked)
        # the widest first, the middle one among equals
        stretches.sort(key=lambda s: (-round(s[1] - s[0], 1), abs((s[0] + s[1]) / 2 - middle)))
        out.append([(a, b, y0, True) for a, b in stretches if b - a >= 20])
    return out


def draw_labels(canvas: Canvas, lines: tuple[str, str], paper: Paper, margin: float, marks: list[Mark],
                placed, bleed: float, font: str) -> None:
    printed = content(paper)
    spaces = _spaces(printed, margin, marks, placed, bleed)
    if not spaces[0] and spaces[1]:
        lines = ("", SEPARATOR.join(t for t in lines if t))
    elif not spaces[1] and spaces[0]:
        lines = (SEPARATOR.join(t for t in lines if t), "")
    carry: list[str] = []                # what one line's stretches could not hold goes on the next
    for index, (text, free) in enumerate(zip(lines, spaces)):
        parts = ([p for p in text.split(SEPARATOR) if p] if text else []) + carry
        carry = []
        japanese = bool(JAPANESE.search(text + "".join(parts)))
        for number, (a, b, across, upright) in enumerate(free):
            if not parts:
                break
            last = number == len(free) - 1 and (index == 1 or not spaces[1])
            shown, parts = _fill(parts, japanese, font, b - a, last)
            # `top`: the top band, or the left side band (both stack their extra lines the same way)
            top = index == 0 if upright else across < (printed.x0 + printed.x1) / 2
            _draw(canvas, shown, font, a, b, across, upright, printed, margin, top, marks)
        carry = parts


def _fill(parts: list[str], japanese: bool, font: str, width: float, last: bool) -> tuple[str, list[str]]:
    """The parts that fit `width` and what is left; a part wider than the stretch goes whole (it
    wraps there, inwards), and the sheet's last stretch takes all that is left (nothing is lost)."""
    if last:
        return _joined(parts, japanese), []
    taken = 0
    while taken < len(parts) and _size(_joined(parts[:taken + 1], japanese), font, width):
        taken += 1
    taken = max(taken, 1)
    return _joined(parts[:taken], japanese), parts[taken:]


def _draw(canvas: Canvas, shown: str, font: str, a: float, b: float, across: float, upright: bool,
          printed: Box, margin: float, top: bool, marks: list[Mark]) -> None:
    """One stretch's text, centred on it; a sentence wider than the stretch at the floor wraps onto
    more lines, stacked away from the paper's edge (never past the margin)."""
    size = _size(shown, font, b - a) or SIZES[-1]
    ascent, descent = (v / mm for v in getAscentDescent(font, size))
    pitch = size * 1.2 / mm
    lines = [shown]
    if not _size(shown, font, b - a):
        # the lines inwards of the band lie beside the crop marks of the outer pieces: the
        # stretch narrows to what those marks leave free
        reach = 3 * pitch
        if upright:
            lo, hi = (across - reach, across + BAND) if top else (across, across + BAND + reach)
        else:
            lo, hi = (across - BAND, across + reach) if top else (across - BAND - reach, across)
        blocked = []
        for m in marks:
            along = (m.y0, m.y1) if not upright else (m.x0, m.x1)
            side = (m.x0, m.x1) if not upright else (m.y0, m.y1)
            if min(side) <= hi and max(side) >= lo:
                blocked.append((min(along) - MARK_CLEAR, max(along) + MARK_CLEAR))
        free = _stretches(a, b, blocked)
        if free:
            a, b = max(free, key=lambda s: s[1] - s[0])
        lines = _wrap(shown, font, b - a)
    low, high = (printed.x0, printed.x1) if upright else (printed.y0, printed.y1)
    canvas.saveState()
    canvas.setFillColorRGB(0.2, 0.2, 0.2)
    canvas.setFont(font, size)
    for i, line in enumerate(lines):
        width = stringWidth(line, font, size) / mm
        start = min(max((a + b) / 2 - width / 2, low + margin), high - margin - width)
        # the line nearest the edge keeps its descenders inside the band; the others go inwards
        step = i if top else len(lines) - 1 - i
        if upright:
            canvas.drawString(start * mm, (across - descent + (-step if top else step) * pitch) * mm, line)
        else:
            canvas.saveState()
            canvas.translate((across + descent + (i if top else -(len(lines) - 1 - i)) * pitch) * mm, start * mm)
            canvas.rotate(90)
            canvas.drawString(0, 0, line)
            canvas.restoreState()
    canvas.restoreState()


def _wrap(text: str, font: str, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split(" "):
        if lines and stringWidth(f"{lines[-1]} {word}", font, SIZES[-1]) <= width * mm:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _size(text: str, font: str, width: float) -> float | None:
    return next((size for size in SIZES if stringWidth(text, font, size) <= width * mm), None)


def label_box(paper: Paper, margin: float, top: bool) -> Box:
    """Where a sheet's label may lie (for tests)."""
    printed = content(paper)
    if top:
        return Box(printed.x0 + margin, printed.y1 - margin - BAND - 2, printed.x1 - margin, printed.y1 - margin)
    return Box(printed.x0 + margin, printed.y0 + margin, printed.x1 - margin, printed.y0 + margin + BAND + 2)
