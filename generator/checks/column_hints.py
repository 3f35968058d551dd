"""A spreadsheet column named in a layout without `card.props.` (`{{ card.desc }}`, `{{ rule }}`,
`when: "img"`, as Squib and nanDECK name a column by itself): the layout's "unknown variable" line
gains "did you mean card.props.desc?" when a deck drawn with that layout has the column. Said after
the games load, as the layout's own check knows no deck."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePosixPath

from datafile.errors import Problem

from ..card_layout.project import GameData

UNKNOWN = re.compile(r"unknown variable '([^']+)'")


def _key(text: str) -> str:
    return re.sub(r"[\s_]+", "_", text.strip().lower())


def _parents(lid: str, layouts) -> list[str]:
    """`lid` and the layouts it extends (a box written in a parent is reported there)."""
    chain = [lid]
    while layouts is not None and len(chain) < 20 and chain[-1] in layouts:
        parent = layouts.spec(chain[-1])[0].extends
        if not parent:
            break
        chain.append(parent if "/" in parent else f"{chain[-1].split('/')[0]}/{parent}")
    return chain


def _columns(games: dict[str, GameData], layouts=None) -> dict[str, dict[str, tuple[str, bool]]]:
    """layout id -> {a property's key in any spelling: (the key, whether a sheet's column gives
    it)}, for the decks drawn with it or with a layout that extends it."""
    out: dict[str, dict[str, tuple[str, bool]]] = {}
    for data in games.values():
        for deck in data.decks:
            lids = {deck.layout} | ({deck.back.layout} if deck.back else set())
            lids |= {card.layout for card in deck.cards if getattr(card, "layout", None)}
            lids = {each for lid in lids for each in _parents(lid, layouts)}
            for lid in lids:
                keys = out.setdefault(lid, {})
                for key, spec in deck.properties.items():
                    column = getattr(spec, "_column", None)   # the header as the sheet writes it
                    keys[_key(key)] = (key, bool(column))
                    if column:
                        keys[_key(column[1].split(" ", 2)[-1].strip("'"))] = (key, True)
    return out


def column_hints(problems: list[Problem], games: dict[str, GameData], layouts=None) -> list[Problem]:
    """`problems`, each unknown variable of a layout that is a column of its decks told so."""
    if not any(UNKNOWN.match(p.message) for p in problems):
        return problems
    columns = _columns(games, layouts)
    out = []
    for problem in problems:
        match = UNKNOWN.match(problem.message)
        parts = problem.field.split(".")
        if match and len(parts) > 2 and parts[0] == "layouts":
            name = match.group(1)
            wanted = name[len("card."):] if name.startswith("card.") else name
            keys = columns.get(f"{PurePosixPath(problem.file).stem}/{parts[1]}", {})
            key, column = keys.get(_key(wanted), (None, False)) if "." not in wanted else (None, False)
            if key:
                what = "a column of the deck's sheet" if column else "a property of the deck"
                problem = replace(problem, message=f"unknown variable '{name}'; did you mean card.props.{key}? "
                                  f"({what} is read as card.props.<{'column' if column else 'property'}>)",
                                  expected=f"card.props.{key} in place of {name}")
        out.append(problem)
    return out
