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
