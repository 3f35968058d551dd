"""Japanese line breaking with kinsoku shori (禁則処理).

ReportLab's CJK wrapping breaks between any two characters and only sometimes hangs one
closing mark in the margin, so a line can still start with 、。」）ー or end with 「（.
`KinsokuParagraph` replaces its line breaker: a line ends between two phrases (BudouX, see
phrases.py: never inside a word), where the character after the break may start a line, the
character before it may end one, and no Latin word or number is cut. A phrase longer than the
line is broken where kinsoku allows; when no such place exists on the line, it falls back to the
plain character break (a word wider than the box), which shrink-to-fit then reports. A
paragraph that would end on a line of one or two kana (「す。」) is broken for a slightly
narrower measure when that keeps its number of lines.
"""
from __future__ import annotations

from reportlab.lib.textsplit import ALL_CANNOT_END, ALL_CANNOT_START
from reportlab.platypus.paragraph import (
    ParaLines,
    _handleBulletWidth,
    cjkU,
    makeCJKParaLine,
)
from reportlab.rl_config import _FUZZ

from .paragraph import Paragraph
from .phrases import boundaries, glued as unbreakable, short_tail

# Closing brackets and marks, small kana, prolonged sound mark, iteration marks, and
# Western closing punctuation: never at the start of a line (JIS X 4051 classes 2-7 + small kana).
CANNOT_START = set(ALL_CANNOT_START) | set(
    "、。，．・：；？！‼⁇⁈⁉）］｝〕〉》」』】〙〗〟’”｠»／"     # ／ ends a line: 「3◉ → 1／」 then 「6◉ → 2」
    "ヽヾゝゞ々〻ー―‐゠–〜～…‥"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.:;!?)]}%\u00a0\u202f")
# Opening brackets and quotes: never at the end of a line.
CANNOT_END = set(ALL_CANNOT_END) | set("（［｛〔〈《「『【〘〖〝‘“｟«([{\u00a0\u202f")
SPACES = {" ", "\u3000"}
SEPARATORS = set("・、，／ 　")     # inside an over-long phrase, the places to break first
REBALANCE = (0.97, 0.94, 0.91, 0.88, 0.85)    # narrower measures tried against a short last line


def _latin(ch: str) -> bool:
    """Part of a Latin word or number that must not be cut (icons and kana are not)."""
    return ord(ch) < 0x3000 and (ch.isalnum() or ch in "-+×/'’.,%")


def _letter(ch: str) -> bool:
    """Kana or kanji (a break between two of them outside a phrase boundary cuts a word)."""
    return bool(ch) and (0x3040 <= ord(ch) <= 0x30FF or 0x3400 <= ord(ch) <= 0x9FFF)


def _icon(ch: str) -> bool:
    return 0xE000 <= ord(ch) < 0xF000   # the icon font's private-use codes (fonts.ICON_BASE)


def can_break(before: str, after: str) -> bool:
    """May a line end with `before` and the next start with `after`?"""
    if after in SPACES or before in SPACES:
        return after not in CANNOT_START
    if after in CANNOT_START or before in CANNOT_END:
        return False
    if before.isdigit() and _icon(after):  # "2 ★": a number stays with its icon
        return False
    return not (_latin(before) and _latin(after))


class KinsokuParagraph(Paragraph):
    """A Paragraph whose CJK line breaking obeys kinsoku (use with style.wordWrap='CJK')."""

    def breakLinesCJK(self, maxWidths):
        if not isinstance(maxWidths, (list, tuple)):
            maxWidths = [maxWidths]
        if hasattr(self, "blPara") and getattr(self, "_splitpara", 0):
            return self.blPara
        style = self.style
        self.height = 0
        _handleBulletWidth(self.bulletText, style, maxWidths)
        if not self.frags:
            return super().breakLinesCJK(maxWidths)
        autoLeading = getattr(self, "autoLeading", getattr(style, "autoLeading", ""))
        return kinsoku_split(self.frags, maxWidths, autoLeading not in ("", "off"))


def _width(u, max_width):
    w = u.width
    if hasattr(w, "normalizedValue"):
        w._normalizer = max_width
        w = w.normalizedValue(max_width)
    return w


