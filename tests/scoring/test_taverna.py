"""Taverna end-game scoring; expected numbers worked out by hand from the rulebook (seeds/004)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from datafile.errors import DataError
from scoring.api import score_data, score_file
from tests.conftest import pnp

ROOT = Path(__file__).resolve().parents[2]
LOW = {"human": -3, "elf": -3, "dwarf": -3, "orc": -3}


def player(name, **kw):
    return {"name": name, "tracks": dict(LOW, **kw.pop("tracks", {})), **kw}


def test_rulebook_example():
    r = score_file("taverna", ROOT / "examples/scores/taverna-rulebook.yaml")
    karl, fred, etienne = r.player("Karl"), r.player("Fred"), r.player("Etienne")
    # Karl: Roy 5 + humans 10 + elves 4 (2 -> 4) - dwarves 1 (-3 -> -1) + orcs 0 (-1 -> 0) = 18
    assert karl.points("roy") == 5 and karl.total == 18
    assert [karl.points(t) for t in ("human", "elf", "dwarf", "orc")] == [10, 4, -1, 0]
    # Fred: Grand Argentier 9 (10 sous) + orcs 2 + dwarves 2 + 1 privilege = 14
    assert fred.points("grand-argentier") == 9 and fred.points("privileges") == 1 and fred.total == 14
    # Etienne: Archiduc 12 (4 titles) + humans 4 + dwarves 2 + orcs 1 = 19
    assert etienne.points("archiduc") == 12 and etienne.total == 19
    # order: Karl first on the elves; Fred and Etienne tie on elves and dwarves, Fred higher on orcs
    assert "Karl, Fred, Etienne" in r.notes[0]
    assert r.winners == ["Etienne"]


def test_ladders():
    def one(**kw):
        return score_data("taverna", {"game": "taverna", "elected": "human", "players": [
            player("A", scorings=[kw.pop("s")], **kw), player("B", scorings=["roy"]), player("C", scorings=["reine"])
        ]}).player("A")
    assert one(s="grand-argentier", sous=5).points("grand-argentier") == 3      # 0..5 -> 3
    assert one(s="grand-argentier", sous=5, unused_spells=1).points("grand-argentier") == 6   # 6 sous -> 6
    assert one(s="grand-argentier", sous=15).points("grand-argentier") == 15
    assert one(s="archiduc", property_titles=1).points("archiduc") == 3
    assert one(s="archiduc", property_titles=5).points("archiduc") == 15
    assert one(s="archimage", spells_cast=1).points("archimage") == 3
    # 3 cast of which 1 Feu d'artifice counts as 4 -> 12
    assert one(s="archimage", spells_cast=3, fireworks_cast=1).points("archimage") == 12
    b = score_data("taverna", {"game": "taverna", "elected": "human", "players": [
        player("A", scorings=["reine"], royal_favours=1), player("B", scorings=["roy"]),
        player("C", scorings=["archiduc"])]})
    assert b.player("A").points("reine") == 3            # 0 or 1 favour -> 3
    assert b.player("A").points("privileges") == 0


def test_people_track_values():
    r = score_data("taverna", {"game": "taverna", "elected": "human", "players": [
        player("A", tracks={"human": 7, "elf": 4, "dwarf": 1, "orc": 0}, scorings=["reine"]),
        player("B", tracks={"human": 10, "elf": -1, "dwarf": 2}, scorings=["archiduc"]),
        player("C", scorings=["archimage"])]})
    assert r.player("A").total == 3 + 7 + 4 + 1 + 0           # Reine 3 (no favours)
    assert r.player("B").total == 3 + 10 - 1 + 2 - 3           # Archiduc 3 (1 title)
    assert r.player("C").total == 3 - 12                       # Archimage 3, four tracks at -3


def test_roy_cannot_take_an_occupied_top_step():
    r = score_data("taverna", {"game": "taverna", "elected": "elf", "players": [
        player("A", tracks={"elf": 7, "human": 7}, scorings=["roy"]),
        player("B", tracks={"human": 10}, scorings=["reine"]), player("C", scorings=["archiduc"])]})
    a = r.player("A")
    # human stays 7 (B holds the top step), elf 7 -> 10 (free), dwarf and orc -3 -> -1
    assert [a.points(t) for t in ("human", "elf", "dwarf", "orc")] == [7, 10, -1, -1]


def test_order_ties_wrap_around_to_the_human_track():
    # elected: orcs; A and B tie on orcs, the next track to the right wraps to the humans
    r = score_data("taverna", {"game": "taverna", "elected": "orc", "players": [
        player("A", tracks={"orc": 2, "human": 0}), player("B", tracks={"orc": 2, "human": 1}),
        player("C", tracks={"orc": 4})]})
    assert "royal scoring order: C, B, A" in r.notes


def test_proposals_when_no_choice_is_given():
    r = score_data("taverna", {"game": "taverna", "elected": "human", "players": [
        player("A", tracks={"human": 2}, sous=18), player("B", sous=17, property_titles=2),
        player("C", property_titles=4)]})
    # A first: Grand Argentier 15 beats Roy (5 + 4 steps worth 2 each = 13); B: Archiduc 6 vs Reine 3,
    # Archimage 3, Roy 5 + 8 = 13 -> Roy; C: Archiduc 12
    assert r.player("A").points("grand-argentier") == 15
    assert r.player("B").points("roy") == 5
    assert r.player("C").points("archiduc") == 12
    assert any("proposed" in note for note in r.notes)


def test_two_player_variant_two_scorings_each():
    data = {"game": "taverna", "elected": {"king": "elf", "queen": "dwarf"}, "players": [
        player("A", tracks={"elf": 4, "dwarf": -3}, sous=12, scorings=["grand-argentier", "archiduc"],
               property_titles=3),
        player("B", tracks={"elf": 1, "dwarf": 2}, spells_cast=5, royal_favours=4,
               scorings=["archimage", "reine"])]}
    r = score_data("taverna", data)
    # order: King's (elf) A then B; Queen's (dwarf) B then A
    assert "royal scoring order: A, B, B, A" in r.notes
    # A: Grand Argentier 12 + Archiduc 9 + elf 4 - 3 - 3 - 3 = 16
    assert r.player("A").total == 12 + 9 + 4 - 3 - 3 - 3
    # B: Archimage 15 + Reine 12 + elf 1 + dwarf 2 - 3 - 3 = 24
    assert r.player("B").total == 15 + 12 + 1 + 2 - 3 - 3


def test_ties_for_the_win():
    base = {"game": "taverna", "elected": "human", "players": [
        player("A", scorings=["reine"]), player("B", scorings=["archiduc"]), player("C", scorings=["archimage"])]}
    r = score_data("taverna", base)            # everyone 3 - 12 = -9
    assert sorted(r.winners) == ["A", "B", "C"]
    r = score_data("taverna", {**base, "tie_order": ["C", "A", "B"]})
    assert r.winners == ["C"] and "birthday" in r.tie_break


@pytest.mark.parametrize("change, message", [
    (lambda d: d["players"][0]["tracks"].update(human=3), "3 is not a step"),
    (lambda d: [p["tracks"].update(elf=10) for p in d["players"][:2]], "top step of the elf track"),
    (lambda d: d["players"][1].update(scorings=["reine"]), "reine is also chosen by A"),
    (lambda d: d["players"][0].update(fireworks_cast=2), "Feu d'artifice"),
    (lambda d: d.update(elected={"king": "elf", "queen": "orc"}), "only the two-player game"),
    (lambda d: d.update(tie_order=["A", "B"]), "not an order of the players"),
    (lambda d: d["players"][0].update(scorings=["roy", "reine"]), "1 per player"),
    (lambda d: d["players"].pop(), "a King's and a Queen's people"),
])
def test_impossible_states(change, message):
    data = {"game": "taverna", "elected": "human", "players": [
        player("A", scorings=["reine"]), player("B", scorings=["archiduc"]), player("C", scorings=["archimage"])]}
    change(data)
    with pytest.raises(DataError) as err:
        score_data("taverna", data)
    assert message in str(err.value)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "ja"])
@pytest.mark.parametrize("players, elected", [(2, "elf"), (3, {"king": "elf", "queen": "orc"})])
def test_the_elected_mismatch_says_what_to_choose_in_the_games_words(tmp_path, lang, players, elected):
    """The score page shows the same refusal as `pnp score`: what to choose, in the game's words,
    never a state file's syntax."""
    data = yaml.safe_load((ROOT / "examples" / "scores" / "taverna-rulebook.yaml").read_text(encoding="utf-8"))
    data["players"] = (data["players"] * 2)[:players]
    for i, player in enumerate(data["players"]):
        player["name"] = f"P{i}"
    data["elected"] = elected
    state = tmp_path / "state.yaml"
    state.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = pnp("score", "taverna", str(state), "--lang", lang)
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if ": elected: " in line)
    assert not any(mark in line for mark in ("{", "PEOPLE", "king:")), line
