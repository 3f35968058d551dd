"""The one-page player aid is a reference, not a condensed rulebook (issue 50, item 8): Taverna's
held 5,293 characters at 8.25 pt. Measured on the built PDFs with pdfplumber; what the page left
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


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_page_aid_counts_at_most_3500_characters_with_its_spaces(built, lang):
    """The whole page as a reader copies it (poppler), each run of spaces and line ends one space,
    colophon included: French and German held 3,674 and 3,700 (print review 4)."""
    text = subprocess.run(["pdftotext", "-l", "1", str(built("taverna") / "taverna" / lang / "player-aid.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    count = len(" ".join(text.split()))
    assert count <= MAX_CHARS, f"taverna/{lang}: the one-page aid holds {count} characters with spaces"
