"""San Gimignano scoring, expected numbers worked out by hand from the rulesheet (seeds/001)."""
from __future__ import annotations

from pathlib import Path

import pytest

from datafile.errors import DataError
from scoring.api import score_data, score_file

ROOT = Path(__file__).resolve().parents[2]


def two(a: dict, b: dict, **extra) -> dict:
    return {"game": "san-gimignano", "players": [{"name": "A", **a}, {"name": "B", **b}], **extra}


def tower(*floors, done=False):
    return {"floors": list(floors), "completed": done}


def test_rulebook_example_line_by_line():
    result = score_file("san-gimignano", ROOT / "examples/scores/san-gimignano-rulebook.yaml")
    adso, william = result.player("Adso"), result.player("William")
    # rulesheet: Adso 15 + 0 + 33 + 5 + 10 = 63; William 20 + 6 + 7 + 33 + 0 = 66
    assert [line.points for line in adso.lines] == [15, 0, 33, 5, 10]
    assert [line.points for line in william.lines] == [20, 6, 7, 33, 0]
    assert (adso.total, william.total) == (63, 66)
    assert result.winners == ["William"] and (william.rank, adso.rank) == (1, 2)


def test_each_category():
    r = score_data("san-gimignano", two(
        {"towers": [tower(7, 7, 7, 7, done=True), tower(9, 9, 9), tower(5, 6, 7)], "marker": True},
        {"towers": [tower(9, 9, 9, 9, done=True), tower(6, 7, 8, done=True), tower(8, 9, 10, done=True)]}))
    a, b = r.player("A"), r.player("B")
    assert a.points("completed") == 5 and b.points("completed") == 15        # 1×5, 3×5
    assert a.points("blessing") == 8 and b.points("blessing") == 0           # 4 floors × 2; coloured 7s do not count
    assert a.points("uniform") == 7 and b.points("uniform") == 9             # A's 7 alone; B's 9 (4) beats A's 9 (3)
    assert a.points("coloured") == 3 and b.points("coloured") == 12          # 1 × 3; 2 × (3 + 3)
    assert a.points("tallest") == 10 and b.points("tallest") == 0
    assert a.total == 5 + 8 + 7 + 3 + 10 and b.total == 15 + 9 + 12


def test_uniform_tie_both_score_the_rank():
    r = score_data("san-gimignano", two({"towers": [tower(8, 8, 8)], "marker": True}, {"towers": [tower(8, 8, 8)]}))
    assert r.player("A").points("uniform") == 8 and r.player("B").points("uniform") == 8


def test_only_tallest_tower_of_a_rank_counts_once():
    # two uniform 10 towers of A still score 10 once (rank points, not per tower)
    r = score_data("san-gimignano", two({"towers": [tower(10, 10, 10), tower(10, 10, 10, 10)], "marker": True}, {}))
    assert r.player("A").points("uniform") == 10


def test_total_tie_goes_to_the_marker_holder():
    # A: uniform 6 (6) + marker 10 = 16; B: completed uniform 8 (5 + 8) + coloured 1 × 3 = 16
    r = score_data("san-gimignano", two(
        {"towers": [tower(6, 6, 6)], "marker": True},
        {"towers": [tower(8, 8, 8, done=True), tower(5, 6, 7)]}))
    assert r.player("A").total == 16 == r.player("B").total
    assert r.winners == ["A"] and "marker" in r.tie_break


def test_total_tie_without_marker_is_shared():
    # the first tower built takes the marker, so only a game without towers has no holder
    r = score_data("san-gimignano", two({}, {}))
    assert sorted(r.winners) == ["A", "B"] and r.player("A").rank == r.player("B").rank == 1


def test_buona_pietra_counts_as_its_rank():
    bp = {"buona_pietra": 7}
    r = score_data("san-gimignano", two(
        {"towers": [tower(7, 7, bp)], "nobles": ["monumento"]},
        {"towers": [tower(5, 6, 8, bp)], "nobles": ["cappella"], "marker": True}))   # 5-6-7-8 coloured
    a, b = r.player("A"), r.player("B")
    assert a.points("blessing") == 6        # 3 floors × 2
    assert b.points("coloured") == 4        # 1 × 4
    assert a.points("monumento") == 7
    assert b.points("cappella") == 0        # no tower of 5+ floors
    r = score_data("san-gimignano", two({"towers": [tower(5, 6, 7, 8, 9), tower(9, 9, 9, 9, 9)],
                                          "nobles": ["cappella"], "marker": True}, {}))
    assert r.player("A").points("cappella") == 10   # two towers of 5 floors × 5


