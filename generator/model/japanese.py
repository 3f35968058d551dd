"""Japanese card texts, written in the plain form (常体) the glossary asks of cards, read in the
polite form (です・ます) of the aids that quote them: `{{ item.text | polite }}`.

Only the verb that ends each sentence changes (「〜を得る。」→「〜を得ます。」,「置けない。」→
「置けません。」); a sentence that ends on a noun (体言止め,「1枚につき。」) stays as it is.
Godan and ichidan verbs are told apart by the kana before る; the few kanji verbs whose る
reads either way are listed. Text in any other script passes through unchanged.
"""
from __future__ import annotations

import re

# a-row kana of a godan negative (書か-ない) -> i-row of its polite stem (書き-ません)
_A_TO_I = dict(zip("わかさたなまらがばぱ", "いきしちにみりぎびぴ"))
# u-row endings of godan verbs -> i-row polite stem
_U_TO_I = dict(zip("くぐすつぬぶむう", "きぎしちにびみい"))
_E_I_ROW = set("えけせてねへめれげぜでべぺいきしちにひみりぎじぢびぴ")
# kanji + る: ichidan (drop る) or godan (る -> り)
_ICHIDAN_KANJI = set("得見出寝着居経")
_END = re.compile(r"(?P<word>[^\s。、（）「」：]+?)(?P<close>[）」]*)。")
# the verb before a closing aside: 「9枚になる（…引ける）。」 ends on なる as much as on 引ける
_BEFORE_ASIDE = re.compile(r"(?P<word>[^\s。、（）「」：]+?)(?=（[^（）\n]*）。)")


def _polite(word: str) -> str:
    for plain, polite in (("てもよい", "てもかまいません"), ("でもよい", "でもかまいません"),
                          ("ではない", "ではありません"), ("する", "します"), ("だ", "です")):
        if word.endswith(plain):
            return word[: -len(plain)] + polite
    if word.endswith("ない") and len(word) > 2:
        stem, last = word[:-2], word[-3]
        if last in _A_TO_I:
            return stem[:-1] + _A_TO_I[last] + "ません"
        return stem + "ません"
    if word.endswith("る") and len(word) > 1:
        last = word[-2]
        if last in _E_I_ROW or last in _ICHIDAN_KANJI:
            return word[:-1] + "ます"
        if "\u3040" <= last <= "\u30ff" or "\u3400" <= last <= "\u9fff":
            return word[:-1] + "ります"
        return word
    if word and word[-1] in _U_TO_I and len(word) > 1 and not word[-2].isascii():
        return word[:-1] + _U_TO_I[word[-1]] + "ます"
    return word


def polite(text: str) -> str:
    """`text` with each sentence-final plain verb in the polite form; other text unchanged."""
    if not isinstance(text, str) or "。" not in text:
        return text
    text = _BEFORE_ASIDE.sub(lambda m: _polite(m.group("word")), text)
    return _END.sub(lambda m: _polite(m.group("word")) + m.group("close") + "。", text)
