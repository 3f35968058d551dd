"""`pnp score GAME` without a state file: each answer is checked as typed and asked again, the
questions speak --lang, choices are listed and card names are accepted in any case."""
from __future__ import annotations

import json
import re

import yaml

from tests.conftest import pnp


def _json(output: str) -> dict:
    return json.loads(output[output.index("{"):])


def test_wrong_answers_are_asked_again_in_french(tmp_path):
    saved = tmp_path / "tally.yaml"
    answers = ["Ann", "x", "-1", "1", "7 7 11", "7 7 7", "peut-être", "o", "foo", "",
               "Bob", "0", "", "PERSONNE"]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", "--save", str(saved),
                 input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "Nom du joueur 1" in err and "combien de tours" in err
    assert err.count("n’est pas un nombre entier de 0 à 20") == 2          # "x" and "-1" refused
    assert "« 11 » n’est pas un rang de 5 à 10" in err
    assert "Répondez o ou n." in err
    assert "« foo » n’est pas l’un de : monumento, cappella." in err
    assert "(Ann, Bob, personne)" in err                                   # the choices are listed
    assert {p["name"]: p["total"] for p in _json(result.output)["players"]} == {"Ann": 18, "Bob": 0}
    assert yaml.safe_load(saved.read_text(encoding="utf-8"))["players"][0]["towers"][0]["floors"] == [7, 7, 7]


def test_tournay_lists_cards_and_takes_names_in_any_case():
    empty_district = [""] * 9
    citizens_and_money = ["0"] * 5
    answers = (["2", "Ann", "cathÉdrale", "nothing-here", "?", *empty_district[1:], *citizens_and_money,
                "Bob", *empty_district, *citizens_and_money])
    result = pnp("score", "tournay", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Cartes (nom : identifiant)" in result.stderr
    assert "« nothing-here » n’est pas une carte de Tournay" in result.stderr
    assert _json(result.output)["players"][0]["lines"][0]["points"] > 0     # the Cathédrale scored


def test_taverna_choices_in_japanese():
    player = ["0", "0", "0", "0", "0", "0", "1", "0", "0", "-3", "0", "0", ""]
    answers = ["3", "ゴブリン", "エルフ", "A", *player, "B", *player, "C", *player, ""]
    result = pnp("score", "taverna", "--lang", "ja", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "プレイヤー人数" in result.stderr
    assert "「ゴブリン」は次のいずれでもありません" in result.stderr
    assert _json(result.output)["players"]


def test_an_impossible_tower_is_refused_as_it_is_typed_in_german():
    """`8 8` (two floors) was accepted, then the whole game refused after "save?"; `ja` was not a yes."""
    answers = ["Ann", "1", "8 8", "8 8 8", "ja", "", "Bob", "0", "", "Ann"]
    result = pnp("score", "san-gimignano", "--lang", "de", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert "Stockwerke dieses Turms: 2 (erwartet: mindestens 3 Stockwerke" in err   # refused at once, in German
    assert "Mit j oder n antworten" not in err                                           # "ja" is a yes
    lines = {line["category"]: line["points"] for line in _json(result.output)["players"][0]["lines"]}
    assert lines["Vollendete Türme"] == 5


def test_more_cards_of_a_rank_than_the_game_has_and_a_wrong_marker_are_refused_as_typed():
    answers = ["Ann", "2", "5 5 5", "n", "5 5 5", "5 5", "6 6 6", "n", "", "Bob", "0", "", "Bob", "Ann"]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    err = result.stderr
    assert err.count("6 cartes de rang 5 sont dans des tours") == 1                    # the 5 5 5 after 5 5 5
    assert "Ann a une tour de 3 étages, plus haute que toutes celles de Bob" in err     # Bob cannot hold the marker
    assert "Ann et Ann" not in err and _json(result.output)["winners"] == ["Ann"]


def test_the_same_name_twice_is_refused_as_typed():
    answers = ["Ann", "0", "", "Ann", "Bob", "0", "", "personne"]
    result = pnp("score", "san-gimignano", "--lang", "fr", "--json", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "« Ann » est déjà le nom d’un autre joueur." in result.stderr


def test_answers_refused_as_a_whole_are_kept_in_a_file(tmp_path, monkeypatch):
    """Twenty royal favours between two players (the box has 15): the answers are saved, the
    problems point at that file's lines, in --lang, and the file scores once corrected."""
    monkeypatch.chdir(tmp_path)
    player = ["0", "0", "0", "0", "0", "10", "1", "0", "0", "0", "0", "0", ""]
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
