"""The Python API of the calculators (re-exported by scoring/__init__.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from . import san_gimignano, taverna, tournay
from .result import Category, GameResult, Line, PlayerScore
from .state import Checks, from_data, load_state

GAMES = {"san-gimignano": san_gimignano, "tournay": tournay, "taverna": taverna}
DEFAULT_ROOT = Path(__file__).resolve().parent.parent

__all__ = ["GAMES", "Category", "GameResult", "Line", "PlayerScore", "score_file", "score_data", "categories"]


def _run(game: str, state, raw, name: str, root: Path | None, cards) -> GameResult:
    module = GAMES[game]
    checks = Checks(raw, name)
    if module is tournay:
        cards = cards if cards is not None else tournay.cards_from_project(root or DEFAULT_ROOT)
        tournay.check(state, cards, checks)
        checks.raise_if_any()
        return tournay.score(state, cards)
    module.check(state, checks)
    checks.raise_if_any()
    if module is taverna:
        return taverna.score(state, taverna.names_from_project(root or DEFAULT_ROOT))
    return module.score(state)


def score_file(game: str, path: Path, root: Path | None = None, cards: dict | None = None,
               display: str | None = None) -> GameResult:
    """Score a state file; raises generator.errors.DataError (file:line: field: problem) when
    the file is malformed or describes an impossible end of game."""
    state, raw, name = load_state(GAMES[game].State, Path(path), display)
    return _run(game, state, raw, name, root, cards)


def score_data(game: str, data: Any, root: Path | None = None, cards: dict | None = None,
               name: str = "<answers>") -> GameResult:
    state, raw, name = from_data(GAMES[game].State, data, name)
    return _run(game, state, raw, name, root, cards)


def categories(game: str, root: Path | None = None, cards: dict | None = None) -> list[Category]:
    """The rows a score pad prints for `game` (the calculator's own category definitions)."""
    module = GAMES[game]
    if module is tournay:
        return tournay.categories(cards if cards is not None else tournay.cards_from_project(root or DEFAULT_ROOT))
    return list(module.CATEGORIES)
