"""`pnp build`: every requested product for every game and language, all or nothing.

A product is one file per game and language (cards.pdf, ...). New products register in
product_list.PRODUCTS. The build validates first, then writes a staging copy of OUT (paper/output.py): each
product is linked from the cache when its inputs did not change (cache.py) or rendered, on
`--jobs` processes (workers.py); the whole set is swapped in only when everything succeeded.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import functools
import gc
import sys
from contextlib import contextmanager

from ..paper.sheet_options import SheetOptions
from ..reading import user_cache
from ..card_layout.project import GameData, Project
from ..paper.output import Staging, dropped_note
from . import cache, product_list
from .product_list import Product


@dataclass(frozen=True)
class Job:
    product: Product
    game: GameData
    lang: str
    target: Path

    @property
    def label(self) -> str:
        return f"{self.game.id}/{self.lang}/{self.product.filename}"


def plan(project: Project, languages: list[str] | None, out_dir: Path,
         products: list[str] | None = None, skipped: list[str] | None = None) -> list[Job]:
    """The jobs of a build; what a game lacks the data for is left out and said in `skipped`."""
    jobs = []
    for game in project.games.values():
        for lang in languages or game.game.languages:
            for product in product_list.PRODUCTS:   # read when called: tests put fakes there
                if products and product.name not in products:
                    continue
                reason = why_skipped(product.name, game)
                if reason:
                    note = f"{game.id}: no {product.filename} ({reason})"
                    if skipped is not None and note not in skipped:
                        skipped.append(note)
                    continue
                jobs.append(Job(product, game, lang, out_dir / game.id / lang / product.filename))
    return jobs


def why_skipped(product: str, game: GameData) -> str | None:
    """A game builds what it has (issue 14): no aid/ folder, no player aids; no calculator in
    scoring/, no score pad. A game without rules/ still gets rules.pdf: its card index."""
    if product in ("player-aid-card", "player-aid") and not (game.directory / "aid").is_dir():
        return f"it has no cards/{game.directory.name}/aid/ folder"
    if product == "score-pad":
        from scoring.api import GAMES
        if game.id not in GAMES:
            return "scoring/ has no calculator for it"
    return None


def stale_products(jobs: list[Job]) -> list[str]:
    """OUT-relative paths of the products the games and languages of `jobs` no longer make."""
    places = {(job.game.id, job.lang): job.game for job in jobs}
    return [f"{game_id}/{lang}/{product.filename}" for (game_id, lang), game in places.items()
            for product in product_list.PRODUCTS if why_skipped(product.name, game)]


def run(project: Project, jobs: list[Job], options: SheetOptions,
        progress: Callable[[int], None] = lambda n: None,
        announce: Callable[[Job], None] = lambda job: None,
        workers: int = 1, use_cache: bool = True, out: Path | None = None,
        warn: Callable[[str], None] = lambda text: sys.stderr.write(text),
        start: Callable[[int], None] = lambda pages: None, removed: list[str] | None = None) -> list[Path]:
    """Write every job into a staging copy of OUT, reusing cached products whose inputs did not
    change and rendering the others on `workers` processes, then swap the whole set in. On any
    error nothing in OUT changes and the error propagates. `start` is told the pages to render
    (cached products are not counted: counting a product's pages costs much of its rendering).
    A product a game no longer has the files for (its aid/ folder removed) is not carried over
    from an earlier build, nor offered on the site; `removed` is told the ones OUT held."""
    if not jobs:
        return []
    out = out or jobs[0].target.parents[2]
    with Staging(out) as staging:
        store = cache.Store(out, staging.folder, staging.trusted)
        staging.not_carried.add(cache.CACHE_DIR)
        stale = stale_products(jobs)
        staging.not_carried.update(stale)
        keys = cache.Keys(project.root, options)
        _forget_if_inputs_changed(keys.shared_inputs())
        todo = []
        for job in jobs:
            tmp = staging.temporary(job.target)
            key = keys.key(job.product.name, job.game.directory, list(job.game.game.languages), job.lang)
            if use_cache and store.fetch(key, tmp):
                continue
            todo.append((job, tmp, key))
        pages = [job.product.pages(project, job.game, options) for job, _tmp, _key in todo]
        start(sum(pages))
        site = _Site(project, jobs, staging, options, store, keys, use_cache)
        if site.wanted:   # the site made anew drops its copies of them too
            staging.not_carried.update(f"site/{path}" for path in stale)
        workers = min(workers, len(todo))
        with _long_lived_frozen():
            if workers <= 1:
                shared = product_list.in_turn([(job.product, job.game.id, job.lang) for job, _tmp, _key in todo])
                for (job, tmp, _key), work in zip(todo, shared):
                    announce(job)
                    job.product.write(project, job.game, job.lang, tmp, options, progress, shared=work)
                site.render()
            else:
                from .workers import render_parallel, warm
                units = [(job, tmp) for job, tmp, _key in todo]
                render_parallel(project, units, options, workers, progress, announce, warn, first=site.render,
                                pages=pages, warm=functools.partial(warm, project, units))
        for _job, tmp, key in todo:
            store.put(key, tmp)
        site.finish()
        store.carry_over()
        held = [path for path in stale if (out / path).is_file()]
        written = staging.commit()
        if removed is not None:
            removed += held
        note = dropped_note(staging)
        if note:
            warn(note)
        return written


@contextmanager
def _long_lived_frozen():
    """What is alive when rendering starts (the project, fonts, templates, every module) lives
    to its end: out of the cycle collector's sight (gc.freeze), its collections no longer walk
    it again and again among the pages' short-lived objects, nor write to the memory a forked
    worker shares with this process. Full build 0.95x at --jobs 1 and at --jobs 2 (paired
    runs, docs/benchmarks.md). Given back afterwards, for a process that builds again (--watch,
    serve)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


_inputs_rendered_with: list[str] = []


def _forget_if_inputs_changed(digest: str) -> None:
    """Fonts registered with ReportLab (which never replaces a TrueType font registered under
    the same name), icon fonts and fitted paragraphs are kept for the life of the process. A process that builds again (`pnp build --watch`, tests) after a font, layout or
    locale file changed must forget them all, or it would render the new key with old glyphs or
    strings."""
    if _inputs_rendered_with and _inputs_rendered_with[-1] != digest:
        from ..typeset import fonts, icons, text
        fonts.forget_registered()
        for cached in (icons._icon_font, text.fit):   # catalogues check their files
            cached.cache_clear()
    _inputs_rendered_with[:] = [digest]
    from ..typeset import hyphenation, text
    hyphenation.hyphenator.cache_clear()   # it knows the cards' names (never hyphenated): read afresh,
    text.fit.cache_clear()                 # and the fits made with it go too


class _Site:
    """The static rules site (output/site/), written once per build into the same staging (all
    or nothing). It goes with the "rules" product (`--only cards` leaves it alone) and reads
    every language of the games it shows, so its key combines theirs; when OUT already holds that
    site, unaltered, the staging carries it over as it is. Its pages and fonts are rendered while
    the products are (`render`: the parent's first task), and written once the products they
    offer for download exist (`finish`)."""

    def __init__(self, project: Project, jobs: list[Job], staging: Staging, options: SheetOptions,
                 store: "cache.Store", keys: "cache.Keys", use_cache: bool):
        self.project, self.staging, self.options, self.store = project, staging, options, store
        chosen: dict[str, tuple[GameData, list[str]]] = {}
        for job in jobs:
            if job.product.name == "rules":
                langs = chosen.setdefault(job.game.id, (job.game, []))[1]
                if job.lang not in langs:
                    langs.append(job.lang)
        self.games = [chosen[g] for g in sorted(chosen)]
        self.out = jobs[0].target.parents[2]
        self.wanted = bool(self.games)
        if self.wanted:
            self.memory = SiteMemory(project.root, keys, store, use_cache)
            self.key = cache._sha("".join(keys.key("site", game.directory, list(game.game.languages), lang)
                                          for game, langs in self.games for lang in sorted(langs)).encode()
                                  + repr(self.memory.runtime).encode())
            self.wanted = not (use_cache and store.site_is_current(self.key, staging.root / "site"))
        self.draft = None

    def render(self) -> None:
        if self.wanted and self.draft is None:
            from ..site.pages import render_site
            self.draft = render_site(self.project, self.games, self.out, self.staging.staged(),
                                     self.options.allow_missing, self.memory, gone=self.staging.not_carried)

    def finish(self) -> None:
        if self.wanted:
            from ..site.pages import finish
            finish(self.draft, self.staging)
            self.store.site_written(self.key, self.staging.folder / "site")


class SiteMemory:
    """The site's costly parts, web-font subsets and each game and language's pages, kept in
    OUT's cache by the inputs they are made from (render_site names them): a build, or `pnp
    serve` after an edit, makes again only what those inputs changed; --no-cache makes all anew."""

    def __init__(self, root: Path, keys: "cache.Keys", store: "cache.Store", use_cache: bool = True):
        from ..site import runtime     # the calculator's files, when vendored, are inputs too
        self.keys, self.store, self.use_cache = keys, store, use_cache
        self.runtime = sorted((name, path.stat().st_size) for name, path in runtime.files(root).items())
        self.fonts = user_cache.SharedStore(user_cache.folder() / "web-fonts")

    def __call__(self, what: tuple, make: Callable[[], bytes]) -> bytes:
        if what[0] == "font":
            _kind, source, name = what
            key = self.keys.of("font", source, name)
            # a subset takes 0.1-0.6 s: the user's cache lends it across projects and output folders
            make = functools.partial(self.fonts.remembered, self.keys.shared("font", source, name), make,
                                     read=self.use_cache)
        else:
            _kind, game, lang, langs, downloads = what
            key = self.keys.of("pages", self.keys.key("site", game.directory, list(game.game.languages), lang),
                               langs, downloads, self.runtime)
        return self.store.remembered(f"made-{key}", make, read=self.use_cache)

    def forget_unused(self) -> None:
        """Remove the site parts this rendering did not use: `pnp serve` writes into OUT's cache
        directly (a build carries over only what it keeps), so each edit would leave one more."""
        self.store.drop_unused("made-")


def site_memory(project: Project, out: Path, allow_missing: bool) -> SiteMemory:
    """What `pnp serve` renders the site with: the memory of the builds into OUT, which it adds to."""
    return SiteMemory(project.root, cache.Keys(project.root, SheetOptions(allow_missing=allow_missing)),
                      cache.Store(out, None))
