"""`pnp validate` inside one process, as `--watch`, `serve`, `studio` and the fuzz tests' forked
children run it: CPU seconds of the first validate of all games, then of `validate GAME` after
one deck file of GAME changed (median of REPEAT edits), for each game.

    python benchmarks/warm_validate.py PROJECT [--repeat 5]

PROJECT is copied first (the edits touch the copy only). Prints one line of JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from click.testing import CliRunner

from generator.cli.main import main

GAMES = ("tournay", "san-gimignano", "taverna")


def validate(runner: CliRunner, root: Path, *games: str) -> float:
    start = time.process_time()
    result = runner.invoke(main, ["--root", str(root), "validate", *games])
    spent = time.process_time() - start
    if result.exit_code != 0:
        raise SystemExit(f"validate {' '.join(games)} failed:\n{result.output[-2000:]}")
    return spent


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        for name in ("cards", "locales", "layouts"):
            shutil.copytree(args.project / name, root / name, symlinks=True,
                            ignore=shutil.ignore_patterns("fonts") if name == "layouts" else None)
        (root / "layouts" / "fonts").symlink_to((args.project / "layouts" / "fonts").resolve())
        runner = CliRunner()
        out = {"first": round(validate(runner, root), 3)}
        for game in GAMES:
            deck = sorted(p for p in (root / "cards" / game).glob("*.yaml") if p.name != "game.yaml")[0]
            original = deck.read_text(encoding="utf-8")
            times = []
            for k in range(args.repeat):
                deck.write_text(f"{original}\n# edit {k}\n", encoding="utf-8")
                os.utime(deck, ns=(10 ** 9 * (k + 1), 10 ** 9 * (k + 1)))   # settled: told apart by its stat
                times.append(validate(runner, root, game))
            deck.write_text(original, encoding="utf-8")
            out[game] = round(statistics.median(times), 3)
    print(json.dumps(out))


if __name__ == "__main__":
    run()
