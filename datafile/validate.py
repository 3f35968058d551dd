"""Validation glue: pydantic errors become file:line: field problems, with a "did you mean"
for unknown keys."""
from __future__ import annotations

import re
import types
import typing
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import DataError, Problem, closest, field_path
from .lengths import LENGTH
from .other_tools import (ENDS, OTHER_CHOICES, OTHER_TOOL_WORDS, OTHER_TOOLS, file_hint, gradient_hint, length_hint,
                          line_box, placed_hint, rotate_hint, sheet_hint, sheet_number,
                          times_hint)
from .source import line_of

M = TypeVar("M", bound=BaseModel)


MISSING = "missing"     # the message of a required field left out

COLOUR_FIELDS = ("fill", "stroke", "color", "tint", "background")


def _at(data: Any, loc: tuple) -> Any:
    """The value at `loc` of loaded data, or None."""
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _expected(error: dict) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return "this field to be present"
    if kind == "literal_error":
        return f"one of {ctx.get('expected')}"
    return ""


def _shown(value: Any) -> str:
    text = str(value)
    return f"'{text[:40]}…'" if len(text) > 40 else f"'{text}'"


def _bound(value: Any) -> str:
    """A limit as a designer writes it: 100, not 100.0."""
    return f"{value:g}" if isinstance(value, float) else str(value)


# pydantic's error types in a designer's words: (message, expected), from the input and ctx
_WORDS = {
    "less_than_equal": lambda v, c: (f"{_shown(v)} is more than {_bound(c.get('le'))}",
                                     f"at most {_bound(c.get('le'))}"),
    "less_than": lambda v, c: (f"{_shown(v)} is too large", f"less than {_bound(c.get('lt'))}"),
    "greater_than_equal": lambda v, c: (f"{_shown(v)} is less than {_bound(c.get('ge'))}",
                                        f"at least {_bound(c.get('ge'))}"),
    "greater_than": lambda v, c: (f"{_shown(v)} is too small", f"more than {_bound(c.get('gt'))}"),
    "int_parsing": lambda v, c: (f"{_shown(v)} is not a whole number", "a whole number, such as 3"),
    "int_type": lambda v, c: (f"{_shown(v)} is not a whole number", "a whole number, such as 3"),
    "int_from_float": lambda v, c: (f"{_shown(v)} is not a whole number", "a whole number, such as 3"),
    "float_parsing": lambda v, c: (f"{_shown(v)} is not a number", "a number, such as 2.5"),
    "float_type": lambda v, c: (f"{_shown(v)} is not a number", "a number, such as 2.5"),
    "bool_parsing": lambda v, c: (f"{_shown(v)} is not true or false", "true or false"),
    "bool_type": lambda v, c: (f"{_shown(v)} is not true or false", "true or false"),
    "string_type": lambda v, c: ("not a text", "a text (put it in quotes)"),
    "list_type": lambda v, c: ("not a list", "a list: [a, b] or one '- item' per line"),
    "dict_type": lambda v, c: ("not a set of fields", "fields, one 'name: value' each"),
    "model_type": lambda v, c: ("not a set of fields", "fields, one 'name: value' each"),
    "model_attributes_type": lambda v, c: ("not a set of fields", "fields, one 'name: value' each"),
    "string_pattern_mismatch": lambda v, c: (f"{_shown(v)} has characters that are not allowed",
                                             "lowercase letters, digits and dashes (fire-mage)"
                                             if c.get("pattern", "").startswith("^[a-z0-9]") else
                                             f"the form {c.get('pattern')}"),
    "too_long": lambda v, c: (f"at most {c.get('max_length')} items, not {c.get('actual_length')}", ""),
    "too_short": lambda v, c: ("too few items", f"at least {c.get('min_length')}"),
    "string_too_long": lambda v, c: ("too long", f"at most {c.get('max_length')} characters"),
    "string_too_short": lambda v, c: ("empty", f"at least {c.get('min_length')} character(s)"),
}


def _is_length(err: dict) -> bool:
    """A text that failed the length pattern itself (lengths.py), not any pattern naming a unit."""
    return err["type"] == "string_pattern_mismatch" and (err.get("ctx") or {}).get("pattern") == LENGTH


