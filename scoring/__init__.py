"""End-game score calculators for the studio's games, on one shared result type.

Python API first::

    from scoring import score_file
    result = score_file("san-gimignano", Path("examples/scores/san-gimignano-rulebook.yaml"))
    result.winners, [(p.name, p.total, p.rank) for p in result.players]

`pnp score GAME [STATE]` (scoring/cli.py) is built on top of it.
(The API lives in scoring/api.py: `from scoring.api import score_file` works whether or not
the package was installed before this file existed.)
"""
from __future__ import annotations

from .api import GAMES, categories, score_data, score_file  # noqa: F401
from .result import Category, GameResult, Line, PlayerScore  # noqa: F401
