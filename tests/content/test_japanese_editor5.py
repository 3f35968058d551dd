"""The fifth native Japanese editor's reading (issue 51): what the glossary cannot forbid by a
variant. Read from the shipped files (no build)."""
from __future__ import annotations

import re

from tests.content.shipped import CARDS, ROOT, aid, load, rules

TAVERNA_CARD = CARDS / "taverna" / "aid-card" / "ja.yaml"


def _rows(path):
    return [row for side in load(path)["sides"] for block in side["blocks"]
            for row in (block.get("table") or {}).get("rows", [])]


def _sentences(text: str) -> list[str]:
    """The sentences of a text, asides in 「（…）」 and bold names left out."""
    plain = re.sub(r"（[^（）]*）", "", text).replace("**", "")
    return [s for s in re.split(r"(?<=。)", plain) if s.strip()]


def test_taverna_aid_turn_is_written_in_sentences():
    """Item 15: 「収入：…3◉（2〜3人）または2◉（4〜5人）。」 and 「名士の使用、✦1枚を唱える、…、恩寵の使用。」
    were fragments beside ます sentences."""
    turn = next(s for s in aid("taverna", "ja")["sections"] if s["id"] == "turn")
    loose = [s for item in turn["items"] for s in _sentences(item) if not re.search(r"(ます|ません)。$", s)]
    assert loose == []


def test_taverna_aid_card_names_the_spell_sale_step():
    """Item 17: the turn band read 呪文・恩寵・補充 and left out selling spells (rules step 6)."""
    steps = load(TAVERNA_CARD)["sides"][0]["blocks"][0]["steps"]["items"]
    lead = next(re.match(r"\*\*(.*?)\*\*", s["text"]).group(1) for s in steps if s["icons"] == ":spell:")
    assert "唱える" in lead and "売る" in lead


def test_taverna_aid_card_archmage_row_counts_fireworks_double():
    """Item 18: the A4 aid and the pad said 「花火は2回分」, the aid card's Archmage row did not."""
    row = next(r for r in _rows(TAVERNA_CARD) if "archimage.name" in r["cells"][0])
    assert "花火は2" in row["cells"][0]


def test_taverna_pad_says_the_one_scoring_rule_under_the_table_and_when_people_score():
    """Item 19: 「城の得点計算は1人1つまで」 sat in the King's row; the people rows did not say they are
    counted after the King's step up."""
    tables = [b["table"] for side in load(TAVERNA_CARD)["sides"] for b in side["blocks"] if "table" in b]
    scoring = next(t for t in tables if t.get("pad_note"))
    king = next(r for r in scoring["rows"] if isinstance(r.get("key"), list) and "roy" in r["key"])
    people = next(r for r in scoring["rows"] if isinstance(r.get("key"), list) and "human" in r["key"])
    assert "1人1つ" not in king["pad"].split("{% else %}")[0]
    assert "1人1つまで" in scoring["pad_note"] and "城の得点計算の後" in scoring["pad_note"]
    assert "城の得点計算の後" in people["pad"]


def test_san_gimignano_scoring_example_is_no_parenthesis_across_pages():
    """Item 10: 「（例：⏎[次ページ]最も高い8の塔なら8）」 ran from page 2 to page 3."""
    text = "\n".join(str(s.get("body", "")) for s in rules("san-gimignano", "ja")["sections"])
    assert "（例：最も高い" not in text


def test_calibration_page_says_which_way_a_plus_value_shifts_the_back():
    """Item 22: step 5 never said which way + points. The value read is added to the back page's
    own coordinates (paper/imposition.py `mirrored`: x + dx, y + dy; PDF y grows upwards), so a +
    value moves the back right (X) and up (Y) as seen on the back itself."""
    po = (ROOT / "locales" / "ja" / "LC_MESSAGES" / "print.po").read_text(encoding="utf-8")
    step = re.search(r'msgid "Further off:.*"\nmsgstr "(.*)"', po).group(1)
    assert re.search(r"\+なら裏面から見て右（X）・上（Y）", step)
    source = (ROOT / "generator" / "paper" / "imposition.py").read_text(encoding="utf-8")
    assert "Box(width - b.x1 + dx, b.y0 + dy" in source      # the direction the text states


def test_san_gimignano_pad_rows_say_who_scores_and_the_unit():
    """Item 11: 「最も高い塔（同点も）を持つ数字ごとにその数字」, 「マーカー：10」 and 「7」."""
    pads = {r["key"]: r["pad"] for r in _rows(CARDS / "san-gimignano" / "aid-card" / "ja.yaml") if r.get("pad")}
    assert pads["uniform"].startswith("数字ごとに") and "同点なら" in pads["uniform"]
    assert pads["tallest"].endswith("10点") and pads["monumento"] == "7点"
