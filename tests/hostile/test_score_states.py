"""Score states that cannot happen are refused (issue 13 item 8, issue 16 "scoring state
checks"), with strict types, the component lists' bounds and one error for the wrong game; and
1,000+ fuzzed states never raise anything but DataError."""
from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest
import yaml

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
    assert problems == ["<answers>: game: these are the scores of 'taverna', not of 'san-gimignano' "
                        "(expected the scores of a game of san-gimignano)"]


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

# Seeded, not hypothesis: hypothesis also draws from the constants of every module the process
# has loaded, so the states changed with the tests an xdist worker ran first (as test_fuzz.py).
EDGE_INTEGERS = [0, 1, -1, 2, 3, 7, 12, 13, 99, 2 ** 31, -2 ** 31, 2 ** 63, 10 ** 12, -10 ** 12]
EDGE_FLOATS = [0.0, -0.0, 0.5, 1.0, 7.0, -3.5, 1e308, float("inf"), float("-inf"), float("nan")]
CHARACTERS = "ab7 -_\t\n\u00e9\u65e5\u200b\U0001f600\x00\x1b\ufffd:{}[]'\"<>&"
STATES = 1200


def junk(rng: random.Random):
    """A value of a kind a state file can hold, edge values often (none, booleans, integers,
    floats with nan and inf, texts, lists and mappings)."""
    kind = rng.randrange(7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice(EDGE_INTEGERS) if rng.random() < 0.5 else rng.randint(-10 ** 12, 10 ** 12)
    if kind == 3:
        return rng.choice(EDGE_FLOATS) if rng.random() < 0.5 else rng.uniform(-1e6, 1e6)
    if kind == 4:
        return "".join(rng.choice(CHARACTERS) for _ in range(rng.randrange(21)))
    if kind == 5:
        return [rng.randint(-3, 12) for _ in range(rng.randrange(7))]
    return {"".join(rng.choice(CHARACTERS) for _ in range(rng.randrange(6))): rng.choice(EDGE_INTEGERS)
            for _ in range(rng.randrange(4))}


def mutated_state(rng: random.Random) -> tuple[str, object]:
    """(game asked, state): a rulebook example with one to three values replaced or deleted,
    scored as its own game or as another."""
    game = rng.choice(sorted(EXAMPLES))
    data = copy.deepcopy(EXAMPLES[game])
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in node_paths(data) if p]
        if not paths:          # everything was deleted already: an empty state is a case too
            break
        path = rng.choice(paths)
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        if rng.random() < 0.5 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = junk(rng)
        if not isinstance(data, dict):
            break
    return rng.choice([game, *sorted(EXAMPLES)]), data


def test_fuzzed_states_are_scored_or_refused():
    rng = random.Random("score states")     # a text seed: the same states in every process
    wrong = []
    for _ in range(STATES):
        game, data = mutated_state(rng)
        try:
            score(game, data)
        except DataError as exc:
            if not (exc.problems and all(str(p).startswith("<answers>") for p in exc.problems)):
                wrong.append(f"{game}: {data!r:.300} -> {[str(p) for p in exc.problems]}")
        except Exception as exc:  # noqa: BLE001 - what the test counts
            wrong.append(f"{game}: {data!r:.300} -> {type(exc).__name__}: {exc}")
    assert not wrong, f"{len(wrong)} of {STATES} states went wrong:\n" + "\n".join(wrong[:10])
