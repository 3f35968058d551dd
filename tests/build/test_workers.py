"""How `--jobs` shares products between this process and its workers (generator/build/workers.py)."""
from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

from generator.build import plan, workers

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
