"""What a game's files hold against what the game needs: the printed decks with their counts,
the cards no source describes (a deck's `shortfall`), and the components this project does not
print (`not_printed` in game.yaml). The card sheets' instructions page, the rules PDF and the
site's downloads all lead with these same lines."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .project import GameData


@dataclass(frozen=True)
class DeckCount:
    id: str
    name: str
    count: int                     # physical pieces printed
    expected: int | None = None    # what the published game has, when a source says more
    note: str = ""                 # why the difference


@dataclass(frozen=True)
class Included:
    decks: list[DeckCount]
    not_printed: list[str]

    @property
    def missing(self) -> list[DeckCount]:
        return [d for d in self.decks if d.expected is not None and d.expected > d.count]


LIST_SEPARATOR = {"ja": "、"}     # between the items of a list; ", " elsewhere


def join(items: list[str], lang: str) -> str:
    return LIST_SEPARATOR.get(lang, ", ").join(items)


def included(game: GameData, lang: str) -> Included:
    decks = [DeckCount(d.deck, d.name.get(lang), d.physical_count,
                       d.shortfall.expected if d.shortfall else None,
                       d.shortfall.note.get(lang) if d.shortfall else "")
             for d in game.decks]
    return Included(decks, [item.get(lang) for item in game.game.not_printed])


def included_lines(game: GameData, lang: str, _: Callable[[str], str]) -> tuple[str, list[str]]:
    """(heading, lines) of the "what's included" text in `lang`: the printed decks in one line,
    then one line per deck short of cards, then what to take from the game's box."""
    facts = included(game, lang)
    printed = [f"{d.name} ×{d.count}" for d in facts.decks if d.count]
    lines = [_("Cards to print: {items}.").format(items=join(printed, lang))] if printed else []
    for deck in facts.missing:
        text = _("{deck}: {count} of the game's {expected} cards. {note}") if deck.count else \
            _("{deck}: none of the game's {expected} cards. {note}")
        lines.append(text.format(deck=deck.name, count=deck.count, expected=deck.expected, note=deck.note).strip())
    if facts.not_printed:
        lines.append(_("Not printed, take them from your copy of the game: {items}.").format(
            items=join(facts.not_printed, lang)))
    return _("What's included"), lines
