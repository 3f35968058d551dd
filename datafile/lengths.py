"""What a length is, in one rule: a number in mm, or a number and its unit (`0.5 in`, `9 pt`,
`40 px`, `10 %`, Squib's cells `2 c`). The schema's pattern (model.py), the validation's wording (validate.py) and the
conversion to mm (layouts' boxes, a deck's sheet grid) all take it from here."""
from __future__ import annotations

import re

UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}    # px needs a dpi; % a whole to be a share of
_UNIT = r"(mm|cm|in|pt|px|cells|cell|c|%)"
LENGTH = rf"^\s*(-?\d+(?:\.\d+)?)\s*{_UNIT}\s*$"
_LENGTH = re.compile(LENGTH)
# Squib's relative value, `y: += 198 px`: the value of the box it extends, plus or minus this
RELATIVE = rf"^\s*([+-])=\s*(\d+(?:\.\d+)?)\s*{_UNIT}?\s*$"
_RELATIVE = re.compile(RELATIVE)
CELL_PX = 37.5   # Squib's cell (`2 c`, `1 cell`): 37.5 px at the layout's dpi, 1/8 in at 300 dpi
# Squib's shorthands for a place, `middle - 0.5 in`, `deck - 1 in`: lengths, `middle` (half the
# canvas; Squib's `center` too) and `deck` (all of it) added and taken away; nothing else, no eval
_TERM = rf"(?:middle|center|deck|\d+(?:\.\d+)?\s*{_UNIT}?)"
EXPRESSION = rf"^\s*(?:-\s*)?{_TERM}(?:\s*[+-]\s*{_TERM})*\s*$"
_EXPRESSION = re.compile(EXPRESSION)
_TOKEN = re.compile(rf"\s*([+-]?)\s*(middle|center|deck|(\d+(?:\.\d+)?)\s*{_UNIT}?)")


def _unit(number: float, unit: str | None) -> tuple[float, str | None]:
    """A cell is pixels: (number, unit) with `c`, `cell`, `cells` as px."""
    return (number * CELL_PX, "px") if unit in ("c", "cell", "cells") else (number, unit)


def parse_expression(text: object) -> list[tuple[float, str | None]] | None:
    """The signed terms of `middle - 0.5 in` ([(0.5, 'canvas'), (-0.5, 'in')]: `middle` is half
    the canvas, `deck` all of it; a number alone has unit None, mm), or None when it is not one."""
    if not isinstance(text, str) or not _EXPRESSION.match(text):
        return None
    terms = []
    for sign, word, number, unit in _TOKEN.findall(text):
        signed = -1.0 if sign == "-" else 1.0
        terms.append((signed * 0.5, "canvas") if word in ("middle", "center") else (signed, "canvas")
                     if word == "deck" else _unit(signed * float(number), unit or None))
    return terms


def parse_relative(text: object) -> tuple[float, str | None] | None:
    """(signed number, unit or None) of `+= 5 px` / `-= 2`; None when it is not one."""
    found = _RELATIVE.match(text) if isinstance(text, str) else None
    if not found:
        return None
    return _unit((-1 if found.group(1) == "-" else 1) * float(found.group(2)), found.group(3))


def parse_length(text: str) -> tuple[float, str] | None:
    """(number, unit) of a length written with its unit; None when it is not one."""
    found = _LENGTH.match(text) if isinstance(text, str) else None
    return _unit(float(found.group(1)), found.group(2)) if found else None


def to_mm(number: float, unit: str, dpi: float | None = None) -> float:
    """A length's mm: `px` at `dpi` (which the caller has checked is given); never `%`."""
    return number * (25.4 / dpi if unit == "px" else UNITS[unit])


# cards sold in inches (generator/face_checks/canvas_size.py's): a Squib canvas is one with its bleed
SQUIB_CARDS = {(2.5, 3.5), (2.25, 3.5), (2.75, 4.75), (1.75, 2.5), (3.5, 5.75)}


def pixels_as_mm(width: object, height: object, largest: float) -> str | None:
    """Squib's `{width: 825, height: 1125}` (pixels at 300 dpi, written as numbers, which are mm):
    what to write instead, when a side passes the `largest` mm a piece may be; else None."""
    sides = (width, height)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in sides) or max(sides) <= largest \
            or min(sides) < 200:      # pixels of a card: both sides hundreds (a side of 88 is mm, a typo in the other)
        return None
    w, h = (f"{v:g}" for v in sides)
    card = ((width - 75) / 300, (height - 75) / 300)     # Squib's canvas: the card and 37.5 px around it
    if card in SQUIB_CARDS or card[::-1] in SQUIB_CARDS:
        return (f"{w} x {h} is in mm here (numbers alone are mm), larger than the {largest:g} mm a piece may be; "
                f"as pixels at 300 dpi it is a {card[0]:g} x {card[1]:g} in card with 0.125 in (37.5 px) of "
                f"bleed around it: write the card, size: {{width: {card[0]:g} in, height: {card[1]:g} in}}, and "
                f"the bleed as canvas_bleed: 37.5 px beside the layout's dpi: 300")
    return (f"{w} x {h} is in mm here (numbers alone are mm), larger than the {largest:g} mm a piece may be; "
            f"for pixels write {{width: {w} px, height: {h} px, dpi: 300}}, or inches: "
            f"{{width: {width / 300:g} in, height: {height / 300:g} in}}")


SMALLEST_CARD = 20     # mm: a card with both sides below it was likely measured in cm (nanDECK's CARDSIZE)


def centimetres_as_mm(width: object, height: object) -> str | None:
    """nanDECK's `{width: 7.62, height: 12.7}` (cm, written as numbers, which are mm): what to write
    instead, when both sides are under SMALLEST_CARD mm; else None. A size written with its unit
    (`12 mm`) is never asked about: that is how a tiny card says it is meant."""
    sides = (width, height)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in sides) \
            or max(sides) >= SMALLEST_CARD:
        return None
    w, h = (f"{v:g}" for v in sides)
    return (f"a {w} x {h} mm card (numbers alone are mm); did you mean {w} cm x {h} cm? write "
            f"{{width: {w} cm, height: {h} cm}}, or {{width: {w} mm, height: {h} mm}} for a card that small")
