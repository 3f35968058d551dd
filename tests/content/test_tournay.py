"""Tournay texts against the rulebooks (seeds 000 French, 002 English, 003 Japanese guide)."""
from __future__ import annotations

import re

import pytest

from babel.messages.pofile import read_po

from .shipped import LANGS, ROOT, SEEDS, aid, card, deck, rules, section

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


# --- issue 28: the meanings two native editors found wrong (docs/fidelity.md, review table) ------

PO = ROOT / "locales"


def _aid_items(lang: str, section_id: str) -> list[str]:
    items = next(s for s in aid(GAME, lang)["sections"] if s["id"] == section_id)["items"]
    return [i if isinstance(i, str) else i["text"] for i in items]


def _msgstr(lang: str, msgid: str) -> str:
    with (PO / lang / "LC_MESSAGES" / "tournay.po").open("rb") as fh:
        return read_po(fh).get(msgid).string


TOP_LEFT = {"fr": "en haut à gauche", "en": "top left", "de": "oben links", "ja": "左上"}


@pytest.mark.parametrize("lang", LANGS)
def test_item_1_28_two_citizens_only_against_events_that_make_everyone_pay(lang):
    """Printed rule: 2 citizens against an event that makes every player pay deniers, else 1
    citizen + 1 denier + 1 per coin; always of the colour shown top left (item 28)."""
    events = deck(GAME, "events")["cards"]
    pay = {e["id"] for e in events if e["text"]["en"] == "Each player pays 1 :denier:."}
    assert pay == {e["id"] for e in events if e["props"]["fight"] == "two-citizens"}
    fight = section(GAME, lang, "fight")
    assert set(re.findall(r"\[\[([a-z-]+)\]\]", fight)) == pay, "the rules name exactly those events"
    assert TOP_LEFT[lang] in fight
    assert any(TOP_LEFT[lang] in item for item in _aid_items(lang, "actions"))
    assert ":citizen-{{ card.props.colour }}:" in rules(GAME, lang)["cards"]["events"], "the index shows the colour"