def worded(err: dict) -> tuple[str, str]:
    """A pydantic error as (message, expected) in our words: never 'Input should be …' or
    'unable to parse string as an integer'."""
    kind, ctx, value = err["type"], err.get("ctx") or {}, err.get("input")
    if _is_length(err) and length_hint(value) and "sheet" not in err.get("loc", ()):   # Squib's `:scale`
        return length_hint(value)
    if kind in ("dict_type", "model_type", "model_attributes_type") and sheet_number(err.get("loc", ()), value):
        return sheet_number(err["loc"], value)
    if kind in ("dict_type", "model_type", "model_attributes_type") and gradient_hint(err.get("loc", ()), value):
        return gradient_hint(err["loc"], value)
    if _is_length(err):
        if "sheet" in err.get("loc", ()):     # a sheet grid's gap: no card to take a % of
            return f"{_shown(value)} is not a length", \
                "a number of mm (6), or a number and its unit: mm, cm, in, pt, px (with the sheet's dpi)"
        relative = ", += 5 px to add to the value of the box it extends, or lengths and middle added and " \
            "taken away (middle - 0.5 in)" if {"x", "y", "width", "height"} & set(err.get("loc", ())[-3:]) else ""
        return (f"{_shown(value)} is not a length",
                "a number of mm (12.5), or a number and its unit: mm, cm, in, pt, px or c (with the layout's dpi) or %"
                + relative)
    if kind == "missing":
        return MISSING, _expected(err)
    if kind in _WORDS:
        return _WORDS[kind](value, ctx)
    message = err["msg"]
    if message.startswith("Value error, "):     # our own validators' words
        return message[len("Value error, "):], ""
    if message.startswith("Assertion failed, "):
        return message[len("Assertion failed, "):], ""
    if message.startswith("Input should be "):
        return (f"{_shown(value)} is not accepted" if isinstance(value, (str, int, float)) else "not accepted",
                message[len("Input should be "):].split(",")[0])
    return message, _expected(err)


def _submodel(model: type[BaseModel], loc: tuple) -> type[BaseModel] | None:
    """The model class reached by following `loc` through field annotations, dict values
    and list items (so a typo deep inside a layout still gets a 'did you mean')."""
    current: Any = model
    for part in loc:
        current = _step(current, part)
        if current is None:
            return None
    return _as_model(current)


def _as_model(annotation: Any) -> type[BaseModel] | None:
    for arg in [annotation, *typing.get_args(annotation)]:
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
    return None


def _step(annotation: Any, part: Any) -> Any:
    model = _as_model(annotation)
    if model is not None and isinstance(part, str) and part in model.model_fields:
        return model.model_fields[part].annotation
    for arg in [annotation, *typing.get_args(annotation)]:
        origin = typing.get_origin(arg)
        if origin is dict and isinstance(part, str):
            return typing.get_args(arg)[1]
        if origin is list and isinstance(part, int):
            return typing.get_args(arg)[0]
    return None


def _union_members(annotation: Any) -> list:
    """The members of a union `annotation` (a RootModel's root included), None left out."""
    model = _as_model(annotation)
    if model is not None and "root" in model.model_fields and getattr(model, "__pydantic_root_model__", False):
        annotation = model.model_fields["root"].annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [a for a in typing.get_args(annotation) if a is not type(None)]
    return []


def _looks_like_tag(part: Any) -> bool:
    return isinstance(part, str) and (part in {"root", "str", "int", "float", "bool"}
                                      or "[" in part or part[:1].isupper() or part.startswith("constrained-"))


def _user_loc(model: type[BaseModel], loc: tuple) -> tuple:
    """`loc` without the union members pydantic puts in error paths ('str', 'Size',
    'dict[str,str]'): they follow a field whose type is a union, and only there are they left
    out, so a key the user wrote ('Players', 'a[0]') is never mistaken for one."""
    out, current = [], model
    for part in loc:
        members = _union_members(current) if current is not None else []
        if len(members) > 1 and _looks_like_tag(part):
            current = next((m for m in members if getattr(m, "__name__", None) == part), None)
            continue
        out.append(part)
        current = _step(current, part) if current is not None else None
    return tuple(out)


def _outer_of(err: dict, errors: list) -> bool:
    """A union's text member refusing a set of fields whose own member is wrong deeper down: the
    deeper error says what is wrong, this one would only say 'not a text' beside it."""
    if err["type"] != "string_type" or not isinstance(err.get("input"), dict):
        return False
    loc = tuple(err["loc"])[:-1]
    return any(len(other["loc"]) > len(loc) + 1 and tuple(other["loc"])[:len(loc)] == loc
               and other is not err and not (other["type"] == "string_type" and isinstance(other.get("input"), dict))
               for other in errors)


