"""`pnp score GAME` without a state file: each answer is checked as typed and asked again, the
questions speak --lang, choices are listed and card names are accepted in any case."""
from __future__ import annotations

import json
import re

import yaml

from tests.conftest import pnp


def _json(output: str) -> dict:
    # raw_decode: at the end of its input CliRunner echoes the last prompt (the review's) to stdout
    return json.JSONDecoder().raw_decode(output[output.index("{"):])[0]


def test_wrong_answers_are_asked_again_in_french(tmp_path):
    saved = tmp_path / "tally.yaml"
    answers = ["Ann", "x", "-1", "1", "7 7 11", "7 7 7", "peut-être", "o", "n", "foo", "",
               "Bob", "0", "", "PERSONNE", "ANN"]     # nobody said to hold the marker: asked who
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", "--save", str(saved),
                 input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "Nom du joueur 1" in err and "combien de tours" in err
    # "x" and "-1" refused, within the state model's bounds (Player.towers: at most 16)
    assert err.count("n’est pas un nombre entier de 0 à 16") == 2
    assert "«\u00a011\u00a0» n’est pas un rang de 5 à 10" in err
    assert "Répondez o ou n." in err
    assert "«\u00a0foo\u00a0» n’est pas l’un de\u00a0: monumento, cappella." in err
    # the choices are listed; Ann's tower took the marker, so "nobody" is not one of them
    assert "(Ann, Bob)" in err and "«\u00a0PERSONNE\u00a0» n’est pas l’un de\u00a0: Ann, Bob." in err
    assert {p["name"]: p["total"] for p in _json(result.output)["players"]} == {"Ann": 28, "Bob": 0}
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["players"][0]["towers"][0]["floors"] == [7, 7, 7]


