"""A deck this edition prints short says, in one plain sentence per language, what is printed and
where the rest comes from (issue 51: "(14 / 15)", "(2 / 32)", an empty "0 / 34" section, and
notes that said what is missing but not that the box has it)."""
from __future__ import annotations

import re

import pytest

from tests.content.shipped import CARDS, LANGS, load

FROM_THE_BOX = {"fr": "votre exemplaire du jeu", "en": "your copy of the game",
                "de": "deinem Exemplar des Spiels", "ja": "お持ちのゲーム"}
SHORT_DECKS = sorted(path for path in CARDS.glob("*/*.yaml") if "shortfall" in (load(path) or {}))


def test_the_short_decks_are_found():
    assert {p.stem for p in SHORT_DECKS} >= {"events", "spells", "clients"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", SHORT_DECKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_short_deck_says_what_is_printed_and_what_comes_from_the_box(path, lang):
    deck = load(path)
    note = deck["shortfall"]["note"][lang]
    expected = str(deck["shortfall"]["expected"])
    printed = str(sum(card.get("copies", 1) for card in deck.get("cards") or []))
    assert FROM_THE_BOX[lang] in note                       # where the rest comes from
    assert expected in note                                  # out of how many
    assert printed in note or not deck.get("cards")          # how many are printed (none: said in words)
    # one sentence: one full stop, at the end (not a German ordinal's "15.")
    assert note.endswith("。" if lang == "ja" else ".") and len(re.findall(r"(?<!\d)[.。](?=\s|$)", note)) == 1
