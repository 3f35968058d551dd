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
