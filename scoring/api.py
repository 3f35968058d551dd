"""The Python API of the calculators (re-exported by scoring/__init__.py).

Tournay needs its cards' facts and Taverna may use its card names in every language: both come
from the game's card data, which the caller loads (`facts_from_game`), so scoring never reads the
project itself and runs without the rendering pipeline.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from datafile.errors import DataError, Problem

from . import san_gimignano, taverna, tournay
from .result import Category, GameResult, Line, PlayerScore
from .state import Checks, from_data, load_state

GAMES = {"san-gimignano": san_gimignano, "tournay": tournay, "taverna": taverna}

__all__ = ["GAMES", "Category", "GameResult", "Line", "PlayerScore", "score_file", "score_data", "categories",
           "facts_from_game"]


def facts_from_game(game: Any) -> dict:
    """What a game's calculator needs from its loaded card data, as keyword arguments for
    `score_file`, `score_data` and `categories` (`game` has `.id` and `.decks`)."""
    if game.id == "tournay":
        return {"cards": tournay.cards_from_game(game)}
    if game.id == "taverna":
        return {"names": taverna.names_from_game(game)}
    return {}


def _run(game: str, state, raw, name: str, cards, names) -> GameResult:
    module = GAMES[game]
    checks = Checks(raw, name)
    if module is tournay:
        tournay.check(state, _need_cards(cards), checks)
        checks.raise_if_any()
        return tournay.score(state, cards)
    module.check(state, checks)
    checks.raise_if_any()
    if module is taverna:
        return taverna.score(state, names)
    return module.score(state)


def _need_cards(cards: dict | None) -> dict:
    if cards is None:
        raise DataError([Problem("cards/tournay/", 0, "", "Tournay is scored from its card data, which was not given",
                                 "cards=facts_from_game(game)['cards'] or a deck file (--cards)")])
    return cards


def score_file(game: str, path: Path, cards: dict | None = None, names: dict | None = None,
               display: str | None = None) -> GameResult:
    """Score a state file; raises datafile.errors.DataError (file:line: field: problem) when
    the file is malformed or describes an impossible end of game."""
    state, raw, name = load_state(GAMES[game].State, Path(path), display)
    return _run(game, state, raw, name, cards, names)


def score_data(game: str, data: Any, cards: dict | None = None, names: dict | None = None,
               name: str = "<answers>") -> GameResult:
    state, raw, name = from_data(GAMES[game].State, data, name)
    return _run(game, state, raw, name, cards, names)


def categories(game: str, cards: dict | None = None, names: dict | None = None) -> list[Category]:
    """The rows a score pad prints for `game` (the calculator's own category definitions)."""
    module = GAMES[game]
    if module is tournay:
        return tournay.categories(_need_cards(cards))
    if module is taverna:
        return taverna.categories(names)
    return list(module.CATEGORIES)
