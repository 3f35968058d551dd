"""`pnp build`: every requested product for every game and language, all or nothing.

A product is one file per game and language (cards.pdf, ...). New products register in
PRODUCTS; the build validates first, renders everything into temporary files, and renames
them into place only when all succeeded.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .cards import SheetOptions, count_pages, write_cards
from .catalog import GameData, Project
from .output import Staging
from .scorepad import count_pad_pages, write_scorepad

Writer = Callable[[Project, GameData, str, Path, SheetOptions, Callable[[int], None]], int]
Counter = Callable[[Project, GameData, SheetOptions], int]


@dataclass(frozen=True)
class Product:
    name: str
    filename: str
    write: Writer
    pages: Counter


PRODUCTS: list[Product] = [
    Product("cards", "cards.pdf", write_cards, count_pages),
    Product("score-pad", "score-pad.pdf", write_scorepad, count_pad_pages),
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
         products: list[str] | None = None) -> list[Job]:
    jobs = []
    for game in project.games.values():
        for lang in languages or game.game.languages:
            for product in PRODUCTS:
                if products and product.name not in products:
                    continue
                jobs.append(Job(product, game, lang, out_dir / game.id / lang / product.filename))
    return jobs


def run(project: Project, jobs: list[Job], options: SheetOptions,
        progress: Callable[[int], None] = lambda n: None,
        announce: Callable[[Job], None] = lambda job: None) -> list[Path]:
    """Write every job; on any error nothing is renamed into place and the error propagates."""
    with Staging() as staging:
        for job in jobs:
            announce(job)
            job.product.write(project, job.game, job.lang, staging.temporary(job.target), options, progress)
        return staging.commit()