def test_a_buona_pietra_may_extend_a_coloured_tower_beyond_5_and_10():
    """Rulesheet 001: « en dessous de 10 ou au-dessus de 5 »: B4 and B11, as a state file allows;
    the questions refused them."""
    answers = ["Ann", "1", "B3 5 6", "B4 5 6", "n", "y", "", "Bob", "0", ""]
    result = pnp("score", "san-gimignano", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("is not a rank from 5 to 10") == 1           # B3 only
    assert {p["name"]: p["total"] for p in _json(result.output)["players"]} == {"Ann": 1 * 3 + 10, "Bob": 0}


def test_tournay_asks_for_citizens_within_those_in_play():
    """2 players: 2 citizens of each colour each and 3 on the supply, 7 in all; the second player
    is asked within what the first left."""
    district = [""] * 9
    answers = ["2", "Ann", *district, "8", "7", "0", "0", "0", "0", "Bob", *district, "1", "0", "0", "0", "0", "0"]
    result = pnp("score", "tournay", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "'8' is not a whole number from 0 to 7." in result.stderr
    assert "'1' is not a whole number from 0 to 0." in result.stderr


def test_tournay_lists_cards_and_takes_names_in_any_case():
    empty_district = [""] * 9
    citizens_and_money = ["0"] * 5
    answers = (["2", "Ann", "cathÉdrale", "nothing-here", "?", *empty_district[1:], *citizens_and_money,
                "Bob", *empty_district, *citizens_and_money])
    result = pnp("score", "tournay", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Cartes (nom\u00a0: identifiant)" in result.stderr
    assert "«\u00a0nothing-here\u00a0» n’est pas une carte de Tournay" in result.stderr
    assert _json(result.output)["players"][0]["lines"][0]["points"] > 0     # the Cathédrale scored


def test_taverna_choices_in_japanese():
    player = ["0", "0", "", "0", "0", "0", "0", "0", "1", "0", "-3", "0", "0"]    # the pad's order
    answers = ["3", "ゴブリン", "エルフ", "A", *player, "B", *player, "C", *player, ""]
    result = pnp("score", "taverna", "--lang", "ja", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "プレイヤー人数" in result.stderr
    assert "「ゴブリン」は次のいずれでもありません" in result.stderr
    assert _json(result.output)["players"]


def test_an_impossible_tower_is_refused_as_it_is_typed_in_german():
    """`8 8` (two floors) was accepted, then the whole game refused after "save?"; `ja` was not a yes."""
    answers = ["Ann", "1", "8 8", "8 8 8", "ja", "ja", "", "Bob", "0", ""]
    result = pnp("score", "san-gimignano", "--lang", "de", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "Stockwerke dieses Turms: 2 (erwartet: mindestens 3 Stockwerke" in err   # refused at once, in German
    assert "Mit j oder n antworten" not in err                                           # "ja" is a yes
    lines = {line["category"]: line["points"] for line in _json(result.output)["players"][0]["lines"]}
    assert lines["Vollendete Türme"] == 5


def test_more_cards_of_a_rank_than_the_game_has_and_a_wrong_marker_are_refused_as_typed():
    answers = ["Ann", "2", "5 5 5", "n", "5 5 5", "5 5", "6 6 6", "n", "n", "", "Bob", "0", "", "Bob", "Ann"]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert err.count("6 cartes de rang 5 sont dans des tours") == 1                    # the 5 5 5 after 5 5 5
    assert "Ann a une tour de 3 étages, plus haute que toutes celles de Bob" in err     # Bob cannot hold the marker
    assert "Ann et Ann" not in err and _json(result.output)["winners"] == ["Ann"]


def test_the_same_name_twice_is_refused_as_typed():
    answers = ["Ann", "0", "", "Ann", "Bob", "0", ""]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "«\u00a0Ann\u00a0» est déjà le nom d’un autre joueur." in result.stderr


def test_answers_refused_as_a_whole_are_kept_in_a_file(tmp_path, monkeypatch):
    """Twenty royal favours between two players (the box has 15): the answers are saved, the
    problems point at that file's lines, in --lang, and the file scores once corrected."""
    monkeypatch.chdir(tmp_path)
    player = ["0", "0", "", "0", "0", "0", "0", "10", "1", "0", "0", "0", "0"]
    answers = ["2", "elfe", "nain", "Ann", *player, "Bob", *player, ""]
    result = pnp("score", "taverna", "--lang", "fr", input="\n".join(answers) + "\n")
    assert result.exit_code == 1
    saved = tmp_path / "taverna-answers.yaml"
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["players"][1]["royal_favours"] == 10
    err = result.stderr
    assert "enregistré dans taverna-answers.yaml" in err and "saved" not in err
    assert "Vos réponses sont dans taverna-answers.yaml" in err
    assert re.search(r"taverna-answers\.yaml:\d+: players: 20 ", err)
    again = pnp("score", "taverna", "--lang", "fr", input="\n".join(answers) + "\n")
    assert "taverna-answers-2.yaml" in again.stderr                                   # never overwritten
    saved.write_text(saved.read_text(encoding="utf-8").replace("royal_favours: 10", "royal_favours: 5"),
                     encoding="utf-8")
    assert pnp("score", "taverna", str(saved)).exit_code == 0


def test_stopping_midway_is_said_in_the_language_asked():
    result = pnp("score", "san-gimignano", "--lang", "de", input="Ann\n")
    assert result.exit_code == 1
    assert "Abgebrochen: nichts wurde gewertet." in result.stderr and "Aborted" not in result.output


class _Recorder:
    """A prompt that answers every question with its default (or the first choice) and notes the
    bounds of each number it was asked for."""

    def __init__(self):
        self.numbers: list[tuple[str, int | None, int | None]] = []

    def t(self, msgid, **values):
        return msgid.format(**values)

    def say(self, msgid, **values):
        pass

    def text(self, msgid, default=None, parse=None, **values):
        return parse(default) if parse and default is not None else (default or "A")

    def player_name(self, n, taken):
        return f"P{n}"

    def several(self, msgid, options, lower=False, **values):
        return []

    def integer(self, msgid, default=None, low=None, high=None, **values):
        self.numbers.append((msgid, low, high))
        return default if default is not None else low

    def confirm(self, msgid, **values):
        return False

    def choice(self, msgid, options, default=None, **values):
        return next(iter(options))


def test_every_number_asked_is_bounded_by_the_state_model():
    """The terminal asks within the bounds the state models declare (as the browser form reads
    them), so an answer it takes is never refused by the model afterwards."""
    import scoring.san_gimignano as sg
    import scoring.taverna as taverna
    import scoring.tournay as tournay
    from scoring.state import field_range
    expected = {
        sg: {"{name}: how many towers": field_range(sg.Player, "towers")[1:]},
        taverna: {"Number of players ({min}-{max})": (2, 5),
                  **{msgid: field_range(taverna.Player, field)[1:] for msgid, field in (
                      ("{name}: VP on the score track", "points"), ("{name}: sous", "sous"),
                      ("{name}: spells still in hand", "unused_spells"), ("{name}: spells cast", "spells_cast"),
                      ("{name}: royal favours owned (used or not)", "royal_favours"),
                      ("{name}: property titles", "property_titles"), ("{name}: privilege tokens", "privileges"))},
                  "{name}: of which Feu d'artifice": (0, 0)},   # at most the spells cast (0 here)
        tournay: {"Number of players ({min}-{max})": (2, 4),
                  # within the model's bounds and the citizens in play (2 players here, none taken yet)
                  "{name}: {colour} citizens owned": (field_range(tournay.Citizens, "red")[1],
                                                      min(field_range(tournay.Citizens, "red")[2],
                                                          tournay.citizens_in_play(2))),
                  "{name}: deniers": field_range(tournay.Player, "deniers")[1:],
                  "{name}: ramparts built": field_range(tournay.Player, "ramparts")[1:]},
    }
    for module, bounds in expected.items():
        prompt = _Recorder()
        module.ask(prompt)
        asked = {msgid: (low, high) for msgid, low, high in prompt.numbers}
        assert asked == bounds, module.__name__
        assert all(low is not None and high is not None for low, high in asked.values())


def test_going_back_one_question_and_reviewing_before_the_count(tmp_path):
    """`<` (or the up arrow) asks the last question again, earlier answers kept; every answer is
    listed before the count, and a question's number goes back to it."""
    saved = tmp_path / "tally.yaml"
    answers = ["Ann", "1", "8 8 8", "<",             # back from "completed?" to the tower: typed again
               "7 7 7", "o", "o", "", "Bob", "\x1b[A",    # the up arrow: Bob's name asked again
               "Bea", "0", "",
               "2",                                   # at the review: back to question 2 (how many towers)
               "1", "7 7 7", "o", "o", "", "Bea", "0", "", ""]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", "--save", str(saved),
                 input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert err.count("Vos réponses\u00a0:") == 2
    # the French colon after a no-break space, none after a question mark (« terminée ? o »)
    review = re.findall(r"^  (\d+)\. .*(?:\u00a0: |\? )(.*)$", err.rsplit("Vos réponses\u00a0:", 1)[1], re.M)
    assert [a for _n, a in review] == ["Ann", "1", "7 7 7", "o", "o", "", "Bea", "0", ""]
    assert {p["name"]: p["total"] for p in _json(result.output)["players"]} == {"Ann": 28, "Bea": 0}


def test_san_gimignano_asks_in_the_pads_order():
    """A player's column of the pad and of the form, top down: towers, the tallest-tower marker,
    the nobles (the marker was asked last, once both players were done)."""
    answers = ["Ann", "1", "7 7 7", "y", "y", "", "Bob", "1", "5 6 7", "n", ""]
    result = pnp("score", "san-gimignano", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    asked = [err.index(q) for q in ("Ann, tower 1: completed?", "Ann: holds the tallest-tower marker?",
                                    "Ann: scoring nobles played", "Bob: how many towers")]
    assert asked == sorted(asked)
    assert "Bob: holds the tallest-tower marker?" not in err and "Who holds" not in err   # one marker, held
    assert _json(result.output)["winners"] == ["Ann"]


def test_taverna_asks_a_player_in_the_state_models_order():
    """The order is declared once, by the Player model (the pad's): `pnp score` asks in it, as
    the score page's form lays it out (tests/site/test_calculator_words.py)."""
    from scoring.taverna import Player
    player = ["0", "0", "", "0", "0", "0", "0", "0", "1", "0", "-3", "0", "0"]
    answers = ["3", "elf", "A", *player, "B", *player, "C", *player, ""]
    result = pnp("score", "taverna", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    asked = {"points": "A: VP on the score track", "privileges": "A: privilege tokens",
             "scorings": "A: royal scorings chosen", "sous": "A: sous", "unused_spells": "A: spells still in hand",
             "spells_cast": "A: spells cast", "fireworks_cast": "A: of which Feu d'artifice",
             "royal_favours": "A: royal favours owned", "property_titles": "A: property titles",
             "tracks": "A: human track"}
    where = [result.stderr.index(asked[f]) for f in Player.model_fields if f != "name"]
    assert where == sorted(where)


def test_french_questions_end_as_french_writes_them():
    """click ended every question with ": " (« Ann : combien de tours: », « terminée ?: »); in French
    a colon follows a no-break space and a question mark needs none (issue 51, third reading)."""
    answers = ["Ann", "1", "7 7 7", "o", "o", "", "Bob", "0", "", ""]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "Ann\u00a0: combien de tours\u00a0: " in err and "terminée\u202f? " in err
    assert not re.search(r"\S: |\?:", err)
