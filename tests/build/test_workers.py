"""How a build renders its products: the cycle collector's view of the heap meanwhile
(generator/build/plan.py), and how `--jobs` shares the products between this process and its
workers (generator/build/workers.py)."""
from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from datafile.errors import BuildError
from generator.build import plan, workers
from tests.authoring.helpers import new_game
from tests.conftest import pnp

PRODUCTS = 8


def _fake(log: Path, name: str) -> plan.Product:
    def write(project, game, lang, path, options, progress=lambda n: None):
        with log.open("a") as f:           # one short line per start: appends do not interleave
            f.write(f"{name} {os.getpid()}\n")
        time.sleep(0.15)
        return 1
    return plan.Product(name, f"{name}.pdf", write, lambda project, game, options: 1)


def test_this_process_takes_the_costliest_product_left_not_the_cheapest(tmp_path, monkeypatch):
    """Products are handed out costliest first. Once this process has rendered the site, it
    takes the next product in that order, as the workers do: it used to take from the other end,
    so both met in the middle of the list, and one stood idle while the other drew a mid-sized
    product (0.5 s of a 5 s build)."""
    log = tmp_path / "log"
    fakes = [_fake(log, f"p{i}") for i in range(PRODUCTS)]
    monkeypatch.setattr(plan, "PRODUCTS", fakes)     # forked workers look products up there
    game = SimpleNamespace(id="g")
    project = SimpleNamespace(root=tmp_path, games={"g": game})
    todo = [(plan.Job(p, game, "en", tmp_path / p.filename), tmp_path / p.filename) for p in fakes]

    def first():        # the site: until the worker has started its first product
        deadline = time.monotonic() + 10
        while not (log.exists() and log.read_text()) and time.monotonic() < deadline:
            time.sleep(0.01)

    workers.render_parallel(project, todo, None, 2, lambda n: None, lambda job: None, lambda text: None, first)
    lines = [line.split() for line in log.read_text().splitlines()]
    assert sorted(name for name, _pid in lines) == [p.name for p in fakes]      # each exactly once
    mine = [int(name[1:]) for name, pid in lines if int(pid) == os.getpid()]
    assert mine, "this process rendered none"
    assert mine[0] < PRODUCTS // 2, f"this process began with product {mine[0]} of {PRODUCTS}"


def test_what_lives_through_the_build_is_frozen_while_products_render_and_given_back_after(tmp_path, monkeypatch):
    """The project, fonts and modules are out of the collector's sight while products render
    (gc.freeze: fewer, shorter collections); after the build, failed or not, nothing stays
    frozen, or a process that builds again (--watch, serve) would never collect it."""
    seen = []

    def write(project, game, lang, path, options, progress=lambda n: None):
        seen.append(gc.get_freeze_count())
        if len(seen) > 1:
            raise BuildError("a failing product")
        path.write_bytes(b"%PDF-1.4\n")
        return 1
    monkeypatch.setattr(plan, "PRODUCTS", [plan.Product("fake", "fake.pdf", write, lambda *args: 1)])
    new_game(tmp_path)
    build = ("build", "--jobs", "1", "--no-cache", "--out", str(tmp_path / "out"))
    ok = pnp(*build, root=tmp_path)
    assert ok.exit_code == 0, ok.output
    assert seen and min(seen) > 1000          # the loaded project and modules, at least
    assert gc.get_freeze_count() == 0
    failed = pnp(*build, root=tmp_path)
    assert failed.exit_code == 1 and len(seen) == 2, failed.output
    assert gc.get_freeze_count() == 0


def _site_renders(monkeypatch, log: Path, fail_in_fork: bool = False):
    """render_site, logging the process it runs in (and failing there if asked)."""
    from generator.site import pages
    real, parent = pages.render_site, os.getpid()

    def render_site(*args, **kwargs):
        with log.open("a") as f:
            f.write(f"{os.getpid()}\n")
        if fail_in_fork and os.getpid() != parent:
            raise RuntimeError("the fork fails")
        return real(*args, **kwargs)
    monkeypatch.setattr(pages, "render_site", render_site)


def test_the_site_renders_in_a_fork_while_this_process_counts_pages(tmp_path, monkeypatch):
    """With --jobs 2 the site is rendered by a fork made before the page counts (workers.Aside),
    not by this process once its workers have started: the core the counts left idle renders it.
    The bytes are those of --jobs 1 (test_cache.py)."""
    log = tmp_path / "log"
    _site_renders(monkeypatch, log)
    new_game(tmp_path)
    result = pnp("build", "--jobs", "2", "--no-cache", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    assert [int(pid) for pid in log.read_text().split()] != [os.getpid()]
    assert len(log.read_text().split()) == 1 and (tmp_path / "out" / "site" / "index.html").is_file()


def test_a_site_fork_that_fails_is_rendered_again_here(tmp_path, monkeypatch):
    log = tmp_path / "log"
    _site_renders(monkeypatch, log, fail_in_fork=True)
    new_game(tmp_path)
    result = pnp("build", "--jobs", "2", "--no-cache", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    pids = [int(pid) for pid in log.read_text().split()]
    assert len(pids) == 2 and pids[0] != os.getpid() and pids[1] == os.getpid()
    assert (tmp_path / "out" / "site" / "index.html").is_file()


def test_a_failed_build_stops_the_site_fork_and_writes_nothing(tmp_path, monkeypatch):
    """A product that fails while the site still renders aside: the fork is killed and reaped,
    and nothing is written."""
    forks, pids = [], []
    real_aside = workers.Aside

    def aside(make):
        forks.append(real_aside(lambda: time.sleep(60)))      # still rendering when the product fails
        pids.append(forks[-1].pid)
        return forks[-1]

    def write(project, game, lang, path, options, progress=lambda n: None):
        raise BuildError("a failing product")
    monkeypatch.setattr(workers, "Aside", aside)
    monkeypatch.setattr(plan, "PRODUCTS", [plan.Product(name, f"{name}.pdf", write, lambda *args: 1)
                                           for name in ("rules", "cards")])      # rules: the site goes with it
    new_game(tmp_path)
    result = pnp("build", "--jobs", "2", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 1 and "a failing product" in result.output
    assert len(forks) == 1 and forks[0].pid is None
    with pytest.raises(ProcessLookupError):       # killed and reaped
        os.kill(pids[0], 0)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.")] == []
