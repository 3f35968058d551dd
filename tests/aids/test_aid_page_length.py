"""The one-page player aid is a reference, not a condensed rulebook (issue 50, item 8): Taverna's
held 5,293 characters at 8.25 pt, Tournay's 5,333 at 8.75 pt. Measured on the built PDFs with pdfplumber; what the page left
out (each royal favour's text) must still be in the rules."""
from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.pdfs import open_pdf

LANGS = ["fr", "en", "de", "ja"]
MAX_CHARS = 3500
MIN_SIZE = 9.0
COLOPHON_BAND = 12 * 72 / 25.4    # pt from the bottom edge: the page's margin, where only the colophon is


def page_measure(pdf: Path) -> tuple[int, float]:
    """(characters above the colophon, smallest font size among them) of a one-page aid."""
    with open_pdf(pdf) as doc:
        page = doc.pages[0]
        chars = [c for c in page.chars if c["bottom"] < page.height - COLOPHON_BAND]
    return len(chars), min(c["size"] for c in chars if c["text"].strip())


@cache
def _favours() -> list:
    from generator.loading.catalog import load_project
    game = load_project(ROOT, ["taverna"]).games["taverna"]
    return [card for deck in game.decks if deck.deck == "royal-favours" for card in deck.cards]


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_page_aid_is_short_and_large_and_its_detail_is_in_the_rules(built, lang):
    folder = built("taverna") / "taverna" / lang
    count, smallest = page_measure(folder / "player-aid.pdf")
    assert count <= MAX_CHARS, f"taverna/{lang}: the one-page aid holds {count} characters (at most {MAX_CHARS})"
    assert smallest >= MIN_SIZE - 0.01, f"taverna/{lang}: the one-page aid has text at {smallest:.2f} pt"
    # the favours' texts left the page: every favour is named in the rules (their card index)
    favours = {card.name.root[lang] for card in _favours()}
    rules = " ".join(subprocess.run(["pdftotext", str(folder / "rules.pdf"), "-"], capture_output=True, text=True,
                                    check=True).stdout.split())
    assert favours and not [f for f in favours if f not in rules], f"taverna/{lang}: favours missing from the rules"


GAMES = ["san-gimignano", "tournay", "taverna"]
# San Gimignano's page is still a condensed rulebook (5,052 characters in French, 4,444 in English,
# 4,815 in German): trimming it is its own task; strict, so that each mark must go once it fits
STILL_LONG = {("san-gimignano", "fr"), ("san-gimignano", "en"), ("san-gimignano", "de")}


def page_text_count(pdf: Path) -> int:
    """The whole page as a reader copies it (poppler), each run of spaces and line ends one space,
    colophon included, as the print reviewer counted it."""
    text = subprocess.run(["pdftotext", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return len(" ".join(text.split()))


@pytest.mark.parametrize("game, lang", [
    pytest.param(g, lang, marks=pytest.mark.xfail(strict=True, reason="not yet trimmed")) if (g, lang) in STILL_LONG
    else (g, lang) for g in GAMES for lang in LANGS])
def test_every_page_aid_counts_at_most_3500_characters_with_its_spaces(built, game, lang):
    """French and German Taverna held 3,674 and 3,700 (print review 4); Tournay 5,333 in French and
    4,792 in English (print review 5)."""
    count = page_text_count(built(game) / game / lang / "player-aid.pdf")
    assert count <= MAX_CHARS, f"{game}/{lang}: the one-page aid holds {count} characters with spaces"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_page_aid_sets_its_text_at_9_pt_or_more(built, game, lang):
    """Tournay's body was 8.75 pt; the turn flow's step numbers were 8.55 pt (San Gimignano, Tournay)."""
    _count, smallest = page_measure(built(game) / game / lang / "player-aid.pdf")
    assert smallest >= MIN_SIZE - 0.01, f"{game}/{lang}: the one-page aid has text at {smallest:.2f} pt"
