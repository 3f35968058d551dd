"""Jinja for layout text: sandboxed (layouts are data, not code) and strict (a typo in a
template fails the build instead of printing nothing)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from pydantic import BaseModel

from .model import Card, Deck, Game, Text


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(undefined=StrictUndefined, autoescape=False, trim_blocks=True,
                               lstrip_blocks=True, keep_trailing_newline=False)
    env.filters["roman"] = roman
    return env


@lru_cache(maxsize=4096)
def compiled(source: str):
    return environment().from_string(source)


@lru_cache(maxsize=4096)
def compiled_expression(source: str):
    return environment().compile_expression(source)


def roman(value: int) -> str:
    numerals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out, n = "", int(value)
    for number, letters in numerals:
        while n >= number:
            out += letters
            n -= number
    return out


class View(dict):
    """A read-only, attribute-accessible mapping of localised values for templates."""

    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


def localise(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return value.get(lang)
    if isinstance(value, dict):
        return View({k: localise(v, lang) for k, v in value.items()})
    if isinstance(value, list):
        return [localise(v, lang) for v in value]
    if isinstance(value, BaseModel):  # object props (declared with `fields`)
        return View({k: localise(getattr(value, k), lang) for k in type(value).model_fields})
    return value


def card_context(game: Game, deck: Deck, card: Card | None, lang: str, colors: dict[str, str],
                 labels: Any, side_props: dict | None = None) -> dict:
    """What a layout template sees: the card, its deck and game, in one language."""
    ctx = {
        "lang": lang,
        "game": View(id=game.game, name=game.name.get(lang)),
        "deck": View(id=deck.deck, name=deck.name.get(lang), props=localise(deck.props, lang),
                     count=deck.physical_count),
        "colors": View(colors),
        "_": labels,
    }
    if card is not None:
        ctx["card"] = View(id=card.id, name=card.name.get(lang), copies=card.copies,
                           text=card.text.get(lang) if card.text else "",
                           props=localise(card.props, lang))
    if side_props is not None:
        ctx["back"] = localise(side_props, lang)
    return ctx
