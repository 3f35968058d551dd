"""How fast is `pnp build`, against the bare-ReportLab floor, protograf, and an earlier commit.

    python benchmarks/run.py [--repeat 3] [--baseline DIR] [--skip-peer] [--validate-only] [--cpu-line [COMMIT]]

Prints one table from one run: every figure is the median of REPEAT whole processes (variants
alternated, so machine load affects them alike), peak memory the largest max-RSS seen:

- start-up: `pnp --help` (and bare `python -c pass`);
- San Gimignano cards in English (55 cards), whole process: pnp, the floor
  (benchmarks/floor_reportlab.py: bare ReportLab, same content, no data or layouts) and
  protograf (benchmarks/protograf_cards.py, if `pip install protograf` was done: not a project
  dependency);
- 200x the deck's copies (11 000 cards, forms reused) and 20x / 200x distinct cards: time,
  per-page ratio to the floor, peak memory;
- the full default build (3 games x 4 languages, site) at --jobs 1 and at all cores, cache off;
- a one-card edit rebuilt with the cache, as a ratio of the full build: by a new `pnp build`
  process, and inside a running `pnp build --watch` (benchmarks/watch_rebuild.py);
- `pnp validate` inside one process (benchmarks/warm_validate.py, CPU seconds): the first, of all
  games, then `validate GAME` after one deck file changed, per game (what `--watch`, `serve`,
  `studio` and the fuzz tests' children pay), each version's code on its own project;
- the CPU line (benchmarks/cpu_line.py): CPU seconds of the full default build <= 1.08x 6aa2418's,
  paired A B A B, the median ratio (`--cpu-line [COMMIT]`: that line alone);
- whether the line holds: the full build at all cores <= 0.55x 4b64e37's, the San Gimignano
  cards' whole process <= 3.5x the floor.

--baseline DIR runs the same measures with another checkout (e.g. a worktree of commit 4b64e37
beside this one), its code on its own cards/ and layouts/: the "before" column. The table is also
written to benchmarks/results/latest.json with the machine it came from.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cpu_line import BASE, cpu_line, line     # beside this file: on sys.path when run as a script
from projects import project_copy, scaled_project

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
GAME = "san-gimignano"
NEUTRAL = Path(tempfile.gettempdir())
# the speed line issue 23 holds (the tighter targets of issue 17 are withdrawn: no streaming PDF
# writer, no model cache across processes): the full build against 4b64e37's code (--baseline),
# the small deck's whole process against the bare-ReportLab floor
FULL_BUILD_LIMIT, FLOOR_LIMIT = 0.55, 3.5   # the working folder of every run: `python -m` puts it first on sys.path


class Code:
    """One version of pnp: this checkout, or another checkout's code on this checkout's data."""

    def __init__(self, name: str, checkout: Path | None):
        self.name = name
        self.root = checkout or ROOT    # each version on its own project (data formats move on)
        self.env = dict(os.environ)
        self.env["PYTHONPATH"] = str(checkout or ROOT)   # runs start outside any checkout (NEUTRAL)
        # as on a user's machine, byte code is cached (the first, untimed run writes it): an
        # environment that forbids it would add ~0.1 s of compiling to every run of every version
        self.env.pop("PYTHONDONTWRITEBYTECODE", None)
        self.new = checkout is None   # knows --jobs / --no-cache

    def pnp(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "generator.cli", *args]

    def build(self, root: Path, out: Path, *args: str, jobs: int | None = None, cache: bool = False) -> list[str]:
        extra = []
        if self.new:
            extra += ["--jobs", str(jobs or os.cpu_count() or 1)] + ([] if cache else ["--no-cache"])
        return self.pnp("--root", str(root), "build", *args, "--out", str(out), *extra)


def timed(cmd: list[str], env: dict | None = None, before=None) -> tuple[float, float]:
    """(seconds, peak RSS in MiB) of one child process; `before` runs first, untimed. The peak is
    read by /usr/bin/time where there is one: a child forked from this (large) process starts
    with this process's RSS as its high-water mark, which would hide small peaks."""
    if before:
        before()
    meter = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    with tempfile.TemporaryFile() as errors, tempfile.NamedTemporaryFile(suffix=".rss") as rss:
        full = [meter, "-f", "%M", "-o", rss.name, *cmd] if meter else cmd
        start = time.perf_counter()
        proc = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=errors, env=env, cwd=NEUTRAL)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise SystemExit(f"failed: {' '.join(cmd)}\n{errors.read().decode()[-2000:]}")
        peak_kib = int(Path(rss.name).read_text().split()[-1]) if meter else usage.ru_maxrss
    return elapsed, peak_kib / 1024


