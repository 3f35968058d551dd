"""Checks of the aid-card files (generator/texts/aid_card.py): each file on its own (one kind per
block, sides in order, icon groups, texts that render, icons the legend explains, table shapes,
calculator keys), the same structure in every language, and table references to sections of the
one-page reference."""
from __future__ import annotations

import re

from jinja2 import TemplateError

from datafile.errors import DataError, Problem, field_path
from datafile.source import line_of

from .aid_card_schema import AidCard, Block, Table
from .aids import aid_context, used_icons
from ..checks.crosscheck import ICON_REF
from ..card_layout.project import GameData, Project
from ..card_layout.templates import compiled, compiled_expression, template_error

SIDES = ("front", "back", "front-2", "back-2")
# an icon group: icons and the signs and numbers that go with them ("2 :card:", "1–3 :citizen:")
ICON_GROUP = re.compile(r"^(?:\s*(?::[a-z][a-z0-9-]*:|[0-9]+|[IVX]+|[Ⅰ-Ⅻ]+|[-+−–×/→=≥≤?]))*\s*$")
KINDS = ("steps", "notes", "table", "legend")


def problems(project: Project, game: GameData, cards: dict) -> list[Problem]:
    """Every problem of a game's loaded aid-card files (AidCard by language)."""
    found = [p for card in cards.values() for p in _own_problems(project, game, card)]
    if cards:
        found += _structure_problems(cards)
        found += _reference_problems(project, game, cards)
    return found


def render(source: str, context: dict, each: str | None = None) -> list[str]:
    if each is None:
        return [compiled(source).render(context).strip()]
    return [compiled(source).render({**context, "item": item}).strip()
            for item in compiled_expression(each)(**context)]


def _own_problems(project: Project, game: GameData, card: AidCard) -> list[Problem]:
    """One file: one block kind per block, sides in order, icons known, texts that render, keys
    the calculator knows."""
    problems = []
    raw, file = card.raw, card.file
    places = [s.side for s in card.data.sides]
    if places != list(SIDES[:len(places)]) or len(places) % 2:
        problems.append(Problem(file, line_of(raw, ("sides",)), "sides", f"sides are {places}",
                                "front, back (and front-2, back-2 for a second card), in that order"))
    known, used = project.icons_for(game.id), used_icons(project, game)
    context = aid_context(project, game, card.lang)
    categories = _calculator_keys(game)
    for s, side in enumerate(card.data.sides):
        for b, block in enumerate(side.blocks):
            at = ("sides", s, "blocks", b)
            set_kinds = [k for k in KINDS if getattr(block, k) is not None]
            if len(set_kinds) != 1:
                problems.append(Problem(file, line_of(raw, at), field_path(at),
                                        f"{len(set_kinds)} kinds of block ({', '.join(set_kinds) or 'none'})",
                                        "exactly one of steps, notes, table, legend"))
                continue
            for loc, text, each, icon_group in _texts(block, at):
                line, where = line_of(raw, loc), field_path(loc)
                if icon_group and not ICON_GROUP.match(text):
                    problems.append(Problem(file, line, where, f"'{text}' is not an icon group",
                                            "icons (:name:), numbers and signs such as + − × → /"))
                try:
                    rendered = render(text, context, each)
                except (TemplateError, TypeError, AttributeError, KeyError, IndexError, ArithmeticError, ValueError) as exc:
                    problems.append(Problem(file, line, where, template_error(exc),
                                            "an expression over game, decks, cards and lang"))
                    continue
                for out in rendered:
                    for icon in ICON_REF.findall(out):
                        if icon not in known and icon not in project.defined_icons(game.id):
                            problems.append(Problem(file, line, where, f"unknown icon ':{icon}:'",
                                                    "an icon defined in layouts/icons.yaml or layouts/<game>.yaml"))
                        elif icon not in used and not icon_group:
                            problems.append(Problem(file, line, where, f"icon ':{icon}:' appears on no card of "
                                                    "this game, so the legend cannot explain it",
                                                    "an icon the cards use"))
            if block.table is not None:
                problems += _table_problems(file, raw, at + ("table",), block.table, categories)
    return problems


def _reference_problems(project: Project, game: GameData, cards: dict[str, AidCard]) -> list[Problem]:
    """A table's `reference` names a section of the one-page reference (aid/<lang>.yaml)."""
    from .aids import load_aids
    try:
        ids = {s.id for aid in load_aids(project, game).values() for s in aid.data.sections}
    except DataError:
        return []       # reported by the aid files' own checks
    problems = []
    for card in cards.values():
        for s, side in enumerate(card.data.sides):
            for b, block in enumerate(side.blocks):
                if block.table is not None and block.table.reference and block.table.reference not in ids:
                    at = ("sides", s, "blocks", b, "table", "reference")
                    problems.append(Problem(card.file, line_of(card.raw, at), field_path(at),
                                            f"no section '{block.table.reference}' in the one-page reference",
                                            f"a section id of aid/{card.lang}.yaml: {', '.join(sorted(ids))}"))
    return problems


