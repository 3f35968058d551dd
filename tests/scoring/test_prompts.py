"""`pnp score GAME` without a state file: each answer is checked as typed and asked again, the
questions speak --lang, choices are listed and card names are accepted in any case."""
from __future__ import annotations

import json

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
