"""The card-sized player aid's own content, cards/<game>/aid-card/<lang>.yaml: texts written for
the card (short imperative lines), not cut from the one-page reference. One file per language,
the same structure in each:

    sides:
      - side: front                 # front, back, front-2, back-2: one card, or two
        blocks:
          - steps:                  # a numbered turn flow: an icon group beside each short line
              heading: Your turn
              reference: top        # also the turn flow at the top of the one-page reference
              items:
                - {icons: "2 :card:", text: "**Buy**: take 2 cards."}
          - notes: {heading: End, items: ["…"]}
          - table:                  # a scoring table, or a ladder of numbers
              heading: Scoring
              columns: [Category, How, Points]
              rows:
                - {cells: [Towers, each finished one, "5 :points:"], key: completed, pad: "towers × 5", count: true}
              each: decks.x.cards   # or one row per item, cells from `row:`
              tie: "Tie: …"         # a line under the table
              reference: scoring    # also on the one-page reference, at the end of that section
          - legend: Icons           # the icon legend of the game's cards

Texts are Jinja over the cards, as in aid/<lang>.yaml: numbers that are card facts are read, not
retyped. A row's `key` names the calculator categories it explains (scoring/: `completed`, or
`prestige:*` for every category starting `prestige:`); the score pad prints its `pad` formula
beside them, with a count box when `count` is set; `pad` sees `card`, the card whose id or `key`
prop the category names.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from jinja2 import TemplateError
from pydantic import Field

from datafile.errors import DataError, Problem, field_path
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from .aids import aid_context, used_icons
from .characters import character_problems
from .crosscheck import ICON_REF
from .model import Strict
from .project import GameData, Project
from .templates import View, compiled, compiled_expression

SIDES = ("front", "back", "front-2", "back-2")
# an icon group: icons and the signs and numbers that go with them ("2 :card:", "1–3 :citizen:")
ICON_GROUP = re.compile(r"^(?:\s*(?::[a-z][a-z0-9-]*:|[0-9]+|[IVX]+|[Ⅰ-Ⅻ]+|[-+−–×/→=≥≤?]))*\s*$")


class Step(Strict):
    icons: str = ""        # the same in every language
    text: str


class Steps(Strict):
    heading: str
    numbered: bool = True
    reference: Literal["top"] | None = None
    items: list[Step] = Field(min_length=1)


class Notes(Strict):
    heading: str
    items: list[str] = Field(min_length=1)


class Row(Strict):
    cells: list[str] = Field(min_length=1)
    key: str | list[str] | None = None
    pad: str | None = None
    count: bool = False


class Table(Strict):
    heading: str
    columns: list[str] = []
    widths: list[float] | None = None
    rows: list[Row] = []
    each: str | None = None
    row: Row | None = None
    tie: str | None = None
    reference: str | None = None


class Block(Strict):
    steps: Steps | None = None
    notes: Notes | None = None
    table: Table | None = None
    legend: str | None = None


class Side(Strict):
    side: Literal["front", "back", "front-2", "back-2"]
    blocks: list[Block] = Field(min_length=1)


class AidCardFile(Strict):
    sides: list[Side] = Field(min_length=2, max_length=4)


@dataclass
class AidCard:
    lang: str
    file: str
    raw: object
    data: AidCardFile


def aid_card_path(game: GameData, lang: str) -> Path:
    return game.directory / "aid-card" / f"{lang}.yaml"


def kind(block: Block) -> str:
    return next(k for k in ("steps", "notes", "table", "legend") if getattr(block, k) is not None)


# ---------------------------------------------------------------- loading and checks

def load_aid_cards(project: Project, game: GameData) -> dict[str, AidCard]:
    """Every language's aid-card file of a game, validated and cross-checked; DataError otherwise."""
    return game.once("aid-cards", lambda: _load(project, game))


