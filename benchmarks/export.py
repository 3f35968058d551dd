"""Times `pnp export` for each game and target as a whole process: wall time, files, size.

    python benchmarks/export.py [--lang en] [GAME ...]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGETS = [["png"], ["tts"], ["printshop", "--preset", "drivethrucards"], ["printshop", "--preset", "thegamecrafter"]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=["san-gimignano", "tournay", "taverna"])
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    print(f"{'game':<14} {'target':<34} {'files':>5} {'MB':>6} {'seconds':>8}")
    for game in args.games:
        for target in TARGETS:
            with tempfile.TemporaryDirectory() as out:
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "generator.cli", "export", *target, game, "--lang", args.lang,
                                "--out", out], cwd=ROOT, check=True, capture_output=True)
                elapsed = time.perf_counter() - started
                files = [p for p in Path(out).rglob("*") if p.is_file()]
                size = sum(p.stat().st_size for p in files) / 1e6
                print(f"{game:<14} {' '.join(target):<34} {len(files):>5} {size:>6.1f} {elapsed:>8.2f}")


if __name__ == "__main__":
    main()
