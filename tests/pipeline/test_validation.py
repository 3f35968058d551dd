"""Bad input is refused with file, line, field and what was expected; nothing is written."""
from __future__ import annotations

import re

from tests.conftest import pnp
from tests.pipeline.helpers import project_copy, replace_in


def test_the_shipped_data_is_valid():
    result = pnp("validate")
    assert result.exit_code == 0, result.output
    assert "san-gimignano: ok" in result.output


def test_misspelt_key_names_file_line_and_suggestion(tmp_path):
    root = project_copy(tmp_path)
    towers = root / "cards" / "san-gimignano" / "towers.yaml"
    line = replace_in(towers, "    copies: 7\n", "    copeis: 7\n")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert f"cards/san-gimignano/towers.yaml:{line}: cards[2].copeis: unknown field 'copeis'" in result.output
    assert "did you mean 'copies'?" in result.output


def test_wrong_type_and_out_of_range_property(tmp_path):
    root = project_copy(tmp_path)
    towers = root / "cards" / "san-gimignano" / "towers.yaml"
    line = replace_in(towers, "      rank: 9\n", "      rank: 11\n")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    # the line names file, line and field, and the bound (pydantic words the rest)
    found = [x for x in result.output.splitlines() if f"towers.yaml:{line}: cards[4].props.rank:" in x]
    assert len(found) == 1 and re.search(r"\b10\b", found[0]), result.output


def test_missing_translation_is_reported(tmp_path):
    root = project_copy(tmp_path)
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    line = replace_in(nobles, "      de: Dein Handkartenlimit steigt auf 9\u00a0Karten (Via Francigena füllt dann bis 9 auf).\n", "")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert "nobles.yaml" in result.output and "no 'de' text" in result.output
    assert "cards[6].text" in result.output


def test_unknown_icon_and_layout_are_named(tmp_path):
    root = project_copy(tmp_path)
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    replace_in(nobles, 'en: "At game end, worth 7 :points:."', 'en: "At game end, worth 7 :pionts:."')
    replace_in(nobles, "layout: san-gimignano/noble\n", "layout: san-gimignano/nobel\n")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert "unknown icon ':pionts:'; did you mean ':points:'?" in result.output
    assert "unknown layout 'san-gimignano/nobel'; did you mean 'san-gimignano/noble'?" in result.output


def test_yaml_is_loaded_safely(tmp_path):
    root = project_copy(tmp_path)
    game = root / "cards" / "san-gimignano" / "game.yaml"
    replace_in(game, "minutes: 20", "minutes: !!python/object/apply:os.system ['echo hacked']")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert "game.yaml" in result.output and "hacked" not in result.output


def test_yaml_syntax_error_has_a_line(tmp_path):
    root = project_copy(tmp_path)
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    line = replace_in(nobles, "  - id: mura\n", "  - id: mura\n   bad: [\n")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert "nobles.yaml:" in result.output and "YAML syntax error" in result.output


def test_layout_typo_is_caught(tmp_path):
    root = project_copy(tmp_path)
    layout = root / "layouts" / "san-gimignano.yaml"
    line = replace_in(layout, "      rule: {kind: line,", "      rule: {knid: line,")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert f"layouts/san-gimignano.yaml:{line}" in result.output and "did you mean 'kind'?" in result.output


def test_build_refuses_invalid_data_and_writes_nothing(tmp_path):
    root = project_copy(tmp_path)
    replace_in(root / "cards" / "san-gimignano" / "towers.yaml", "    copies: 7\n", "    copeis: 7\n")
    result = pnp("build", "--out", str(tmp_path / "out"), root=root)
    assert result.exit_code == 1
    assert "did you mean 'copies'?" in result.output
    assert not (tmp_path / "out").exists()


def test_overlong_text_fails_naming_card_language_and_box(tmp_path):
    root = project_copy(tmp_path)
    out = tmp_path / "out"
    assert pnp("build", "--lang", "en", "--out", str(out), "--only", "cards", root=root).exit_code == 0
    before = (out / "san-gimignano" / "en" / "cards.pdf").read_bytes()
    long_text = "Build a very tall tower of many many floors. " * 40
    replace_in(root / "cards" / "san-gimignano" / "nobles.yaml",
               "en: Your hand limit becomes 9 cards (Via Francigena then fills up to 9).", f"en: {long_text}")
    result = pnp("build", "--lang", "en", "--out", str(out), "--only", "cards", root=root)
    assert result.exit_code == 1
    assert "card 'mura'" in result.output and "language en" in result.output and "box 'body'" in result.output
    assert "Nothing was written" in result.output
    # the earlier good file is untouched and no temporary file is left behind
    assert (out / "san-gimignano" / "en" / "cards.pdf").read_bytes() == before
    assert [p.name for p in (out / "san-gimignano" / "en").iterdir()] == ["cards.pdf"]


def test_missing_glyph_is_named(tmp_path):
    root = project_copy(tmp_path)
    replace_in(root / "cards" / "san-gimignano" / "nobles.yaml", "en: Draw from the tower pile",
               "en: Draw ☃ from the tower pile")
    result = pnp("build", "--lang", "en", "--out", str(tmp_path / "out"), "--only", "cards", root=root)
    assert result.exit_code == 1
    assert "card 'via-francigena'" in result.output and "U+2603" in result.output


def test_unknown_game_gets_a_suggestion():
    result = pnp("build", "san-gimingano")
    assert result.exit_code == 1
    assert "unknown game 'san-gimingano'; did you mean 'san-gimignano'?" in result.output


def test_validate_covers_aid_and_rules_texts(tmp_path):
    root = project_copy(tmp_path)
    aid = root / "cards" / "san-gimignano" / "aid" / "en.yaml"
    line = replace_in(aid, "{{ decks.towers.count }}", "{{ decks.towrs.count }}")
    rules = root / "cards" / "san-gimignano" / "rules" / "de.yaml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text.replace("[[tower-5]]", "[[tower-55]]", 1) if "[[tower-5]]" in text
                     else text.replace(":points:", ":pionts:", 1), encoding="utf-8")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert f"cards/san-gimignano/aid/en.yaml:{line}" in result.output
    assert "cards/san-gimignano/rules/de.yaml" in result.output


def test_an_unclosed_brace_is_said_at_its_line_not_where_the_parser_noticed(tmp_path):
    """PyYAML: "did not find expected ',' or '}'" at the next line (a newcomer's finding, issue 52)."""
    root = project_copy(tmp_path)
    layout = root / "layouts" / "san-gimignano.yaml"
    lines = layout.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, text in enumerate(lines) if text.rstrip().endswith("}") and ": {" in text
                 and lines[i + 1].strip() and not lines[i + 1].lstrip().startswith("#"))
    lines[index] = lines[index].rstrip()[:-1] + "\n"
    layout.write_text("".join(lines), encoding="utf-8")
    result = pnp("validate", root=root)
    assert result.exit_code == 1
    assert f"layouts/san-gimignano.yaml:{index + 1}: this '{{' is not closed before line " in result.output, \
        result.output
