"""Jinja for layout text: sandboxed (layouts are data, not code) and strict (a typo in a
template fails the build instead of printing nothing).

Templates come with shared card files, so beyond Jinja's sandbox (no dunder attributes, no unsafe
callables) they see only the globals and filters listed here: no `lipsum`, `cycler`, `joiner`, no
filters or string methods that pad or repeat (`center`, `format`, `"%"`...), `*` and `**` bounded,
and the budgets of budget.py per render (loop iterations and calls, characters made, macro depth, at
most MAX_OUTPUT characters out). `sandbox` makes the same environment for the site's page templates
(site/pages.py), with larger budgets. What a template prints must be text, a number or a list of
them: a function, a class or a mapping is an error naming the variable, never its repr on a card.
"""
from __future__ import annotations

import operator
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, Undefined, nodes
from jinja2.exceptions import SecurityError, TemplateRuntimeError, TemplateSyntaxError
from jinja2.sandbox import SandboxedEnvironment
from pydantic import BaseModel

from datafile.errors import closest

from ..model.budget import BudgetError, Budgeted, Limits, budgeted_filters, with_budget
from .kind_errors import kind_error, no_field
from ..model.japanese import polite
from .template_syntax import syntax_message
from ..model.model import EMPTY, Card, Deck, Game, Text

MAX_OUTPUT = 20_000        # characters from one render (the longest shipped text is ~2,000)
MAX_STEPS = 10_000         # loop iterations, calls and filtered items per render (shipped: a few hundred)
MAX_WORK = 2_000_000       # characters made or compared per render
MAX_SEQUENCE = 20_000      # length of a string or list made by `*`
MAX_BITS = 256             # size of a number made by `*` or `**`
LAYOUT_LIMITS = Limits(steps=MAX_STEPS, work=MAX_WORK, text=MAX_OUTPUT, output=MAX_OUTPUT)

FILTERS = ("abs", "capitalize", "count", "d", "default", "dictsort", "e", "escape", "first", "float", "int",
           "items", "join", "last", "length", "list", "lower", "map", "max", "min", "reject", "rejectattr",
           "replace", "reverse", "round", "select", "selectattr", "sort", "string", "sum", "title", "trim",
           "unique", "upper", "wordcount")
UNSAFE_METHODS = {"format", "format_map", "center", "ljust", "rjust", "zfill", "expandtabs", "replace", "join",
                  "translate", "encode", "maketrans", "split", "rsplit", "splitlines", "partition", "rpartition",
                  "mro", "update", "setdefault", "pop", "popitem", "clear", "append", "extend", "insert", "remove",
                  "sort", "reverse", "copy", "fromkeys", "model_dump", "model_dump_json", "model_copy"}

def _range(*args: int):
    return range(*args)     # lazy; its items are counted where a loop or a filter walks them


def _replace(value: Any, old: str, new: str, count: int | None = None) -> str:
    value, old, new = str(value), str(old), str(new)
    if not old or len(value) // len(old) * len(new) > MAX_OUTPUT:
        raise BudgetError("replace() would make a text too long")
    return value.replace(old, new) if count is None else value.replace(old, new, count)


_SAFE_ATTRIBUTES: dict[tuple[type, str], bool] = {}


class _Environment(Budgeted):
    intercepted_binops = frozenset({"*", "**", "%", "//", "+"})

    def wrap_str_format(self, value: Any):
        if super().wrap_str_format(value) is not None:   # str.format: widths allocate at will
            raise SecurityError("str.format is not available in templates")
        return None

    def unsafe_undefined(self, obj: Any, attribute: str):
        """In the author's words, not Python's ("'str' object")."""
        return self.undefined(f"'{attribute}' is not available in templates", name=attribute, obj=obj,
                              exc=SecurityError)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        # Jinja's answer (is_internal_attribute) depends on the attribute's name and the
        # object's type only, not on the value: decided once per (type, name), not per access
        key = (type(obj), attr)
        safe = _SAFE_ATTRIBUTES.get(key)
        if safe is None:
            if len(_SAFE_ATTRIBUTES) > 10_000:    # names come from templates: bounded all the same
                _SAFE_ATTRIBUTES.clear()
            safe = _SAFE_ATTRIBUTES[key] = attr not in UNSAFE_METHODS and super().is_safe_attribute(obj, attr, value)
        return safe

    def call_binop(self, context, operator_: str, left: Any, right: Any) -> Any:
        if operator_ == "%" and isinstance(left, str):
            raise SecurityError("'%' formatting is not available in templates")
        if operator_ in ("*", "**"):
            number = (int, float)
            if operator_ == "**" and isinstance(left, number) and isinstance(right, number):
                if abs(right) > 64 or abs(left) > 2 ** 64:
                    raise BudgetError("a power too large for a template")
            elif isinstance(left, (str, list, tuple)) or isinstance(right, (str, list, tuple)):
                seq, times = (left, right) if isinstance(left, (str, list, tuple)) else (right, left)
                if isinstance(times, int) and len(seq) * times > MAX_SEQUENCE:
                    raise BudgetError(f"a text or list longer than {MAX_SEQUENCE} made with '*'")
            elif isinstance(left, int) and isinstance(right, int) and \
                    left.bit_length() + right.bit_length() > MAX_BITS:
                raise BudgetError("a number too large for a template")
        if operator_ == "+" and isinstance(left, (str, list)) and isinstance(right, (str, list)) and \
                len(left) + len(right) > MAX_OUTPUT:
            raise BudgetError(f"a text longer than {MAX_OUTPUT} characters made with '+'")
        return {"*": operator.mul, "**": operator.pow, "%": operator.mod, "//": operator.floordiv,
                "+": operator.add}[operator_](left, right)


