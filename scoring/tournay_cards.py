"""Tournay's cards as the calculator reads them (from the game's card data), and which of them a
district can hold, named as players name them. `pnp score`'s questions and the score page's
picker both take their cards and names from here, so the two offer the same cards in the same words.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from datafile.errors import DataError, Problem
from datafile.source import load_yaml

from .result import Name, Text, render

# The rulebook ("Les cartes Activité"): a district holds activity cards (buildings and characters
# of levels I to III) and prestige buildings; each card says which it is by its `type` (card data).
# Events (no type: they become ramparts), Plaza cards (no type) and Town Criers never are built.
ACTIVITY_TYPES = ("building", "character", "prestige")


@dataclass(frozen=True)
class CardInfo:
    id: str
    name: dict[str, str]
    copies: int
    props: dict
    deck: str = ""

    @property
    def colour(self) -> str | None:
        return self.props.get("colour")

    @property
    def type(self) -> str | None:
        return self.props.get("type")

    @property
    def level(self) -> int | None:
        return self.props.get("level")

    @property
    def key(self) -> str | None:
        return self.props.get("key") if self.type == "prestige" else None


def _plain(value: Any) -> Any:
    """Card props as plain data (object props arrive as pydantic models, texts as Text)."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _names(name: Any) -> dict[str, str]:
    name = _plain(name)
    return dict(name) if isinstance(name, dict) else {"en": str(name)}


def cards_from_game(game) -> dict[str, CardInfo]:
    """Cards of an already loaded game (anything with `.decks[]` carrying `props` and `.cards[]`)."""
    return {card.id: CardInfo(card.id, _names(card.name), card.copies,
                              {**_plain(deck.props), **_plain(card.props)}, deck.deck)
            for deck in game.decks for card in deck.cards}


def cards_from_deck_file(path: Path) -> dict[str, CardInfo]:
    """Cards of one deck-shaped YAML file, read without the project (for fixtures)."""
    raw = load_yaml(path)
    try:
        return {c["id"]: CardInfo(c["id"], _names(c["name"]), c.get("copies", 1), _plain(c.get("props", {})),
                                  str(raw.get("deck", "")))
                for c in raw["cards"]}
    except (KeyError, TypeError, AttributeError):
        raise DataError([Problem(str(path), 0, "cards", "not a deck file",
                                 "a deck file: cards: [{id, name, props}, ...]")]) from None


def in_district(card: CardInfo) -> bool:
    """Whether this card can stand in a district, read from its card data (its type)."""
    return card.type in ACTIVITY_TYPES


def district_cards(cards: dict[str, CardInfo]) -> list[CardInfo]:
    return [c for c in cards.values() if in_district(c)]


ROMAN = {"ja": {1: "Ⅰ", 2: "Ⅱ", 3: "Ⅲ"}, "": {1: "I", 2: "II", 3: "III"}}

# What tells apart two cards of the same name, in the order a player looks for it on the card:
# its level, its printed points, the expansion's mark, the mark of a card the expansion replaces.
_DISTINCTIONS: list[tuple[Callable[[CardInfo], Any], Callable[[Any, Any], Any]]] = [
    (lambda c: c.level, None),
    (lambda c: c.props.get("points") or 0, lambda label, v: Text("{card}, printed points: {points}", card=label,
                                                                  points=v)),
    (lambda c: bool(c.props.get("expansion")), lambda label, v: Text("{card}, expansion card", card=label)
     if v else label),
    (lambda c: bool(c.props.get("removable")), lambda label, v: Text("{card}, replaced with the expansion",
                                                                      card=label) if v else label),
]


@dataclass(frozen=True)
class CardLabel(Name):
    """A card inside an explanation, named as the calculator's picker names it in the reader's
    language (card_labels): "Fort II", not a bare "Fort" that two levels share."""
    card: str = ""
    among: tuple[CardInfo, ...] = ()

    def title(self, translate: Callable[[str], str], lang: str) -> str:
        return card_labels(list(self.among), translate, lang)[self.card]


def card_labels(cards: list[CardInfo], translate: Callable[[str], str], lang: str) -> dict[str, str]:
    """Each card's printed name in `lang`; where names are shared, what tells the cards apart on
    the cards themselves (level, points, expansion marks), never an id."""
    labels: dict[str, Any] = {c.id: Name(c.name.get("en", c.id), c.name) for c in cards}
    for key, word in _DISTINCTIONS:
        groups: dict[str, list[CardInfo]] = {}
        for card in cards:
            groups.setdefault(render(labels[card.id], translate, lang), []).append(card)
        for group in groups.values():
            if len({key(c) for c in group}) < 2:
                continue                     # this does not tell them apart: the next one may
            for card in group:
                if word is None:             # the level, as printed: "Architecte II", 「建築家Ⅱ」
                    numeral = ROMAN.get(lang, ROMAN[""]).get(card.level, str(card.level))
                    labels[card.id] = render(labels[card.id], translate, lang) + ("" if lang == "ja" else " ") + numeral
                else:
                    labels[card.id] = word(labels[card.id], key(card))
    out = {c.id: render(labels[c.id], translate, lang) for c in cards}
    seen: dict[str, int] = {}
    for card in cards:                      # the same card twice in the data: numbered, not named by id
        n = seen[out[card.id]] = seen.get(out[card.id], 0) + 1
        if n > 1:
            out[card.id] = render(Text("{card} ({n})", card=out[card.id], n=n), translate, lang)
    return out
