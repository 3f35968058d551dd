"""The score page of a game and language: the rulebook's scoring categories in order (from the
scoring package itself, so they match `pnp score` and the score pad), the score pad to print,
and, when the runtime is vendored (runtime.py), the calculator: a form derived from the scoring
package's own state models, filled in the browser and scored there by that same package in
Pyodide. Without the runtime the page lists the categories and the pad.
"""
from __future__ import annotations

import json

from markupsafe import Markup

from scoring.api import categories, facts_from_game

from ..reading.i18n import sort_key
from ..typeset.text import APOSTROPHE, french_spacing

from . import runtime


def _script_json(data) -> Markup:
    """JSON inside <script type="application/json">: '</' cannot close the element."""
    return Markup(json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/"))


def render_calculator(project, game, lang, env, common: dict, pad: bool) -> str:
    labels = common["_"]
    rows = [c.title(labels, lang) for c in categories(game.id, **facts_from_game(game))]
    calc = None
    config = runtime.worker_config(project.root)
    if config:
        calc = dict(config, wheels=" ".join(config["wheels"]),
                    **{k: _script_json(v) for k, v in page_data(project, game, lang, labels).items()},
                    players=game.game.players.min)
    return env.get_template("score.html").render(**common, rows=rows, pad=f"{lang}/score-pad.pdf" if pad else None,
                                                  calc=calc)


def page_data(project, game, lang: str, labels) -> dict:
    """The data the page's calculator reads: the game's facts, the messages' catalogue, the form."""
    return {"facts": _curly(runtime.facts_json(game), lang, spacing=False),     # every language's names
            "catalogue": _curly(runtime.catalogue_json(project.root, lang), lang),
            "form": _curly(form_spec(game, lang, labels), lang)}


LOOKUP_KEYS = {"msgid", "id"}        # matched against the catalogue's and the state's own spelling


def _curly(data, lang: str, spacing: bool = True):
    """The typographic apostrophe in every word the calculator shows (« n’est pas », « Salle
    d’audience ») and French no-break spaces (« points imprimés : 1 »), as the PDFs print them
    (issue 51); a lookup key (a dict key, msgid, id) keeps its spelling."""
    if lang == "ja":
        return data
    if isinstance(data, str):
        data = APOSTROPHE.sub("\u2019", data)
        return french_spacing(data) if lang == "fr" and spacing else data
    if isinstance(data, list):
        return [_curly(v, lang, spacing) for v in data]
    if isinstance(data, dict):
        return {k: v if k in LOOKUP_KEYS else _curly(v, lang, spacing) for k, v in data.items()}
    return data


# ---------------------------------------------------------------- the form, from the state models

def form_spec(game, lang: str, labels) -> dict:
    """The end-game state's form, derived from the scoring package's own state models (so the
    page asks exactly what `pnp score` reads) with a few hints: card pickers with names, people
    and track steps as choices. Plain data for calc.js."""
    from scoring.api import GAMES
    module = GAMES[game.id]
    facts = facts_from_game(game)
    readings = {card.id: card.reading.get(lang) for deck in game.decks for card in deck.cards}
    hints = _hints(game.id, module, facts, lang, labels, readings)
    return _spec(module.State, (), hints, labels)


# field names whose words are not the name's own ("Buona pietra" would say what, not which rank)
FIELD_WORDS = {"buona_pietra": "Rank it stands for",
               # the rules' own title for the variant ("Variant: several deals"), not a bare "Deals"
               "deals": "Several deals (variant)",
               # the rules' words on the English page too, not the state file's keys
               "marker": "Tallest-tower marker", "privileges": "Privilege tokens",
               "tracks": "People tracks", "scorings": "Royal scorings", "elected": "Elected people"}


def _label(name: str, labels) -> str:
    text = FIELD_WORDS.get(name) or name.replace("_", " ").capitalize()
    return _soft(labels, text)


def _soft(labels, msgid: str) -> str:
    """A translation if the catalogues have one, else the English text (field names)."""
    try:
        return labels(msgid)
    except Exception:          # BuildError for a missing string: English is better than no form
        return msgid


def _hints(game_id: str, module, facts: dict, lang: str, labels, readings: dict) -> dict:
    if game_id == "tournay":
        # only what a district can hold (the card data's types), by printed names (scoring/tournay_cards.py)
        cards = module.district_cards(facts["cards"])
        name = module.card_labels(cards, lambda m: _soft(labels, m), lang)
        # Japanese by the card's reading, then by its label (修道院Ⅰ before 修道院Ⅱ)
        cards.sort(key=lambda c: (sort_key(name[c.id], lang, readings.get(c.id)), name[c.id], c.id))
        numeral = module.ROMAN.get(lang, module.ROMAN[""])
        # the district by colour and level, one tap a card (calc-form.js district); the rows in the
        # rules' colour order, named as the citizens' colours are
        district = {"t": "district", "cols": 3, "covered": _soft(labels, "covered"),
                    "hint": _soft(labels, "Tap a card you built; tap it again if another card covers it."),
                    "colours": [[c, _label(c, labels)] for c in module.COLOURS],
                    "levels": [[n, numeral[n]] for n in (1, 2, 3)],
                    "cards": [[c.id, name[c.id], c.colour, c.level] for c in cards]}
        taps = {"t": "int", "buttons": True}      # one tap a count, as a pencil mark
        return {("players", "*", "district"): district, ("players", "*", "ramparts"): taps,
                # the coins by tens and units, a tap each (13: two), never the keyboard
                ("players", "*", "deniers"): {"t": "int", "tens": True},
                **{("players", "*", "citizens", c): taps for c in module.COLOURS}}
    if game_id == "taverna":
        # the peoples as their client tiles name them (card data), never the ids
        names = {p: facts["names"][p].title(labels, lang) if p in facts.get("names", {}) else _soft(labels, p)
                 for p in module.PEOPLES}
        peoples = {"t": "enum", "options": [[p, names[p]] for p in module.PEOPLES]}
        steps = {"t": "enum", "options": [[s, str(s).replace("-", "\u2212")] for s in module.STEPS],   # −3, as printed
                 "default": module.STEPS[0]}
        return {("elected",): {"t": "union", "options": [[_soft(labels, "One people (3 to 5 players)"), peoples],
                                                         [_soft(labels, "King and Queen (2 players)"),
                                                          {"t": "obj", "fields": [
                                                              ["king", _soft(labels, "King's people"), peoples],
                                                              ["queen", _soft(labels, "Queen's people"), peoples]]}]]},
                # a track as the pad's row names it („Menschen“), not as one client tile („Mensch“)
                **{("players", "*", "tracks", p): {**steps, "label": _soft(labels, module.TRACK[p].label), "buttons": True}
                   for p in module.PEOPLES},
                # the castle scorings as their cards name them, one tap each (none: the calculator proposes)
                ("players", "*", "scorings"): {"t": "set", "options": [
                    [k, facts["names"][k].title(labels, lang) if k in facts.get("names", {}) else _soft(labels, k)]
                    for k in module.SCORINGS]}}
    if game_id == "san-gimignano":
        nobles = {"t": "set", "options": [[n, _soft(labels, c.label)] for n, c in module.NOBLES.items()]}
        towers = {"t": "towers", "ranks": list(module.RANKS), "floors": _label("floors", labels),
                  "completed": _label("completed", labels), "item": _spec(module.Tower, (), {}, labels)}
        return {("players", "*", "nobles"): nobles, ("deals", "*", "players", "*", "nobles"): nobles,
                ("players", "*", "towers"): towers, ("deals", "*", "players", "*", "towers"): towers,
                # one deal's players are what the page asks; several deals (the variant) replace them
                ("players",): {"unless": "deals"}}
    return {}


def _spec(annotation, path: tuple, hints: dict, labels) -> dict:
    import types
    import typing

    from pydantic import BaseModel

    extra = {}
    for pattern, spec in hints.items():
        if len(pattern) == len(path) and all(p in ("*", q) for p, q in zip(pattern, path)):
            if "t" in spec:
                return spec
            extra = spec            # a note on the spec the model gives (below)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        fields = []
        for name, info in annotation.model_fields.items():      # in the score pad's order (the models say)
            if name == "game":
                continue            # the page knows its game
            spec = _spec(info.annotation, path + (name,), hints, labels)
            default = None if info.is_required() else info.get_default(call_default_factory=True)
            if isinstance(default, BaseModel):
                default = default.model_dump()
            if default is not None and "default" not in spec:
                spec = {**spec, "default": default}
            for meta in info.metadata:
                for key, bound in (("ge", "min"), ("le", "max")):
                    if getattr(meta, key, None) is not None:
                        spec = {**spec, bound: getattr(meta, key)}
            fields.append([name, spec.get("label") or _label(name, labels), spec,
                           bool(info.is_required())])
        return {"t": "obj", "fields": fields}
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        inner = (_spec(members[0], path, hints, labels) if len(members) == 1 else
                 {"t": "union", "options": [[_member_label(m, labels), _spec(m, path, hints, labels)]
                                            for m in members]})
        return {"t": "opt", "spec": inner, **extra} if len(members) < len(args) else inner
    if origin is list:
        return {"t": "list", "item": _spec(args[0], path + ("*",), hints, labels)}
    if origin is typing.Literal:
        return {"t": "enum", "options": [[a, _soft(labels, str(a))] for a in args]}
    if annotation is bool:
        return {"t": "bool"}
    if annotation is int:
        return {"t": "int"}
    return {"t": "str"}


def _member_label(annotation, labels) -> str:
    name = getattr(annotation, "__name__", str(annotation))
    # a floor card's rank ("Card rank"): not "Rank", the players' placing in the results
    return _soft(labels, {"int": "Card rank", "BuonaPietra": "Buona Pietra"}.get(name, name))
