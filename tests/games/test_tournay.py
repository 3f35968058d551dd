"""Tournay cards: the data (cards/tournay/) and the printed sheets, checked against the sources.

Expected facts are typed here from the rulebooks (../shared/seeds/000 fr, 002 en) and the
card list in ../shared/gamedata/tournay.yaml, never read back from our YAML.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter

import pytest

from generator.loading.catalog import load_project
from tests.conftest import ROOT, pnp
from tests.pipeline.helpers import project_copy, replace_in
from tests.pdfs import open_pdf

LANGS = ["fr", "en", "de", "ja"]
MM = 72 / 25.4

# gamedata level_I / level_II lists: (buildings, characters) per deck, Town Crier apart.
BASE_TYPES = {
    "yellow-1": (6, 3), "white-1": (6, 3), "red-1": (6, 3),
    "yellow-2": (6, 3), "white-2": (6, 3), "red-2": (7, 2),
}
# rulebook: 18 expansion cards, 6 per colour on levels I and II (3 per colour and level);
# gamedata expansion_cards: (buildings, characters).
EXPANSION_TYPES = {
    ("yellow", 1): (2, 1), ("yellow", 2): (2, 1), ("white", 1): (1, 2),
    ("white", 2): (1, 2), ("red", 1): (2, 1), ("red", 2): (1, 2),
}
# French names printed on the cards (gamedata), a sample per deck kind.
FRENCH_NAMES = ["Grange", "Échevin", "Évêché", "Baliste", "Péage", "Augustin", "Bastion", "Beffroi",
                "Hôtel des monnaies", "Cathédrale", "Saint-Quentin", "Porte de la Vigne", "Tour Henri VIII",
                "Auberge", "Sénateur", "Abbaye", "Templier", "Seigneurie", "Mercenaire", "Salle d'audience",
                "Crieur public", "Bataille de Bouvines", "Grande Ducasse", "Guillaume le Conquérant"]


@pytest.fixture(scope="module")
def game():
    return load_project(ROOT, ["tournay"]).games["tournay"]


@pytest.fixture(scope="module")
def cards(game):
    """id -> (deck id, card) for every card."""
    return {card.id: (deck.deck, card) for deck in game.decks for card in deck.cards}


@pytest.fixture(scope="module")
def out(built):
    return built("tournay") / "tournay"


def pdf_text(path) -> str:
    """All text of a PDF: poppler's pdftotext (fast), else pdfplumber."""
    if shutil.which("pdftotext"):
        return subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                              check=True).stdout
    with open_pdf(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


@pytest.fixture(scope="module")
def texts(out):
    return {lang: _normal(pdf_text(out / lang / "cards.pdf")) for lang in LANGS}


def _normal(text: str) -> str:
    """Typographic apostrophes and no-break spaces as plain characters."""
    return text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")


def _value(props: dict, key: str):
    value = props.get(key)
    return value.model_dump(exclude_none=True) if hasattr(value, "model_dump") else value


# ------------------------------------------------------------------ data

def test_nine_base_decks_of_ten_with_their_town_crier(game):
    base = {d.deck: d for d in game.decks if re.fullmatch(r"(yellow|white|red)-[123]", d.deck)}
    assert sorted(base) == sorted(f"{c}-{lv}" for c in ("yellow", "white", "red") for lv in (1, 2, 3))
    for deck_id, deck in base.items():
        assert deck.physical_count == 10, deck_id
        kinds = Counter()
        for card in deck.cards:
            kinds[card.props["type"]] += card.copies
            colour, level = deck_id.split("-")
            assert card.props["colour"] == colour and card.props["level"] == int(level), card.id
            assert card.props.get("expansion") is not True, card.id
        assert kinds["town-crier"] == 1, deck_id
        if deck_id.endswith("-3"):
            assert kinds["prestige"] == 9, deck_id
        else:
            assert (kinds["building"], kinds["character"]) == BASE_TYPES[deck_id], deck_id
    assert sum(d.physical_count for d in base.values()) == 90


def test_eighteen_expansion_cards_three_per_colour_and_level(game):
    expansion = [(deck, card) for deck in game.decks for card in deck.cards if card.props.get("expansion")]
    assert sum(card.copies for _d, card in expansion) == 18
    per = Counter()
    for deck, card in expansion:
        key = (card.props["colour"], card.props["level"])
        per[key + (card.props["type"],)] += card.copies
        assert deck.back and deck.back.layout == "tournay/deck-back"
        assert deck.back.props == {"colour": key[0], "level": key[1]}, "same back as the base deck"
    for (colour, level), (buildings, characters) in EXPANSION_TYPES.items():
        assert per[(colour, level, "building")] == buildings, (colour, level)
        assert per[(colour, level, "character")] == characters, (colour, level)


def test_three_removable_base_cards_per_colour_and_level(game, cards):
    removable = Counter()
    for _deck, card in cards.values():
        if card.props.get("removable"):
            assert not card.props.get("expansion")
            removable[(card.props["colour"], card.props["level"])] += card.copies
    assert removable == {(c, lv): 3 for c in ("yellow", "white", "red") for lv in (1, 2)}
    # gamedata flags: Councillor, Farmhouse, Quarry (yellow I); Fort has one removable copy of two
    for cid in ("yellow-1-councillor", "yellow-1-farmhouse", "yellow-1-quarry", "white-2-augustinian"):
        assert cards[cid][1].props["removable"] is True, cid
    forts = [card for _d, card in cards.values() if card.id.startswith("red-1-fort")]
    assert sorted(bool(c.props["removable"]) for c in forts) == [False, True]


def test_costs_and_points_as_in_the_sources(cards):
    def props(cid):
        return cards[cid][1].props

    # (id, deniers, printed prestige points) from gamedata level_I / level_II
    for cid, deniers, points in [("yellow-1-market", 1, 0), ("yellow-1-architect", 1, 1),
                                 ("yellow-2-barn", 3, 1),     # S4's "cost 1" is a typo
                                 ("yellow-2-quarry", 3, 2), ("white-1-library-a", 1, 1),
                                 ("white-1-library-b", 1, 0), ("red-2-bastion", 3, 1),
                                 ("red-2-lawyer", 3, 2),
                                 ("expansion-white-1-monk", 5, 0),   # printed 5 at level I
                                 ("expansion-red-2-courthouse", 3, 2)]:
        assert _value(props(cid), "cost") == {"deniers": deniers}, cid
        assert props(cid)["points"] == points, cid
    # prestige buildings: cost, builder / others per counted element (rulebook example + gamedata)
    expected = {
        "yellow-3-belfry": ({"deniers": 5}, 4, 2),
        "yellow-3-city-hall": ({"deniers": 2, "discard": 1}, 2, 1),
        "yellow-3-cloth-hall": ({"citizen": "yellow"}, 2, 1),
        "yellow-3-mint": ({"deniers": 5}, 2, 1),
        "white-3-cathedral": ({"deniers": 20}, 8, 0),
        "white-3-saint-brice": ({"deniers": 5}, 4, 2),
        "white-3-saint-nicolas": ({"deniers": 5}, 3, 1),
        "red-3-porte-de-la-vigne": ({"deniers": 2, "discard": 1}, 2, 1),
        "red-3-tour-saint-georges": ({"citizen": "red"}, 2, 1),
    }
    for cid, (cost, builder, others) in expected.items():
        p = props(cid)
        assert _value(p, "cost") == cost, cid
        prestige = _value(p, "prestige")
        assert (prestige["builder"], prestige["others"]) == (builder, others), cid
        assert "points" not in p
    mint = _value(props("yellow-3-mint"), "prestige")["counts"]
    assert mint == {"what": "deniers", "per": 4}
    belfry = _value(props("yellow-3-belfry"), "prestige")["counts"]
    assert belfry["sets"] is True and sorted(belfry["colours"]) == ["red", "white", "yellow"]
    assert _value(props("red-3-tour-henri-viii"), "prestige")["counts"] == {"what": "ramparts"}
    assert _value(props("white-3-cathedral"), "prestige")["counts"] == {"what": "flat"}
    # same-named copies share one key; ids stay unique
    assert props("yellow-3-city-hall")["key"] == "city-hall"
    assert cards["yellow-3-city-hall"][1].copies == 2 and cards["white-3-cathedral"][1].copies == 1


def test_characters_arrows_and_town_criers(cards):
    for cid in ("expansion-yellow-1-senator", "expansion-yellow-2-senator", "expansion-red-2-mercenary"):
        assert cards[cid][1].props["arrows"] is False, cid   # rulebook: expansion characters without arrows
    for cid in ("yellow-1-architect", "red-1-knight", "expansion-white-1-monk", "expansion-red-1-knight"):
        assert cards[cid][1].props["arrows"] is True, cid
    criers = [card for _d, card in cards.values() if card.props.get("type") == "town-crier"]
    assert sum(c.copies for c in criers) == 9
    assert all("cost" not in c.props and "points" not in c.props for c in criers)


def test_events_fourteen_of_fifteen_and_fight_rule(game):
    events = game.deck("events")
    assert events.physical_count == 14 and events.shortfall.expected == 15
    by_name = {card.name.get("fr"): card.props for card in events.cards}
    # printed rule: events that make players lose deniers are fought with 2 citizens
    assert {n for n, p in by_name.items() if p["fight"] == "two-citizens"} == \
        {"Bataille de Cassel", "Brigandage", "Maraudage"}
    assert {n for n, p in by_name.items() if p["positive"]} == {"Grande Ducasse", "Visite du Roi", "Procession"}
    assert (by_name["Bataille de Cassel"]["coins"], by_name["Maraudage"]["coins"],
            by_name["Hérésie"]["coins"]) == (4, 1, 2)
    assert by_name["Guillaume le Conquérant"]["colour"] == "red"
    assert events.back and events.back.layout == "tournay/rampart"
    assert game.deck("plazas").physical_count == 4


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_list_and_validate_report_the_shortfall():
    for command in ("list", "validate"):
        result = pnp(command, "tournay")
        assert result.exit_code == 0, result.output
        assert "14 of 15 defined" in result.output
    listing = pnp("list", "tournay").output
    assert re.search(r"yellow-1\s+10 cards", listing) and re.search(r"plazas\s+4 cards", listing)
    assert re.search(r"total\s+126 cards", listing)   # 90 + 18 + 14 + 4
    assert re.search(r"base\s+90 cards\s+in 9 decks", listing)
    assert re.search(r"expansion\s+18 cards\s+in 6 decks", listing)


# ------------------------------------------------------------------ printed sheets

def test_every_card_name_in_every_language(texts, cards):
    for lang in LANGS:
        flat = texts[lang].replace("\n", " ")
        squeezed = re.sub(r"\s+", "", flat)
        for cid, (_deck, card) in cards.items():
            name = _normal(card.name.get(lang))
            assert name in flat or re.sub(r"\s+", "", name) in squeezed, (lang, cid, name)
    for name in FRENCH_NAMES:
        assert name in texts["fr"], name


def test_type_counts_read_from_the_pdf(texts):
    en = texts["en"]
    kinds = Counter(re.findall(r"(Building|Character|Prestige building|Town Crier) · (Yellow|White|Red) (III|II|I)\b", en))
    level = {"I": 1, "II": 2, "III": 3}
    total = Counter()
    for (kind, colour, lv), n in kinds.items():
        total[kind] += n
        if kind in ("Building", "Character") and lv != "III":
            base = BASE_TYPES[f"{colour.lower()}-{level[lv]}"]
            exp = EXPANSION_TYPES[(colour.lower(), level[lv])]
            index = 0 if kind == "Building" else 1
            assert n == base[index] + exp[index], (kind, colour, lv)
    assert total == {"Building": 37 + 9, "Character": 17 + 9, "Prestige building": 27, "Town Crier": 9}
    assert en.count("Positive event · ") == 3 and en.count("Event · ") == 11
    assert en.count("Your turn") == 4                       # the 4 plazas
    assert len(re.findall(r"Worth 1 \S* ?at the end", en)) == 14   # one Rampart back per event
    fr = texts["fr"]
    assert len(re.findall(r"Bâtiment de prestige · ", fr)) == 27
    assert len(re.findall(r"Crieur public · ", fr)) == 9


def _card_text(pdf, title: str, pages: list[str]) -> str:
    """Text of the card whose title is `title` (first match), cropped to that card."""
    for index in [i for i, text in enumerate(pages) if title in text]:
        page = pdf.pages[index]
        words = page.extract_words(keep_blank_chars=True)
        for w in words:
            if w["text"].strip() == title:
                cx = (w["x0"] + w["x1"]) / 2
                box = (max(0, cx - 31 * MM), max(0, w["top"] - 27 * MM),
                       min(page.width, cx + 31 * MM), min(page.height, w["top"] + 58 * MM))
                return page.crop(box).extract_text() or ""
    raise AssertionError(f"no card titled {title!r}")


def test_printed_costs_and_points_on_the_cards(out):
    pages = pdf_text(out / "en" / "cards.pdf").split("\f")
    with open_pdf(out / "en" / "cards.pdf") as pdf:
        cathedral = _card_text(pdf, "Cathedral", pages)
        assert re.search(r"\b20\b", cathedral) and re.search(r"Builder.*\b8\b", cathedral, re.S), cathedral
        belfry = _card_text(pdf, "Belfry", pages)
        assert re.search(r"\b5\b", belfry) and re.search(r"\b4\b", belfry) and re.search(r"\b2\b", belfry)
        market = _card_text(pdf, "Market", pages)
        assert "Gain 5" in market
        monk = _card_text(pdf, "Monk", pages)
        assert re.search(r"\b5\b", monk)
        cassel = _card_text(pdf, "Battle of Cassel", pages)
        assert "2 citizens" in cassel


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="poppler-utils not installed")
def test_fonts_embedded_and_japanese_is_text(out, texts):
    for lang in LANGS:
        report = subprocess.run(["pdffonts", str(out / lang / "cards.pdf")], capture_output=True,
                                text=True, check=True).stdout.splitlines()[2:]
        assert report and all(" yes " in line for line in report), (lang, report)
    assert "廷吏" in texts["ja"] and "城壁" in texts["ja"] and "名声建造物" in texts["ja"]


def test_an_overlong_text_fails_the_build_naming_the_card(tmp_path):
    root = project_copy(tmp_path, ("tournay",))
    replace_in(root / "cards" / "tournay" / "yellow-1.yaml", 'en: "Gain 5 :denier:."',
               'en: "' + "Gain 5 :denier: and then some more deniers again. " * 40 + '"')
    result = pnp("build", "tournay", "--lang", "en", "--only", "cards", "--out", str(tmp_path / "o"), root=root)
    assert result.exit_code == 1
    assert "yellow-1-market" in result.output and "does not fit" in result.output
    assert not (tmp_path / "o" / "tournay" / "en" / "cards.pdf").exists()
