"""The art-demo example (examples/art-demo/) assembled into a throw-away project with the
bundled layouts, fonts and locales, so tests can build it and break copies of it."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "art-demo"


def example_project(tmp_path: Path, games: tuple[str, ...] = ()) -> Path:
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    shutil.copytree(EXAMPLE / "cards" / "art-demo", root / "cards" / "art-demo")
    for game in games:
        shutil.copytree(ROOT / "cards" / game, root / "cards" / game)
    shutil.copytree(ROOT / "layouts", root / "layouts", ignore=shutil.ignore_patterns("fonts"))
    (root / "layouts" / "fonts").symlink_to(ROOT / "layouts" / "fonts")
    shutil.copy(EXAMPLE / "layouts" / "art-demo.yaml", root / "layouts" / "art-demo.yaml")
    shutil.copytree(ROOT / "locales", root / "locales")
    return root
