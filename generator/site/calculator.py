"""The score calculator page of a game and language (placeholder until the runtime is vendored)."""
from __future__ import annotations

from scoring.api import categories, facts_from_game


def render_calculator(project, game, lang, env, common: dict) -> str:
    labels = common["_"]
    rows = [c.title(labels, lang) for c in categories(game.id, **facts_from_game(game))]
    return env.get_template("score.html").render(**common, rows=rows)