RESOLVED_AS_USUAL = {"fr": "se résout normalement", "en": "resolved as usual", "de": "normal abgehandelt", "ja": "通常どおり解決"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck_name", ["red-1", "red-2"])
def test_item_2_ballista_resolves_a_positive_event_as_usual(lang, deck_name):
    text = card(GAME, deck_name, f"{deck_name}-ballista")["text"][lang]
    assert RESOLVED_AS_USUAL[lang] in text
    assert not re.search(r"benefits everyone|profite à tous|nützt allen|全員に有効", text)


@pytest.mark.parametrize("lang", LANGS)
def test_item_3_special_costs_are_verbs_explained_once(lang):
    """Prestige costs beyond deniers (return a citizen, discard a card) are shown on the card as
    the verbs of tournay.po, and "Play a card" explains both; nothing reads "+ citizen"."""
    special = [c for name in ("yellow-3", "white-3", "red-3") for c in deck(GAME, name)["cards"]
               if c["props"].get("cost", {}).get("citizen") or c["props"].get("cost", {}).get("discard")]
    assert len(special) == 7       # 3 cards return a citizen, 4 discard a card (issue 28 names all 7)
    ret = "return" if lang == "en" else _msgstr(lang, "return")
    discard = ("discard {count}" if lang == "en" else _msgstr(lang, "discard {count}")).format(count=1)
    play = section(GAME, lang, "play-card").lower()
    assert ret.lower() in play and discard.lower() in play
    index = rules(GAME, lang)["cards"]["yellow-3"]
    assert "+ :citizen" not in index and "＋:citizen" not in index and ":discard:" not in index


@pytest.mark.parametrize("lang", LANGS)
def test_item_4_expansion_mixes_three_marked_with_three_expansion_cards(lang):
    for colour in ("yellow", "white", "red"):
        for level in (1, 2):
            marked = [c for c in deck(GAME, f"{colour}-{level}")["cards"] if c["props"].get("removable")]
            assert len(marked) == 3 == len(deck(GAME, f"{colour}-{level}-expansion")["cards"])
    rule = section(GAME, lang, "expansion")
    line = next(i for i in _aid_items(lang, "advanced") if ":removable:" in i)
    for text in (rule, line):
        assert "3" in text and "6" in text and "cards_where(expansion" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_item_7_positive_events_pay_each_tied_player(lang):
    tie = {"fr": "Chaque joueur ayant le plus", "en": "Each player with the most", "de": "jeder davon", "ja": "各自"}
    for e in deck(GAME, "events")["cards"]:
        assert (tie[lang] in e["text"][lang]) == e["props"]["positive"], e["id"]


@pytest.mark.parametrize("lang", LANGS)
def test_item_10_the_end_is_triggered_then_everyone_plays_a_last_turn(lang):
    triggered = {"fr": "la fin est déclenchée", "en": "The end is triggered", "de": "Spielende ausgelöst", "ja": "終了が決まり"}
    assert triggered[lang] in section(GAME, lang, "end")
    aid_words = {"fr": "la fin est déclenchée", "en": "the end is triggered", "de": "Spielende ausgelöst", "ja": "終了が決まり"}
    assert any(aid_words[lang] in item for item in _aid_items(lang, "end"))


@pytest.mark.parametrize("lang", LANGS)
def test_item_11_action_2_citizen_stands_on_the_building(lang):
    action2 = {"fr": "action 2", "en": "action 2", "de": "Aktion 2", "ja": "アクション2"}
    assert action2[lang] in section(GAME, lang, "citizens")


@pytest.mark.parametrize("lang", LANGS)
def test_item_12_the_face_up_card_goes_under_face_down(lang):
    under = {"fr": "face cachée sous la pioche", "en": "face down under the deck", "de": "verdeckt unter den Stapel",
             "ja": "裏向きにして山札の一番下"}
    top_two = {"fr": "2 cartes cachées", "en": "top 2 face-down cards", "de": "obersten 2 verdeckten", "ja": "裏向きの上2枚"}
    assert under[lang] in section(GAME, lang, "draw")
    assert top_two[lang] in _aid_items(lang, "actions")[0]


@pytest.mark.parametrize("lang", LANGS)
def test_item_13_the_replacement_is_drawn_before_choosing(lang):
    replacement = {"fr": "remplacement", "en": "replacement", "de": "Ersatzkarte", "ja": "代わりのカード"}
    turned = {"fr": "90°", "en": "90°", "de": "quer", "ja": "横向き"}
    crier = _aid_items(lang, "events")[0]
    assert crier.index(replacement[lang]) < crier.index(turned[lang])


def test_item_14_plaza_earns_only_with_its_own_citizens():
    layout = (ROOT / "layouts" / "tournay.yaml").read_text(encoding="utf-8")
    msgid = "Earn 2 :denier: per citizen from this Plaza."
    assert msgid in layout
    own = {"fr": "cette Place", "de": "dieser Platzkarte", "ja": "この広場"}
    for lang, words in own.items():
        assert words in _msgstr(lang, msgid)


@pytest.mark.parametrize("lang", LANGS)
def test_item_15_setup_forms_the_general_supply_and_lists_every_component(lang):
    supply = {"fr": "réserve générale", "en": "general supply", "de": "allgemeinen Vorrat", "ja": "共通のストック"}
    assert supply[lang] in section(GAME, lang, "setup")
    components = section(GAME, lang, "components")
    for number in ("20", "30", "9", "10", "4", "6"):
        assert re.search(rf"(?<!\d){number}(?!\d)", components), number


@pytest.mark.parametrize("lang", LANGS)
def test_item_24_a_rampart_spares_only_its_builder(lang):
    only = {"fr": "ne vous affecte pas", "en": "does not affect you", "de": "trifft dich nicht", "ja": "自分だけ"}
    assert any(only[lang] in item for item in _aid_items(lang, "events"))
    back = "When a Town Crier is drawn, build this card: one event of your choice, whatever its coins, does not affect you."
    assert back in (ROOT / "layouts" / "tournay.yaml").read_text(encoding="utf-8")
    if lang != "en":
        assert only[lang] in _msgstr(lang, back)


@pytest.mark.parametrize("lang", LANGS)
def test_item_25_prestige_buildings_score_once_per_name(lang):
    name = {"fr": "chaque nom", "en": "each prestige building name", "de": "jeder Name", "ja": "名前ごと"}
    assert name[lang] in section(GAME, lang, "card-types")


@pytest.mark.parametrize("lang", LANGS)
def test_item_27_placement_is_never_diagonal(lang):
    diagonal = {"fr": "diagonale", "en": "not diagonally", "de": "nie diagonal", "ja": "斜め"}
    card_turn = next(i["text"] for i in next(s for s in aid(GAME, lang)["sections"] if s["id"] == "turn")["items"]
                     if isinstance(i, dict) and i.get("show") == "card" and "1." in i["text"])
    assert diagonal[lang] in card_turn
