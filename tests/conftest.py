"""Shared fixtures: the project root, and builds made once per test run.

Under pytest-xdist every worker is its own process with its own session, so a plain
session-scoped build would run once per worker. `shared_build` makes each build once per run:
the first worker to need it builds it, under a file lock, into the run's shared temporary folder;
the others wait for the lock and read the same folder (the pytest-xdist recipe "making
session-scoped fixtures execute only once"). Every session build goes through it.
"""
from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner
from filelock import FileLock

from generator.cli import main

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# --liftoff-only: WebAssembly runs on V8's baseline compiler and is never recompiled by the
# optimising one. The calculator's Pyodide runs a few seconds per page, too short for the
# optimised code to repay its compiling: a score page's start costs ~1/3 less CPU, same results.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--js-flags=--liftoff-only"]


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def pnp(*args: str, root: Path = ROOT, input: str | None = None):
    """Run the pnp CLI in-process; returns click's Result (exit_code, output, stderr)."""
    return CliRunner().invoke(main, ["--root", str(root), *args], input=input, catch_exceptions=False)


def pnp_process(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run pnp as a separate process (for what must hold for a real invocation)."""
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, capture_output=True,
                          text=True)


def list_as_written(out: Path) -> None:
    """Every regular file under `out` listed as pnp's own (paper/written.py), as a build lists
    what it writes: for tests that make a site folder by hand and serve it."""
    import hashlib

    from generator.paper import written
    files = {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted(out.rglob("*")) if p.is_file() and not p.is_symlink() and p.name != written.NAME}
    written.save(out, files)


def game_facts(game_id: str) -> dict:
    """The card facts a calculator takes (scoring.api.facts_from_game) from the project's data."""
    from generator.loading.catalog import load_project
    from scoring.api import facts_from_game
    return facts_from_game(load_project(ROOT, [game_id]).games[game_id])


def pytest_configure(config):
    """A test process holds far more than a `pnp` run: every PDF page it has parsed (pdfminer
    objects, then their pickles) and the session's builds, so CPython's cycle collector, run
    after every 700 new objects, walks a large heap again and again. After every 10,000 instead:
    `-m "not slow"` 86 -> 76 s of wall time, 166 -> 145 CPU-s (two paired runs, docs/benchmarks.md).
    The product keeps CPython's youngest threshold (the same change gave no gain there, 0.97x-1.00x)
    and runs its full collections seldom instead (generator.cli.run); here that gave nothing."""
    gc.set_threshold(10_000, *gc.get_threshold()[1:])
    if sys.flags.dont_write_bytecode and not hasattr(config, "workerinput"):   # once, before the workers start
        _compile_the_project()
    # pytest reads a test module's rewritten bytecode where it finds it, but writes it only where
    # Python may: with PYTHONDONTWRITEBYTECODE every worker rewrote the asserts of every test module
    # at every run (collection 6.8 -> 2.8 CPU-s a worker once kept; tests/__pycache__, git ignores it)
    sys.dont_write_bytecode = False


def _compile_the_project() -> None:
    """Where Python keeps no bytecode (PYTHONDONTWRITEBYTECODE, as on this CI machine), each `pnp`
    process of the run (about a hundred: whole builds, budgets, the fuzz server) compiled the
    project's modules from source again. They are compiled once, into their __pycache__ folders
    (git ignores them), as Python does by default everywhere else; the processes only read them."""
    import compileall
    for package in ("generator", "scoring", "datafile"):
        compileall.compile_dir(ROOT / package, quiet=1)


@pytest.hookimpl(tryfirst=True)     # before `-m` deselects by marker
def pytest_collection_modifyitems(config, items):
    """Every test that drives Chromium (the `browser` fixture, directly or through another
    fixture) is slow: a browser page costs a second or more."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def _pdf_objects_kept_for_the_run(tmp_path_factory):
    """tests/pdfs.py keeps parsed PDF pages in the run's shared folder (every xdist worker's)."""
    from tests import pdfs
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    pdfs.CACHE = shared / "pdf-objects"
    pdfs.CACHE.mkdir(exist_ok=True)
    yield
    pdfs.CACHE = None


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


def shared_build(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, filled by `make(folder)` once per test run, whatever the number of
    xdist workers (or none: a function-scoped fixture may ask again). Tests read it and never write
    to it. A build that fails fails in every worker that needs it (it is tried again, and the
    `.done` mark is only written after success)."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent                            # the run's folder, shared by its workers
    out, done = shared / name, shared / f"{name}.done"
    with FileLock(str(shared / f"{name}.lock")):
        if not done.exists():
            if out.exists():                              # a failed attempt of another worker
                shutil.rmtree(out)
            out.mkdir()
            make(out)
            done.touch()
    return out


def build_into(*args: str) -> Callable[[Path], None]:
    """make(out) for shared_build: `pnp build ARGS --out out`, which must succeed."""
    def make(out: Path) -> None:
        result = pnp("build", *args, "--out", str(out))
        assert result.exit_code == 0, result.output
    return make


@pytest.fixture(scope="session")
def full_build(tmp_path_factory) -> Path:
    """`pnp build` of everything (every printable, the site with its downloads and calculator),
    once per test run: the print and site tests read it, none writes to it."""
    return shared_build(tmp_path_factory, "full-build", build_into())


@pytest.fixture(scope="session")
def built(full_build):
    """built(game) -> output folder holding <game>/<lang>/*.pdf: the session's full build (a
    game's files are the same bytes whether it is built alone or with the others)."""
    def build(game: str) -> Path:
        assert (full_build / game).is_dir(), f"{game} is not one of the games the full build wrote"
        return full_build
    return build


# One Chromium per session for every test folder (the site's and the studio's): Playwright's
# sync API allows one running instance per process.
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


# A request the page itself let go: the favicon, fetched after the load event, when the test goes
# on to the next page (seen on a busy machine). A missing file fails as net::ERR_FILE_NOT_FOUND, a
# refused one as net::ERR_FAILED: those stay errors.
ABANDONED = "net::ERR_ABORTED"


@pytest.fixture
def page_factory(browser):
    """new_page(width, height, **context options) -> (page, errors): console errors and page errors
    are collected."""
    contexts = []

    def new_page(width: int = 1280, height: int = 800, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("requestfailed", lambda r: None if r.failure == ABANDONED else
                errors.append(f"failed request {r.url} ({r.failure})"))
        return page, errors

    yield new_page
    for context in contexts:
        context.close()
