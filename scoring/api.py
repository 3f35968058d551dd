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
    if game.id == "san-gimignano":
        return {"names": _noble_names(game)}
    return {}


def _noble_names(game: Any) -> dict[str, dict[str, str]]:
    """San Gimignano's Monumento and Cappella rows are noble cards: named as the cards are
    (an Italian name printed in every language), so pads and `pnp score` match the cards."""
    keys = {c.label: c.key for c in san_gimignano.CATEGORIES}    # the rows' English names
    names = {}
    for deck in game.decks:
        for card in deck.cards:
            value = getattr(card.name, "root", card.name)
            own = ({str(k): str(v) for k, v in value.items()} if isinstance(value, dict)
                   else {lang: str(value) for lang in game.game.languages})
            if own.get("en") in keys:
                names[keys[own["en"]]] = own
    return names


def _named(result: GameResult, names: dict | None) -> GameResult:
    """The result's lines under card-named categories (San Gimignano's nobles)."""
    if names:
        for player in result.players:
            for line in player.lines:
                if line.category.key in names and not line.category.names:
                    c = line.category
                    line.category = Category(c.key, c.label, names[c.key], c.number)
    return result


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
    return _named(module.score(state), names) if module is san_gimignano else module.score(state)


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
    if module is san_gimignano and names:
        return [Category(c.key, c.label, names[c.key], c.number) if c.key in names else c
                for c in module.CATEGORIES]
    return list(module.CATEGORIES)