def test_multi_deal_cumulative_with_close_penalty():
    deal1 = {"closed_by": "A", "players": [
        {"name": "A", "towers": [tower(5, 5, 5, done=True), tower(6, 6, 6, done=True),
                                 tower(8, 8, 8, done=True), tower(9, 9, 9, done=True)]},
        {"name": "B", "towers": [tower(10, 10, 10)], "marker": True}]}
    deal2 = {"players": [{"name": "A", "towers": [tower(8, 8, 8)], "marker": True}, {"name": "B", "towers": []}]}
    state = {"game": "san-gimignano", "close_penalty": True, "deals": [deal1, deal2]}
    # deal 1: A 4 × 5 + (5 + 6 + 8 + 9) = 48; B 10 + marker 10 = 20 -> A closed and won: no penalty
    # deal 2: A 8 + marker 10; B 0.  Totals: A 66, B 20
    r = score_data("san-gimignano", state)
    assert (r.player("A").total, r.player("B").total) == (66, 20) and r.winners == ["A"]
    assert r.player("A").points("close-penalty") == 0
    # B adds a coloured 5..10 tower and taller uniform 9 and 8 towers (4 floors each):
    # deal 1: A 20 + 5 + 6 = 31; B 10 + 9 + 8 + 1 × 6 + 10 = 43 -> A closed and lost: -10
    deal1["players"][1]["towers"] += [tower(5, 6, 7, 8, 9, 10), tower(9, 9, 9, 9), tower(8, 8, 8, 8)]
    r = score_data("san-gimignano", state)
    assert r.player("A").points("close-penalty") == -10
    assert (r.player("A").total, r.player("B").total) == (31 + 18 - 10, 43)
    state["close_penalty"] = False          # the penalty is optional
    assert score_data("san-gimignano", state).player("A").total == 31 + 18


@pytest.mark.parametrize("players, message", [
    (two({"towers": [tower(8, 9, 9)]}, {}), "neither one rank nor consecutive"),
    (two({"towers": [tower(5, 7, 8)]}, {}), "neither one rank nor consecutive"),
    (two({"towers": [tower(8, 8)]}, {}), "at least 3 floors"),
    (two({"towers": [tower(5, 5, 5), tower(5, 5, 5)]}, {}), "6 cards of rank 5"),
    (two({"marker": True}, {"marker": True}), "more than one player holds"),
    # « il prend immédiatement le marqueur »: the first tower built takes it, and it stays in play
    (two({"towers": [tower(8, 8, 8)]}, {"towers": [tower(5, 6, 7)]}), "nobody holds the tallest-tower marker"),
    ({"game": "san-gimignano", "deals": [{"players": [{"name": "A", "towers": [tower(8, 8, 8)], "marker": True},
                                                      {"name": "B"}]},
                                         {"players": [{"name": "A"}, {"name": "B", "towers": [tower(9, 9, 9)]}]}]},
     "nobody holds the tallest-tower marker"),
    (two({"nobles": ["monumento"]}, {"nobles": ["monumento"]}), "played by A already"),
    (two({"towers": [tower(4, 5, 6)]}, {}), "no tower card of rank 4"),
    (two({"towers": [tower(*[{"buona_pietra": 6}] * 4)]}, {}), "4 Buona Pietra"),
    ({"game": "san-gimignano", "players": [{"name": "A"}]}, "exactly 2 players"),
    ({"game": "san-gimignano", "deals": [{"closed_by": "A", "players": [
        {"name": "A", "towers": [tower(5, 5, 5, done=True)]}, {"name": "B"}]}]}, "at least 4 completed"),
])
def test_impossible_states(players, message):
    with pytest.raises(DataError) as err:
        score_data("san-gimignano", players)
    assert message in str(err.value)
