"""Score states that cannot happen are refused (issue 13 item 8, issue 16 "scoring state
checks"), with strict types, the component lists' bounds and one error for the wrong game; and
1,000+ fuzzed states never raise anything but DataError."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring.tournay as tournay_module
from datafile.errors import DataError
from scoring.api import score_data
from tests.conftest import game_facts, pnp
from tests.hostile.fuzzing import node_paths

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {game: yaml.safe_load((ROOT / "examples" / "scores" / f"{game}-rulebook.yaml").read_text())
            for game in ("san-gimignano", "tournay", "taverna")}
FACTS = {game: game_facts(game) for game in ("tournay", "taverna")}


def score(game: str, data: dict):
    return score_data(game, data, **FACTS.get(game, {}))


def refused(game: str, data: dict) -> list[str]:
    with pytest.raises(DataError) as exc:
        score(game, data)
    return [str(p) for p in exc.value.problems]


def sg(a: dict, b: dict) -> dict:
    return {"game": "san-gimignano", "players": [{"name": "A", **a}, {"name": "B", **b}]}


# ---------------------------------------------------------------- strict types

@pytest.mark.parametrize("value", [True, "7", 7.0, None])
def test_a_count_must_be_an_integer(value):
    data = copy.deepcopy(EXAMPLES["tournay"])
    data["players"][0]["deniers"] = value
    assert any("players[0].deniers" in p for p in refused("tournay", data))


def test_a_flag_must_be_a_boolean():
    problems = refused("san-gimignano", sg({"marker": 1, "towers": [{"floors": [7, 7, 7]}]}, {}))
    assert any("players[0].marker" in p for p in problems)


def test_a_state_of_another_game_is_one_problem():
    problems = refused("san-gimignano", EXAMPLES["taverna"])
    assert problems == ["<answers>: game: this is a 'taverna' state, not a 'san-gimignano' one "
                        "(expected `pnp score taverna FILE`, or game: san-gimignano)"]


# ---------------------------------------------------------------- San Gimignano (rulesheet, seeds/001)

@pytest.mark.parametrize("floors", [[{"buona_pietra": 4}, 5, 6], [8, 9, 10, {"buona_pietra": 11}],
                                    [{"buona_pietra": 4}, 5, 6, 7, 8, 9, 10, {"buona_pietra": 11}]])
def test_buona_pietra_extends_a_coloured_tower_beyond_5_and_10(floors):
    # "Dans une tour colorée, vous pouvez jouer cette carte en dessous de 10 ou au-dessus de 5"
    result = score("san-gimignano", sg({"marker": True, "towers": [{"floors": floors}]}, {}))
    assert result.player("A").points("coloured") == len(floors)


def test_buona_pietra_4_or_11_is_no_uniform_tower():
    problems = refused("san-gimignano", sg({"towers": [{"floors": [{"buona_pietra": 11}] * 3}]}, {}))
    assert any("uniform tower of Buona Pietra standing for 11" in p for p in problems)


def test_a_taller_tower_than_the_marker_holders_is_refused():
    problems = refused("san-gimignano", sg({"marker": True, "towers": [{"floors": [8, 8, 8]}]},
                                           {"towers": [{"floors": [9, 9, 9, 9]}]}))
    assert any("players[1].towers" in p and "taller than any of A" in p for p in problems)


def test_equal_heights_and_a_conspiration_leave_the_marker_where_it_is():
    assert score("san-gimignano", sg({"marker": True, "towers": [{"floors": [8, 8, 8, 8]}]},
                                     {"towers": [{"floors": [9, 9, 9, 9]}]}))
    # a uniform tower of 10 may have destroyed the holder's tallest tower
    assert score("san-gimignano", sg({"marker": True, "towers": [{"floors": [8, 8, 8]}]},
                                     {"towers": [{"floors": [10, 10, 10, 10]}]}))


# ---------------------------------------------------------------- Tournay (rulebook contents)

@pytest.mark.parametrize("card, what", [("battle-of-cassel", "an event card"), ("plaza-blue", "a Plaza card")])
def test_events_and_plazas_are_not_built(card, what):
    cards = FACTS["tournay"]["cards"]
    card = card if card in cards else next(c for c, info in cards.items() if info.deck == ("events" if "event" in what
                                                                                         else "plazas"))
    data = copy.deepcopy(EXAMPLES["tournay"])
    data["players"][0]["district"][0][0] = card
    assert any(f"'{card}' is {what}" in p for p in refused("tournay", data))


def test_citizens_and_ramparts_are_bounded_by_the_box():
    data = copy.deepcopy(EXAMPLES["tournay"])
    data["players"][0]["citizens"]["red"] = 8
    data["players"][1]["citizens"]["red"] = 8
    data["players"][0]["ramparts"] = data["players"][1]["ramparts"] = 8
    problems = refused("tournay", data)
    assert any("16 red citizens in all" in p for p in problems) and any("16 ramparts in all" in p for p in problems)
    data["players"][0]["ramparts"] = 10 ** 9
    assert any("players[0].ramparts" in p for p in refused("tournay", data))


def test_the_docstring_example_uses_real_card_ids():
    example = re.search(r"players:.*?\n\n", tournay_module.__doc__, re.S).group(0)
    ids = set(re.findall(r"\b[a-z]+-\d-[a-z-]+[a-z]", example))
    assert ids and ids <= set(FACTS["tournay"]["cards"]), ids - set(FACTS["tournay"]["cards"])


# ---------------------------------------------------------------- Taverna (component list)

@pytest.mark.parametrize("field, values, message", [
    ("royal_favours", (9, 9, 0), "18 royal favour tiles in all"),
    ("spells_cast", (20, 20, 0), "40 spell cards held or cast in all"),
    ("privileges", (9, 9, 0), "18 privilege tokens in all"),
])
def test_taverna_counts_are_bounded_by_the_box(field, values, message):
    data = copy.deepcopy(EXAMPLES["taverna"])
    for player, value in zip(data["players"], values):
        player[field] = value
        player.pop("fireworks_cast", None)
        player.pop("unused_spells", None)
    assert any(message in p for p in refused("taverna", data))


def test_one_player_cannot_hold_more_than_the_box():
    data = copy.deepcopy(EXAMPLES["taverna"])
    data["players"][1]["unused_spells"] = 30
    problems = refused("taverna", data)
    assert any("players[1].spells_cast" in p and "spells held or cast" in p for p in problems)
    data["players"][0]["royal_favours"] = 16
    assert any("players[0].royal_favours" in p for p in refused("taverna", data))


# ---------------------------------------------------------------- messages in the language asked

@pytest.mark.parametrize("lang, words", [("fr", "n'est pas une carte d'activité"), ("de", "keine Aktivitätskarte"),
                                         ("ja", "活動カードではありません"), ("en", "is not an activity card")])
def test_refusals_are_in_the_language_asked(tmp_path, lang, words):
    data = copy.deepcopy(EXAMPLES["tournay"])
    data["players"][0]["district"][0][0] = "plaza-x"
    cards = FACTS["tournay"]["cards"]
    data["players"][0]["district"][0][0] = next(c for c, info in cards.items() if info.deck == "plazas")
    state = tmp_path / "state.yaml"
    state.write_text(yaml.safe_dump(data))
    result = pnp("score", "tournay", str(state), "--lang", lang)
    assert result.exit_code == 1
    text = result.output.replace("「", "").replace("」", "").replace("« ", "").replace(" »", "")
    assert words in text or words.replace("an activity card", "a Plaza card") in text or \
        {"fr": "est une carte Place", "de": "ist eine Platzkarte", "ja": "は広場カードです",
         "en": "is a Plaza card"}[lang] in text, result.output


# ---------------------------------------------------------------- fuzzed states

JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12), st.floats(allow_nan=True),
                 st.text(max_size=20), st.lists(st.integers(-3, 12), max_size=6),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))


@st.composite
def mutated_state(draw):
    game = draw(st.sampled_from(sorted(EXAMPLES)))
    data = copy.deepcopy(EXAMPLES[game])
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in node_paths(data) if p]
        if not paths:          # everything was deleted already: an empty state is a case too
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JUNK)
        if not isinstance(data, dict):
            break
    return draw(st.sampled_from([game, *sorted(EXAMPLES)])), data


@pytest.mark.slow      # 1,200 states
@settings(max_examples=1200, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(mutated_state())
def test_fuzzed_states_are_scored_or_refused(case):
    game, data = case
    try:
        score(game, data)
    except DataError as exc:
        assert exc.problems and all(str(p).startswith("<answers>") for p in exc.problems)
