"""A deck this edition prints short says, in one plain sentence per language, what is printed and
where the rest comes from (issue 51: "(14 / 15)", "(2 / 32)", an empty "0 / 34" section, and
notes that said what is missing but not that the box has it)."""
from __future__ import annotations

import re

import pytest

from tests.content.shipped import CARDS, LANGS, load

FROM_THE_BOX = {"fr": "votre exemplaire du jeu", "en": "your copy of the game",
                "de": "deiner Spielschachtel", "ja": "お持ちのゲーム"}
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


# Issue 51: the edition's own doubts and choices, said in a producer's voice ("those whose effect
# it could check", "an optional Curse card, which is not a spell", "this edition's choice",
# 「便宜上付けた」「この版の想定」); the facts stay, said as a player's note.
PRODUCER = {"fr": ("a pu vérifier", "la règle ne détaille pas", "qui n'est pas un sort", "un choix de cette édition", "pour s'y retrouver"),
            "en": ("could check", "does not list", "which is not a spell", "this edition's choice", "for easy reference"),
            "de": ("prüfen konnte", "führt sie nicht auf", "kein Zauberspruch ist", "Wahl dieser Ausgabe", "weicht deine Schachtel ab"),
            "ja": ("確認できた", "一覧がない", "呪文ではない", "便宜上", "想定です")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_edition_notes_speak_as_a_player_would(lang):
    notes = [load(path)["shortfall"]["note"][lang] for path in SHORT_DECKS]
    notes += [load(path).get("about") or "" for path in sorted(CARDS.glob(f"*/rules/{lang}.yaml"))]
    assert len(notes) >= 6
    found = [(word, note[:60]) for note in notes for word in PRODUCER[lang] if word in note]
    assert found == []