def problems_from(error: ValidationError, data: Any, file: str, model: type[BaseModel],
                  prefix: tuple = ()) -> list[Problem]:
    problems = []
    errors = error.errors(include_url=False)
    lengths = {tuple(e["loc"][:-1]) for e in errors if _is_length(e)}   # a length: said as one, first
    errors = sorted(errors, key=lambda e: not _is_length(e)) if lengths else errors
    for err in errors:
        loc = _user_loc(model, tuple(err["loc"]))
        if _outer_of(err, errors):   # `name: {en: Crooks, de: }`: said at name.de, not at name too
            continue
        message, expected = worded(err)
        if err["type"] == "string_type" and err.get("input") is None and loc and isinstance(loc[-1], str):
            # `de:` with nothing after it
            key = str(loc[-1])
            message, expected = "empty", f"the text after '{key}:', such as {key}: \"…\""
        if err["type"] == "string_type" and type(err.get("input")) is int and loc \
                and (loc[-1] in COLOUR_FIELDS or (len(loc) > 1 and loc[-2] == "colors")):   # `stroke: 000000`
            digits = f"{err['input']:06d}" if err["input"] == 0 or len(str(err["input"])) == 6 else "rrggbb"
            message, expected = (f"{err['input']} is a number: YAML reads a colour without quotes and # as one",
                                 f'the colour in quotes with its #: "#{digits}"')
        if err["type"] == "literal_error":   # `align: centre`: the choices, and the likely one
            choices = re.findall(r"'([^']*)'|(-?\d+)", str((err.get("ctx") or {}).get("expected", "")))
            choices = [a or b for a, b in choices]
            given = err.get("input")
            guess = closest(str(given), choices) if isinstance(given, (str, int)) else None
            other, why = OTHER_CHOICES.get(str(given).lower(), (None, ""))
            guess, why = (other, why) if other in choices else (guess, "")
            message = f"'{given}' is not one of the choices" if isinstance(given, (str, int, float)) else message
            if guess:
                message += f"; did you mean '{guess}'?" + (f" ({why})" if why else "")
            expected = f"one of: {', '.join(choices)}" if choices else expected
        elif _is_length(err) and len(loc) > 2 and times_hint(err.get("input"), loc[-1], _at(data, prefix + loc[:-1]),
                                                             _at(data, prefix + loc[:-2])):   # Squib's `*= 1.5`
            message, expected = times_hint(err.get("input"), loc[-1], _at(data, prefix + loc[:-1]),
                                           _at(data, prefix + loc[:-2]))
        elif err["type"] == "too_short" and loc[-2:] == ("gradient", "colors"):
            message, expected = "a gradient needs two colours at least", "two colours or more, or fill: for one colour"
        elif err["type"] == "less_than_equal" and loc and loc[-1] in ("x", "y", "width", "height") \
                and _dpi(data, prefix + loc) and isinstance(err.get("input"), (int, float)):
            n, dpi = f"{err['input']:g}", _dpi(data, prefix + loc)
            message = (f"'{n}' is more than {_bound((err.get('ctx') or {}).get('le'))} mm (a number alone is mm); "
                       f"in a layout with dpi: {dpi:g}, did you mean {n} px?")
            expected = f"{n} px"
        elif err["type"] in ("model_type", "model_attributes_type", "dict_type") and loc and loc[-1] == "back" \
                and isinstance(err.get("input"), str):   # `back: heroes/back`, as `layout:` is written
            shown = err["input"].strip()[:60]
            message, expected = f"'{shown}' alone", f"the back's fields: back: {{layout: {shown}}}"
        elif err["type"] == "list_type" and loc and loc[-1] == "cards" and isinstance(err.get("input"), int):
            expected = (f"a list of cards; {err['input']} copies of one card: cards: [{{id: …, copies: "
                        f"{err['input']}}}], or a spreadsheet's quantity column (qty) with cards_from:")
        elif err["type"] == "extra_forbidden" and loc:
            owner = _submodel(model, loc[:-1])
            allowed = sorted(owner.model_fields) if owner else []
            key = str(loc[-1])
            message = f"unknown field '{key}'"
            if key.lower() in ("width", "height") and "size" in allowed and key.lower() not in allowed:
                if key.lower() == "height" and isinstance(_at(data, prefix + loc[:-1]), dict) \
                        and any(str(k).lower() == "width" for k in _at(data, prefix + loc[:-1])):
                    continue   # said once, with the width
                message += "; a size is one field here"
                expected = "size: {width: 63, height: 88} (in mm, or with a unit: 2.5 in) or a size name such as poker"
                problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc), message,
                                        expected))
                continue
            if key.lower() == "angle" and "rotate" in allowed:   # Squib's: radians, clockwise
                problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc),
                                        message + "; did you mean 'rotate'?", rotate_hint(_at(data, prefix + loc))))
                continue
            if key.lower() in ENDS and "x" in allowed:     # Squib's line: x1, y1 to x2, y2
                box = _at(data, prefix + loc[:-1])
                ends = [k for k in box if str(k).lower() in ENDS] if isinstance(box, dict) else [key]
                if ends and ends[0] != key:
                    continue       # said once, at its first end
                problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc),
                                        f"unknown field '{key}': a line in pnp is a box, from x, y across its "
                                        f"width and down its height", line_box(box)))
                continue
            if key.lower() == "mask" and "fill" in allowed:     # Squib's svg mask: recolours
                problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc),
                                        f"unknown field '{key}'; did you mean 'fill'? (an image's fill recolours "
                                        f"its shapes, as Squib's mask does)",
                                        f"fill: {_shown(_at(data, prefix + loc))} on the image box"))
                continue
            if key.lower() == "fill_color" and "color" in allowed and "fill" in allowed:
                problems.append(_fill_color(file, line_of(data, prefix + loc), field_path(prefix + loc), key,
                                            _at(data, prefix + loc[:-1]), _at(data, prefix + loc)))
                continue
            hint = sheet_hint(key, _at(data, prefix + loc[:-1])) if "sheet" in allowed else None
            if key.lower() == "file" and {"kind", "text"} <= set(allowed):   # Squib's `svg file:` on a box
                hint = file_hint(key, _at(data, prefix + loc))
            if hint:
                if hint[0]:
                    problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc), *hint))
                continue
            placed = placed_hint(key, allowed, _at(data, prefix + loc), _at(data, prefix + loc[:-1]))
            if placed:    # a box's `range:`, a deck's `paper:`, boxes beside `regions:` (said once)
                if placed[0]:
                    problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc), *placed))
                continue
            if key.lower() in OTHER_TOOL_WORDS:
                problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc),
                                        f"unknown field '{key}': {OTHER_TOOL_WORDS[key.lower()]}",
                                        f"one of: {', '.join(allowed)}" if allowed else ""))
                continue
            alias = OTHER_TOOLS.get(key.lower())
            guess = key.lower() if key.lower() in allowed else alias if alias in allowed else closest(key, allowed)
            if guess:
                message += f"; did you mean '{guess}'?"
            expected = f"one of: {', '.join(allowed)}" if allowed else ""
        problems.append(Problem(file, line_of(data, prefix + loc), field_path(prefix + loc), message, expected))
    # `width:`/`height:` where a size is one field: its `size` is not also said missing
    sized = {p.field.rsplit(".", 1)[0] if "." in p.field else "" for p in problems if "a size is one field" in p.message}
    problems = [p for p in problems if not (p.message == MISSING and p.field.rsplit(".", 1)[-1] == "size"
                                            and (p.field.rsplit(".", 1)[0] if "." in p.field else "") in sized)]
    # the same location may fail for each member of a union: keep one message per field
    seen, unique = set(), []
    for p in problems:
        if (p.line, p.field) not in seen:
            seen.add((p.line, p.field))
            unique.append(p)
    return unique


