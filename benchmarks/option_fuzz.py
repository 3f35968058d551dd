"""`pnp build` with random command-line options on the shipped games (the data unchanged): odd
papers (50 mm to 1 m a side, long and flat), bleeds, duplex modes, back offsets, fold, one deck per
sheet, ink saver, one product or two. Whatever the options, pnp must build or refuse in one line
with the fix: no internal error, no traceback, no object printed (`<… at 0x…>`). A refused build's
paper, bleed and fold are also given to `pnp validate`, which must refuse them first (a "validate
gap" otherwise).

    python benchmarks/option_fuzz.py [--seconds 300] [--seed 1] [--show 10]

Prints the number of cases, refusals, bad answers and validate gaps, then the first few of each.
"""
from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from click.testing import CliRunner  # noqa: E402

from generator.cli import main as pnp  # noqa: E402

PAPERS = ["a4", "letter", "a3", "legal", "tabloid", "50x50", "50x1000", "1000x50", "64x89", "70x95", "75x100",
          "100x70", "89x64", "130x90", "148x105", "200x60", "60x200", "1000x1000", "65x300", "300x65"]
PRODUCTS = ["cards", "player-aid-card", "player-aid", "rules", "score-pad", "cards,player-aid-card"]
BAD = re.compile(r"internal error|Traceback| at 0x[0-9a-f]")


def options(rng: random.Random) -> list[str]:
    args = ["--lang", rng.choice(["fr", "en", "de", "ja"]), "--paper", rng.choice(PAPERS)]
    if rng.random() < .5:
        args += ["--bleed", str(rng.choice([0, 0.5, 3, 6, 10]))]
    if rng.random() < .3:
        args += ["--duplex", rng.choice(["long", "short", "none"])]
    if rng.random() < .3:
        args += ["--back-offset", rng.choice(["5,-5", "-20,20", "0.5,0.5", "100,100"])]
    if rng.random() < .3:
        args += ["--fold", rng.choice(["long", "short"])]
    if rng.random() < .2:
        args.append("--deck-per-sheet")
    if rng.random() < .2:
        args.append("--ink-saver")
    return args + ["--only", rng.choice(PRODUCTS)]


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=10)
    args = parser.parse_args()
    rng, runner = random.Random(args.seed), CliRunner()
    cases = refused = 0
    bad: list[str] = []
    gaps: list[str] = []
    validated: dict[tuple[str, str], int] = {}
    with tempfile.TemporaryDirectory() as out:
        start = time.monotonic()
        while time.monotonic() - start < args.seconds:
            game = rng.choice(["taverna", "tournay", "san-gimignano"])
            chosen = options(rng)
            result = runner.invoke(pnp, ["build", game, *chosen, "--out", out, "--no-cache", "-j", "1"])
            cases += 1
            command = f"pnp build {game} {' '.join(chosen)}"
            if result.exit_code not in (0, 1) or BAD.search(result.output):
                bad.append(f"{command}\n    {(result.output.strip().splitlines() or [repr(result.exception)])[-1][:300]}")
                continue
            if result.exit_code == 1:
                refused += 1
                sheet = [value for option in ("--paper", "--bleed", "--fold") if option in chosen
                         for value in (option, chosen[chosen.index(option) + 1])]
                key = (game, *sheet)
                if key not in validated:
                    validated[key] = runner.invoke(pnp, ["validate", game, *sheet]).exit_code
                if validated[key] == 0:
                    gaps.append(f"{command}\n    {result.output.strip().splitlines()[-2][:300]}")
    print(f"cases {cases}, refused {refused}, bad answers {len(bad)}, validate gaps {len(gaps)}")
    for title, found in (("bad answers", bad), ("validate gaps", gaps)):
        if found:
            print(f"\n{title}:")
            print("\n".join(found[:args.show]))
    sys.exit(1 if bad or gaps else 0)


if __name__ == "__main__":
    run()