def measure(runs: dict[str, tuple], repeat: int) -> dict[str, dict]:
    """name -> (cmd, env, before): medians over `repeat` alternated rounds."""
    samples: dict[str, list] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, (cmd, env, before) in runs.items():
            samples[name].append(timed(cmd, env, before))
    return {name: {"seconds": round(statistics.median(s for s, _ in got), 3),
                   "peak_mib": round(max(m for _, m in got), 1)} for name, got in samples.items()}


def pages(pdf: Path) -> int:
    from pypdf import PdfReader
    return len(PdfReader(pdf).pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout: the 'before' column")
    parser.add_argument("--skip-peer", action="store_true", help="do not run protograf")
    parser.add_argument("--validate-only", action="store_true", help="only `pnp validate` in one process")
    parser.add_argument("--cpu-line", nargs="?", const=BASE, metavar="COMMIT",
                        help=f"only the CPU line against COMMIT (default {BASE}): benchmarks/cpu_line.py")
    args = parser.parse_args()
    if args.cpu_line:
        print(line(cpu_line(args.cpu_line, args.repeat)))
        return
    versions = [Code("after", None)] + ([Code("before", args.baseline.resolve())] if args.baseline else [])
    if args.validate_only:
        print("\n".join(validate_lines(warm_validate(versions, args.repeat), versions)))
        return
    peer = not args.skip_peer and subprocess.run([sys.executable, "-c", "import protograf"],
                                                 capture_output=True).returncode == 0
    cores = os.cpu_count() or 1
    rows: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)

        def fresh(path: Path):
            return lambda: shutil.rmtree(path, ignore_errors=True)

        for v in versions:   # untimed: writes each version's byte code, as a first run would
            subprocess.run(v.build(v.root, work / f"warm-{v.name}", GAME, "--lang", "en", jobs=1), env=v.env,
                           cwd=NEUTRAL, capture_output=True, check=True)

        # start-up
        runs = {f"help {v.name}": (v.pnp("--help"), v.env, None) for v in versions}
        runs["python"] = ([sys.executable, "-c", "pass"], None, None)
        rows["start-up"] = measure(runs, args.repeat)

        # the real deck, one language, cards only
        def deck_runs(roots: dict, scale: int, label: str) -> dict:
            runs = {}
            for v in versions:
                out = work / f"out-{label}-{v.name}"
                runs[v.name] = (v.build(roots[v.name], out, GAME, "--lang", "en", "--only", "cards", jobs=1), v.env,
                                fresh(out))
            runs["floor"] = ([sys.executable, str(BENCH / "floor_reportlab.py"), str(work / f"floor-{label}.pdf"),
                              "--scale", str(scale)], None, None)
            return runs

        runs = deck_runs({v.name: v.root for v in versions}, 1, "real")
        if peer:
            runs["protograf"] = ([sys.executable, str(BENCH / "protograf_cards.py"), str(work / "peer.pdf")], None, None)
        rows["real deck"] = measure(runs, args.repeat)
        rows["real deck"]["pages"] = {v.name: pages(work / f"out-real-{v.name}" / GAME / "en" / "cards.pdf")
                                      for v in versions}

        for label, scale, distinct in (("200x copies", 200, False), ("20x distinct", 20, True),
                                       ("200x distinct", 200, True)):
            roots = {v.name: scaled_project(work, scale, distinct, v.root) for v in versions}
            rows[label] = measure(deck_runs(roots, scale, label.replace(" ", "-")), max(1, args.repeat - 1))
            rows[label]["pages"] = {v.name: pages(work / f"out-{label.replace(' ', '-')}-{v.name}" / GAME / "en" /
                                                  "cards.pdf") for v in versions}
            rows[label]["floor pages"] = pages(work / f"floor-{label.replace(' ', '-')}.pdf")

        # the full default build, cache off
        runs = {}
        for v in versions:
            out = work / f"full-{v.name}"
            if v.new:
                runs[f"{v.name} jobs 1"] = (v.build(v.root, out, jobs=1), v.env, fresh(out))
                runs[f"{v.name} jobs {cores}"] = (v.build(v.root, out, jobs=cores), v.env, fresh(out))
            else:
                runs[v.name] = (v.build(v.root, out), v.env, fresh(out))
        rows["full build"] = measure(runs, args.repeat)

        # one card edited, rebuilt (with the cache where the code has one)
        runs = {}
        for v in versions:
            project = project_copy(work, v.root)
            nobles = project / "cards" / GAME / "nobles.yaml"
            original = nobles.read_text(encoding="utf-8")
            out = work / f"edit-{v.name}"
            subprocess.run(v.build(project, out, cache=True), env=v.env, cwd=NEUTRAL, capture_output=True, check=True)
            edits = iter(range(10 ** 6))

            def edit(nobles=nobles, original=original, edits=edits):
                nobles.write_text(original.replace("en: Draw from the tower pile",
                                                   f"en: Draw ({next(edits)}) from the tower pile"), encoding="utf-8")
            runs[v.name] = (v.build(project, out, cache=True), v.env, edit)
        rows["one-card rebuild"] = measure(runs, args.repeat)
        # the same edit seen by a running `pnp build --watch`: the rebuild inside the process
        after = versions[0]
        project = project_copy(work / "watch", after.root)
        watch = subprocess.run([sys.executable, str(BENCH / "watch_rebuild.py"), str(project), str(work / "watch-out"),
                                "--repeat", str(args.repeat)], env=after.env, cwd=NEUTRAL, capture_output=True,
                               text=True, check=True)
        rows["watch rebuild"] = json.loads(watch.stdout.strip().splitlines()[-1])
    rows["validate"] = warm_validate(versions, args.repeat)
    rows["cpu line"] = cpu_line(BASE, args.repeat)

    report = {"machine": f"{platform.node()}: {platform.processor() or platform.machine()}, {cores} cores, "
                         f"Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}",
              "rows": rows}
    print(table(rows, versions, cores, peer))
    print(line(rows["cpu line"]))
    print(f"\nmachine: {report['machine']}")
    results = BENCH / "results"
    results.mkdir(exist_ok=True)
    (results / "latest.json").write_text(json.dumps(report, indent=2))


