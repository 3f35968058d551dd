"""Japanese lines read back from a PDF by character position (pdfplumber), and where they break.

A line is a run of characters on one baseline, cut where the gap between two characters is wider
than half a character (so the columns of an aid or a table are separate lines). The next line
of a paragraph is the one just below, at the same size and colour, starting at the same x (or at
the hanging indent below a bullet). A break inside a
phrase is a line end that BudouX (the phrase segmenter the build uses, read here as an
independent judge of the two lines joined) does not place at a phrase boundary.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from tests.pdfs import file_key, open_pdf


PUNCTUATION = set("、。，．・：；？！）」』】〕〉》ー…")


@dataclass
class Line:
    page: int
    x0: float
    x1: float
    top: float
    size: float
    text: str
    labelled: bool = False      # an icon stands just left of it, in a box of its own (a legend entry)
    bold_start: bool = False    # it begins with a bold run (a row's label: シート1 …)
    all_bold: bool = False      # every letter bold: a heading, or a table's column head
    cell: bool = False          # beside two runs or a count on its baseline: a table's cell, not prose
    first_colour: tuple = ()    # the fill colour of its first and last characters: a line that starts
    last_colour: tuple = ()     # in another colour than the one above ends is another text (a pad's muted formula)


def cjk(ch: str) -> bool:
    """Kana or kanji: a break next to one is a break in Japanese text."""
    o = ord(ch)
    return 0x3040 <= o <= 0x30FF or 0x3400 <= o <= 0x9FFF


def icon(ch: str) -> bool:
    return 0xE000 <= ord(ch) < 0xF900      # the icon fonts' private-use characters


def lines_of(path: Path) -> list[Line]:
    """The lines of the file as it is now; each caller gets its own copies (a caller may mark them)."""
    return [replace(line) for line in _lines_of(Path(path), file_key(Path(path)))]


@lru_cache(maxsize=64)
def _lines_of(path: Path, key: str) -> tuple[Line, ...]:
    """Read once per worker and file version: the Japanese checks read each of 15 files three or
    four times (phrases, short last lines, units, the count of continuations)."""
    out: list[Line] = []
    with open_pdf(path) as pdf:
        for number, page in enumerate(pdf.pages):
            rows: dict[float, list[dict]] = {}
            icons = [c for c in page.chars if icon(c["text"] or " ")]
            for ch in page.chars:
                if not ch.get("upright", True):
                    continue      # a sheet label turned up a side margin: one line, never wrapped
                # by baseline (fonts of one line differ in their boxes, not in their baseline)
                rows.setdefault(round(page.height - ch["matrix"][5], 0), []).append(ch)
            for bottom, chars in sorted(rows.items()):
                chars.sort(key=lambda c: c["x0"])
                runs, run = [], [chars[0]]
                for ch in chars[1:]:
                    if ch["x0"] - run[-1]["x1"] > 0.45 * max(ch["size"], run[-1]["size"]):
                        runs.append(run)
                        run = []
                    run.append(ch)
                runs.append(run)
                runs = [r for r in runs if "".join(c["text"] for c in r).strip() not in ("•", "")]   # bullets
                for current in runs:
                    line = _line(number, current)
                    line.cell = len(runs) >= 3 or any("".join(c["text"] for c in r).strip().isdigit() for r in runs)
                    base = current[0]["matrix"][5]
                    # an icon in a box of its own just left of the line, about level with it
                    line.labelled = any(icon(c["text"]) and 0 <= current[0]["x0"] - c["x1"] < 3 * line.size
                                        and abs(c["matrix"][5] - base) < line.size for c in icons)
                    out.append(line)
    for number in {line.page for line in out}:     # a cell's wrapped second line stands alone on its
        page = [line for line in out if line.page == number]   # baseline: the table's whole area is cells
        cells = [line for line in page if line.cell]
        if cells:
            top, bottom = min(c.top for c in cells), max(c.top for c in cells)
            left, right = min(c.x0 for c in cells), max(c.x1 for c in cells)
            for line in page:
                line.cell = line.cell or (top <= line.top <= bottom and left - 1 <= line.x0 and line.x1 <= right + 1)
    return tuple(out)


def _line(page: int, chars: list[dict]) -> Line:
    size = max(c["size"] for c in chars)
    first = next((c for c in chars if c["text"].strip()), chars[0])
    last = next((c for c in reversed(chars) if c["text"].strip()), chars[-1])
    return Line(page, chars[0]["x0"], chars[-1]["x1"], round(chars[0]["matrix"][5], 1) * -1, size,
                "".join(c["text"] for c in chars).strip(), bold_start="Bold" in first["fontname"],
                all_bold=all("Bold" in c["fontname"] for c in chars if c["text"].strip()),
                first_colour=tuple(first.get("non_stroking_color") or ()),
                last_colour=tuple(last.get("non_stroking_color") or ()))


def continuations(lines: list[Line]) -> list[tuple[Line, Line]]:
    """(line, next line of the same paragraph) pairs: the line just below at the same size that
    starts where this one starts, or, below a bullet's first line, at its hanging indent."""
    pairs = []
    for a, below in _below(lines):
        below = [b for b in below if abs(b.size - a.size) < 0.3 and b.first_colour == a.last_colour
                 and (abs(b.x0 - a.x0) < 1 or (a.text.startswith("•") and 0 < b.x0 - a.x0 < 2.5 * a.size))]
        if below:
            pairs.append((a, min(below, key=lambda b: b.top)))
    return pairs


