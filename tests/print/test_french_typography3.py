"""Issue 51, third French reading (/tmp/frrev3, items 28-29), measured in the built French PDFs of
Tournay: a raised « 15ᵉ », deck names never broken in the contents lists, no hyphen in a card box
or a figure's callout."""
from __future__ import annotations

import re

import pytest

from tests.pdfs import open_pdf

NBSP = "\u00a0"


@pytest.fixture(scope="module")
def tournay_fr(full_build):
    return full_build / "tournay" / "fr"      # the session's build: the same bytes as built alone


def _lines(page) -> list[str]:
    return [line.replace(NBSP, " ") for line in (page.extract_text() or "").splitlines()]


@pytest.mark.parametrize("name, page", [("rules.pdf", 0), ("cards.pdf", 1)])
def test_the_15th_event_is_a_raised_smaller_ordinal(tournay_fr, name, page):
    with open_pdf(tournay_fr / name) as doc:
        chars = doc.pages[page].chars
        text = "".join(c["text"] for c in chars)
        at = text.index("le 15e") + 5
        figure, suffix = chars[at - 1], chars[at]
        assert suffix["size"] < figure["size"] * 0.9 and suffix["top"] < figure["top"] - 1


@pytest.mark.parametrize("name, page", [("rules.pdf", 0), ("cards.pdf", 1)])
def test_deck_names_stay_whole_on_a_line_and_name_the_expansion_in_brackets(tournay_fr, name, page):
    with open_pdf(tournay_fr / name) as doc:
        lines = _lines(doc.pages[page])
    text = " ".join(lines)
    names = ["Civils jaunes I (extension)", "Religieux blancs II (extension)", "Militaires rouges II (extension)",
             "Religieux blancs II ×10", "Militaires rouges III ×10"]
    if name == "rules.pdf":     # the print box is a table: a count in its own cell, "(extension)" may wrap in it
        names = ["Civils jaunes I", "Religieux blancs II", "Militaires rouges II", "Militaires rouges III"]
        assert text.count("(extension)") >= 3, text[:400]
    assert "— extension" not in text
    assert [n for n in names if not any(n in line for line in lines)] == []


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_card_boxes_and_callouts_carry_no_hyphen(tournay_fr):
    """Cassel and Brigandage read « indi-⏎quée », the rules' callout « Bâtiment de pres-⏎tige »."""
    found = []
    for name in ("cards.pdf", "rules.pdf"):
        with open_pdf(tournay_fr / name) as doc:
            pages = doc.pages if name == "cards.pdf" else doc.pages[2:3]
            found += [(name, line) for p in pages for line in _lines(p) if re.search(r"(?:indi|pres)-$", line)]
    assert found == []


def test_aid_card_columns_carry_no_hyphen_where_whole_words_fit(full_build):
    """San Gimignano aid card 1/2: « prenez-⏎en », « repre-⏎nez-en », « termi-⏎nées » (item 30)."""
    with open_pdf(full_build / "san-gimignano" / "fr" / "player-aid-card.pdf") as doc:
        words = doc.pages[0].extract_words()
    assert [w["text"] for w in words if re.search(r"[a-zé]-$", w["text"])] == []


def test_a_line_break_in_an_aid_item_starts_its_own_bullet(tournay_fr):
    """Tournay aid: « Triez les cartes activité… » and « Condition 2 » sat bulletless under the bullet above."""
    with open_pdf(tournay_fr / "player-aid.pdf") as doc:
        page = doc.pages[0]
        # read in its own column: the page's two columns share text lines
        word = next(w for w in page.extract_words() if w["text"] == "Condition" and "2" in
                    page.crop((w["x1"], w["top"], w["x1"] + 12, w["bottom"])).extract_text())
        column = page.crop((word["x0"] - 15, word["top"] - 1, page.width / 2 if word["x0"] < page.width / 2
                            else page.width, word["bottom"] + 1))
    # the decks' line, the other one, left the page for the rules (issue 50, item 8)
    assert re.match(r"•\s*Condition 2", _lines(column)[0])
