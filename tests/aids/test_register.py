"""Japanese aids read in one register (issue 28): です・ます throughout, also where they quote a
card, whose own text is in the plain form the glossary asks of cards (glossary/ja.yaml)."""
from __future__ import annotations

import re
import subprocess

import pytest

from generator.model.japanese import polite

GAMES = ["san-gimignano", "tournay", "taverna"]
PLAIN = re.compile(r"(?:[るうくすつぬむぶぐ]|ない|た|だ|である)[）」]?。")
POLITE = re.compile(r"(?:ます|です|ません|ました|でした|ください)[）」]?。$")


def plain_sentences(text: str) -> list[str]:
    return [s for s in re.findall(r"[^。]*。", text) if PLAIN.search(s) and not POLITE.search(s)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("product", ["player-aid.pdf", "player-aid-card.pdf"])
def test_japanese_aids_have_no_plain_form_sentence(full_build, game, product):
    # poppler's reading order keeps the two columns apart (pdfplumber interleaves them)
    text = subprocess.run(["pdftotext", str(full_build / game / "ja" / product), "-"],
                          capture_output=True, text=True, check=True).stdout
    text = re.sub(r"\s+", "", text)
    found = plain_sentences(text)
    assert not found, f"{game} {product}: " + " | ".join(s[-30:] for s in found[:10])


@pytest.mark.parametrize("plain, expected", [
    ("各プレイヤーは1:denier:を支払う。", "各プレイヤーは1:denier:を支払います。"),
    ("5:denier:を得る。", "5:denier:を得ます。"),
    ("客タイルを取る。", "客タイルを取ります。"),
    ("1段上がる（ボーナスは得ない）。", "1段上がります（ボーナスは得ません）。"),
    ("同じ酒場に同じトークンは置けない。", "同じ酒場に同じトークンは置けません。"),
    ("完成・未完成を問わない）。", "完成・未完成を問いません）。"),
    ("活性化してもよい。アクションではない。", "活性化してもかまいません。アクションではありません。"),
    ("イベントカード置き場を補充する。", "イベントカード置き場を補充します。"),
    ("表向きの人物1枚につき。", "表向きの人物1枚につき。"),                 # 体言止め stays
    ("Take 2 :denier:.", "Take 2 :denier:."),                              # other scripts pass through
])
def test_polite_reads_a_plain_card_text_in_the_polite_form(plain, expected):
    assert polite(plain) == expected


# One register inside an aid-card item (issue 51): a sentence in the polite form is never set beside
# a bare fragment (「…を1枚。表向きの1枚を取るか…戻します。」), and a points cell says what it scores
# (「掛けた値」, not 「積」 alone). A bold label alone (「**パス**。」) and asides in （…） are not sentences.
POLITE_END = re.compile(r"(?:ます|ません|です|ください|ました|でした)$")


def mixed_items(text: str) -> list[str]:
    found = []
    for item in text.splitlines():
        bare = re.sub(r"（[^（）]*）|〔[^〔〕]*〕|\{\{.*?\}\}", "", item)     # asides; a value the data fills in
        bare = re.sub(r"^(?:任意[^：]*：)?\*\*[^*]+\*\*[：。]?", "", bare)
        sentences = [s.strip().rstrip("：") for s in bare.split("。") if s.strip().rstrip("：")]
        polite = [bool(POLITE_END.search(s)) for s in sentences]
        if any(polite) and not all(polite):
            found.append(item)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_japanese_aids_set_no_fragment_beside_a_polite_sentence(game):
    from tests.content.shipped import aid_card_text, aid_text
    cards, page = aid_card_text(game, "ja"), aid_text(game, "ja")
    assert mixed_items(cards) == [] and mixed_items(page) == []
    assert "積" not in cards.splitlines()


def test_the_register_scan_sees_a_fragment_beside_a_polite_sentence():
    assert mixed_items("**カードの獲得**：レベルⅠを1枚。表向きの1枚を取ります。")
    assert not mixed_items("**パス**。2人が続けてパスしたら終了です。")
    assert not mixed_items("任意：**名士の能力を使う**：名士に支払い（1つの酒場に2人まで）、能力を使います。")


# Fifth reading (Tournay aid card): 「…戻します（表のカードは先に裏向きで一番下へ）。」 and 「…置きます
# （ほかのプレイヤーのコマなら灰色の面で代用）。」: a clause in brackets after a polite sentence, cut short
CLAUSE_ASIDE = re.compile(r"(?:ます|ません|です)（([^（）]*(?:は|なら|を)[^（）]*)）。")


CUT_SHORT = re.compile(r"(?:[へにをでと]|代用|不可)$")     # a clause stopped before its verb


def clause_asides(text: str) -> list[str]:
    """Asides after a polite predicate that hold a clause cut short before its verb (a short gloss,
    「（花火は2回分）」, may stay)."""
    return [m.group(1) for m in CLAUSE_ASIDE.finditer(text) if CUT_SHORT.search(m.group(1))]


@pytest.mark.parametrize("game", GAMES)
def test_japanese_aid_asides_are_whole_sentences_or_none(game):
    from tests.content.shipped import aid_card_text, aid_text
    assert clause_asides(aid_card_text(game, "ja")) == [] and clause_asides(aid_text(game, "ja")) == []
    assert clause_asides("残りを表向きで戻します（表のカードは先に裏向きで一番下へ）。")
    assert clause_asides("建物にコマを置きます（ほかのプレイヤーのコマなら灰色の面で代用）。")
    assert not clause_asides("効果を自分だけ受けません（ほかのプレイヤーは受けます）。")
