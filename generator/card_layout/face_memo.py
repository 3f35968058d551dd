"""A process-wide memo of rendered card faces (faces.py), keyed on what the rendering reads, so
that `pnp validate`, `--watch`, `serve` and `studio` render again only the faces whose inputs
changed: one changed deck file re-renders that deck's faces, not the whole game's.

A face's templates see only their context (templates.card_context: the game's id and name,
the deck's id, name, props and count, the card, the layout's colours and the back's props, in
one language) and the translator `_`. The key holds all of it by content, never by object
identity: each layout's region kinds and templates, the context frozen with the type of every
value (1, 1.0, True and "1" print differently), and the language's catalogue. A face is not
memoised when its key cannot be made exactly: a value of a kind the freezing does not know, a
template that uses `_` other than by calling it (`_.missing` changes as other faces render), a
catalogue that does not load. The rules' card summaries (rules.py), templates over a card and
its deck without a translator, are kept the same way (`rendered_text`).
"""
from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.parser import Parser

from datafile.errors import DataError

from ..model.model import Blank
from .templates import Props, View, compiled, environment, template_error, used_paths

MAX_FACES = 50_000      # a game renders ~2,000 faces (cards x languages); older entries go first


@dataclass(frozen=True)
class Rendered:
    """What rendering one face gave, by region index: failures (index, None for the background;
    key, is a DataError, message, the value that is no colour or None), the icons it shows, and the stripped text of each text region drawn."""
    failures: tuple[tuple[int | None, str, bool, str, str | None], ...]
    icons: frozenset[str]
    printed: tuple[tuple[int, str], ...]
    # what each template that rendered gave, by its source ((WHEN, source): a `when`'s verdict):
    # the drawing of the same face takes them rather than rendering again (Outputs.of)
    outputs: dict = field(default_factory=dict, compare=False)


WHEN = "when"


_memo: dict[tuple, Rendered] = {}


def lookup(key: tuple | None) -> Rendered | None:
    return _memo.get(key) if key is not None else None


def keep(key: tuple | None, rendered: Rendered) -> None:
    if key is None:
        return
    if len(_memo) >= MAX_FACES:
        _memo.pop(next(iter(_memo)), None)
    _memo[key] = rendered


class Outputs:
    """The outputs face_memo holds for faces drawn by one renderer (card_face/face.py): the face's key
    made as face_checks/faces.py makes it, each layout's and translator's part once."""

    def __init__(self):
        self._layouts: dict[int, tuple] = {}       # id -> (layout, its key): the layout kept alive
        self._translators: dict[int, tuple] = {}

    def of(self, layout, context: dict) -> dict:
        """{source: output, (WHEN, source): shown} of the face, or {} when it was not rendered."""
        translator = context.get("_")
        if not _memo or translator is None:
            return {}
        if id(layout) not in self._layouts:
            self._layouts[id(layout)] = (layout, layout_key(layout))
        if id(translator) not in self._translators:
            self._translators[id(translator)] = (translator, translator_key(translator))
        parts = (self._layouts[id(layout)][1], context_key(context), self._translators[id(translator)][1])
        rendered = lookup(parts) if None not in parts else None
        return rendered.outputs if rendered is not None else {}


def clear() -> None:
    _memo.clear()
    _texts.clear()


_texts: dict[tuple, tuple[str | None, str | None]] = {}


def rendered_text(source: str, context: dict) -> tuple[str | None, str | None]:
    """(text, None) or (None, the error in the author's words) of a template whose context holds
    no translator (the rules' card summaries), kept by content as the faces are."""
    key = context_key(context)
    if key is not None:
        key = (source, key)
        if key in _texts:
            return _texts[key]
    try:
        result = compiled(source).render(context), None
    except Exception as exc:  # noqa: BLE001 - any error of a user's template is a data problem
        result = None, template_error(exc)
    if key is not None:
        if len(_texts) >= MAX_FACES:
            _texts.pop(next(iter(_texts)), None)
        _texts[key] = result
    return result


def templated(layout) -> tuple[tuple[int | None, str, str, str], ...]:
    """Every template a face of `layout` renders, in the order the build renders them: (region
    index, None for the layout's background; the region's kind; field; source). A region's
    `when` comes before its other fields, which render only where it is true. The one list of a
    layout's templates: the checks render it (face_checks/faces.py) and the memo keys on it."""
    fields: list = [(None, "", "background", layout.background)] if "{" in (layout.background or "") else []
    for index, r in enumerate(layout.regions):
        if r.when:
            fields.append((index, r.kind, "when", r.when))
        if r.text and r.kind in ("text", "icon", "image"):
            fields.append((index, r.kind, "text", r.text))
        fields += [(index, r.kind, key, getattr(r, key)) for key in ("color", "fill", "stroke")
                   if "{" in (getattr(r, key) or "")]
        fields += [(index, r.kind, "fill", c) for c in (r.gradient or {}).get("colors", ()) if "{" in c]   # as a fill
    return tuple(fields)


