"""Fixtures for the rules site and rules.pdf: one build per session. The headless Chromium
(`browser`, `page_factory`) is tests/conftest.py's, shared with the studio's tests."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.site import runtime
from tests.conftest import on_ci

LANGS = ["fr", "en", "de", "ja"]


@pytest.fixture(scope="session")
def sg_out(built) -> Path:
    """Output folder after `pnp build san-gimignano` (cards, rules.pdf and the site)."""
    return built("san-gimignano")


@pytest.fixture(scope="session")
def site_all(full_build) -> Path:
    """Every game's rules.pdf and the whole site: the session's full build (its site has the same
    pages as `pnp build --only rules` makes, with every download beside them, so the link checks
    see more, not less). Tests that build into it copy it first."""
    return full_build


ROOT = Path(__file__).resolve().parents[2]


def vendored(what: str) -> Path:
    """A file .ci/vendor-web fetched for the tests (axe-core): in $PNP_WEB_VENDOR or .cache/vendor/;
    skipped when absent, except on CI."""
    folders = [Path(os.environ["PNP_WEB_VENDOR"])] if os.environ.get("PNP_WEB_VENDOR") else []
    for folder in folders + [ROOT / ".cache" / "vendor"]:
        if (folder / what).exists():
            return folder / what
    message = f"{what} not in {' or '.join(map(str, folders + [ROOT / '.cache' / 'vendor']))} (run .ci/vendor-web)"
    if on_ci():
        pytest.fail(message)
    pytest.skip(message)


def runtime_or_skip() -> Path:
    """The calculator's runtime (`pnp fetch-runtime`, which `pnp build` runs on first need);
    skipped when it could not be fetched, except on CI."""
    if not runtime.available():
        message = f"the calculator's runtime is not in {runtime.runtime_dir()} (run pnp fetch-runtime)"
        if on_ci():
            pytest.fail(message)
        pytest.skip(message)
    return runtime.runtime_dir()


class SiteServer:
    """output/site/ over HTTP on 127.0.0.1 (service workers and WebAssembly need http, not file://)."""

    def __init__(self, directory: Path):
        import functools
        import threading
        from http.server import ThreadingHTTPServer

        from generator.site.serve import QuietHandler    # the handler `pnp serve` uses
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
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
