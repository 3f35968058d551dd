"""The score calculator at the table: how soon a phone-sized headless Chromium shows the form and
the first result, cold (a fresh profile: a first visit) and warm (the same profile after the
browser was closed and opened again, the network off: the runtime kept by the service worker,
the started interpreter and the compiled code by the page), and what crosses the network, with the
precompressed runtime and without it (a host that serves only the raw files). Profiles are on
disk, as a phone's are.

    python benchmarks/calculator.py output/site [--game taverna] [--lang en] [--runs 3]

Served by `pnp serve`'s own handler on localhost; bytes and requests are counted by the server,
so they include the service worker's. Every visit opens the page and scores the rulebook's
example as soon as the page can (examples/scores/<game>-rulebook.yaml): time to the first
result is from navigation start to the answer; the renderer's CPU time beside it is what a busy
machine does not inflate. Runs alternate cold and warm so that machine load affects both alike;
each figure is the median of --runs.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

import yaml
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from generator.site.serve import QuietHandler  # noqa: E402  (the repository's, not an installed copy)

VIEWPORT = {"width": 390, "height": 844}


class Counted(QuietHandler):
    """Counts what the server sends (status line and headers aside); `raw` ignores .br/.gz."""
    sent = 0
    requests = 0
    raw = False

    def send_head(self):
        type(self).requests += 1
        if type(self).raw:
            self.headers.replace_header("Accept-Encoding", "identity") if "Accept-Encoding" in self.headers \
                else None
        return super().send_head()

    def copyfile(self, source, outputfile):
        data = source.read()
        type(self).sent += len(data)
        outputfile.write(data)


class Unlisted(Counted):
    """For a site an earlier pnp built (no list of what pnp wrote beside it): every regular file."""

    def _written(self, path: str) -> bool:
        return os.path.isfile(path) and not os.path.islink(path)


def serve(site: Path):
    listed = (site.parent / ".pnp-written").is_file()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counted if listed else Unlisted,
                                                                     directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def visit(context, url: str, state: dict, baseline: bool = False) -> dict:
    """Open the score page, score `state` as soon as the page can; times in ms from navigation.
    `baseline`: a site built by an earlier version (no phases, its own offline signal)."""
    before = (Counted.sent, Counted.requests)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.pnpScore !== undefined", polling=20)
    result = page.evaluate("s => window.pnpScore(s).then(r => [r.ok, performance.now()])", state)
    # the page's CPU time (the renderer's): what a busy machine does not inflate
    cpu = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    form = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    assert result[0], "the example did not score"
    figures = {"form_ms": round(form), "first_result_ms": round(result[1]),
               "cpu_ms": round(cpu["ProcessTime"] * 1000), "main_thread_cpu_ms": round(cpu["ThreadTime"] * 1000),
               "bytes": Counted.sent - before[0], "requests": Counted.requests - before[1]}
    if baseline:
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=300_000)
    else:
        box = "document.getElementById('calculator').dataset"
        snapshot = page.evaluate(f"{box}.snapshot || ''")
        figures["modules_reused"] = int(page.evaluate(f"{box}.codeReused"))
        figures["snapshot_restored"] = snapshot == "restored"
        figures.update(page.evaluate("Object.fromEntries(performance.getEntriesByType('mark')"
                                     ".map(m => [m.name.replace('pnp-', '') + '_ms', Math.round(m.startTime)]))"))
        # what a visit leaves for the next one: the runtime in the service worker's cache, the code
        page.wait_for_function("document.documentElement.dataset.runtime === 'ready'", timeout=300_000)
        page.wait_for_function(f"{box}.codeKept === '1'", timeout=60_000)
        if snapshot != "restored":
            page.wait_for_function(f"{box}.snapshotKept === '1'", timeout=60_000)
    figures["with_background_bytes"] = Counted.sent - before[0]
    figures["with_background_requests"] = Counted.requests - before[1]
    page.close()
    return figures


def rules_page(context, url: str) -> dict:
    """A rules page: when it can be read, when its game's runtime is kept in the background and
    when the calculator is prepared behind it."""
    before = (Counted.sent, Counted.requests)
    page = context.new_page()
    page.goto(url)
    loaded = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    page.wait_for_function("document.documentElement.dataset.runtime === 'ready'", timeout=300_000)
    kept = page.evaluate("performance.now()")
    page.wait_for_function("document.documentElement.dataset.calculator === 'prepared'", timeout=300_000)
    prepared = page.evaluate("performance.now()")
    page.close()
    return {"rules_loaded_ms": round(loaded), "runtime_kept_ms": round(kept), "calculator_prepared_ms": round(prepared),
            "bytes": Counted.sent - before[0], "requests": Counted.requests - before[1]}


def median(rows: list[dict], key: str) -> int:
    return round(statistics.median(r[key] for r in rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--game", default="taverna")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="a site built by an earlier version: its cold and warm "
                                                      "visits, alternated with this one's")
    parser.add_argument("--pairs-only", action="store_true", help="only the cold and warm visits (with --baseline: "
                                                                       "the paired run)")
    args = parser.parse_args()
    state = yaml.safe_load((ROOT / "examples" / "scores" / f"{args.game}-rulebook.yaml").read_text("utf-8"))
    server, base = serve(args.site)
    old_server, old_base = serve(args.baseline) if args.baseline else (None, None)
    page = f"{args.game}/{args.lang}-score.html"
    rows: dict[str, list[dict]] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory(prefix="pnp-bench-") as scratch:
        def profile(name: str):
            """A fresh browser profile, on disk as a phone's (its HTTP cache holds the 9.6 MB wasm)."""
            return p.chromium.launch_persistent_context(Path(scratch) / name, executable_path="/usr/bin/chromium",
                                                        args=["--no-sandbox"], viewport=VIEWPORT)

        def cold_then_warm(name: str, url: str, baseline: bool = False, before: bool = False) -> None:
            context = profile(name)
            rows.setdefault(f"{'before: ' if before else ''}cold (first visit)", []).append(
                visit(context, url, state, baseline))
            context.close()                              # the browser closed and opened again
            context = profile(name)
            context.set_offline(True)                    # at the table: no network after the first visit
            rows.setdefault(f"{'before: ' if before else ''}warm (later visit)", []).append(
                visit(context, url, state, baseline))
            context.close()

        # a baseline from before the calculator's phases (e8d9132) has its own offline signal
        old_kind = args.baseline and "performance.mark" not in (args.baseline / "assets" / "calc.js").read_text("utf-8")
        for run in range(args.runs):
            if args.baseline:
                cold_then_warm(f"before-{run}", old_base + page, baseline=old_kind, before=True)
            cold_then_warm(f"now-{run}", base + page)
            if args.pairs_only:
                continue
            Counted.raw = True
            context = profile(f"raw-{run}")
            rows.setdefault("cold, raw files only", []).append(visit(context, base + page, state))
            context.close()
            Counted.raw = False
            context = profile(f"rules-{run}")
            rows.setdefault("rules page, calculator kept behind", []).append(
                rules_page(context, f"{base}{args.game}/{args.lang}.html"))
            context.close()
            context = profile(f"rules-{run}")                 # the end of the game: the score page
            rows.setdefault("score page after the rules page", []).append(visit(context, base + page, state))
            context.close()
    for s in (server, old_server):
        if s:
            s.shutdown()
    for name, runs in rows.items():
        print(f"{name:36} {json.dumps({k: median(runs, k) for k in runs[0]})}")


if __name__ == "__main__":
    main()
