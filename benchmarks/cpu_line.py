"""The CPU line: CPU seconds (user + system, the build's worker processes included) of a full
default build (every game, every language, the site; cache off, all cores) by this checkout, as
a ratio of a named commit's on its own cards and layouts. CPU seconds move far less than wall time
on a shared host; the two versions run in turn (A B A B ...) and the ratio is taken pair by pair,
so a drift of the machine's speed moves both sides of a pair alike. The line: median ratio <= LIMIT.

    python benchmarks/cpu_line.py [--vs 6aa2418] [--pairs 3]     (also: benchmarks/run.py --cpu-line)
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "6aa2418"      # main when the line was set (issue 49)
LIMIT = 1.08          # the same code measures 0.98-1.03x against itself here


def cpu_seconds(code: Path, out: Path) -> float:
    """User + system seconds of one full build by the code in `code`, on its own project. Byte
    code as on a user's machine, written by the untimed first run, and for both versions alike
    in a folder of the run's own: the checkout's `__pycache__` (the test suite writes it, the
    commit's archive has none) would spare only this side the compiling."""
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONPYCACHEPREFIX": str(out.parent / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [sys.executable, "-m", "generator.cli", "--root", str(code), "build", "--no-cache", "--out", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=tempfile.gettempdir())
    errors = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{errors.decode(errors='replace')[-2000:]}")
    return usage.ru_utime + usage.ru_stime


def cpu_line(commit: str = BASE, pairs: int = 3) -> dict:
    """{"vs", "after_cpu_s", "before_cpu_s", "ratios", "ratio", "limit", "holds"}: medians of `pairs` pairs."""
    with tempfile.TemporaryDirectory(prefix="pnp-cpu-line-") as tmp:
        base = Path(tmp) / "base"
        base.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        for code in (ROOT, base):      # untimed: byte code written, fonts and caches warm
            cpu_seconds(code, Path(tmp) / "warm")
        after, before = [], []
        for _ in range(pairs):
            after.append(cpu_seconds(ROOT, Path(tmp) / "a"))
            before.append(cpu_seconds(base, Path(tmp) / "b"))
    ratios = [a / b for a, b in zip(after, before)]
    ratio = statistics.median(ratios)
    return {"vs": commit, "after_cpu_s": round(statistics.median(after), 2),
            "before_cpu_s": round(statistics.median(before), 2), "ratios": [round(r, 3) for r in ratios],
            "ratio": round(ratio, 3), "limit": LIMIT, "holds": ratio <= LIMIT}


def line(result: dict) -> str:
    return (f"CPU line: full default build {result['after_cpu_s']} s user+sys vs {result['before_cpu_s']} s at "
            f"{result['vs']}: {result['ratio']:.3f}x (pairs {', '.join(f'{r:.3f}' for r in result['ratios'])}; "
            f"line <= {result['limit']}x: {'holds' if result['holds'] else 'BROKEN'})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", default=BASE, help=f"the commit to compare with (default {BASE})")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    found = cpu_line(args.vs, args.pairs)
    print(line(found))
    sys.exit(0 if found["holds"] else 1)
