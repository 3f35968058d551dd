"""Texts that drive a terminal or reorder what a reader sees are refused once decoded, in YAML and
in spreadsheet cells (issue 30, item 8); and the internal errors of item 9 are one line each."""
from __future__ import annotations

import pytest

from datafile.errors import Problem
from tests.conftest import ROOT, pnp

from .projects import demo, edit

STATE = ROOT / "examples" / "scores" / "san-gimignano-rulebook.yaml"


def _state(tmp_path, name_yaml: str, extra: str = ""):
    state = tmp_path / "state.yaml"
    state.write_text(STATE.read_text().replace("  - name: Adso\n", f"  - name: {name_yaml}\n", 1) + extra)
    return state


@pytest.mark.parametrize("name, code", [('"\\e[2J\\e]0;owned\\a"', "U+001B"), ('"\\x9b31m"', "U+009B"),
                                        ('"\\u202eoslA"', "U+202E"), ('"\\ue000"', "U+E000")])
def test_a_name_written_with_escapes_never_reaches_the_terminal(tmp_path, name, code):
    """The control check ran on the raw bytes: "\\e[2J" cleared the screen and set the title."""
    result = pnp("score", "san-gimignano", str(_state(tmp_path, name)))
    assert result.exit_code == 1
    assert not any(ch in result.output for ch in "\x1b\x07\x9b\u202e\ue000")
    line = [l for l in result.output.splitlines() if l.startswith(str(tmp_path / "state.yaml"))]
    assert line and ":8: players[0].name: " in line[0] and code in line[0], result.output


def test_card_data_written_with_escapes_is_refused_too(tmp_path):
    root = demo(tmp_path)
    line = 12
    edit(root / "cards" / "demo" / "cards.yaml", "name: {en: Market}", 'name: {en: "Mar\\e[2Jket"}')
    result = pnp("validate", "demo", root=root)
    assert result.exit_code == 1 and "\x1b" not in result.output
    assert f"cards/demo/cards.yaml:{line}: cards[0].name.en: card 'market', language en: a control character U+001B" \
        in result.output, result.output


def test_problems_print_escapes_never_control_characters():
    shown = str(Problem("f.yaml", 3, "name", "unknown 'a\x1b[2J\x07\u202eb'"))
    assert shown == "f.yaml:3: name: unknown 'a\\x1b[2J\\x07\\u202eb'"
    # U+2028 printed raw made the fuzzer's one problem two lines (str.splitlines, editors, logs)
    assert str(Problem("f.yaml", 3, "layout", "unknown 'line\u2028sep'")).splitlines() == [
        "f.yaml:3: layout: unknown 'line\\u2028sep'"]


@pytest.mark.parametrize("cell, code", [("\u202eevil", "U+202E"), ("x\ue8f099\ue8f1y", "U+E8F0"),
                                        ("\ue000", "U+E000")])
def test_spreadsheet_cells_are_checked_like_texts(tmp_path, cell, code):
    """A CSV cell with the typesetter's private-use markers was an IndexError; bidi overrides passed."""
    root = demo(tmp_path)
    (root / "cards" / "demo" / "sheet.csv").write_text(f"id,name,props.cost\nthird,{cell},2\n", encoding="utf-8")
    edit(root / "cards" / "demo" / "cards.yaml", "cards:\n", "cards_from: sheet.csv\ncards:\n")
    for command in (("validate", "demo"), ("build", "demo", "--only", "cards")):
        result = pnp(*command, root=root)
        assert result.exit_code == 1 and "internal error" not in result.output
        assert f"cards/demo/sheet.csv:2: column B 'name': " in result.output and code in result.output, result.output


def test_xlsx_cells_are_checked_like_texts(tmp_path):
    from openpyxl import Workbook
    root = demo(tmp_path)
    book = Workbook()
    book.active.append(["id", "name", "props.cost"])
    book.active.append(["third", "\u202eevil\ue000", 2])    # (openpyxl writes no control character)
    book.save(root / "cards" / "demo" / "sheet.xlsx")
    edit(root / "cards" / "demo" / "cards.yaml", "cards:\n", "cards_from: sheet.xlsx\ncards:\n")
    result = pnp("validate", "demo", root=root)
    assert result.exit_code == 1 and "\u202e" not in result.output
    assert "cards/demo/sheet.xlsx:2: column B 'name': a bidirectional override U+202E" in result.output, result.output


# ---------------------------------------------------------------- internal errors, now one line each

@pytest.mark.parametrize("key", ["Foo", "a[0]", "Players"])
def test_an_unknown_key_with_a_capital_or_a_bracket_is_one_line(tmp_path, key):
    """pydantic's union tags ('Size', 'dict[str,str]') were stripped from error paths by their
    look, and a user key like these went with them: IndexError."""
    root = demo(tmp_path)
    game = root / "cards" / "demo" / "game.yaml"
    game.write_text(game.read_text() + f"'{key}': []\n")
    result = pnp("validate", "demo", root=root)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert f"cards/demo/game.yaml:10: {key}: unknown field '{key}'" in result.output, result.output
    result = pnp("score", "san-gimignano", str(_state(tmp_path, "Adso", f"'{key}': 1\n")))
    assert result.exit_code == 1 and "internal error" not in result.output and f"'{key}' is not asked in this game's tally" in result.output


def test_a_translation_with_braces_for_a_message_without_placeholders_is_refused(tmp_path):
    """`pnp score` formats every prompt: msgstr "{boom}" for a message without placeholders
    stopped the interactive score with a KeyError."""
    root = demo(tmp_path)
    po = root / "locales" / "fr" / "LC_MESSAGES" / "prompts.po"
    po.parent.mkdir(parents=True)
    text = (ROOT / "locales" / "fr" / "LC_MESSAGES" / "prompts.po").read_text(encoding="utf-8")
    old = 'msgid "Who holds the tallest-tower marker"\nmsgstr "'
    assert old in text
    po.write_text(text.replace(old, old + "{boom} "), encoding="utf-8")
    result = pnp("score", "san-gimignano", "--lang", "fr", root=root, input="A\n0\n\nB\n0\n\n" + "\n" * 20)
    assert result.exit_code == 1 and "internal error" not in result.output and "KeyError" not in result.output
    assert "locales/fr/LC_MESSAGES/prompts.po:" in result.output and "no {placeholder}" in result.output
