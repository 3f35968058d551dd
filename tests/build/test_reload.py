"""A process that loads the same project again (`pnp build --watch`, `pnp serve`) reuses what
none of its files changed, and never what did."""
from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from datafile.errors import DataError
from generator.loading.catalog import load_project
from generator.paper.output import file_digest
from tests.pipeline.helpers import project_copy, replace_in

GAMES = ("san-gimignano", "taverna")


def settle(path: Path, seconds_ago: float = 60) -> None:
    """A file, or every file of a folder, as if last written `seconds_ago` (past the 'just
    written' window)."""
    when = time.time() - seconds_ago
    files = [path] if path.is_file() else [Path(here) / name for here, _dirs, names in os.walk(path) for name in names]
    for file in files:
        os.utime(file, (when, when), follow_symlinks=False)


def text_of(project, game: str, deck: str, card: str) -> str:
    found = next(c for c in project.games[game].deck(deck).cards if c.id == card)
    return found.text.get("en")


def test_unchanged_games_and_layouts_are_reused(tmp_path):
    root = project_copy(tmp_path, GAMES)
    settle(root)
    first, second = load_project(root), load_project(root)
    assert second.games["taverna"] is first.games["taverna"]
    assert second.games["san-gimignano"] is first.games["san-gimignano"]
    assert second.layouts is first.layouts


def test_an_edited_game_is_read_again_and_the_others_reused(tmp_path):
    root = project_copy(tmp_path, GAMES)
    settle(root)
    first = load_project(root)
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    replace_in(nobles, "en: Draw from the tower pile", "en: Draw from the pile")
    second = load_project(root)                  # written just now
    assert second.games["san-gimignano"] is not first.games["san-gimignano"]
    assert second.games["taverna"] is first.games["taverna"]
    replace_in(nobles, "en: Draw from the pile", "en: Draw from a pile")
    settle(nobles, 20)                            # edited again, long since written
    third = load_project(root)
    assert "Draw from a pile" in str(third.games["san-gimignano"].deck("nobles").model_dump())
    assert third.games["taverna"] is first.games["taverna"]


def test_a_layout_edit_reads_every_game_again(tmp_path):
    root = project_copy(tmp_path, GAMES)
    settle(root)
    first = load_project(root)
    sheets = root / "layouts" / "sheets.yaml"
    sheets.write_text(sheets.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    settle(sheets)
    second = load_project(root)
    assert second.layouts is not first.layouts
    assert all(second.games[g] is not first.games[g] for g in GAMES)   # their memos read the layouts


def test_a_broken_edit_after_a_good_load_is_reported(tmp_path):
    root = project_copy(tmp_path, GAMES)
    settle(root)
    load_project(root)
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    good = nobles.read_text(encoding="utf-8")
    line = replace_in(nobles, "    copies: 3\n", "    copeis: 3\n")
    settle(nobles)
    with pytest.raises(DataError) as caught:
        load_project(root)
    assert any(p.line == line and "copeis" in str(p) for p in caught.value.problems), caught.value.problems
    nobles.write_text(good, encoding="utf-8")
    settle(nobles, 10)
    assert "san-gimignano" in load_project(root).games


def test_a_file_written_just_now_is_always_hashed_again(tmp_path):
    """Two writes within one tick of the file system's clock can leave the same stat: a file
    written in the last seconds is never remembered by its stat."""
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"copies: 1\n")
    stamp = path.stat().st_mtime_ns
    assert file_digest(path) == hashlib.sha256(b"copies: 1\n").hexdigest()
    path.write_bytes(b"copies: 2\n")                       # same size
    os.utime(path, ns=(stamp, stamp))                       # and the same time
    assert file_digest(path) == hashlib.sha256(b"copies: 2\n").hexdigest()


def test_a_settled_file_is_remembered_until_its_stat_changes(tmp_path):
    path = tmp_path / "font.ttf"
    path.write_bytes(b"glyphs")
    settle(tmp_path)
    assert file_digest(path) == hashlib.sha256(b"glyphs").hexdigest()
    path.write_bytes(b"glyphs and more")
    assert file_digest(path) == hashlib.sha256(b"glyphs and more").hexdigest()


def test_a_file_parsed_again_is_a_fresh_tree_with_its_lines():
    """datafile/source.py keeps parsed files by content: each load gets its own copy (a caller
    changing its tree changes no other load's), with the lines of every key and item; a
    refused text is refused again with the same line."""
    from datafile.source import load_yaml_text
    text = "deck: x\ncards:\n  - id: a\n    props: {cost: 2}\n"
    first = load_yaml_text(text, "cards/g/x.yaml")
    first["cards"][0]["props"]["cost"] = 99
    first["cards"].append("extra")
    second = load_yaml_text(text, "cards/g/x.yaml")
    assert second == {"deck": "x", "cards": [{"id": "a", "props": {"cost": 2}}]}
    assert second["cards"].item_lines == [3] and second["cards"][0].key_lines == {"id": 3, "props": 4}
    for _ in range(2):
        with pytest.raises(DataError) as refused:
            load_yaml_text("deck: [x\n", "cards/g/y.yaml")
        assert [(p.file, p.line) for p in refused.value.problems] == [("cards/g/y.yaml", 1)]   # where the [ opens
