"""The result every game's calculator returns: lines per player, totals, ranks, winners.

Categories are declared once per game (`Category`) and shared by the calculator, the
printed table and the score pad, so the three can never disagree on what is counted.

Each line's explanation ("detail"), the tie-break and the notes are `Text`s: an English template
with named placeholders (the msgid of locales/<lang>/LC_MESSAGES/scoring.po) plus its values. A
Text is a str (its English rendering), so the API reads English; `to_json(translate, lang)` and
the table render them in `lang`, with card names from the card data (`Name`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Category:
    key: str
    label: str                                   # English; the msgid of its translations
    names: dict[str, str] | None = None          # own names per language (card names), if any
    number: int | None = None                    # fills "{}" in the label ("Deal {}")

    def title(self, translate: Callable[[str], str], lang: str) -> str:
        if self.names:
            return self.names.get(lang) or self.names.get("en") or self.label
        text = translate(self.label)
        return text.replace("{}", str(self.number)) if self.number is not None else text


@dataclass(frozen=True)
class Name:
    """A proper name inside an explanation: own names per language (card data), or an English
    msgid translated through the catalogue (a scoring's or a colour's name)."""
    msgid: str
    names: dict[str, str] | None = None

    def title(self, translate: Translate, lang: str) -> str:
        if self.names:
            return self.names.get(lang) or self.names.get("en") or self.msgid
        return translate(self.msgid)


class Join(str):
    """Items rendered one by one and joined: ", " becomes "、" in Japanese, "; " becomes "；",
    "/" becomes "・" (" ; " in French). Like Text, it is its English rendering."""

    SEPARATORS = {"ja": {", ": "、", "; ": "；", "/": "・"}, "fr": {"; ": "\u202f; "}}

    def __new__(cls, items, sep: str = ", "):
        items = list(items)
        self = super().__new__(cls, sep.join(render(item) for item in items))
        self.items, self.sep = items, sep
        return self

    def __reduce__(self):                       # copy/pickle keep the items, not just the English
        return (Join, (self.items, self.sep))

    def render(self, translate: Translate, lang: str) -> str:
        sep = self.SEPARATORS.get(lang, {}).get(self.sep, self.sep)
        return sep.join(render(item, translate, lang) for item in self.items)


class Text(str):
    """An explanation built from a translatable English template with named placeholders
    (`Text("floors: {floors}", floors=3)`). It *is* its English rendering (a str), so the
    Python API reads as before; `render(translate, lang)` gives it in another language.
    Placeholder values may be numbers, plain strings, `Name`s, `Category`s, `Join`s or `Text`s."""

    def __new__(cls, template: str, **values: Any):
        self = super().__new__(cls, _fill(template, values, _same, "en"))
        self.template, self.values = template, values
        return self

    def __reduce__(self):                       # copy/pickle keep the template, not just the English
        return (_text, (self.template, self.values))

    def render(self, translate: Translate, lang: str) -> str:
        return _fill(translate(self.template), self.values, translate, lang)


def _text(template: str, values: dict) -> Text:
    return Text(template, **values)


def render(value: Any, translate: Translate = _same, lang: str = "en") -> str:
    """Any explanation value in `lang`: a Text or Join is translated, a Name or Category named."""
    if isinstance(value, (Text, Join)):
        return value.render(translate, lang)
    if isinstance(value, (Name, Category)):
        return value.title(translate, lang)
    return str(value)


def _fill(template: str, values: dict, translate: Translate, lang: str) -> str:
    return template.format(**{k: render(v, translate, lang) for k, v in values.items()}) if values else template


@dataclass
class Line:
    category: Category
    points: int
    detail: str                                  # English; a Text renders in other languages

    def explain(self, translate: Translate = _same, lang: str = "en") -> str:
        return render(self.detail, translate, lang)


@dataclass
class PlayerScore:
    name: str
    lines: list[Line] = field(default_factory=list)
    rank: int = 0

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def points(self, key: str) -> int:
        return sum(line.points for line in self.lines if line.category.key == key)

    def line(self, key: str) -> Line:
        return next(line for line in self.lines if line.category.key == key)


@dataclass
class GameResult:
    game: str
    players: list[PlayerScore]
    winners: list[str]
    tie_break: str = ""                          # how a tie for the win was settled, if there was one
    notes: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)   # the game's row order (category keys)

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)

    def categories(self) -> list[Category]:
        seen: dict[str, Category] = {}
        for player in self.players:
            for line in player.lines:
                seen.setdefault(line.category.key, line.category)
        rows = list(seen.values())
        if self.order:
            rows.sort(key=lambda c: self.order.index(c.key) if c.key in self.order else len(self.order))
        return rows

    def to_json(self, translate: Translate = _same, lang: str = "en") -> dict:
        """Plain data; category names, details, tie-break and notes in `lang`."""
        return {
            "game": self.game,
            "players": [{"name": p.name, "total": p.total, "rank": p.rank,
                         "lines": [{"category": line.category.title(translate, lang), "points": line.points,
                                    "detail": line.explain(translate, lang)} for line in p.lines]}
                        for p in self.players],
            "categories": [c.title(translate, lang) for c in self.categories()],   # rows, in the pad's order
            "winners": list(self.winners),
            **({"tie_break": render(self.tie_break, translate, lang)} if self.tie_break else {}),
            **({"notes": [render(note, translate, lang) for note in self.notes]} if self.notes else {}),
        }


def rank_players(players: list[PlayerScore], before: Callable[[PlayerScore], tuple] = lambda p: ()) -> None:
    """Competition ranking by total (1, 1, 3...); `before` orders players whose totals tie
    (a game's tie-break): players equal on (total, before) share a rank."""
    key = {id(p): (-p.total, *before(p)) for p in players}
    ordered = sorted(players, key=lambda p: key[id(p)])
    for i, p in enumerate(ordered):
        p.rank = ordered[i - 1].rank if i and key[id(ordered[i - 1])] == key[id(p)] else i + 1


def winners_of(players: list[PlayerScore]) -> list[str]:
    return [p.name for p in players if p.rank == 1]
