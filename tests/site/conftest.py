"""Fixtures for the rules site and rules.pdf: one build per session, and a headless Chromium."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.site.runtime import vendor_dir

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
LANGS = ["fr", "en", "de", "ja"]


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="session")
def sg_out(built) -> Path:
    """Output folder after `pnp build san-gimignano` (cards, rules.pdf and the site)."""
    return built("san-gimignano")


@pytest.fixture(scope="session")
def site_all(tmp_path_factory) -> Path:
    """`pnp build --only rules` for every game: rules.pdf files and the whole site."""
    from tests.conftest import pnp
    out = tmp_path_factory.mktemp("site-all")
    result = pnp("build", "--only", "rules", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium through playwright; skipped only when absent and not on CI."""
    missing = None
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        missing = f"{CHROMIUM} not installed (run .ci/install-browser)"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing = missing or "python package playwright not installed (run .ci/install-browser)"
    if missing:
        if on_ci():
            pytest.fail(f"browser tests cannot run on CI: {missing}")
        pytest.skip(missing)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page_factory(browser):
    """new_page(width) -> (page, errors): console errors and page errors are collected."""
    contexts = []

    def new_page(width: int = 1280, height: int = 800):
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("requestfailed", lambda r: errors.append(f"failed request {r.url}"))
        return page, errors

    yield new_page
    for context in contexts:
        context.close()


VENDOR = vendor_dir(Path(__file__).resolve().parents[2])     # where .ci/vendor-web puts the runtime


def vendored(what: str) -> Path:
    """A file .ci/vendor-web fetched (axe-core, Pyodide); skipped when absent, except on CI."""
    path = VENDOR / what
    if not path.exists():
        message = f"{path} not vendored (run .ci/vendor-web)"
        if on_ci():
            pytest.fail(message)
        pytest.skip(message)
    return path


class SiteServer:
    """output/site/ over HTTP on 127.0.0.1 (service workers and WebAssembly need http, not file://)."""

    def __init__(self, directory: Path):
        import functools
        import threading
        from http.server import ThreadingHTTPServer

        from generator.site.serve import QuietHandler    # the handler `pnp serve` uses
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def serve_site():
    """serve_site(directory) -> SiteServer; every server is stopped after the test."""
    servers = []

    def start(directory: Path) -> SiteServer:
        servers.append(SiteServer(directory))
        return servers[-1]

    yield start
    for s in servers:
        try:
            s.stop()
        except OSError:
            pass