def reads_card(layout) -> bool:
    """True when one of the layout's templates reads `card`: a back layout that does is drawn
    once per card (each card its own back, Squib's and nanDECK's per-card backs); one that
    does not stays one drawing shared by the deck. A template that does not parse reads nothing
    (validate reports it)."""
    return any(_reads_card(source, key == "when") for _i, _kind, key, source in templated(layout))


@lru_cache(maxsize=8192)
def _reads_card(source: str, expression: bool) -> bool:
    try:
        return any(path[0] == "card" for path, _line in used_paths(source, expression))
    except TemplateSyntaxError:
        return False


def layout_key(layout) -> tuple | None:
    """What rendering reads of a layout (templated), or None when one of its templates uses the
    translator other than by calling it."""
    fields = templated(layout)
    if any(not _calls_translator_only(source, key == "when") for _i, _kind, key, source in fields):
        return None
    embeds = tuple((i, tuple(sorted(r.embed.items()))) for i, r in enumerate(getattr(layout, "regions", ())) if r.embed)
    if getattr(layout, "embed", None) or embeds:
        fields += (("embed", tuple(sorted((getattr(layout, "embed", None) or {}).items()))),) + embeds
    return fields


@lru_cache(maxsize=8192)
def _calls_translator_only(source: str, expression: bool) -> bool:
    """True when every `_` of the template is called (`_('Cost')`): only then does the
    translator act as a pure function of its catalogue. A syntax error fails alike every time."""
    env = environment()
    try:
        if expression:     # as Environment.compile_expression parses it
            parser = Parser(env, source, state="variable")
            tree = parser.parse_expression()
            if not parser.stream.eos:
                return True
        else:
            tree = env.parse(source)
    except TemplateSyntaxError:
        return True
    called = {id(call.node) for call in tree.find_all(nodes.Call)}
    return all(id(name) in called for name in tree.find_all(nodes.Name) if name.name == "_")


def translator_key(translator) -> tuple | None:
    """The translator's behaviour when called: its language and, but for English (never looked
    up), a digest of its catalogue's content; None when the catalogue does not load."""
    from ..reading.i18n import SOURCE_LANGUAGE
    if not hasattr(translator, "lang"):     # a plain function (the studio's, a test's): not keyed
        return None
    if translator.lang == SOURCE_LANGUAGE:
        return (translator.lang, translator.allow_missing)
    try:
        catalogue = translator._messages()   # the very catalogue the translator will use
    except DataError:
        return None
    digest = hashlib.sha256(json.dumps([catalogue.plural, *catalogue.items()], ensure_ascii=False).encode()).hexdigest()
    return (translator.lang, translator.allow_missing, digest)


_LEAVES = frozenset({str, Blank, int, float, bool, type(None), datetime.date, datetime.datetime, datetime.time})


_STR = frozenset({str})


class _Unknown(Exception):
    """A value the freezing cannot capture exactly."""


def context_key(context: dict) -> tuple | None:
    """The template context (without `_`) as a hashable value that tells apart everything a
    template could print or test, or None."""
    try:
        return tuple((name, _freeze(value)) for name, value in context.items() if name != "_")
    except _Unknown:
        return None


def _freeze(value: Any) -> Any:
    kind = type(value)
    if kind in _LEAVES:
        return kind, value
    if kind in (dict, View):
        return kind, _items(value)
    if kind is Props:      # a card's props, with the declared ones it leaves blank (read by name too)
        return kind, _items(value), _freeze(value._blanks)
    if kind in (list, tuple):
        return kind, tuple(_freeze(v) for v in value)
    raise _Unknown


def _items(mapping: dict) -> tuple:
    """A mapping's items frozen. One of text keys and plain values (a layout's colours, most
    props and views) is kept as its keys, their values' types and values, not a _freeze call per
    key and value for every face drawn; a triple of tuples is never the other form's pairs."""
    values = tuple(mapping.values())
    kinds = tuple(map(type, values))
    if _LEAVES.issuperset(kinds) and _STR.issuperset(map(type, mapping)):
        return tuple(mapping), kinds, values
    return tuple((_freeze(k), _freeze(v)) for k, v in mapping.items())
