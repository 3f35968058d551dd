"""Tournay scoring against a fixture deck that follows the cards/tournay/ data contract;
expected numbers worked out by hand from the rulebook (seeds/000, 002, 003)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from datafile.errors import DataError
from scoring.api import score_data, score_file
from scoring.tournay import cards_from_deck_file
from tests.conftest import pnp

HERE = Path(__file__).resolve().parent
CARDS = cards_from_deck_file(HERE / "fixtures" / "tournay-cards.yaml")


def state(*players) -> dict:
    return {"game": "tournay", "players": [{"name": n, **p} for n, p in zip("AB", players)]}


def score(data):
    return score_data("tournay", data, cards=CARDS)


def test_rulebook_prestige_table_line_by_line():
    r = score_file("tournay", HERE / "fixtures" / "tournay-rulebook.yaml", cards=CARDS)
    m, n = r.player("Madeline"), r.player("Nell")
    # Saint-Brice 1×4 / 2×2, Belfry 1×2 / 2×4, Porte de la Vigne 4×2 / 1×2, Mint 1×1 / 3×2
    assert [(m.points(k), n.points(k)) for k in ("prestige:saint-brice", "prestige:belfry",
                                                  "prestige:porte-de-la-vigne", "prestige:mint")] == \
        [(4, 4), (2, 8), (8, 2), (1, 6)]
    # printed points: Madeline market 1 + chapel 1 + barracks 0 + 2 prestige (0) + barracks 0 (covered)
    # + guard 2 = 4; Nell weaver 2 + bishop 2 + smithy 1 + bank 3 + chapel 1 + smithy 1 = 10
    assert (m.points("printed"), n.points("printed")) == (4, 10)
    assert (m.points("ramparts"), n.points("ramparts")) == (1, 2)
    assert (m.total, n.total) == (4 + 2 + 8 + 1 + 4 + 1, 4 + 8 + 2 + 6 + 10 + 2)
    assert r.winners == ["Nell"]


def test_covered_cards_score_printed_points_but_do_not_count_as_visible():
    # a stack bank (3) under market (1): both printed points count, only the market is visible
    r = score(state({"district": [[["y-bank", "y-market"], "w-chapel", "r-smithy"], ["belfry"]]}, {}))
    a = r.player("A")
    assert a.points("printed") == 3 + 1 + 1 + 1
    assert a.points("prestige:belfry") == 1 * 4           # one visible yellow/white/red set, builder


def test_covered_prestige_building_neither_scores_nor_builds():
    r = score(state({"district": [[["mint", "y-market"]]], "deniers": 8}, {"deniers": 8}))
    assert "prestige:mint" not in [line.category.key for line in r.player("A").lines]


def test_cap_of_12_per_building():
    # Mint: 40 deniers = 10 × 4 -> builder 10 × 2 = 20, capped at 12; the other 8 deniers -> 2 × 1
    r = score(state({"district": [["mint"]], "deniers": 40}, {"deniers": 8}))
    assert r.player("A").points("prestige:mint") == 12
    assert r.player("B").points("prestige:mint") == 2
    assert "capped" in r.player("A").line("prestige:mint").detail


def test_same_named_buildings_score_once():
    # both built La Madeleine (2 per visible prestige building for builders); each district has
    # 1 visible prestige building -> 1 × 2 each, once (not twice)
    r = score(state({"district": [["la-madeleine"]]}, {"district": [["la-madeleine"]]}))
    assert r.player("A").points("prestige:la-madeleine") == 2
    assert r.player("B").points("prestige:la-madeleine") == 2
    assert r.player("A").total == 2


def test_other_counts():
    a = {"district": [["cathedral", "tour-henry-viii", "saint-nicolas"], ["tour-d-arras", "y-weaver", "y-market"]],
         "citizens": {"yellow": 3, "white": 2, "red": 5}, "ramparts": 3}
    b = {"district": [["w-chapel", "r-guard"]], "citizens": {"yellow": 1, "white": 1, "red": 1}, "ramparts": 1}
    r = score(state(a, b))
    assert r.player("A").points("prestige:cathedral") == 8 and r.player("B").points("prestige:cathedral") == 0
    assert r.player("A").points("prestige:tour-henry-viii") == 6   # 3 ramparts × 2
    assert r.player("B").points("prestige:tour-henry-viii") == 1   # 1 × 1
    assert r.player("A").points("prestige:saint-nicolas") == 6     # 2 sets (min 3, 2, 5) × 3
    assert r.player("B").points("prestige:saint-nicolas") == 1     # 1 set × 1
    assert r.player("A").points("prestige:tour-d-arras") == 2      # 1 yellow building (the weaver is a character) × 2
    assert r.player("B").points("prestige:tour-d-arras") == 1      # 1 white building × 1


def test_tie_is_shared():
    r = score(state({"ramparts": 2}, {"ramparts": 2}))
    assert sorted(r.winners) == ["A", "B"]


@pytest.mark.parametrize("data, message", [
    (state({"district": [["w-chapel"], ["w-chapel"], ["w-chapel"], ["w-chapel"]]}, {}), "4 rows"),
    (state({"district": [["w-chapel", "y-market", "r-smithy", "r-smithy"]]}, {}), "4 places"),
    (state({"district": [[["y-market", "w-chapel"]]]}, {}), "mixing"),
    (state({"district": [["mint"]]}, {"district": [["mint", "mint"]]}), "second prestige building"),
    (state({"district": [["y-markt"]]}, {}), "did you mean 'y-market'"),
    (state({"district": [["belfry"]]}, {"district": [["belfry"]]}), "used 2 times"),
    (state({"district": [["r-crier"]]}, {}), "Town Crier"),
    ({"game": "tournay", "players": [{"name": "A"}]}, "2 to 4 players"),
])
def test_impossible_states(data, message):
    with pytest.raises(DataError) as err:
        score(data)
    assert message in str(err.value)


@pytest.mark.parametrize("players, most", [(2, 7), (3, 9), (4, 11)])
def test_the_citizens_of_a_colour_are_those_in_play(players, most):
    """Seed 000: 2 citizens of each colour per player and 3 on the supply (the advanced game: 1 each
    and players + 3 on the supply); cards take them from the supply only. 11 red citizens in a
    2-player game were accepted, and scored by Porte de la Vigne."""
    def data(red: int) -> dict:
        first = min(red, 11)
        return {"game": "tournay", "players": [
            {"name": f"P{i}", "citizens": {"red": [first, red - first][i] if i < 2 else 0}} for i in range(players)]}
    score(data(most))
    with pytest.raises(DataError) as err:
        score(data(most + 1))
    assert f"{most + 1} red citizens in all" in str(err.value)


ROOT = HERE.parents[1]


@pytest.mark.skipif(not (ROOT / "cards" / "tournay" / "game.yaml").exists(), reason="no cards/tournay yet")
def test_rulebook_example_with_the_real_cards():
    from tests.conftest import game_facts
    r = score_file("tournay", ROOT / "examples" / "scores" / "tournay-rulebook.yaml", **game_facts("tournay"))
    m, n = r.player("Madeline"), r.player("Nell")
    assert [(m.points(k), n.points(k)) for k in ("prestige:saint-brice", "prestige:belfry",
                                                  "prestige:porte-de-la-vigne", "prestige:mint")] == \
        [(4, 4), (2, 8), (8, 2), (1, 6)]
    assert [line.category.key for line in m.lines][:4] == ["prestige:saint-brice", "prestige:porte-de-la-vigne",
                                                            "prestige:belfry", "prestige:mint"]



@pytest.mark.skipif(not (ROOT / "cards" / "tournay" / "game.yaml").exists(), reason="no cards/tournay yet")
@pytest.mark.parametrize("lang, shown", [("en", "'Fort I'"), ("fr", "«\u00a0Fort I\u00a0»"), ("ja", "「砦Ⅰ」")])
def test_a_card_used_too_often_is_named_with_its_level(tmp_path, lang, shown):
    """Levels I and II both have a Fort: the refusal names the card as the page's picker does."""
    data = yaml.safe_load((ROOT / "examples" / "scores" / "tournay-rulebook.yaml").read_text(encoding="utf-8"))
    data["players"][0]["district"] = [["red-1-fort-a", "red-1-fort-a", "red-2-fort-a"]]
    state = tmp_path / "state.yaml"
    state.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = pnp("score", "tournay", str(state), "--lang", lang)
    assert result.exit_code == 1
    assert shown in result.output.splitlines()[0], result.output


@pytest.mark.skipif(not (ROOT / "cards" / "tournay" / "game.yaml").exists(), reason="no cards/tournay yet")
def test_a_deck_holds_three_of_its_six_interchangeable_cards():
    """Seed 002, "Expansion": the 3 base cards marked for the swap give way to the 3 expansion
    cards, or the 6 are shuffled and 3 drawn, so no more than 3 of them are ever in play."""
    from tests.conftest import game_facts
    facts = game_facts("tournay")
    three = ["yellow-1-councillor", "yellow-1-farmhouse", "expansion-yellow-1-inn"]
    score_data("tournay", state({"district": [[three]]}, {}), **facts)
    with pytest.raises(DataError) as err:
        score_data("tournay", state({"district": [[three + ["yellow-1-quarry"]]]}, {}), **facts)
    assert "4 yellow level I cards of the expansion" in str(err.value)
