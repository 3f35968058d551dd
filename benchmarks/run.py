"""Time `pnp build san-gimignano --lang en` against the bare-ReportLab floor, side by side.

    python benchmarks/run.py [--repeat 5] [--scale 20]

Reports, for the real deck (55 cards) and for a deck SCALE times larger (generated in a
temporary copy of the project): wall time of each whole process (median of REPEAT runs,
runs alternated so load affects both alike), pages per second, cost per page, peak memory
(max RSS), and the ratios the project's targets are stated in.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
FLOOR = ROOT / "benchmarks" / "floor_reportlab.py"


def timed(cmd: list[str]) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return elapsed, usage.ru_maxrss / 1024


def pages(pdf: Path) -> int:
    from pypdf import PdfReader
    return len(PdfReader(pdf).pages)


def scaled_project(scale: int, into: Path) -> Path:
    """A copy of the project whose San Gimignano decks hold SCALE times the cards."""
    root = into / "project"
    (root / "cards").mkdir(parents=True)
    shutil.copytree(ROOT / "cards" / "san-gimignano", root / "cards" / "san-gimignano")
    shutil.copytree(ROOT / "layouts", root / "layouts", ignore=shutil.ignore_patterns("fonts"))
    (root / "layouts" / "fonts").symlink_to(ROOT / "layouts" / "fonts")
    shutil.copytree(ROOT / "locales", root / "locales")
    for deck in ("towers", "nobles"):
        path = root / "cards" / "san-gimignano" / f"{deck}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data["cards"] = [dict(card, id=f"{card['id']}-{k}") for k in range(scale) for card in data["cards"]]
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return root


def measure(label: str, root: Path, scale: int, repeat: int, work: Path) -> dict:
    out = work / f"out-{scale}"
    pnp = [sys.executable, "-m", "generator.cli", "--root", str(root), "build", "san-gimignano", "--lang", "en",
           "--only", "cards", "--out", str(out)]
    floor_pdf = work / f"floor-{scale}.pdf"
    floor = [sys.executable, str(FLOOR), str(floor_pdf), "--scale", str(scale)]
    runs = {"pnp": [], "floor": []}
    for _ in range(repeat):
        runs["pnp"].append(timed(pnp))
        runs["floor"].append(timed(floor))
    n_pnp = pages(out / "san-gimignano" / "en" / "cards.pdf")
    n_floor = pages(floor_pdf)
    result = {"label": label, "scale": scale, "pages": {"pnp": n_pnp, "floor": n_floor}}
    for name, samples in runs.items():
        seconds = statistics.median(s for s, _ in samples)
        n = n_pnp if name == "pnp" else n_floor
        result[name] = {"seconds": round(seconds, 3), "pages_per_second": round(n / seconds, 1),
                        "seconds_per_page": round(seconds / n, 5), "peak_mb": round(max(m for _, m in samples), 1)}
    result["ratio_time"] = round(result["pnp"]["seconds"] / result["floor"]["seconds"], 2)
    result["ratio_per_page"] = round(result["pnp"]["seconds_per_page"] / result["floor"]["seconds_per_page"], 2)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--scale", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        small = measure("real deck", ROOT, 1, args.repeat, work)
        big = measure(f"{args.scale}x deck", scaled_project(args.scale, work), args.scale,
                      max(1, args.repeat // 2), work)
    cards = {1: 55, args.scale: 55 * args.scale}
    print(f"{'':<12}{'pages':>7}{'pnp s':>9}{'floor s':>9}{'ratio':>7}{'pnp p/s':>9}{'floor p/s':>10}"
          f"{'per-page ratio':>16}{'pnp MB':>8}{'floor MB':>9}")
    for r in (small, big):
        print(f"{r['label']:<12}{r['pages']['pnp']:>7}{r['pnp']['seconds']:>9}{r['floor']['seconds']:>9}"
              f"{r['ratio_time']:>7}{r['pnp']['pages_per_second']:>9}{r['floor']['pages_per_second']:>10}"
              f"{r['ratio_per_page']:>16}{r['pnp']['peak_mb']:>8}{r['floor']['peak_mb']:>9}")
    print(f"cards: {cards[1]} and {cards[args.scale]}; memory growth pnp: "
          f"{big['pnp']['peak_mb'] - small['pnp']['peak_mb']:+.1f} MB")
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "latest.json").write_text(json.dumps([small, big], indent=2))


if __name__ == "__main__":
    main()
