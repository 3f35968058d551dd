"""The products `pnp build` makes (PRODUCTS), each a writer and a page counter imported on
first use, with the language's paper settled: read by the plan (plan.py) and by the worker
processes (workers.py), which look a product up by name."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from ..card_layout.project import GameData, Project
from ..paper.sheet_options import SheetOptions

Writer = Callable[[Project, GameData, str, Path, SheetOptions, Callable[[int], None]], int]
Counter = Callable[[Project, GameData, SheetOptions], int]


@dataclass(frozen=True)
class Product:
    name: str
    filename: str
    write: Writer
    pages: Counter
    # products of one game and language with the same `family` are rendered in turn by one
    # process: the cards' files share their drawn faces and fitted texts (products/cards.py)
    family: str = ""
    shares: bool = False     # its writer takes the family's shared work (shared_work)


def lazy(target: str) -> Callable:
    """'module:function', imported on first call: `pnp build --only cards` loads no other product."""
    module, _, name = target.partition(":")

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def product(name: str, filename: str, write: str, pages: str, adjust: dict | None = None,
            family: str = "", shares: bool = False) -> Product:
    """A product whose writer and page counter get the options with the paper settled for the
    language (--paper, else the language's paper in sheets.yaml: each language on one paper),
    and `adjust`'s options set (a variant: another product's writer on other options)."""
    writer, counter = lazy(write), lazy(pages)

    def settled(project, options, lang):
        return replace(options.for_language(project.sheets, lang), **(adjust or {}))

    def write_on_paper(project, game, lang, path, options, progress=lambda n: None, shared=None):
        if shares and shared is not None:
            return writer(project, game, lang, path, settled(project, options, lang), progress, shared=shared)
        return writer(project, game, lang, path, settled(project, options, lang), progress)

    def count_on_paper(project, game, options):
        return counter(project, game, settled(project, options, game.game.languages[0]))
    return Product(name, filename, write_on_paper, count_on_paper, family, shares)


CARDS = ("generator.products.cards:write_cards", "generator.products.cards:count_pages")
PRODUCTS: list[Product] = [
    product("cards", "cards.pdf", *CARDS, family="cards", shares=True),
    # what cards.pdf's instructions point at, next to it: no player has pnp to make them
    product("cards-fold-over", "cards-fold-over.pdf", *CARDS, adjust={"fold": "auto"}, family="cards",
            shares=True),  # no duplex
    product("cards-ink-saver", "cards-ink-saver.pdf", *CARDS, adjust={"ink_saver": True}, family="cards",
            shares=True),
    product("calibration-page", "calibration-page.pdf", "generator.products.cards:write_calibration_page",
            "generator.products.cards:count_calibration_page", family="cards"),
    product("player-aid-card", "player-aid-card.pdf", "generator.player_aids.card:write_aid_card",
            "generator.player_aids.card:aid_card_pages"),
    product("player-aid", "player-aid.pdf", "generator.player_aids.page:write_aid_reference",
            "generator.player_aids.page:aid_reference_pages"),
    product("rules", "rules.pdf", "generator.products.rules_pdf:write_rules",
            "generator.products.rules_pdf:count_rules_pages"),
    product("score-pad", "score-pad.pdf", "generator.products.scorepad:write_scorepad",
            "generator.products.scorepad:count_pad_pages"),
]


SHARED_WORK = {"cards": "generator.products.cards:SharedFaces"}


def shared_work(family: str):
    """A new holder of what the products of `family` rendered in turn for one game and language
    share, or None: made by the planning unit that renders them (plan.run, workers.py), dropped
    with it (a long-running `serve`, `studio` or `--watch` keeps no game's faces)."""
    return lazy(SHARED_WORK[family])() if family in SHARED_WORK else None


def in_turn(products: list[tuple[Product, str, str]]):
    """Each (product, game id, language) with the shared work it is written with: one holder
    (shared_work) for the products of one family, game and language that come one after the other,
    as a planning unit renders them; None for the others."""
    key, held = None, None
    for product, game_id, lang in products:
        together = (product.family, game_id, lang) if product.family else None
        if together != key:
            key, held = together, shared_work(product.family) if together else None
        yield held