def warm_validate(versions: list, repeat: int) -> dict:
    """benchmarks/warm_validate.py per version, alternated: the median of each figure."""
    got: dict[str, list[dict] | None] = {v.name: [] for v in versions}
    for _ in range(repeat):
        for v in versions:
            if got[v.name] is None:
                continue
            run = subprocess.run([sys.executable, str(BENCH / "warm_validate.py"), str(v.root), "--repeat", "5"],
                                 env=v.env, cwd=NEUTRAL, capture_output=True, text=True)
            if run.returncode:     # an older checkout whose validate cannot run this measure
                why = ((run.stderr or run.stdout).strip().splitlines() or ["no output"])[-1][:160]
                print(f"warm validate: {v.name} cannot be measured ({why})", file=sys.stderr)
                got[v.name] = None
                continue
            got[v.name].append(json.loads(run.stdout.strip().splitlines()[-1]))
    return {name: {key: round(statistics.median(r[key] for r in runs), 3) for key in runs[0]}
            for name, runs in got.items() if runs}


def validate_lines(rows: dict, versions: list) -> list[str]:
    """Table lines (what | before | after | ratio) of warm_validate's figures."""
    has_before = "before" in rows
    labels = {"first": "`pnp validate`, first in a process (all games), CPU",
              "tournay": "`pnp validate tournay` after one deck edit, same process, CPU",
              "san-gimignano": "`pnp validate san-gimignano` after one deck edit, same process, CPU",
              "taverna": "`pnp validate taverna` after one deck edit, same process, CPU"}
    out = []
    for key, label in labels.items():
        after = rows["after"][key]
        if has_before:
            before = rows["before"][key]
            out.append(f"| {label} | {before} s | {after} s ({after / before:.2f}x before) | |")
        else:
            out.append(f"| {label} | {after} s | |")
    return out


