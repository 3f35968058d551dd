"""Jinja for layout text: sandboxed (layouts are data, not code) and strict (a typo in a
template fails the build instead of printing nothing)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, nodes
from jinja2.sandbox import SandboxedEnvironment
from pydantic import BaseModel

from .model import Card, Deck, Game, Text


class NamedUndefined(StrictUndefined):
    """A typo says what the template could have used (`card` has id, name, …), never
    'generator.data.templates.View object has no attribute …'."""

    @property
    def _undefined_message(self) -> str:
        obj, name = self._undefined_obj, self._undefined_name
        if isinstance(obj, View):
            return f"no field '{name}' here; it has: {', '.join(sorted(obj))}"
        return super()._undefined_message


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(undefined=NamedUndefined, autoescape=False, trim_blocks=True,
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


# ---------------------------------------------------------------- static checks (pnp validate)

LAYOUT_NAMES = {"card", "deck", "game", "colors", "lang", "_", "back", "aid"}
FIELDS = {"card": {"id", "name", "copies", "text", "props"},
          "deck": {"id", "name", "props", "count"},
          "game": {"id", "name", "minutes", "players"}}


@lru_cache(maxsize=8192)   # layouts share templates through `extends`: parse each once
def used_paths(source: str, expression: bool = False) -> tuple[tuple[tuple[str, ...], int], ...]:
    """The variables a template reads, as dotted paths with their template line:
    `{{ card.props.cost }}` -> [(('card', 'props', 'cost'), 1)]. Names a template sets itself
    ({% set %}, {% for %}, loop) are left out. Raises TemplateSyntaxError."""
    env = environment()
    tree = env.parse("{{ " + source + " }}" if expression else source)
    local = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")} | {"loop"}
    methods = {id(call.node) for call in tree.find_all(nodes.Call)}   # card.props.get('x'): a method
    found = []
    for node in tree.find_all((nodes.Getattr, nodes.Getitem, nodes.Name)):
        path = _path(node)
        if path and id(node) in methods and isinstance(node, nodes.Getattr):
            path = path[:-1]
        if path and path[0] not in local and path[0] not in env.globals:
            found.append((path, node.lineno))
    # keep the longest path of each chain: card.props.cost, not also card.props and card
    longest = [(p, line) for p, line in found if not any(len(q) > len(p) and q[:len(p)] == p for q, _ in found)]
    return tuple(sorted(set(longest)))


def _path(node) -> tuple[str, ...] | None:
    if isinstance(node, nodes.Name):
        return (node.name,)
    if isinstance(node, nodes.Getattr):
        inner = _path(node.node)
        return inner + (node.attr,) if inner else None
    if isinstance(node, nodes.Getitem) and isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
        inner = _path(node.node)
        return inner + (node.arg.value,) if inner else None
    return None


def unknown_path(path: tuple[str, ...]) -> tuple[str, list[str]] | None:
    """(what is unknown, what is known) for a layout template's path, or None when it is fine.
    card.props.<x> is checked against the decks' properties by the catalogue."""
    if path[0] not in LAYOUT_NAMES:
        return path[0], sorted(LAYOUT_NAMES)
    if len(path) > 1 and path[0] in FIELDS and path[1] not in FIELDS[path[0]]:
        return f"{path[0]}.{path[1]}", sorted(FIELDS[path[0]])
    return None