def _below(lines: list[Line]):
    """Each line (in page order, then the order given) with the lines of its page whose top lies
    0.5-1.45 of its size below its own, in the order given: the lines of a page sorted by their
    top once and cut by bisection, instead of every line of the page compared with every other
    (the checks read ~50,000 lines, compared by pairs: most of their time)."""
    from bisect import bisect_left, bisect_right
    by_page: dict[int, list[tuple[int, Line]]] = {}
    for index, line in enumerate(lines):
        by_page.setdefault(line.page, []).append((index, line))
    for page_lines in by_page.values():
        ordered = sorted(page_lines, key=lambda item: item[1].top)
        tops = [line.top for _i, line in ordered]
        for _index, a in page_lines:
            low, high = a.top + 0.5 * a.size - 0.01, a.top + 1.45 * a.size + 0.01   # wide: the test below decides
            window = ordered[bisect_left(tops, low):bisect_right(tops, high)]
            yield a, [b for _i, b in sorted(window, key=lambda item: item[0])
                      if b is not a and 0.5 * a.size < b.top - a.top < 1.45 * a.size]


@lru_cache(maxsize=1)
def _parser():
    import budoux
    return budoux.load_default_japanese_parser()


@lru_cache(maxsize=None)
def boundaries(text: str) -> frozenset[int]:
    """Phrase ends; one that falls before a closing mark moves after it (a line may not start
    with 、。：）, so 引かれたら：|この is where the phrase 引かれたら|：この may break)."""
    ends, total = set(), 0
    for phrase in _parser().parse(text):
        total += len(phrase)
        end = total
        while end < len(text) and text[end] in PUNCTUATION:
            end += 1
        ends.add(end)
    return frozenset(ends)


def in_phrase_breaks(path: Path) -> list[str]:
    """Line ends inside a BudouX phrase, as 'line end|next line start' snippets."""
    found = []
    for a, b in continuations(lines_of(path)):
        head, tail = a.text.rstrip(), b.text.lstrip()
        if tail.startswith("•") or icon(tail[0]) or b.labelled or (a.bold_start and b.bold_start) \
                or (a.all_bold and not b.bold_start) or a.cell or b.cell:
            continue    # the next bullet, legend entry, icon-led line or labelled row, or the first
            #             line under a bold head, or a table's cells (サイズ above 63×88mm): a new paragraph
        if head and tail and head[-1].isdigit() and tail[0].isdigit():
            found.append(f"{head[-8:]}|{tail[:8]}")       # a number cut in two (9|0枚)
            continue
        if not head or not tail or not (cjk(head[-1]) or cjk(tail[0])):
            continue
        if head[-1] in "・、／" or (_katakana(head[-1]) and 0x4E00 <= ord(tail[0]) <= 0x9FFF):
            continue    # a name too long for its box, broken where the name meets its noun (サンタ・フィーナ|礼拝堂),
            #           or a list after its 「／」 (建設者4／|ほかのプレイヤー2)
        if len(head) not in boundaries(head + tail):
            found.append(f"{head[-8:]}|{tail[:8]}")
    return found


