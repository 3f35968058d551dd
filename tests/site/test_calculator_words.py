"""What the score page receives, in the players' words and the page's language (issue 28, the
native editors on the calculator): the form's labels and choices (generator/site/calculator.py)
and the refusals the page's own Python (layouts/site/calc.py) returns for states the form can
produce. Read from the data the page is built from, without a browser."""
from __future__ import annotations

import importlib.util
import json
import re

import pytest
import yaml

from generator.loading.catalog import load_project
from generator.reading.i18n import Translator
from generator.site import runtime
from generator.site.calculator import form_spec
from scoring import tournay
from tests.conftest import ROOT
from tests.content import shipped
from tests.site.conftest import LANGS

OTHERS = [lang for lang in LANGS if lang != "en"]


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT, ["tournay", "taverna", "san-gimignano"])


@pytest.fixture(scope="module")
def page_python():
    """layouts/site/calc.py, the module the page runs in Pyodide."""
    spec = importlib.util.spec_from_file_location("calc_page", ROOT / "layouts" / "site" / "calc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _field(spec: dict, name: str) -> list:
    return {f[0]: f for f in spec["fields"]}[name]


def _district_options(project, lang: str) -> list[list[str]]:
    spec = form_spec(project.games["tournay"], lang, Translator(ROOT, lang))
    player = _field(spec, "players")[2]["item"]
    return [[card, label] for card, label, _colour, _level in _field(player, "district")[2]["cards"]]


def _cards_a_district_holds() -> dict[str, dict]:
    """From the YAML itself: every card whose type (its deck's `type` property) is a building, a
    character or a prestige building; events, Plaza cards and Town Criers are not."""
    out = {}
    for path in sorted((ROOT / "cards" / "tournay").glob("*.yaml")):
        deck = shipped.load(path)
        for card in deck.get("cards", []):
            if (card.get("props") or {}).get("type") in ("building", "character", "prestige"):
                out[card["id"]] = card
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_district_picker_offers_only_what_a_district_holds_by_printed_name(project, lang):
    options = _district_options(project, lang)
    holds = _cards_a_district_holds()
    assert sorted(value for value, _label in options) == sorted(holds)
    labels = [label for _value, label in options]
    assert len(set(labels)) == len(labels), "two choices read the same"
    for value, label in options:
        assert value not in label, label
        assert label.startswith(holds[value]["name"][lang]), label       # the printed name first
        assert not re.search(r"[a-z]+-[0-9a-z-]+", label), label           # no id-shaped word


def test_twin_names_are_told_apart_by_what_the_cards_print(project):
    labels = dict(_district_options(project, "fr"))
    assert labels["yellow-1-architect"] == "Architecte I" and labels["yellow-2-architect"] == "Architecte II"
    assert {labels["white-1-library-a"], labels["white-1-library-b"]} == {
        "Bibliothèque I, points imprimés\u00a0: 1", "Bibliothèque I, points imprimés\u00a0: 0"}
    assert dict(_district_options(project, "ja"))["yellow-2-architect"].endswith("Ⅱ")


def test_pnp_score_lists_the_same_cards_in_the_same_words(project):
    """The terminal's questions (scoring/tournay.py `ask`) offer what the page's picker offers."""
    said = []

    class Recorder:
        def t(self, msgid, **values):
            return msgid.format(**values)

        def say(self, msgid, **values):
            said.append(values)

        def text(self, msgid, default=None, parse=None, **values):
            return default or "A"

        def player_name(self, n, taken):
            return f"P{n}"

        def integer(self, msgid, default=None, low=None, high=None, **values):
            return default if default is not None else low

    cards = tournay.cards_from_game(project.games["tournay"])
    tournay.ask(Recorder(), lang="en", cards=cards)
    listed = {v["id"]: v["name"] for v in said if "id" in v}
    assert listed == dict(_district_options(project, "en"))


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", ["tournay", "taverna", "san-gimignano"])
def test_every_form_label_has_its_translation(project, game, lang):
    labels = Translator(ROOT, lang, allow_missing=True)
    form_spec(project.games[game], lang, labels)
    assert labels.missing == set()


@pytest.mark.parametrize("game", ["tournay", "taverna", "san-gimignano"])
def test_the_form_asks_a_player_in_the_state_models_order(project, game):
    """The order is declared once, by the scoring package's Player model (the pad's, top down):
    the form follows it as `pnp score` does (tests/scoring/test_prompts.py)."""
    from scoring.api import GAMES
    spec = form_spec(project.games[game], "en", Translator(ROOT, "en"))
    players = _field(spec, "players")[2]
    player = (players.get("spec") or players)["item"]
    assert [f[0] for f in player["fields"]] == list(GAMES[game].Player.model_fields)


def test_the_several_deals_variant_is_named_as_the_rules_name_it(project):
    """San Gimignano's variant: the form says what the rules' section title says (after its
    'Variant:'), not a word of its own ('Manches', bare 'Deals')."""
    for lang in LANGS:
        path = ROOT / "cards" / "san-gimignano" / "rules" / f"{lang}.yaml"
        rules = yaml.safe_load(path.read_text(encoding="utf-8"))
        title = next(s["title"] for s in rules["sections"] if "120" in s.get("body", ""))
        words = re.split(r"\s?[:：]\s*", title, maxsplit=1)[1]
        spec = form_spec(project.games["san-gimignano"], lang, Translator(ROOT, lang))
        label = _field(spec, "deals")[1]
        assert label.casefold().startswith(words.casefold()), (lang, label, words)


def _tournay(**first) -> dict:
    return {"game": "tournay", "players": [{"name": "Ann", **first}, {"name": "Bob"}]}


# states the page's form can send, and what must not show through in another language
REFUSED = {
    "empty name": ("tournay", {"game": "tournay", "players": [{"name": ""}, {"name": "Bob"}]},
                   ["should", "String", "character"]),
    "empty name (San Gimignano)": ("san-gimignano", {"game": "san-gimignano", "players": [{"name": ""}, {"name": "B"}]},
                                   ["should", "String", "character"]),
    "stack of two colours": ("tournay", _tournay(district=[[["yellow-1-market", "white-1-bishop"]]]),
                             ["yellow", "white", "mixing"]),
    "one card twice": ("tournay", _tournay(district=[["yellow-1-market", "yellow-1-market"]]),
                       ["yellow-1-market", "used"]),
    "a prestige building twice": ("tournay", _tournay(district=[["white-3-cathedral", "white-3-cathedral"]]),
                                  ["Cathedral", "white-3"]),
    "fireworks": ("taverna", None, ["spells_cast"]),
    "players and deals": ("san-gimignano", {"game": "san-gimignano", "players": [{"name": "A"}, {"name": "B"}],
                                            "deals": []},
                          ["'players'", "'deals'", "« players »", "„players“", "「players」"]),
}


def _taverna_fireworks() -> dict:
    example = yaml.safe_load((ROOT / "examples" / "scores" / "taverna-rulebook.yaml").read_text(encoding="utf-8"))
    example["players"][0].update(fireworks_cast=2, spells_cast=1)
    return example


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_refusal_the_form_can_cause_is_in_the_pages_language(project, page_python, case, lang):
    game, state, english = REFUSED[case]
    state = _taverna_fireworks() if state is None else state
    answer = json.loads(page_python.run(game, json.dumps(state), json.dumps(runtime.facts_json(project.games[game])),
                                        json.dumps(runtime.catalogue_json(ROOT, lang)), lang))
    assert not answer["ok"]
    messages = [p["message"] for p in answer["problems"]]
    assert messages
    for message in messages:
        for word in english:
            assert word not in message, (case, message)


def test_tavernas_form_asks_in_the_order_of_pnp_score_and_the_pad(project):
    """A player's column top down as on the score pad (royal scorings before what they count and
    the people tracks), in the form and in `pnp score`'s questions alike."""
    from scoring import taverna

    class Asked:
        """Answers every question with its default, noting the questions in order."""
        def __init__(self):
            self.msgids: list[str] = []

        def t(self, msgid, **values):
            return msgid

        def player_name(self, n, taken):
            return f"P{n}"

        def integer(self, msgid, default=None, low=None, high=None, **values):
            self.msgids.append(msgid)
            return default if default is not None else low

        def several(self, msgid, options, **values):
            self.msgids.append(msgid)
            return []

        def choice(self, msgid, options, default=None, **values):
            self.msgids.append(msgid)
            return next(iter(options))

    asked = Asked()
    taverna.ask(asked)
    fields = {"{name}: VP on the score track": "points", "{name}: privilege tokens": "privileges",
              "{name}: royal scorings chosen (empty: let the calculator propose)": "scorings",
              "{name}: sous": "sous", "{name}: spells still in hand": "unused_spells",
              "{name}: spells cast": "spells_cast", "{name}: of which Feu d'artifice": "fireworks_cast",
              "{name}: royal favours owned (used or not)": "royal_favours",
              "{name}: property titles": "property_titles", "{name}: {people} track (VP beside the marker)": "tracks"}
    first = asked.msgids.index("{name}: VP on the score track")
    terminal = list(dict.fromkeys(fields[m] for m in asked.msgids[first:] if m in fields))
    spec = form_spec(project.games["taverna"], "en", Translator(ROOT, "en", allow_missing=True))
    player = next(f[2] for f in spec["fields"] if f[0] == "players")["item"]
    form = [f[0] for f in player["fields"] if f[0] != "name"]
    assert form == terminal
    assert form.index("scorings") < form.index("sous") < form.index("tracks")


STRAIGHT = re.compile(r"[^\W\d_]'[^\W\d_]")


def _shown(data, key=None):
    """Every string of the page's data a player can see (not a dict key, a msgid or an id)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for v in data:
            yield from _shown(v)
    elif isinstance(data, dict):
        for k, v in data.items():
            if k not in ("msgid", "id"):
                yield from _shown(v, k)


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_calculator_shows_one_apostrophe(project, lang):
    """Issue 51: « n'est pas », « Salle d'audience », « l'échelle » reached the French score page
    with a straight apostrophe, where every PDF prints ’."""
    from generator.site.calculator import page_data
    found = {game: sorted({t for t in _shown(page_data(project, project.games[game], lang, Translator(ROOT, lang)))
                           if STRAIGHT.search(t)})[:5] for game in ("tournay", "taverna", "san-gimignano")}
    assert {g: f for g, f in found.items() if f} == {}


def test_a_covered_card_is_named_as_the_rules_name_it(project):
    """Issue 51: the German district said „verdeckt“ (face down) for a card built over, which the
    rules, aids and score pad call „überbaut“ (the glossary's one term)."""
    spec = form_spec(project.games["tournay"], "de", Translator(ROOT, "de"))
    district = _field(_field(spec, "players")[2]["item"], "district")[2]
    assert district["covered"] == "überbaut" and "überbaut" in district["hint"]


@pytest.mark.parametrize("lang", LANGS)
def test_an_entry_the_sheet_does_not_ask_names_no_key_of_the_tally(project, page_python, lang):
    """Issue 52: a hand-written tally's unknown entry (`markr:`) was refused with the tally's own
    keys as the expectation ("one of: marker, name, nobles, towers"); `pnp score` keeps them
    (file writers use them), the page marks the entry's row for the form to name its rows."""
    example = yaml.safe_load((ROOT / "examples" / "scores" / "san-gimignano-rulebook.yaml").read_text(encoding="utf-8"))
    example["players"][0]["markr"] = example["players"][0].pop("marker")
    answer = json.loads(page_python.run("san-gimignano", json.dumps(example),
                                        json.dumps(runtime.facts_json(project.games["san-gimignano"])),
                                        json.dumps(runtime.catalogue_json(ROOT, lang)), lang))
    assert not answer["ok"] and len(answer["problems"]) == 1, answer
    problem = answer["problems"][0]
    assert problem["field"] == "players[0]" and problem.get("rows") is True, problem
    assert not re.search(r"\b(marker|nobles|towers)\b", problem["message"]), problem["message"]
    # the rows the page names there: the form's own labels in the page's language
    spec = form_spec(project.games["san-gimignano"], lang, Translator(ROOT, lang))
    rows = [f[1] for f in _field(spec, "players")[2]["spec"]["item"]["fields"]]
    assert "marker" not in rows and len(rows) == 4, rows
