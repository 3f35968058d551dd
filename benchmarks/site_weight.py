"""First-load weight of the rules site's pages in headless Chromium (empty cache, no service
worker): bytes on the wire and requests per page type, and for the score page the calculator's
download and its time to first result.

    python benchmarks/site_weight.py output/site            # after `pnp build`
    python benchmarks/site_weight.py output/site --calculator
"""
from __future__ import annotations

import argparse
import functools
import json
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def measure(browser, url: str, action=None) -> dict:
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes: dict[str, int] = {}
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")
    extra = action(page, start) if action else {}
    page.wait_for_load_state("networkidle")
    context.close()
    return {"bytes": sum(sizes.values()), "requests": len(sizes), **extra}


def first_result(page, start) -> dict:
    import yaml
    state = yaml.safe_load((ROOT / "examples" / "scores" / "taverna-rulebook.yaml").read_text(encoding="utf-8"))
    result = page.evaluate("s => window.pnpScore(s)", state)
    assert result["ok"], result
    return {"first_result_s": round(time.perf_counter() - start, 2),
            "runtime_ready_ms": int(page.evaluate("document.getElementById('calculator').dataset.ready"))}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("site", type=Path)
    parser.add_argument("--calculator", action="store_true", help="also load the score page's runtime")
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = {"home": "index.html"}
    for game in ("san-gimignano", "tournay", "taverna"):
        for lang in ("en", "fr", "ja"):
            pages[f"{game}/{lang} rules"] = f"{game}/{lang}.html"
            if (args.site / game / f"{lang}-icons.html").exists():
                pages[f"{game}/{lang} icons"] = f"{game}/{lang}-icons.html"
                pages[f"{game}/{lang} score"] = f"{game}/{lang}-score.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, path in pages.items():
            print(f"{name:28} {json.dumps(measure(browser, base + path))}")
        if args.calculator:
            print(f"{'taverna/en calculator':28} "
                  f"{json.dumps(measure(browser, base + 'taverna/en-score.html', first_result))}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
