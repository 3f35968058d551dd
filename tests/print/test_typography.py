"""Typographic quotes and apostrophes in every product (pdftotext of each PDF, the site's text)."""
from __future__ import annotations

import re

import pytest

from generator.typeset.text import typeset
from tests.print.conftest import html_text, pdf_text
from tests.print.test_leaks import GAMES, LANGS, PRODUCTS

STRAIGHT = re.compile(r"[^\W\d_]'|'[^\W\d_]|\"")


def test_typeset_quotes_per_language():
    assert typeset('say "Close!" to the players\' cards', "en") == "say \u201cClose!\u201d to the players\u2019 cards"
    assert typeset('"Schluss"', "de") == "\u201eSchluss\u201c"
    assert typeset('"Fin" qu\'il', "fr") == "\u00ab\u00a0Fin\u00a0\u00bb qu\u2019il"
    assert typeset('"終わり"', "ja") == "\u300c終わり\u300d"


def test_japanese_sets_no_space_after_full_width_marks_and_full_width_brackets():
    """Japanese review R-O2, G1, T-O4: a layout's "**対抗：** {text}" and "。 {next}" lose the space;
    a language-neutral value ("(45枚)", "1 (…) + 3") gets full-width brackets and plus."""
    assert typeset("**対抗：** 左上の色。 ドゥニエ", "ja") == "**対抗：**左上の色。ドゥニエ"
    assert typeset("塔カード (45枚)", "ja") == "塔カード（45枚）"
    assert typeset("3 → 1 (\ue8f00\ue8f1) + 3 \ue8f01\ue8f1", "ja") == "3 → 1（\ue8f00\ue8f1）+3 \ue8f01\ue8f1"
    assert typeset("14枚 (14 / 15)", "ja") == "14枚（14／15）"
    assert typeset("Tour (PDF) + 1", "en") == "Tour (PDF) + 1"


def test_french_punctuation_never_starts_a_pdf_line():
    """ReportLab breaks at U+202F: the PDF markup holds a no-break space before ; ! ? instead
    (French review V-F7: « ; utilisez » opened a line of the Taverna aid card)."""
    from generator.typeset.text import to_markup
    markup = to_markup("revendez des sorts à 1 pièce ; utilisez !", "fr", None)
    assert "\u202f" not in markup and "pièce\u00a0;" in markup and "utilisez\u00a0!" in markup


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("product", PRODUCTS)
def test_no_french_line_starts_with_a_semicolon(full_build, game, product):
    lines = pdf_text(full_build / game / "fr" / product).splitlines()
    assert [line for line in lines if re.match(r"\s*[;!?]", line)] == []


@pytest.mark.parametrize("game", GAMES)
def test_japanese_pdfs_have_no_half_width_bracket_or_space_after_a_colon(full_build, game):
    for product in PRODUCTS:
        text = pdf_text(full_build / game / "ja" / product)
        assert not re.findall(r"：[ \u3000]|\(\d+枚\)", text), (game, product)


@pytest.mark.parametrize("product", PRODUCTS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_straight_quotes_in_pdf(full_build, game, lang, product):
    text = pdf_text(full_build / game / lang / product)
    assert STRAIGHT.findall(text) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_straight_quotes_in_html(full_build, game, lang):
    found = STRAIGHT.findall(html_text(full_build / "site" / game / f"{lang}.html"))
    assert found == [], found
