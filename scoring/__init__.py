"""End-game score calculators for the studio's games, on one shared result type.

Python API first::

    from scoring import score_file
    result = score_file("san-gimignano", Path("examples/scores/san-gimignano-rulebook.yaml"))
    result.winners, [(p.name, p.total, p.rank) for p in result.players]

The package stands alone: its rules and result types import nothing from `generator` (nor
ReportLab or Jinja); state files are read through `datafile` at its edge (state.py). Games whose
scoring needs card facts (Tournay's cards, Taverna's names) take them as arguments, from
`facts_from_game(game)` on card data the caller loaded. `pnp score` (generator/cli/score.py) and
the score pads are built on it; the generator may import scoring, never the reverse.
"""
from __future__ import annotations

from .api import GAMES, categories, facts_from_game, score_data, score_file  # noqa: F401
from .result import Category, GameResult, Line, PlayerScore  # noqa: F401