def _fill_color(file: str, line: int, where: str, key: str, box, value) -> Problem:
    """Squib's `fill_color`: a shape's `fill`, but on a text (written so, or a box with no kind nor
    extends, which is a text) the letters' colour is `color`, as fill paints no text."""
    kind = box.get("kind") if isinstance(box, dict) else None
    shown = _shown(value)
    if kind == "text" or (isinstance(box, dict) and not kind and not box.get("extends")):
        return Problem(file, line, where, f"unknown field '{key}': a text's colour is 'color' (fill paints "
                       f"shapes: a text box draws no ground)", f"color: {shown} on the text box")
    return Problem(file, line, where, f"unknown field '{key}'; did you mean 'fill'? (on a text box, its "
                   f"colour is 'color')", f"fill: {shown} on a shape, color: {shown} on a text")


def _dpi(data: Any, loc: tuple) -> float | None:
    """The dpi of the layout a box's field lies in (layouts.<name>.regions.<box>.<field>)."""
    layout = _at(data, loc[:-3]) if len(loc) > 3 and loc[-3] == "regions" else None
    dpi = layout.get("dpi") if isinstance(layout, dict) else None
    return dpi if isinstance(dpi, (int, float)) and not isinstance(dpi, bool) else None


def validate(model: type[M], data: Any, file: str, prefix: tuple = ()) -> M:
    """Validate `data` loaded from `file`; raise DataError naming file, line and field."""
    if data is None:
        data = {}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataError(problems_from(exc, data, file, model, prefix)) from None
