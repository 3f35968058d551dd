"""Deck-declared card properties become pydantic models of their own, so a new game needs YAML
only: each deck says which facts its cards carry (rank, cost, colour, ...) and of what type."""
from __future__ import annotations

import typing
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from datafile.errors import DataError
from datafile.validate import problems_from

from .model import PropertySpec, Text

_SCALARS = {"int": int, "str": str, "bool": bool, "text": Text}


def _annotation(spec: PropertySpec, name: str) -> Any:
    if spec.type == "enum":
        return Literal[tuple(spec.values or ())]
    if spec.type == "list":
        return list[_annotation(spec.items, name)] if spec.items else list[Any]
    if spec.type == "object":
        return properties_model(name, spec.fields or {})
    base = _SCALARS[spec.type]
    if spec.type == "int" and (spec.min is not None or spec.max is not None):
        return typing.Annotated[int, Field(ge=spec.min, le=spec.max)]
    return base


_MODELS: dict[str, type[BaseModel]] = {}


def properties_model(name: str, fields: dict[str, PropertySpec]) -> type[BaseModel]:
    """A pydantic model for declared properties (cached: every card of a deck shares it)."""
    key = name + repr(sorted((k, v.model_dump_json()) for k, v in fields.items()))
    if key not in _MODELS:
        _MODELS[key] = _build_model(name, fields)
    return _MODELS[key]


def _build_model(name: str, fields: dict[str, PropertySpec]) -> type[BaseModel]:
    definitions = {}
    for key, spec in sorted(fields.items()):
        annotation = _annotation(spec, key)
        definitions[key] = (annotation, ...) if spec.required else (annotation | None, None)
    return create_model(f"Props_{name}", __config__=ConfigDict(extra="forbid"), **definitions)


def validate_props(properties: dict[str, PropertySpec], props: dict, file: str,
                   data: Any, prefix: tuple) -> dict:
    """Check a card's props against its deck's declarations; return them with Text objects."""
    model = properties_model("card", properties)
    try:
        checked = model.model_validate(props)
    except ValidationError as exc:
        raise DataError(problems_from(exc, data, file, model, prefix)) from None
    return {key: getattr(checked, key) for key in properties if getattr(checked, key) is not None}