def _texts(block: Block, at: tuple):
    """(location, text, each, is an icon group) of every text of a block."""
    if block.steps is not None:
        yield at + ("steps", "heading"), block.steps.heading, None, False
        for i, step in enumerate(block.steps.items):
            yield at + ("steps", "items", i, "icons"), step.icons, None, True
            yield at + ("steps", "items", i, "text"), step.text, None, False
    elif block.notes is not None:
        yield at + ("notes", "heading"), block.notes.heading, None, False
        for i, item in enumerate(block.notes.items):
            yield at + ("notes", "items", i), item, None, False
    elif block.table is not None:
        t, here = block.table, at + ("table",)
        yield here + ("heading",), t.heading, None, False
        for i, column in enumerate(t.columns):
            yield here + ("columns", i), column, None, False
        for r, row in enumerate(t.rows):
            for c, cell in enumerate(row.cells):
                yield here + ("rows", r, "cells", c), cell, None, False
        if t.row is not None:
            for c, cell in enumerate(t.row.cells):
                yield here + ("row", "cells", c), cell, t.each or "[]", False
        if t.tie:
            yield here + ("tie",), t.tie, None, False
        if t.pad_note:
            yield here + ("pad_note",), t.pad_note, None, False
    else:
        yield at + ("legend",), block.legend, None, False


def _table_problems(file: str, raw, here: tuple, table: Table, categories: set[str] | None) -> list[Problem]:
    problems = []
    width = len(table.columns) or max((len(r.cells) for r in table.rows + ([table.row] if table.row else [])),
                                      default=1)
    for loc, row in [(here + ("rows", r), row) for r, row in enumerate(table.rows)] + \
                    ([(here + ("row",), table.row)] if table.row else []):
        if len(row.cells) > width:
            problems.append(Problem(file, line_of(raw, loc), field_path(loc + ("cells",)),
                                    f"{len(row.cells)} cells for {width} columns", f"at most {width} cells"))
        keys = [row.key] if isinstance(row.key, str) else row.key or []
        for key in keys:
            if categories is not None and "{" not in key and not _covers(key, categories):
                problems.append(Problem(file, line_of(raw, loc + ("key",)), field_path(loc + ("key",)),
                                        f"no score category '{key}'", f"one of {sorted(categories)}"))
    if table.widths is not None and len(table.widths) != width:
        problems.append(Problem(file, line_of(raw, here + ("widths",)), field_path(here + ("widths",)),
                                f"{len(table.widths)} widths for {width} columns", f"{width} numbers"))
    if (table.each is None) != (table.row is None):
        problems.append(Problem(file, line_of(raw, here), field_path(here), "`each` without `row` or `row` "
                                "without `each`", "both: one row (the cells of `row`) per item of `each`"))
    return problems


def _calculator_keys(game: GameData) -> set[str] | None:
    from scoring.api import GAMES, categories, facts_from_game
    if game.id not in GAMES:
        return None
    return {c.key for c in categories(game.id, **facts_from_game(game))}


def _covers(pattern: str, keys) -> bool:
    return any(matches(pattern, key) is not None for key in keys)


def matches(pattern: str, key: str) -> str | None:
    """What a row key says of a category key: None if it does not cover it, else the part the
    star stands for ('prestige:*' covers 'prestige:belfry' -> 'belfry'; 'roy' covers 'roy' -> 'roy')."""
    if pattern.endswith("*"):
        return key[len(pattern) - 1:] if key.startswith(pattern[:-1]) else None
    return key if key == pattern else None


def _shape(block: Block):
    if block.steps is not None:
        return ("steps", block.steps.numbered, block.steps.reference, [s.icons for s in block.steps.items])
    if block.notes is not None:
        return ("notes", len(block.notes.items))
    if block.table is not None:
        t = block.table
        rows = [(r.key, r.count, len(r.cells), r.pad is not None) for r in t.rows]
        row = (t.row.key, t.row.count, len(t.row.cells), t.row.pad is not None) if t.row else None
        # column widths may differ: a language's words are longer or shorter
        return ("table", len(t.columns), rows, t.each, row, t.tie is not None, t.reference,
                t.pad_note is not None)
    return ("legend",)


def _structure_problems(cards: dict[str, AidCard]) -> list[Problem]:
    """The same sides, blocks, icon groups, rows and keys in every language."""
    first = next(iter(cards.values()))
    problems = []
    for card in list(cards.values())[1:]:
        theirs = [(s.side, [_shape(b) for b in s.blocks]) for s in first.data.sides]
        mine = [(s.side, [_shape(b) for b in s.blocks]) for s in card.data.sides]
        if len(mine) != len(theirs):
            problems.append(Problem(card.file, line_of(card.raw, ("sides",)), "sides",
                                    f"{len(mine)} sides, but {first.file} has {len(theirs)}",
                                    "the same sides and blocks in every language"))
            continue
        for s, ((side, blocks), (their_side, their_blocks)) in enumerate(zip(mine, theirs)):
            if side != their_side or len(blocks) != len(their_blocks):
                problems.append(Problem(card.file, line_of(card.raw, ("sides", s)), f"sides[{s}]",
                                        f"side {side} with {len(blocks)} blocks, but {first.file} has "
                                        f"{their_side} with {len(their_blocks)}", "the same sides and blocks"))
                continue
            for b, (one, other) in enumerate(zip(blocks, their_blocks)):
                if one != other:
                    at = ("sides", s, "blocks", b)
                    problems.append(Problem(card.file, line_of(card.raw, at), field_path(at),
                                            f"{one[0]} block differs from {first.file}'s ({_difference(one, other)})",
                                            "the same icons, items, rows, keys and places in every language"))
    return problems


def _difference(one: tuple, other: tuple) -> str:
    if one[0] != other[0]:
        return f"{one[0]} here, {other[0]} there"
    names = {"steps": ("kind", "numbered", "reference", "icons"), "notes": ("kind", "number of items"),
             "table": ("kind", "columns", "rows (key, count, cells, pad)", "each", "row", "tie",
                       "reference", "pad_note")}[one[0]]
    return "; ".join(f"{name}: {a!r} here, {b!r} there" for name, a, b in zip(names, one, other) if a != b)
