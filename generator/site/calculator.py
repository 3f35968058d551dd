"""The score page of a game and language: the rulebook's scoring categories in order (from the
scoring package itself, so they match `pnp score` and the score pad) and the score pad to print.

Scores are not computed in the browser yet: the scoring package validates states with pydantic,
whose compiled core has no WebAssembly build that can be vendored from a package registry (the
npm `pyodide` package is the interpreter alone; PyPI's pydantic-core for Pyodide is a
placeholder). The page says so and points to `pnp score` and the score pad.
"""
from __future__ import annotations

import json

from markupsafe import Markup

from scoring.api import categories, facts_from_game

from . import runtime


def _script_json(data) -> Markup:
    """JSON inside <script type="application/json">: '</' cannot close the element."""
    return Markup(json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/"))


def render_calculator(project, game, lang, env, common: dict, pad: bool) -> str:
    labels = common["_"]
    rows = [c.title(labels, lang) for c in categories(game.id, **facts_from_game(game))]
    calc = None
    if runtime.available(project.root):
        calc = dict(runtime="../" + runtime.FOLDER + "/", wheels=" ".join(runtime.wheels(project.root)),
                    code="../assets/calc.py", facts=_script_json(runtime.facts_json(game)),
                    catalogue=_script_json(runtime.catalogue_json(project.root, lang)),
                    offline=" ".join([*runtime.files(project.root), runtime.FOLDER + "/scoring.zip",
                                      "assets/calc.js", "assets/calc.py"]))
    return env.get_template("score.html").render(**common, rows=rows, pad=f"{lang}/score-pad.pdf" if pad else None,
                                                  calc=calc)
