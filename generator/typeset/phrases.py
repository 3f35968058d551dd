"""Where a Japanese line may break: between phrases, as BudouX (Google's phrase segmenter, made for
line breaking) cuts them, so that no line break falls inside a word (「山札の一/番下」, 「各プレイ/ヤー」).

Shared by the PDF line breaker (kinsoku.py) and the site, which marks the same boundaries with
<wbr> for browsers without `word-break: auto-phrase`.
"""
from __future__ import annotations

import re
from functools import lru_cache

# a paragraph whose last line holds this few characters besides punctuation is rebalanced
SHORT_LAST_LINE = 2
PUNCTUATION = set("、。，．・：；？！）」』】〕〉》ー…‥")

# Runs BudouX may cut that a line must not: 「1枚に｜つき」, a number and its counter (「赤1｜枚ずつ」),
# a short quoted label (「「実際の｜サイズ」」), a katakana name joined by ・ (「サンタ・｜フィーナ」),
# 「と｜して」 and a particle after a closing bracket (「（陰謀）｜で」).
COUNTERS = "枚個点人回金つ段階色倍番列種組軒歩行"
LABEL_MAX = 10      # characters inside 「」 kept on one line
# words BudouX cuts (「時｜計回りに」「手番｜中いつでも」), and (below) 「2つの｜フェイズ」 and a
# formula 「5◉ → 2⏎（⏎）+6★」 (icons are private-use characters in the PDFs' text)
WORDS = ("時計回り", "手番中", "として")
# a particle never starts a line after a closing bracket: 「10（陰謀）｜で壊されない」
PARTICLE_AFTER = "[）」』][でにをはがとのへもや]"
UNBREAKABLE = re.compile(
    "につき"
    "|[0-9０-９]+つの[ァ-ヺー]+"       # before the counters: 「2つ」 alone would end the run
    f"|[0-9０-９]+[{COUNTERS}]"
    f"|「[^「」\n]{{1,{LABEL_MAX}}}」"
    "|[ァ-ヺー]+(?:[・･][ァ-ヺー]+)+"
    "|\\S×[0-9]+"
    "|ほかのプレイヤー(?=[0-9])"       # a score after whom it goes to: 「建設者4／ほかのプレイヤー2」
    f"|{'|'.join(WORDS)}"
    f"|{PARTICLE_AFTER}"
    "|[0-9]+\\s*[\ue000-\uf8ff]?\\s*→\\s*[+0-9\ue000-\uf8ff（）()\\s×]*[0-9\ue000-\uf8ff）)]")


@lru_cache(maxsize=1)
def _parser():
    import budoux   # imported on first Japanese text: the other languages never load its model
    return budoux.load_default_japanese_parser()


@lru_cache(maxsize=4096)
def phrases(text: str) -> tuple[str, ...]:
    """The text cut into phrases (their concatenation is the text)."""
    if not text:
        return ()
    return tuple(_parser().parse(text))


@lru_cache(maxsize=4096)
def boundaries(text: str) -> frozenset[int]:
    """Indices of `text` where a phrase ends and the next begins (0 and len(text) left out).
    BudouX sometimes opens a phrase with a mark no line may start with (引かれたら｜：この): the
    boundary then moves after the mark (引かれたら：｜この); it sometimes cuts a number (カード9｜0枚):
    that boundary is dropped, as is one inside a run of UNBREAKABLE."""
    ends, total = set(), 0
    inside = glued(text)
    for phrase in phrases(text)[:-1]:
        total += len(phrase)
        end = total
        while end < len(text) and text[end] in PUNCTUATION:
            end += 1
        if end < len(text) and end not in inside and not (_word(text[end - 1]) and _word(text[end])):
            ends.add(end)
    return frozenset(ends)


@lru_cache(maxsize=4096)
def glued(text: str) -> frozenset[int]:
    """Indices of `text` where no line may break: inside a run of UNBREAKABLE."""
    return frozenset(k for m in UNBREAKABLE.finditer(text) for k in range(m.start() + 1, m.end()))


@lru_cache(maxsize=4096)
def glued_runs(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each run of UNBREAKABLE, overlapping runs merged: the site keeps each on
    one line, since a browser's own phrase breaking cuts them as BudouX does."""
    runs: list[list[int]] = []
    for m in sorted(UNBREAKABLE.finditer(text), key=lambda m: m.start()):
        if runs and m.start() < runs[-1][1]:
            runs[-1][1] = max(runs[-1][1], m.end())
        else:
            runs.append([m.start(), m.end()])
    return tuple((a, b) for a, b in runs if b - a > 1)


def _word(ch: str) -> bool:
    """A character of a Latin word or a number (never cut)."""
    return ord(ch) < 0x3000 and ch.isalnum()


def short_tail(text: str) -> bool:
    """Is a last line this short (at most SHORT_LAST_LINE characters besides punctuation)?"""
    letters = [c for c in text if c not in PUNCTUATION and not c.isspace()]
    return 0 < len(letters) <= SHORT_LAST_LINE or (not letters and bool(text.strip()))