def short_last_lines(path: Path, kana: int = 2) -> list[str]:
    """Paragraph last lines holding at most `kana` characters besides punctuation (「す。」); the
    long vowel mark ー counts as the letter it is (「カード」 is a whole word, not a lone 「す。」)."""
    lines = lines_of(path)
    pairs = continuations(lines)
    has_next = {id(a) for a, _b in pairs}
    found = []
    for a, b in pairs:
        if id(b) in has_next or b.cell:      # a table's cell (広場 under 赤の軍隊Ⅰ（拡張）) is no paragraph's end
            continue
        letters = [c for c in b.text if (c not in PUNCTUATION or c == "ー") and not c.isspace()]
        if b.text and cjk(b.text[0]) and len(letters) <= kana:
            found.append(f"{a.text[-8:]}|{b.text}")
    return found


# Runs a line must never cut, whatever BudouX says (issue 51): 「1枚に|つき」, a number and its
# counter (「赤1|枚ずつ」), a quoted label of at most 10 characters, a katakana name joined by ・.
COUNTER = "枚個点人回金つ段階色倍番列種組軒歩行"
PARTICLES = "でにをはがとのへもや"      # never at a line's start after a closing bracket (「（陰謀）|で」)


def unit_breaks(path: Path) -> list[str]:
    """Line ends inside 「につき」 or 「として」, between a number and its counter, inside a short 「」
    label, inside a katakana name joined by ・ or before a particle after a closing bracket
    (「（陰謀）|で」), as 'line end|next line start' snippets."""
    found = []
    for a, b in _aligned_pairs(lines_of(path)):
        head, tail = a.text.rstrip(), b.text.lstrip()
        if not head or not tail or tail.startswith("•") or b.labelled or (a.bold_start and b.bold_start):
            continue
        joined, k = head + tail, len(head)
        cut = (joined[k - 1:k + 2] == "につき" or joined[k - 2:k + 1] == "につき"
               or joined[k - 1:k + 2] == "として" or joined[k - 2:k + 1] == "として"
               or (head[-1] in "）」』" and tail[0] in PARTICLES)
               or (head[-1].isdigit() and tail[0] in COUNTER and not tail.startswith("人物"))
               or (_katakana(head[-1]) or head[-1] in "・･") and tail[0] in "・･"
               or head[-1] in "・･" and _katakana(head[-2:-1] or " ") and _katakana(tail[0])
               or _in_label(joined, k))
        if cut:
            found.append(f"{head[-8:]}|{tail[:8]}")
    return found


def _aligned_pairs(lines: list[Line]) -> list[tuple[Line, Line]]:
    """continuations(), and the lines of centred text (a card's body): the line just below at the
    same size whose centre is where this one's is."""
    pairs = continuations(lines)
    seen = {id(a) for a, _b in pairs}
    below_of = {id(a): below for a, below in _below(lines)}
    for a in lines:
        if id(a) in seen:
            continue
        below = [b for b in below_of[id(a)] if abs(b.size - a.size) < 0.3
                 and abs((b.x0 + b.x1) - (a.x0 + a.x1)) < 3]
        if below:
            pairs.append((a, min(below, key=lambda b: b.top)))
    return pairs


def _katakana(ch: str) -> bool:
    return 0x30A1 <= ord(ch) <= 0x30FA or ch == "ー"


def _in_label(text: str, k: int) -> bool:
    """Does k fall inside 「…」 of at most 10 characters?"""
    opening = text.rfind("「", 0, k)
    if opening < 0 or "」" in text[opening:k]:
        return False
    closing = text.find("」", k)
    return closing >= 0 and "「" not in text[k:closing] and closing - opening - 1 <= 10
