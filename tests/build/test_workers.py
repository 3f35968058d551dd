"""How a build renders its products: the cycle collector's view of the heap meanwhile
(generator/planning/plan.py), and how `--jobs` shares the products between this process and its
workers (generator/planning/workers.py)."""
from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from datafile.errors import BuildError
from generator.planning import plan, product_list, workers
from tests.authoring.helpers import new_game
from tests.conftest import pnp

PRODUCTS = 8


def _fake(log: Path, name: str) -> product_list.Product:
    def write(project, game, lang, path, options, progress=lambda n: None, shared=None):
        with log.open("a") as f:           # one short line per start: appends do not interleave
            f.write(f"{name} {os.getpid()}\n")
        time.sleep(0.15)
        return 1
    return product_list.Product(name, f"{name}.pdf", write, lambda project, game, options: 1)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_this_process_takes_the_costliest_product_left_not_the_cheapest(tmp_path, monkeypatch):
    """Products are handed out costliest first. Once this process has rendered the site, it
    takes the next product in that order, as the workers do: it used to take from the other end,
    so both met in the middle of the list, and one stood idle while the other drew a mid-sized
    product (0.5 s of a 5 s build)."""
    log = tmp_path / "log"
    fakes = [_fake(log, f"p{i}") for i in range(PRODUCTS)]
    monkeypatch.setattr(product_list, "PRODUCTS", fakes)     # forked workers look products up there
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


def test_the_cards_files_of_a_game_and_language_are_rendered_in_turn_by_one_process(tmp_path, monkeypatch):
    """Products of one family (product_list.Product.family: cards.pdf and the files made from its
    faces) go to one process for a game and language, one after another, so they share what
    they drew; they used to be handed out one by one, and split between processes."""
    log = tmp_path / "log"

    def fake(name: str, family: str = "") -> product_list.Product:
        def write(project, game, lang, path, options, progress=lambda n: None, shared=None):
            with log.open("a") as f:
                f.write(f"{name} {lang} {os.getpid()}\n")
            time.sleep(0.05)
            return 1
        return product_list.Product(name, f"{name}.pdf", write, lambda project, game, options: 1, family)
    fakes = [fake(f"c{i}", "cards") for i in range(3)] + [fake(f"p{i}") for i in range(3)]
    monkeypatch.setattr(product_list, "PRODUCTS", fakes)
    game = SimpleNamespace(id="g")
    project = SimpleNamespace(root=tmp_path, games={"g": game})
    todo = [(plan.Job(p, game, lang, tmp_path / lang / p.filename), tmp_path / lang / p.filename)
            for lang in ("en", "fr", "de") for p in fakes]
    workers.render_parallel(project, todo, None, 2, lambda n: None, lambda job: None, lambda text: None)
    lines = [line.split() for line in log.read_text().splitlines()]
    assert len(lines) == len(todo)
    for lang in ("en", "fr", "de"):
        family = [(index, pid) for index, (name, at, pid) in enumerate(lines) if at == lang and name[0] == "c"]
        assert [lines[index][0] for index, _pid in family] == ["c0", "c1", "c2"]
        assert len({pid for _index, pid in family}) == 1, lang
        same_process = [index for index, line in enumerate(lines) if line[2] == family[0][1]]
        start = same_process.index(family[0][0])
        assert same_process[start:start + 3] == [index for index, _pid in family], lang   # in turn


def test_what_lives_through_the_build_is_frozen_while_products_render_and_given_back_after(tmp_path, monkeypatch):
    """The project, fonts and modules are out of the collector's sight while products render
    (gc.freeze: fewer, shorter collections); after the build, failed or not, nothing stays
    frozen, or a process that builds again (--watch, serve) would never collect it."""
    seen = []

    def write(project, game, lang, path, options, progress=lambda n: None, shared=None):
        seen.append(gc.get_freeze_count())
        if len(seen) > 1:
            raise BuildError("a failing product")
        path.write_bytes(b"%PDF-1.4\n")
        return 1
    monkeypatch.setattr(product_list, "PRODUCTS", [product_list.Product("fake", "fake.pdf", write, lambda *args: 1)])
    new_game(tmp_path)
    build = ("build", "--jobs", "1", "--no-cache", "--out", str(tmp_path / "out"))
    ok = pnp(*build, root=tmp_path)
    assert ok.exit_code == 0, ok.output
    assert seen and min(seen) > 1000          # the loaded project and modules, at least
    assert gc.get_freeze_count() == 0
    failed = pnp(*build, root=tmp_path)
    assert failed.exit_code == 1 and len(seen) == 2, failed.output
    assert gc.get_freeze_count() == 0


def test_the_texts_of_the_figures_cards_are_fitted_before_the_workers_are_forked(tmp_path, monkeypatch):
    """warm(), run before the workers are forked, fits the texts of the cards the rules' figures
    show: whichever process then draws rules.pdf's figures, the site's copy or those cards' own
    files finds them fitted. Each process fitted them for itself (505 of the 2,171 fits of a
    default build at --jobs 2)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from generator.loading.catalog import load_project
    from generator.products.figures import FigureMaker
    from generator.texts.figures import load_figures
    from generator.texts.rules import load_rules
    from generator.typeset import text
    from tests.conftest import ROOT
    project = load_project(ROOT, ["san-gimignano"])
    game = project.games["san-gimignano"]
    rules = next(p for p in product_list.PRODUCTS if p.name == "rules")
    text.fit.cache_clear()
    workers.warm(project, [(plan.Job(rules, game, "fr", tmp_path / "rules.pdf"), tmp_path / "rules.pdf")])
    set_ = []

    class Counted(text.Paragraph):      # what fit() sets a paragraph with (French: not Japanese's)
        def __init__(self, *args, **kwargs):
            set_.append(1)
            super().__init__(*args, **kwargs)
    monkeypatch.setattr(text, "Paragraph", Counted)
    figures = load_figures(project, game, [s.id for s in load_rules(project, game, "fr").flat()]).figures
    assert figures
    maker = FigureMaker(project, game, "fr")
    for figure in figures:
        maker.draw(Canvas(io.BytesIO()), figure, 1.0)
    assert set_ == []
