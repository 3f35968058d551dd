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
              pad_note: "…"         # the score pad only: a line above its rows
              reference: scoring    # also on the one-page reference, at the end of that section
          - legend: Icons           # the icon legend of the game's cards

Texts are Jinja over the cards, as in aid/<lang>.yaml: numbers that are card facts are read, not
retyped. A row's `key` names the calculator categories it explains (scoring/: `completed`, or
`prestige:*` for every category starting `prestige:`); the score pad prints its `pad` formula
beside them, with a count box when `count` is set; `pad` sees `card`, the card whose id or `key`
prop the category names.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import aid_card_checks
from .aid_card_checks import matches, render
from .aid_card_schema import AidCard, AidCardFile, Block, aid_card_path
from .aids import aid_context
from .language_files import load_checked
from ..card_layout.project import GameData, Project
from ..card_layout.templates import View, compiled_expression


# ---------------------------------------------------------------- loading and checks

def load_aid_cards(project: Project, game: GameData) -> dict[str, AidCard]:
    """Every language's aid-card file of a game, validated and cross-checked; DataError otherwise."""
    return game.once("aid-cards", lambda: _load(project, game))


def _load(project: Project, game: GameData) -> dict[str, AidCard]:
    return load_checked(project, game, "aid-card", AidCardFile, aid_card_path, AidCard,
                        lambda cards: aid_card_checks.problems(project, game, cards))


# ---------------------------------------------------------------- rendering

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
    pad_note: str = ""


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
                     widths=t.widths, rows=rows, tie=one(t.tie) if t.tie else "",
                     pad_note=one(t.pad_note) if t.pad_note else "")


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