class NamedUndefined(StrictUndefined):
    """A typo says what the template could have used (`card` has id, name, …), never
    'generator.card_layout.templates.View object has no attribute …'."""

    @property
    def _undefined_message(self) -> str:
        obj, name = self._undefined_obj, self._undefined_name
        if isinstance(obj, View):
            return f"no field '{name}' here; it has: {', '.join(sorted(obj))}"
        return super()._undefined_message


def lowerfirst(text) -> str:
    """`text` with its first letter in lower case (the rest unchanged, unlike `lower`)."""
    text = str(text)
    return text[:1].lower() + text[1:]


def sandbox(limits: Limits, **options: Any) -> SandboxedEnvironment:
    """A sandbox with only the globals and filters listed here, under `limits` (budget.py)."""
    env = _Environment(**options)
    env.limits = limits
    env.globals = {"range": _range}
    filters = {name: env.filters[name] for name in FILTERS}
    filters["replace"] = _replace
    filters["roman"] = roman
    filters["polite"] = polite         # Japanese card texts quoted in a polite-form aid
    filters["lowerfirst"] = lowerfirst  # a card text quoted after a colon or dash (French: « : vos … »)
    env.filters = budgeted_filters(filters)
    return env


class PrintedValueError(TemplateRuntimeError):
    """`{{ x }}` where x is not text, a number or a list of them: the message names x and its kind."""


_SCALARS = (str, int, float)    # bool is an int; Markup a str


def _kind(value: Any) -> str | None:
    """None when `value` may be printed, else what it is, in a user's words."""
    if value is None or isinstance(value, (_SCALARS, Undefined)):   # Undefined: its own error, printed
        return None
    if isinstance(value, (list, tuple)):
        inner = next((k for k in map(_kind, value) if k), None)
        return f"a list holding {inner}" if inner else None
    if isinstance(value, type):
        return "a class"
    if callable(value):
        return "a function"
    if isinstance(value, Mapping):
        return "a mapping (use one of its fields)"
    return f"a {type(value).__name__} object"


def _printed(value: Any, shown: str) -> Any:
    kind = _kind(value)
    if kind:
        raise PrintedValueError(f"'{{{{ {shown} }}}}' is {kind}; a template prints text, a number or a list of them")
    return value


def _describe(node) -> str:
    """The printed expression as the author wrote it, near enough to find it: card.props.cost,
    cards_where(…), decks|length."""
    path = _path(node)
    if path:
        return ".".join(path)
    if isinstance(node, nodes.Call):
        return _describe(node.node) + "(…)"
    if isinstance(node, nodes.Filter) and node.node is not None:
        return f"{_describe(node.node)}|{node.name}"
    if isinstance(node, (nodes.Getattr, nodes.Getitem)):
        return _describe(node.node) + ("." + node.attr if isinstance(node, nodes.Getattr) else "[…]")
    return "…"


def _check_printed(tree: nodes.Template) -> nodes.Template:
    """Every printed expression passes through `_printed` (a filter added to the parsed template)."""
    for output in tree.find_all(nodes.Output):
        output.nodes = [child if isinstance(child, nodes.TemplateData) else
                        nodes.Filter(child, "_printed", [nodes.Const(_describe(child))], [], None, None,
                                     lineno=child.lineno)
                        for child in output.nodes]
    return tree


@lru_cache(maxsize=1)
def environment() -> SandboxedEnvironment:
    env = sandbox(LAYOUT_LIMITS, undefined=NamedUndefined, autoescape=False, trim_blocks=True,
                  lstrip_blocks=True, keep_trailing_newline=False)
    env.filters["_printed"] = _printed     # every printed value checked (_check_printed): never a repr
    return env


