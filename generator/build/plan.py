"""`pnp build`: every requested product for every game and language, all or nothing.

A product is one file per game and language (cards.pdf, ...). New products register in
PRODUCTS; the build validates first, renders everything into temporary files, and renames
them into place only when all succeeded.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import importlib

from ..paper.imposition import SheetOptions
from ..data.catalog import GameData, Project
from ..paper.output import Staging

Writer = Callable[[Project, GameData, str, Path, SheetOptions, Callable[[int], None]], int]
Counter = Callable[[Project, GameData, SheetOptions], int]


@dataclass(frozen=True)
class Product:
    name: str
    filename: str
    write: Writer
    pages: Counter


def lazy(target: str) -> Callable:
    """'module:function', imported on first call: `pnp build --only cards` loads no other product."""
    module, _, name = target.partition(":")

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


PRODUCTS: list[Product] = [
    Product("cards", "cards.pdf", lazy("generator.products.cards:write_cards"),
            lazy("generator.products.cards:count_pages")),
    Product("player-aid-card", "player-aid-card.pdf", lazy("generator.products.aids.card:write_aid_card"),
            lazy("generator.products.aids.card:aid_card_pages")),
    Product("player-aid", "player-aid.pdf", lazy("generator.products.aids.page:write_aid_reference"),
            lazy("generator.products.aids.page:aid_reference_pages")),
    Product("rules", "rules.pdf", lazy("generator.products.rules_pdf:write_rules"),
            lazy("generator.products.rules_pdf:count_rules_pages")),
    Product("score-pad", "score-pad.pdf", lazy("generator.products.scorepad:write_scorepad"),
            lazy("generator.products.scorepad:count_pad_pages")),
]


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
            for product in PRODUCTS:
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


def run(project: Project, jobs: list[Job], options: SheetOptions,
        progress: Callable[[int], None] = lambda n: None,
        announce: Callable[[Job], None] = lambda job: None) -> list[Path]:
    """Write every job; on any error nothing is renamed into place and the error propagates."""
    with Staging() as staging:
        for job in jobs:
            announce(job)
            job.product.write(project, job.game, job.lang, staging.temporary(job.target), options, progress)
        _after_products(project, jobs, staging, options)
        return staging.commit()


def _after_products(project: Project, jobs: list[Job], staging: Staging, options: SheetOptions) -> None:
    """The static rules site (output/site/) is written once per build, after the per-game
    products and into the same staging (all or nothing). It goes with the "rules" product:
    `--only cards` leaves the site alone."""
    if not any(job.product.name == "rules" for job in jobs):
        return
    from ..site.pages import build_hook
    build_hook(project, jobs, staging, options.allow_missing)
