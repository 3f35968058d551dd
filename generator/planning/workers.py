"""Products rendered on several processes, one progress bar in the parent.

The parent renders too (it has loaded the project already). On Linux each other worker is a
fork of the parent, made before it renders anything but after it has loaded and checked the
project and counted the pages: the worker starts with the project, the registered fonts, the
hyphenation dictionaries, the compiled templates and the fitted texts already in memory, and
only renders. Where fork is unsafe (macOS, a parent running other threads) or absent (Windows),
a worker is a fresh process ('forkserver', else 'spawn') that loads the project itself. A
product is written by exactly one worker from the same inputs as in a single process, so the
bytes do not depend on the number of workers. Workers report pages, the product they start, and
what they print on stderr (warnings) through one queue; the parent drives the progress bar and
re-raises the first error.
"""
from __future__ import annotations

import functools
import io
import multiprocessing
import queue as queues
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Callable

from datafile.errors import BuildError, DataError

PRELOAD = ["generator.products.cards", "generator.player_aids.card", "generator.player_aids.page",
           "generator.products.rules_pdf", "generator.products.scorepad"]
_state: dict = {}
# relative cost of one product (measured: CPU seconds per product of the default build, x100,
# profiled once rules.pdf was laid out in one pass and the aids wrapped a paragraph once per width)
COST = {"cards": 38, "player-aid": 36, "rules": 31, "player-aid-card": 20, "score-pad": 10,
        "cards-ink-saver": 24, "cards-fold-over": 8, "calibration-page": 1}


def _context():
    methods = multiprocessing.get_all_start_methods()
    if sys.platform == "linux" and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)   # imported once in the server, not once per worker
        return ctx
    return multiprocessing.get_context("spawn")


class _Forward(io.TextIOBase):
    """The worker's stderr, sent to the parent (click's test runner captures only the parent's)."""

    def __init__(self, queue):
        self.queue = queue

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if text:
            self.queue.put(("err", text))
        return len(text)


def _start(root: str, game_ids: list[str], queue, project=None) -> None:
    """`project`: the parent's, inherited by a forked worker; a fresh process loads its own."""
    from ..loading.catalog import load_project
    sys.stderr = _Forward(queue)
    _state["queue"] = queue
    _state["project"] = project or load_project(Path(root), game_ids)


def _render(unit: list[tuple[str, str, str, str]], options) -> None:
    """Write each (product, game, language, temporary path) of a unit, in turn."""
    from .product_list import PRODUCTS, in_turn
    project, queue = _state["project"], _state["queue"]
    products = [next(p for p in PRODUCTS if p.name == name) for name, _game, _lang, _tmp in unit]
    shared = in_turn([(product, game_id, lang) for product, (_n, game_id, lang, _t) in zip(products, unit)])
    for product, (product_name, game_id, lang, tmp), work in zip(products, unit, shared):
        queue.put(("start", (product_name, game_id, lang)))
        try:
            product.write(project, project.games[game_id], lang, Path(tmp), options,
                          lambda n: queue.put(("pages", n)), shared=work)
        except DataError as exc:   # its problems do not survive pickling; its message does
            raise BuildError(str(exc)) from None
        sys.stderr.flush()


def _units(project, todo: list, options, pages: list[int] | None) -> list[list]:
    """The products in units of work, the costliest first (so no worker is left with a big one
    at the end): one product each, but those of one family, game and language together in the
    plan's order (product_list.Product.family), so one process renders them in turn."""
    if pages is None:
        pages = [job.product.pages(project, job.game, options) for job, _tmp in todo]
    units: dict[tuple, list] = {}
    for index, ((job, tmp), count) in enumerate(zip(todo, pages)):
        together = (job.product.family, job.game.id, job.lang) if job.product.family else (index,)
        units.setdefault(together, []).append((job, tmp, count))
    return sorted(units.values(), key=lambda unit: (-sum(COST.get(job.product.name, 0) for job, _t, _n in unit),
                                                    -sum(count for _j, _t, count in unit)))


def _write(unit: list, project, options, progress, announce) -> None:
    """A unit rendered in this process."""
    from .product_list import in_turn
    shared = in_turn([(job.product, job.game.id, job.lang) for job, _tmp, _count in unit])
    for (job, tmp, _count), work in zip(unit, shared):
        announce(job)
        job.product.write(project, job.game, job.lang, tmp, options, progress, shared=work)


