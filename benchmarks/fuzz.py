"""A larger hostile-input run than tests/hostile/ (for before a release): random single
mutations of every shipped YAML kind, locale catalogue and score state, each run through `pnp`
in a forked child with a time and memory limit (tests/hostile/fuzzing.py; the plain cases of each
run of 25 share one child, as the test's parts do).

    python benchmarks/fuzz.py --cases 1000 --seed 1 [--build-every 10] [--timeout 10] [--show 20]

Prints the number of cases, tracebacks, hangs, leaks, unclear messages, partial outputs of failed
builds, validate gaps (`pnp validate` passed, the build of the same data failed) and errors
without a file name (a problem line of any command that does not begin with the file it is
about), then the first few of each.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.hostile.fuzzing import Sandbox, WarmChild, random_mutation, run_case, targets  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--build-every", type=int, default=10, help="also build every Nth case")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds before a case counts as hung")
    parser.add_argument("--kind", action="append", help="only these kinds (game, deck, layout, aid, rules, "
                                                       "locale, state)")
    parser.add_argument("--show", type=int, default=10, help="examples printed per kind of failure")
    args = parser.parse_args()

    # warm the caches the children inherit (fonts, Jinja, pydantic)
    from click.testing import CliRunner

    from generator.cli import main as pnp

    rng = random.Random(args.seed)
    pool = [t for t in targets() if not args.kind or t.kind in args.kind]
    sandbox = Sandbox()
    CliRunner().invoke(pnp, ["--root", str(sandbox.root), "validate"])
    warm = WarmChild(sandbox)
    counts: Counter = Counter()
    by_kind: dict[str, Counter] = defaultdict(Counter)
    examples: dict[str, list[str]] = defaultdict(list)
    slowest, slowest_case = 0.0, ""
    start = time.monotonic()
    try:
        for n in range(args.cases):
            target = rng.choice(pool)
            mutation = random_mutation(rng, target.kind)
            if n % 25 == 0:
                warm.close()      # a run of cases starts again from this process's warm state
            outcome = run_case(sandbox, target, mutation, build=(n % args.build_every == 0),
                               timeout=args.timeout, warm=warm)
            if outcome.status == "skipped":
                continue
            counts["cases"] += 1
            by_kind[target.kind]["cases"] += 1
            if outcome.seconds > slowest:
                slowest, slowest_case = outcome.seconds, f"{target.path} {mutation.describe()}"
            for label in [outcome.status, *outcome.flags]:
                counts[label] += 1
                by_kind[target.kind][label] += 1
                if label in ("traceback", "hang", "leak", "unclear", "partial", "mismatch", "nofile") \
                        and len(examples[label]) < args.show:
                    examples[label].append(f"{target.path} {mutation.describe()}\n      -> {' '.join(outcome.command)}"
                                           f"\n      {outcome.detail.strip()[-300:]}")
    except KeyboardInterrupt:   # a run stopped early still says what it found
        print(f"interrupted after {counts['cases']} cases")
    finally:
        warm.close()
        sandbox.close()
    elapsed = time.monotonic() - start
    print(f"cases {counts['cases']}  ok {counts['ok']}  refused {counts['refused']}  "
          f"tracebacks {counts['traceback']}  hangs {counts['hang']}  leaks {counts['leak']}  "
          f"unclear {counts['unclear']}  partial outputs {counts['partial']}")
    print(f"validate gaps {counts['mismatch']}  errors without a file name {counts['nofile']}")
    print(f"{elapsed:.0f} s, slowest case {slowest:.1f} s ({slowest_case})")
    for kind, c in sorted(by_kind.items()):
        print(f"  {kind:7} " + "  ".join(f"{k} {v}" for k, v in sorted(c.items())))
    for label, lines in examples.items():
        print(f"\n== {label}")
        for line in lines:
            print("  " + line)


if __name__ == "__main__":
    main()