def kinsoku_split(frags, maxWidths, calcBounds):
    U = []
    for f in frags:
        text = f.text if isinstance(f.text, str) else f.text.decode("utf8")
        U.extend([cjkU(t, f, "utf8") for t in text] if text else [cjkU(text, f, "utf8")])
    allowed, held = _breaks(U)
    cut: list[bool] = []
    spans = _spans(U, maxWidths, allowed, 1.0, cut, held)
    if len(spans) > 1 and short_tail("".join(U[spans[-1][0]:spans[-1][1]])):
        # a paragraph ending on a lone 「す。」: break for a slightly narrower measure when that
        # keeps the number of lines (so the height a fit measured stays true)
        for ratio in REBALANCE:
            trial_cut: list[bool] = []
            trial = _spans(U, maxWidths, allowed, ratio, trial_cut, held)
            if len(trial) == len(spans) and not short_tail("".join(U[trial[-1][0]:trial[-1][1]])) \
                    and len(trial_cut) <= len(cut):      # never cut a word to mend a short line
                spans = trial
                break
    lines = []
    for index, (start, end, line_break) in enumerate(spans):
        max_width = maxWidths[min(index, len(maxWidths) - 1)]
        chars = U[start:end]
        shown = chars
        while shown and shown[-1] in SPACES:
            shown = shown[:-1]
        width = sum(_width(u, max_width) for u in shown)
        lines.append(makeCJKParaLine(chars, max_width, width, max_width - width, line_break, calcBounds))
    # phrase_cut: a phrase longer than the line had to be broken (the box is too narrow for it)
    return ParaLines(kind=1, lines=lines, phrase_cut=any(cut))


def _breaks(U) -> tuple[frozenset[int], frozenset[int]]:
    """Indices of U where a BudouX phrase begins, and those inside a run no line may cut
    (「につき」, 「1枚」, 「「実際のサイズ」」). U holds one character per item, or an empty item
    for a frag without text; where each text position falls in U is found once for both."""
    text = "".join(U)
    if not text:
        return frozenset(), frozenset()
    index_of, position = {}, 0
    for k, u in enumerate(U):
        index_of.setdefault(position, k)
        position += len(u)
    return tuple(frozenset(index_of[b] for b in positions(text) if b in index_of)
                 for positions in (boundaries, unbreakable))


def _spans(U, maxWidths, allowed, ratio: float, cut: list | None = None,
           held: frozenset[int] = frozenset()) -> list[tuple[int, int, bool]]:
    """(start, end, ends with a forced break) of each line. A line ends at the last phrase
    boundary that kinsoku allows and that fits; a phrase longer than the line is broken where
    kinsoku allows; a word longer than the line, anywhere."""
    spans, start, n = [], 0, len(U)
    while start < n:
        max_width = maxWidths[min(len(spans), len(maxWidths) - 1)] * ratio
        used, i, line_break = 0.0, start, False
        while i < n:
            u = U[i]
            if hasattr(u.frag, "lineBreak"):
                i += 1
                line_break = True
                break
            w = _width(u, max_width)
            if used + w > max_width + _FUZZ and i > start:
                break
            used += w
            i += 1
        end = i
        if not line_break and i < n:
            end = _last(U, start, i, lambda k: k in allowed and _ok(U, k))
            if end is None:     # a phrase longer than the line: after a mark or a name (サンタ・フィーナ|礼拝堂),
                end = _last(U, start, i, lambda k: _seam(U, k) and k not in held and _ok(U, k))  # else anywhere
            if end is None:
                end = _last(U, start, i, lambda k: _ok(U, k)) or i
                if cut is not None and _letter(str(U[end - 1])) and _letter(str(U[end])):
                    cut.append(True)     # inside a word: between two kana or kanji
            while end < n and U[end] in SPACES and not hasattr(U[end].frag, "lineBreak"):
                end += 1  # the space hangs at the end of this line instead of opening the next
        spans.append((start, end, line_break))
        start = end
    return spans


def _seam(U, k: int) -> bool:
    """After a separator mark, or where a katakana name meets the kanji noun after it."""
    before, after = str(U[k - 1]), str(U[k])
    return before in SEPARATORS or (0x30A1 <= ord(before[:1] or " ") <= 0x30FA or before == "ー") \
        and 0x4E00 <= ord(after[:1] or " ") <= 0x9FFF


def _last(U, start: int, limit: int, allowed) -> int | None:
    """The last break position in (start, limit] that `allowed` accepts, or None."""
    for k in range(limit, start, -1):
        if k < len(U) and allowed(k):
            return k
    return None


def _ok(U, k) -> bool:
    before, after = U[k - 1], U[k]
    if hasattr(after.frag, "lineBreak") or hasattr(before.frag, "lineBreak"):
        return True
    return can_break(str(before), str(after)) and not glued(U, k)


def glued(text, k: int) -> bool:
    """Would a break at k part a number from the icon after it ("2 ★"), spaces between?"""
    p = k - 1
    while p >= 0 and text[p] in SPACES:
        p -= 1
    n = k
    while n < len(text) and text[n] in SPACES:
        n += 1
    return p >= 0 and n < len(text) and str(text[p]).isdigit() and _icon(str(text[n]))