def render_parallel(project, todo: list, options, workers: int, progress: Callable[[int], None],
                    announce: Callable, warn: Callable[[str], None], first: Callable[[], None] = lambda: None,
                    pages: list[int] | None = None, warm: Callable[[], None] = lambda: None) -> None:
    """Write every (job, temporary path) of `todo` on `workers` processes: this one, already
    warm, and workers - 1 others. Everyone takes the costliest unit of work left (so the last
    ones are short and no process waits long for another): the workers in the pool's order, this
    process, once it has done `first` (the site's pages), by cancelling the first future no
    worker has started (a pending future can still be cancelled). The first error is raised
    once the running products have stopped (the others are cancelled). `pages`: each job's
    page count, when the caller has counted them already. `warm`: what to load before forking
    the workers (warm() below), for them to inherit."""
    ctx = _context()
    queue = ctx.Queue()
    by_id = {(job.product.name, job.game.id, job.lang): job for job, _tmp in todo}
    game_ids = sorted({job.game.id for job, _tmp in todo})

    def drain() -> None:
        while True:
            try:
                kind, value = queue.get_nowait()
            except queues.Empty:
                return
            if kind == "pages":
                progress(value)
            elif kind == "start":
                announce(by_id[tuple(value)])
            else:
                warn(value)

    units = _units(project, todo, options, pages)
    if ctx.get_start_method() == "fork":
        warm()
    finished: set[int] = set()
    try:
        _run_pool(project, units, options, workers, ctx, queue, game_ids, progress, announce, drain, finished,
                  first)
    except BrokenProcessPool:
        # a worker could not start or died (no usable __main__ to re-import, out of memory...):
        # what is not finished is rendered here, as with --jobs 1
        warn("warning: worker processes failed; rendering the rest in this process\n")
        first()   # a no-op if done already
        for index, unit in enumerate(units):
            if index not in finished:
                _write(unit, project, options, progress, announce)


def warm(project, todo: list) -> None:
    """Load, before the workers are forked, what every process rendering these products reads
    once and keeps: the languages' hyphenation dictionaries and interface fonts, each game's icon
    font and rules. This process needs them all anyway (the site has every game and language); a
    worker forked after it inherits them instead of reading and parsing them again. What fails
    to load is left: the product that needs it fails in its own words, as at --jobs 1."""
    from ..texts.rules import load_rules
    from ..typeset.fonts import FontBook
    from ..typeset.icons import build_icon_font
    fonts = FontBook(project.root, project.fonts)
    pairs = sorted({(job.game.id, job.lang) for job, _tmp in todo})
    rules = {(job.game.id, job.lang) for job, _tmp in todo if job.product.name == "rules"}
    loads = [functools.partial(_role_faces, fonts, lang) for lang in sorted({lang for _game, lang in pairs})]
    loads += [functools.partial(build_icon_font, f"pnp-icons-{game_id}", project.icons_for(game_id))
              for game_id in sorted({game for game, _lang in pairs})]
    loads += [functools.partial(load_rules, project, project.games[game_id], lang) for game_id, lang in sorted(rules)]
    # the figures' cards: fitted here (the site's copy of the figures is drawn here anyway), not
    # again in the worker that draws rules.pdf's figures or those cards' files
    loads += [functools.partial(_figure_texts, project, project.games[game_id], lang) for game_id, lang in sorted(rules)]
    for load in loads:
        try:
            load()
        except Exception:  # noqa: BLE001 - a preload only: the product that needs it reports it
            pass


def _figure_texts(project, game, lang: str) -> None:
    from ..products.figures import FigureMaker
    from ..texts.figures import load_figures
    from ..texts.rules import load_rules
    figures = load_figures(project, game, [s.id for s in load_rules(project, game, lang).flat()]).figures
    if figures:
        maker = FigureMaker(project, game, lang)
        for figure in figures:
            maker.prepare(figure)


def _role_faces(fonts, lang: str) -> None:
    for family in sorted(set(fonts.typography(lang).roles.values())):
        for bold, italic in ((False, False), (True, False), (False, True), (True, True)):
            fonts.face(family, bold, italic)


def _run_pool(project, units, options, workers, ctx, queue, game_ids, progress, announce, drain,
              finished: set[int], first: Callable[[], None]) -> None:
    inherited = project if ctx.get_start_method() == "fork" else None
    with ProcessPoolExecutor(workers - 1, mp_context=ctx, initializer=_start,
                             initargs=(str(project.root), game_ids, queue, inherited)) as pool:
        submitted = {pool.submit(_render, [(job.product.name, job.game.id, job.lang, str(tmp))
                                           for job, tmp, _count in unit], options): index
                     for index, unit in enumerate(units)}
        pending = set(submitted)
        first()

        def collect(done) -> None:
            for future in done:
                future.result()
                finished.add(submitted[future])

        try:
            for future, index in submitted.items():
                if future.cancel():          # no worker took it: render it here
                    pending.discard(future)
                    _write(units[index], project, options, progress, announce)
                    finished.add(index)
                drain()
                done = {f for f in pending if f.done()}
                pending -= done
                collect(done)
            while pending:
                done, pending = wait(pending, timeout=0.05, return_when=FIRST_COMPLETED)
                drain()
                collect(done)
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    drain()   # the workers have exited: everything they sent is in the pipe
