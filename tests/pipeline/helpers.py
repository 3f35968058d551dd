"""A throw-away copy of the project that a test may break on purpose."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def project_copy(tmp_path: Path, games: tuple[str, ...] = ("san-gimignano",)) -> Path:
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    for game in games:
        shutil.copytree(ROOT / "cards" / game, root / "cards" / game)
    shutil.copytree(ROOT / "layouts", root / "layouts", ignore=shutil.ignore_patterns("fonts"))
    (root / "layouts" / "fonts").symlink_to(ROOT / "layouts" / "fonts")
    shutil.copytree(ROOT / "locales", root / "locales")
    return root


def replace_in(path: Path, old: str, new: str, count: int = 1) -> int:
    """Replace text in a file; return the 1-based line of the first replacement."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return text[:index].count("\n") + 1


def saved_during_reads(root: Path):
    """(reads, load_project): a one-deck project at `root` whose stand-in loader meets an editor's
    saves. Read 1 (the first build) is saved over; read 2 meets a save under way (the file
    emptied, then written whole), so what it read would say `deck: Field required`; read 3 and
    later see the saved file, whose problem is `copeis`. Each read raises its problem."""
    from datafile.errors import DataError, Problem
    cards = root / "cards" / "demo" / "cards.yaml"
    cards.parent.mkdir(parents=True)
    (cards.parent / "game.yaml").write_text("id: demo\n", encoding="utf-8")
    cards.write_text("deck: cards\n", encoding="utf-8")
    reads: list[str] = []

    def load_project(*args):
        reads.append(cards.read_text(encoding="utf-8"))
        if len(reads) == 1:
            cards.write_text("deck: cards\ncolor: red\n", encoding="utf-8")
            raise DataError([Problem("cards/demo/cards.yaml", 1, "deck", "first build")])
        if len(reads) == 2:
            cards.write_text("", encoding="utf-8")
            cards.write_text("deck: cards\ncards:\n  - copeis: 3\n", encoding="utf-8")
            raise DataError([Problem("cards/demo/cards.yaml", 1, "deck", "Field required")])
        raise DataError([Problem("cards/demo/cards.yaml", 3, "copeis", "unknown field")])

    return reads, load_project
