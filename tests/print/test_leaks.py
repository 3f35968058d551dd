"""Nothing internal reaches a reader: every text the build produces (pdftotext on each PDF, the
visible text of each HTML page) is scanned for markup, template syntax, file paths and
empty-deck entries."""
from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT
from tests.print.conftest import html_text, pdf_text

LEAKS = {
    "markup": re.compile(r"\*|:[a-z][a-z0-9]*(?:-[a-z0-9]+)*:(?!\d)|\[\[|\]\]"),
    "template": re.compile(r"\{\{|\}\}|\{%|%\}|\{#|@@size:"),   # @@size: a download size not filled in
    "file path": re.compile(r"\b(?:cards|layouts|locales|generator)/[\w./-]+|\.ya?ml\b|\.po\b"),
    "empty deck": re.compile(r"\(0 [^)\d]*\)|（0(?!／)|\b0 (?:cards|cartes|Karten)\b|(?<![\d０-９])0 ?枚"),
}
GAMES = sorted(p.name for p in (ROOT / "cards").iterdir() if (p / "game.yaml").exists())
PRODUCTS = ["cards.pdf", "player-aid.pdf", "player-aid-card.pdf", "score-pad.pdf", "rules.pdf"]
LANGS = ["fr", "en", "de", "ja"]


def leaks(text: str) -> dict[str, list[str]]:
    found = {kind: sorted({m.group(0) for m in pattern.finditer(text)}) for kind, pattern in LEAKS.items()}
    return {kind: hits for kind, hits in found.items() if hits}


def test_the_scanner_sees_what_it_looks_for():
    assert leaks("raw *建設中* and **bold** :coin: [[card:x]] {{ x }} {% if %} cards/tournay/events.yaml "
                 "Client cards (0 cards)").keys() == LEAKS.keys()
    assert leaks("cards.pdf · @@size:cards.pdf@@").keys() == {"template"}
    assert not leaks("3 × 2: “Close!” 10:30 — 12 cards, 0 / 34 — see the card data")


@pytest.mark.parametrize("product", PRODUCTS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_leak_in_pdf(full_build, game, lang, product):
    pdf = full_build / game / lang / product
    assert pdf.exists(), pdf
    assert leaks(pdf_text(pdf)) == {}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_no_leak_in_html(full_build, game, lang):
    found = leaks(html_text(full_build / "site" / game / f"{lang}.html"))
    assert found == {}


def test_no_leak_in_other_html(full_build):
    pages = [p for p in (full_build / "site").rglob("*.html") if p.parent.name not in GAMES]
    assert pages
    for page in pages:
        assert leaks(html_text(page)) == {}, page