class PlainText:
    """A layout text without Jinja syntax, rendered as Jinja renders it (its line breaks made
    "\n", one final line break dropped) without compiling it: most texts of the aids and rules
    are plain, and compiling took a third of a cold `pnp validate`."""

    def __init__(self, source: str):
        lines = _NEWLINE.split(source)[::2]
        if lines[-1] == "":       # keep_trailing_newline=False
            del lines[-1]
        self.text = "\n".join(lines)

    def render(self, *_args: Any, **_kwargs: Any) -> str:
        if len(self.text) > MAX_OUTPUT:
            raise BudgetError(f"template output longer than {MAX_OUTPUT:,} characters")
        return self.text


_NEWLINE = re.compile(r"(\r\n|\r|\n)")    # jinja2.lexer.newline_re
_JINJA = ("{{", "{%", "{#")              # the environment's delimiters (no line statements or comments)


@lru_cache(maxsize=4096)
def compiled(source: str):
    if not any(start in source for start in _JINJA):
        return PlainText(source)
    env = environment()
    template = env.from_string(_check_printed(env.parse(source)))
    # Jinja's ChainMap of the environment's globals is copied into every render's context;
    # a plain dict of the same (fixed) globals copies faster
    template.globals = dict(template.globals)
    return template


@lru_cache(maxsize=4096)
def compiled_expression(source: str):
    return with_budget(LAYOUT_LIMITS, environment().compile_expression(source))


# Japanese sets level numbers as the full-width numerals Ⅰ–Ⅻ (U+2160…), as the official guide does
WIDE_ROMAN = {"ja": "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"}


def roman(value: int, lang: str | None = None) -> str:
    """`{{ level | roman }}` → III; `{{ level | roman(lang) }}` → Ⅲ in Japanese (1 to 12)."""
    numerals = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out, n = "", int(value)
    if not 0 <= n <= 3999:
        raise SecurityError(f"roman numerals go from 1 to 3999, not {n}")
    wide = WIDE_ROMAN.get(lang or "")
    if wide and 1 <= n <= len(wide):
        return wide[n - 1]
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


class Props(View):
    """A card's props: a declared property the card leaves out (an empty cell) reads as nothing
    (an empty text or list) by name, `card.props.flavor`; `'cost' in card.props` and
    `card.props.get('points', 0)` still see that it is absent."""

    def __init__(self, values: dict, blanks: dict):
        super().__init__(values)
        self._blanks = blanks

    def __getattr__(self, key: str) -> Any:
        if key in self:
            return self[key]
        if key in self.__dict__.get("_blanks", ()):
            return self._blanks[key]
        raise AttributeError(key)


def _blanks(deck: Deck) -> dict[str, Any]:
    """Empty unless `required: true`; a column a sheet lacks, another deck's, too (games.py)."""
    return {**getattr(deck, "_absent", {}),
            **{key: [] if spec.type == "list" else EMPTY for key, spec in deck.properties.items()}}


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
                           props=Props(localise(card.props, lang), _blanks(deck)))
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


_KINDS = {"UndefinedError": "unknown name", "ZeroDivisionError": "a division by zero",
          "SecurityError": "not allowed in a template", "TemplateSyntaxError": "Jinja syntax error"}


def template_error(exc: Exception) -> str:
    """A template's failure in the author's words, on one line: no exception class, no
    `'dict object' has no attribute` (issue 29)."""
    text = " ".join(str(exc).split())[:200]
    if isinstance(exc, TemplateSyntaxError) and exc.source:   # in the designer's words, with the fix
        return syntax_message(exc.source, exc.message or "")
    if isinstance(exc, PrintedValueError):   # already in the author's words, naming the variable
        return text
    if type(exc) is TypeError:   # `'' + 1`: the kinds of value and the fix, not Python's phrase
        return kind_error(text)
    unknown = re.search(r"No (filter|test) named '([^']*)'", text)
    if unknown:       # jinja's words, and what the designer may have meant
        kind, name = unknown.groups()
        known = [*FILTERS, "replace", "roman", "polite", "lowerfirst"] if kind == "filter" else []
        near = closest(name, known)
        text = f"no {kind} '{name}'" + (f" (did you mean '{near}'?)" if near else "")
    text = no_field(text)
    text = re.sub(r"'[\w ]*object' has no element ([^ ]*)", r"no element \1", text)
    return f"{_KINDS.get(type(exc).__name__, 'template error')}: {text}"