def _load(project: Project, game: GameData) -> dict[str, AidCard]:
    problems: list[Problem] = []
    cards: dict[str, AidCard] = {}
    for lang in game.game.languages:
        path = aid_card_path(game, lang)
        name = project.relative(path)
        if not path.exists():
            problems.append(Problem(name, 0, "", f"no {lang} aid card for {game.id}",
                                    f"a file {name} (copy another language's and translate it)"))
            continue
        try:
            raw = load_yaml(path, name)
            card = AidCard(lang, name, raw, validate(AidCardFile, raw, name))
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        problems += [Problem(name, line_of(raw, p), field_path(p), message, "printable characters (an icon as :name:)")
                     for p, message in character_problems(raw, name, None)]
        problems += _own_problems(project, game, card)
        cards[lang] = card
    if cards:
        problems += _structure_problems(cards)
        problems += _reference_problems(project, game, cards)
    if problems:
        raise DataError(problems)
    return cards


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
            set_kinds = [k for k in ("steps", "notes", "table", "legend") if getattr(block, k) is not None]
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
                except (TemplateError, TypeError, AttributeError, KeyError, IndexError) as exc:
                    problems.append(Problem(file, line, where, f"Jinja: {type(exc).__name__}: {exc}",
                                            "an expression over game, decks, cards and lang"))
                    continue
                for out in rendered:
                    for icon in ICON_REF.findall(out):
                        if icon not in known:
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
        return ("table", len(t.columns), rows, t.each, row, t.tie is not None, t.reference)
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
                       "reference")}[one[0]]
    return "; ".join(f"{name}: {a!r} here, {b!r} there" for name, a, b in zip(names, one, other) if a != b)


# ---------------------------------------------------------------- rendering

def render(source: str, context: dict, each: str | None = None) -> list[str]:
    if each is None:
        return [compiled(source).render(context).strip()]
    return [compiled(source).render({**context, "item": item}).strip()
            for item in compiled_expression(each)(**context)]


@dataclass
class CardRow:
    cells: list[str]
    keys: list[str]
    pad: str | None       # unrendered: the pad renders it per category, with its card
    count: bool
    item: object = None   # the `each` item it was made for


@dataclass
class CardBlock:
    kind: str
    heading: str
    numbered: bool = False
    reference: str | None = None
    items: list = field(default_factory=list)      # steps: (icons, text); notes: text
    columns: list[str] = field(default_factory=list)
    widths: list[float] | None = None
    rows: list[CardRow] = field(default_factory=list)
    tie: str = ""


def card_sides(project: Project, game: GameData, lang: str) -> list[tuple[str, list[CardBlock]]]:
    """The rendered sides of the aid card in one language: (side, blocks)."""
    return game.once(f"aid-card:{lang}", lambda: _sides(project, game, lang))


def _sides(project: Project, game: GameData, lang: str):
    card = load_aid_cards(project, game)[lang]
    context = aid_context(project, game, lang)
    return [(side.side, [_block(b, context) for b in side.blocks]) for side in card.data.sides]


def _block(block: Block, ctx: dict) -> CardBlock:
    one = lambda text: render(text, ctx)[0]   # noqa: E731
    if block.steps is not None:
        s = block.steps
        return CardBlock("steps", one(s.heading), s.numbered, s.reference,
                         [(step.icons.strip(), one(step.text)) for step in s.items])
    if block.notes is not None:
        return CardBlock("notes", one(block.notes.heading), items=[one(t) for t in block.notes.items])
    if block.legend is not None:
        return CardBlock("legend", one(block.legend))
    t = block.table
    rows = [CardRow([one(c) for c in r.cells], _keys(r.key, ctx), r.pad, r.count) for r in t.rows]
    if t.each:
        for item in compiled_expression(t.each)(**ctx):
            here = {**ctx, "item": item}
            rows.append(CardRow([render(c, here)[0] for c in t.row.cells], _keys(t.row.key, here), t.row.pad,
                                t.row.count, item))
    return CardBlock("table", one(t.heading), reference=t.reference, columns=[one(c) for c in t.columns],
                     widths=t.widths, rows=rows, tie=one(t.tie) if t.tie else "")


def _keys(key, ctx) -> list[str]:
    keys = [key] if isinstance(key, str) else key or []
    return [render(k, ctx)[0] for k in keys]


def pad_formulas(project: Project, game: GameData, lang: str, keys: list[str]) -> dict[str, tuple[str, bool]]:
    """Score category key -> (the pad's formula in `lang`, whether the pad gives a count box),
    from the aid card's table rows that name the category; the formula sees `card`."""
    context = aid_context(project, game, lang)
    cards = {}
    for c in context["cards"]:
        cards.setdefault(c.id, c)
        key = c.props.get("key") if isinstance(c.props, dict) else None
        if key:
            cards.setdefault(key, c)
    rows = [row for _side, blocks in card_sides(project, game, lang) for b in blocks for row in b.rows]
    out = {}
    for key in keys:
        for row in rows:
            part = next((m for m in (matches(p, key) for p in row.keys) if m is not None), None)
            if part is None or row.pad is None:
                continue
            here = {**context, "card": cards.get(part, View()), "item": row.item}
            out[key] = (render(row.pad, here)[0], row.count)
            break
    return out
