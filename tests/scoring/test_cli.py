"""`pnp score`: table, JSON, languages, interactive answers, and exit 1 on impossible states."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests.conftest import ROOT, pnp, pnp_process

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "scores"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_table_in_english():
    result = pnp("score", "san-gimignano", str(EXAMPLES / "san-gimignano-rulebook.yaml"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["Adso", "William"]
    total = next(line for line in lines if line.startswith("Total"))
    assert total.split()[1:] == ["63", "66"]
    assert "Winner: William" in result.output


def test_table_translated():
    fr = pnp("score", "san-gimignano", str(EXAMPLES / "san-gimignano-rulebook.yaml"), "--lang", "fr").output
    assert "Tours colorées" in fr and "Vainqueur\u00a0: William" in fr
    de = pnp("score", "taverna", str(EXAMPLES / "taverna-rulebook.yaml"), "--lang", "de").output
    assert "Erzherzog" in de and "Archiduc" not in de and "Summe" in de   # named as on the castle card
    ja = pnp("score", "taverna", str(EXAMPLES / "taverna-rulebook.yaml"), "--lang", "ja").output
    assert "合計" in ja and "勝者" in ja


def test_json():
    result = pnp("score", "taverna", str(EXAMPLES / "taverna-rulebook.yaml"), "--json")
    data = json.loads(result.output)
    assert data["game"] == "taverna" and data["winners"] == ["Etienne"]
    assert {p["name"]: p["total"] for p in data["players"]} == {"Karl": 18, "Fred": 14, "Etienne": 19}
    karl = data["players"][0]
    assert karl["rank"] == 2 and {"category", "points", "detail"} <= set(karl["lines"][0])


def test_tournay_with_a_card_file():
    result = pnp("score", "tournay", str(FIXTURES / "tournay-rulebook.yaml"),
                 "--cards", str(FIXTURES / "tournay-cards.yaml"), "--json")
    data = json.loads(result.output)
    assert data["winners"] == ["Nell"]


def test_impossible_state_exits_1_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: san-gimignano\nplayers:\n  - name: A\n    towers:\n      - floors: [8, 9, 9]\n"
                   "  - name: B\n", encoding="utf-8")
    result = pnp("score", "san-gimignano", str(bad))
    assert result.exit_code == 1
    assert "bad.yaml:5: players[0].towers[0].floors: floors 8, 9, 9 are neither" in result.stderr


def test_schema_error_names_the_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "taverna",\n "elected": "goblin",\n "players": []}', encoding="utf-8")
    result = pnp("score", "taverna", str(bad))
    assert result.exit_code == 1 and "bad.json:2: elected" in result.stderr


def test_questions_and_save(tmp_path):
    saved = tmp_path / "answers.yaml"
    answers = "\n".join(["Ann", "1", "7 7 7", "y", "y", "", "Bob", "1", "5 6 B7", "n", ""]) + "\n"
    result = pnp("score", "san-gimignano", "--save", str(saved), "--json", input=answers)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    # Ann: 1 completed (5) + blessing 3 × 2 (6) + uniform 7 (7) + marker (10) = 28; Bob: coloured 1 × 3 = 3
    assert {p["name"]: p["total"] for p in data["players"]} == {"Ann": 28, "Bob": 3}
    state = yaml.safe_load(saved.read_text(encoding="utf-8"))
    assert state["players"][1]["towers"][0]["floors"] == [5, 6, {"buona_pietra": 7}]
    again = pnp("score", "san-gimignano", str(saved), "--json")
    assert json.loads(again.output)["winners"] == ["Ann"]


def test_every_label_is_translated():
    from generator.reading.i18n import load_catalogue
    from scoring import san_gimignano, taverna, tournay
    labels = {c.label for m in (san_gimignano, taverna) for c in m.CATEGORIES}
    labels |= {san_gimignano.PENALTY.label, "Deal {}", tournay.POINTS.label, tournay.RAMPARTS.label,
               "Total", "Rank", "Winner", "Shared win", "How the points were counted", "Score pad", "Player", "Date"}
    for lang in ("fr", "de", "ja"):
        catalogue = load_catalogue(ROOT, lang)
        assert not [label for label in labels if label not in catalogue], lang


def test_the_readmes_score_commands_work_outside_the_checkout(tmp_path):
    """`pnp score san-gimignano examples/scores/…` failed for an installed tool, which has no
    examples/ folder beside the user (issue 52): every `pnp score` line of the README runs in an
    empty folder, one after the other, as a reader types them."""
    import re
    import shlex
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line.split("#")[0].strip() for line in re.findall(r"^pnp score [^\n]*", readme, re.M)]
    assert commands
    for command in commands:
        words = shlex.split(command.split(">")[0])[1:]
        if len(words) == 2 and "--example" not in words:
            continue   # asks question by question
        result = pnp_process(*words, cwd=tmp_path)
        assert result.returncode == 0, (command, result.stderr)
        if ">" in command:
            (tmp_path / command.split(">")[1].strip()).write_text(result.stdout, encoding="utf-8")


def test_a_line_under_lang_de_is_german_or_english_never_both(tmp_path):
    """`(erwartet: a UTF-8 text file)`, `(erwartet: one of: completed, floors)` (issue 52)."""
    state = tmp_path / "end.yaml"
    state.write_text("game: san-gimignano\nplayers:\n  - name: A\n    towers: [{floors: 2, colour: red}]\n"
                     "  - name: B\n    towers: x\n", encoding="utf-8")
    result = pnp("score", "san-gimignano", str(state), "--lang", "de")
    assert result.exit_code == 1
    assert "colour: „colour“ wird in der Wertung dieses Spiels nicht abgefragt (erwartet: eines von: completed, floors)" in result.output
    assert "towers: Trage hier mehrere Angaben ein" in result.output
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"game: \xa4\xff\n")
    result = pnp("score", "san-gimignano", str(binary), "--lang", "de")
    assert result.exit_code == 1
    line = next(text for text in result.output.splitlines() if "binary.yaml" in text)
    assert "(expected a tally saved by the calculator)" in line or "(erwartet: eine vom Punkterechner gespeicherte Wertung)" in line, line
    english = pnp("score", "san-gimignano", str(state))
    assert "Input should" not in english.output and "towers: several entries are expected" in english.output