def table(rows: dict, versions: list, cores: int, peer: bool) -> str:
    has_before = len(versions) > 1
    out = [f"| what | {'before | ' if has_before else ''}after | peer / floor |",
           f"|---|{'---|' if has_before else ''}---|---|"]

    def line(what: str, after: str, before: str = "", other: str = "") -> None:
        out.append(f"| {what} | {before + ' | ' if has_before else ''}{after} | {other} |")

    s = rows["start-up"]
    line("start-up, `pnp --help`", f"{s['help after']['seconds']} s",
         f"{s['help before']['seconds']} s" if has_before else "", f"`python -c pass` {s['python']['seconds']} s")
    r = rows["real deck"]

    def vs_floor(row: dict, name: str) -> str:
        return f"{row[name]['seconds']} s ({row[name]['seconds'] / row['floor']['seconds']:.2f}x floor)"

    other = f"floor {r['floor']['seconds']} s"
    if peer:
        other += f"; protograf {r['protograf']['seconds']} s (pnp = {r['after']['seconds'] / r['protograf']['seconds']:.2f}x it)"
    line(f"San Gimignano cards, English, whole process ({r['pages']['after']} pages)", vs_floor(r, "after"),
         vs_floor(r, "before") if has_before else "", other)
    for label in ("200x copies", "20x distinct", "200x distinct"):
        r = rows[label]

        def cell(name: str) -> str:
            per_page = (r[name]["seconds"] / r["pages"][name]) / (r["floor"]["seconds"] / r["floor pages"])
            return (f"{r[name]['seconds']} s, {r['pages'][name]} pages, {per_page:.2f}x floor per page, "
                    f"{r[name]['peak_mib']} MiB")
        line(f"{label} (floor: {r['floor pages']} pages)", cell("after"), cell("before") if has_before else "",
             f"floor {r['floor']['seconds']} s, {r['floor']['peak_mib']} MiB")
    growth = {name: rows["200x distinct"][name]["peak_mib"] / rows["20x distinct"][name]["peak_mib"]
              for name in ("after", "floor") + (("before",) if has_before else ())}
    line("peak memory 200x / 20x distinct", f"{growth['after']:.2f}x",
         f"{growth['before']:.2f}x" if has_before else "", f"floor {growth['floor']:.2f}x")
    f = rows["full build"]
    full_after = f[f"after jobs {cores}"]["seconds"]
    before_cell = f"{f['before']['seconds']} s" if has_before else ""
    line("full default build, --jobs 1", f"{f['after jobs 1']['seconds']} s"
         + (f" ({f['after jobs 1']['seconds'] / f['before']['seconds']:.2f}x before)" if has_before else ""),
         before_cell)
    line(f"full default build, --jobs {cores} (all cores)", f"{full_after} s"
         + (f" ({full_after / f['before']['seconds']:.2f}x before)" if has_before else ""), before_cell)
    e = rows["one-card rebuild"]
    line("one card edited, rebuilt (new process)",
         f"{e['after']['seconds']} s ({e['after']['seconds'] / full_after:.2f}x full build)",
         f"{e['before']['seconds']} s ({e['before']['seconds'] / f['before']['seconds']:.2f}x)" if has_before else "")
    w = rows["watch rebuild"]["seconds"]
    line("one card edited, rebuilt by `pnp build --watch`", f"{w} s ({w / full_after:.2f}x full build)",
         "(no --watch)" if has_before else "")
    out += validate_lines(rows["validate"], versions)
    out += ["", "The line held (issue 23):"]
    deck = rows["real deck"]["after"]["seconds"] / rows["real deck"]["floor"]["seconds"]
    checks = [(f"San Gimignano cards, whole process, --no-cache: {deck:.2f}x the floor", deck, FLOOR_LIMIT)]
    if has_before:
        checks.insert(0, (f"full default build, all cores: {full_after / f['before']['seconds']:.2f}x before",
                          full_after / f["before"]["seconds"], FULL_BUILD_LIMIT))
    out += [f"- {what} (limit {limit}x): {'held' if ratio <= limit else 'NOT HELD'}" for what, ratio, limit in checks]
    return "\n".join(out)


if __name__ == "__main__":
    main()
