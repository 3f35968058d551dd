"""The result every game's calculator returns: lines per player, totals, ranks, winners.

Categories are declared once per game (`Category`) and shared by the calculator, the
printed table and the score pad, so the three can never disagree on what is counted.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


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


@dataclass
class Line:
    category: Category
    points: int
    detail: str


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

    def to_json(self, translate: Callable[[str], str] = lambda s: s, lang: str = "en") -> dict:
        return {
            "game": self.game,
            "players": [{"name": p.name, "total": p.total, "rank": p.rank,
                         "lines": [{"category": line.category.title(translate, lang), "points": line.points,
                                    "detail": line.detail} for line in p.lines]}
                        for p in self.players],
            "winners": list(self.winners),
            **({"tie_break": self.tie_break} if self.tie_break else {}),
            **({"notes": list(self.notes)} if self.notes else {}),
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
