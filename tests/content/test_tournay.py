"""Tournay texts against the rulebooks (seeds 000 French, 002 English, 003 Japanese guide)."""
from __future__ import annotations

import re

import pytest

from .shipped import LANGS, SEEDS, aid, card, deck, section

GAME = "tournay"
EXPANSION_DECKS = [f"{colour}-{level}-expansion" for colour in ("yellow", "white", "red") for level in (1, 2)]


def test_english_name_is_the_rulebooks_lordship():
    assert card(GAME, "red-1-expansion", "expansion-red-1-seigniory")["name"]["en"] == "Lordship"


def test_every_english_expansion_name_is_in_the_english_rulebook():
    """The English rulebook lists the 18 expansion cards by name: ours are the same."""
    book = SEEDS / "002_c8879d74f159e830.txt"
    if not book.exists():
        pytest.skip(f"rulebook not found: {book}")
    listing = book.read_text(encoding="utf-8").split("Cards of the expansion", 1)[1]
    named = set(re.findall(r"^([A-Z][a-z]+) \(", listing, flags=re.MULTILINE))
    ours = {entry["name"]["en"] for name in EXPANSION_DECKS for entry in deck(GAME, name)["cards"]}
    assert ours == named


def test_every_french_expansion_name_is_in_the_french_rulebook():
    book = SEEDS / "000_61354c8d307465e8.txt"
    if not book.exists():
        pytest.skip(f"rulebook not found: {book}")
    listing = book.read_text(encoding="utf-8").rsplit("Les cartes de l'extension", 1)[1]
    named = set(re.findall(r"^([A-ZÉ][\w' ]+?) \((?:I|II|I/II)\)", listing, flags=re.MULTILINE))
    ours = {entry["name"]["fr"] for name in EXPANSION_DECKS for entry in deck(GAME, name)["cards"]}
    assert ours == named


# Base cards the rulebooks name: the English rulebook (002) and the Japanese guide (003).
NAMED_IN_RULEBOOKS = [
    ("yellow-1", "yellow-1-market", "en", "Market"),
    ("yellow-3", "yellow-3-belfry", "en", "Belfry"),
    ("yellow-3", "yellow-3-mint", "en", "Mint"),
    ("white-3", "white-3-saint-brice", "en", "Saint-Brice"),
    ("red-3", "red-3-porte-de-la-vigne", "en", "Porte de la Vigne"),
    ("yellow-1", "yellow-1-town-crier", "en", "Town Crier"),
    ("plazas", "plaza-blue", "en", "Plaza"),
    ("yellow-1", "yellow-1-town-crier", "ja", "廷吏"),
    ("plazas", "plaza-blue", "ja", "広場"),
]


@pytest.mark.parametrize("deck_name, card_id, lang, name", NAMED_IN_RULEBOOKS)
def test_base_card_names_follow_the_rulebooks(deck_name, card_id, lang, name):
    assert card(GAME, deck_name, card_id)["name"][lang] == name


# A Town Crier among the two face-down cards being looked at is replaced before choosing.
CRIER_REPLACED = {"fr": "piochez-en une autre", "en": "replace it", "de": "Ersatzkarte", "ja": "代わりのカード"}
# A deck with 2 cards left: look at both; with 1 left: take it.
LAST_CARD = {"fr": "réduite à une carte", "en": "last card", "de": "nur noch 1 Karte", "ja": "残り1枚"}
# The last card of the game triggers the characters of its row or column that react to placing.
FINAL_CARD_CHARACTERS = {"fr": "personnages", "en": "characters", "de": "Personen", "ja": "人物"}


@pytest.mark.parametrize("lang", LANGS)
def test_town_crier_among_the_two_cards_is_replaced(lang):
    assert CRIER_REPLACED[lang] in section(GAME, lang, "events")


@pytest.mark.parametrize("lang", LANGS)
def test_events_apply_from_left_to_right(lang):
    left = {"fr": "gauche à droite", "en": "left to right", "de": "links nach rechts", "ja": "左から順に"}
    assert left[lang] in section(GAME, lang, "events")


@pytest.mark.parametrize("lang", LANGS)
def test_draw_says_what_happens_at_the_end_of_a_deck(lang):
    assert LAST_CARD[lang] in section(GAME, lang, "draw")


@pytest.mark.parametrize("lang", LANGS)
def test_final_card_triggers_row_and_column_characters(lang):
    assert FINAL_CARD_CHARACTERS[lang] in section(GAME, lang, "end")
    end_items = next(s for s in aid(GAME, lang)["sections"] if s["id"] == "end")["items"]
    assert any(FINAL_CARD_CHARACTERS[lang] in (i if isinstance(i, str) else i["text"]) for i in end_items)


@pytest.mark.parametrize("lang", LANGS)
def test_tollbooth_says_the_supply_pays(lang):
    supply = {"fr": "réserve", "en": "from the supply", "de": "aus dem Vorrat", "ja": "ストック"}
    assert supply[lang] in card(GAME, "yellow-2", "yellow-2-tollbooth")["text"][lang]
