"""What a Squib or nanDECK user writes where pnp has other words: the fields, choices and values
each tool names otherwise, and pnp's answer for each (validate.py says them at file:line)."""
from __future__ import annotations

import math
import re
from typing import Any

from .lengths import parse_length

# keys a Squib or nanDECK layout writes, and pnp's for them (a "did you mean" by spelling would
# offer `color` for fill_color and `min_size` for font_size)
OTHER_TOOLS = {"fill_color": "fill", "stroke_color": "stroke", "font_size": "size", "fontsize": "size",
               "font_color": "color", "stroke_colour": "stroke", "fill_colour": "fill", "font_colour": "color",
               "ellipsize": "min_size", "halign": "align", "file": "text", "str": "text",
               "layout": "extends",      # Squib's `layout:` inside a box is its inheritance
               "explode": "quantity",    # Squib's quantity column
               "linkmulti": "quantity",  # nanDECK's copies column
               "range": "where"}         # Squib's rows a card is drawn for: a deck of the rows that match
# values Squib or nanDECK write for a choice, pnp's for each and why: Squib's image `fit: scale`,
# its drawing commands (`svg`, `png`, `ellipse`) and nanDECK's (`RECTANGLE`, `ROUNDRECT`) as a kind
_IMAGE = ("image", "an image box draws SVG, PNG and JPEG, named in its text:")
OTHER_CHOICES = {"scale": ("contain", "the image keeps its proportions inside the box"),
                 "svg": _IMAGE, "png": _IMAGE, "jpg": _IMAGE, "jpeg": _IMAGE,
                 "ellipse": ("circle", "a circle is the ellipse inscribed in its box"),
                 "triangle": ("polygon", "its points: are the corners, in mm from the box's top-left"),
                 "rectangle": ("rect", ""), "roundrect": ("rect", "radius: rounds its corners")}
# a Squib key pnp answers in other words than a field's name (`hint` is no slip of `tint`)
_OPAQUE = ("pnp prints every box opaque, over the boxes before it (no transparency or blend modes); a lighter "
           "colour stands in for a translucent one, and a box drawn earlier stays under a later one")
OTHER_TOOL_WORDS = {"alpha": _OPAQUE, "opacity": _OPAQUE, "blend": _OPAQUE, "operator": _OPAQUE,
                    "spacing": "Squib's spacing adds room between a text's lines; pnp's leading: is the line's height as "
                               "a multiple of the size (1.2 by default; leading: 1.5 for more room)",
                    "hint": "Squib's hint outline is not drawn on cards; `pnp studio` outlines each box "
                            "that has a finding, and a box of kind: rect at the same x, y, width and height "
                            "with a stroke: outlines it while you place it",
                    "ellipsize": "pnp never cuts a text short with '…': a text box shrinks its text from size "
                                 "down to min_size to fit, and the build stops naming the card, language and box "
                                 "when it still does not fit; give it a min_size or a larger box",
                    "cell_px": "pnp's cell (2 c) is Squib's default cell, 37.5 px at the layout's dpi; for "
                               "another cell size write the lengths in px"}


ENDS = ("x1", "y1", "x2", "y2")


def line_box(box: Any) -> str:
    """Squib's line ends as pnp's box: with numbers (or one unit), the box itself."""
    ends = {str(k).lower(): v for k, v in box.items() if str(k).lower() in ENDS} if isinstance(box, dict) else {}
    parsed = {}
    for k, v in ends.items():
        m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*([a-z%]*)\s*", str(v)) if not isinstance(v, bool) else None
        if m:
            parsed[k] = (float(m.group(1)), m.group(2))
    if len(parsed) == 4 and len({u for _, u in parsed.values()}) == 1:
        unit = next(iter(parsed.values()))[1]
        n = {k: v for k, (v, _) in parsed.items()}

        def at(v):
            return f"{v:g} {unit}".strip() if unit else f"{v:g}"
        return (f"x: {at(n['x1'])}, y: {at(n['y1'])}, width: {at(n['x2'] - n['x1'])}, "
                f"height: {at(n['y2'] - n['y1'])} for x1: {at(n['x1'])}, y1: {at(n['y1'])}, x2: {at(n['x2'])}, "
                f"y2: {at(n['y2'])}")
    return "x: x1, y: y1, width: x2 - x1, height: y2 - y1 (0 for a level or an upright line)"


def rotate_hint(angle: Any) -> str:
    """What Squib's `angle:` (radians, clockwise) is as `rotate:` (degrees, counter-clockwise)."""
    if isinstance(angle, (int, float)) and not isinstance(angle, bool):
        if abs(angle) > 2 * math.pi + 1e-6:     # more than a turn: degrees meant, as Squib would not read them
            return (f"rotate in degrees, counter-clockwise about the box's centre: angle {angle:g} is more than "
                    f"a turn in radians (Squib's unit); in degrees, clockwise, it is rotate: {_turn(-angle):g}")
        return (f"rotate in degrees, counter-clockwise about the box's centre: angle {angle:g} (radians, "
                f"clockwise) is rotate: {_turn(-math.degrees(angle)):.0f}")
    return "rotate in degrees, counter-clockwise about the box's centre (rotate: 90)"


def _turn(degrees: float) -> float:
    """The same turn within (-180, 180], as rotate: takes it."""
    return -((-degrees + 180) % 360 - 180)


GRID = ("columns", "rows", "gap")     # Squib's save_sheet words that are fields of pnp's sheet:


def _value(value: Any) -> str:
    return str(value).strip()[:40] if isinstance(value, (str, int, float)) and not isinstance(value, bool) else "…"


def sheet_hint(key: str, owner: Any) -> tuple[str, str] | None:
    """Squib's save_sheet words at a deck's (or game's) top level, where pnp sets each: (message,
    expected); ("", "") for a grid word after the first, said with it; None for any other key."""
    word = key.lower()
    if word in GRID:
        written = {str(k): v for k, v in owner.items() if str(k).lower() in GRID} if isinstance(owner, dict) else {}
        if written and next(iter(written)) != key:
            return "", ""
        written = written or {key: None}
        fields = ", ".join(f"{k.lower()}: {_value(v)}" for k, v in written.items())
        gap = next((v for k, v in written.items() if k.lower() == "gap"), None)
        px = (f"; a gap alone is mm: Squib's {gap:g} px is gap: {gap:g} px with dpi: 300 beside it"
              if isinstance(gap, (int, float)) and not isinstance(gap, bool) and gap else "")
        return (f"unknown field '{key}': the sheet grid is set under sheet: (columns, rows, gap){px}",
                f"sheet: {{{fields}}}")
    if word == "margin":
        return (f"unknown field '{key}': the blank margin at the paper's edge is the paper's, the same for every "
                f"deck: margin: in layouts/sheets.yaml (a copy in the project replaces pnp's)",
                "no margin in a deck; its grid is sheet: {columns, rows, gap}")
    if word == "trim":
        value = owner.get(key) if isinstance(owner, dict) else None
        shown = f"{value:g} px" if isinstance(value, (int, float)) and not isinstance(value, bool) else "37.5 px"
        return (f"unknown field '{key}': pnp cuts each card at its size: and prints the bleed itself; a layout "
                f"drawn on a canvas that holds the bleed (what Squib's trim cuts off) says so in the layout",
                f"canvas_bleed: {shown} beside the card layout's dpi: 300")
    return None


def file_hint(key: str, value: Any) -> tuple[str, str]:
    """Squib's `svg file:`/`png file:` on a box: pnp's image box names its file in `text:`."""
    return (f"unknown field '{key}': an image box names its file in text: (SVG, PNG or JPEG)",
            f"kind: image, text: {_value(value)}")


def sheet_number(loc: tuple, value: Any) -> tuple[str, str] | None:
    """Squib's `sheet: 1` (a workbook's sheet, counted from 0) where pnp's `sheet:` is the grid."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if loc and loc[-1] == "sheet" and isinstance(value, int) and not isinstance(value, bool):
        return (f"{value} looks like Squib's sheet of a workbook; pnp's sheet: is the deck's grid "
                f"(columns, rows, gap), and a workbook's sheet is named after '#' in cards_from:",
                f"cards_from: FILE.xlsx#{value} (sheets counted from 0, as Squib does), and no sheet:")
    return None


SQUIB_GRADIENT = re.compile(r"\(\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*\)\s*(#[0-9a-fA-F]{3,8}|[a-z]+)")


def squib_stops(value: Any) -> tuple[list[str], int] | None:
    """Squib's "(x1,y1)#fff (x2,y2)#c33": (its colours, the angle from the first point to the last,
    y growing downwards, counter-clockwise), or None if `value` is not one."""
    stops = SQUIB_GRADIENT.findall(value) if isinstance(value, str) else []
    if len(stops) < 2:
        return None
    (x1, y1, _), (x2, y2, _) = stops[0], stops[-1]
    return [c for _, _, c in stops], round(math.degrees(math.atan2(float(y1) - float(y2), float(x2) - float(x1)))) % 360


def squib_gradient(value: Any) -> str | None:
    """Squib's gradient string as pnp's `gradient:`, or None if `value` is none or has more
    colours than pnp's gradient takes (2 to 8)."""
    found = squib_stops(value)
    if found is None or len(found[0]) > 8:
        return None
    colors, angle = found
    return f"gradient: {{colors: [{', '.join(f'{chr(34)}{c}{chr(34)}' for c in colors)}], angle: {angle}}}"


def gradient_hint(loc: tuple, value: Any) -> tuple[str, str] | None:
    """Squib's gradient string where pnp's `gradient:` is a set of fields."""
    if not loc or loc[-1] != "gradient" or not isinstance(value, str):
        return None
    return ("Squib's gradient string; pnp's gradient: is its colours and the angle they run along "
            "(degrees counter-clockwise from left to right: 270 is top to bottom)",
            squib_gradient(value) or 'gradient: {colors: ["#fff", "#c33"], angle: 270}')


def times_hint(value: Any, key: Any, box: Any, regions: Any) -> tuple[str, str] | None:
    """Squib's `y: "*= 1.5"` (the extended box's value multiplied): pnp's `+=` adds and `*=` is
    not read; the product when the box it extends (in the same layout) gives the value."""
    found = re.fullmatch(r"\s*([*/])=\s*(\d+(?:\.\d+)?)\s*", value) if isinstance(value, str) else None
    if not found:
        return None
    base, seen, written = box, set(), None
    while isinstance(base, dict) and isinstance(base.get("extends"), str) and base["extends"] not in seen \
            and isinstance(regions, dict):    # up the boxes it extends, to the first that writes `key`
        seen.add(base["extends"])
        base = regions.get(base["extends"])
        if isinstance(base, dict) and key in base:
            written = base[key]
            break
    if isinstance(written, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", written):
        written = float(written)
    length = (float(written), "") if isinstance(written, (int, float)) and not isinstance(written, bool) \
        else parse_length(written) if isinstance(written, str) else None
    message = (f"'{value.strip()}' is Squib's: pnp's += adds to the value of the box it extends (-= takes away), "
               f"and {found.group(1)}= is not read")
    sign, factor = found.group(1), float(found.group(2))
    if not length or (sign == "/" and not factor):
        return message, f"the value itself: {key}: the extended box's {key} {sign} {factor:g}, worked out"
    number = length[0] * factor if sign == "*" else length[0] / factor
    return message, f"{key}: {number:g}{' ' + length[1] if length[1] else ''} ({written} {sign} {factor:g})"


def length_hint(value: Any) -> tuple[str, str] | None:
    """Squib's symbols for a box's width or height (`:scale`, `:native`) and its colon before a
    length word (`:deck`): (message, expected), or None."""
    text = value.strip() if isinstance(value, str) else ""
    word = text.lstrip(":").strip().lower()
    if not text.startswith(":") and word not in ("scale", "native"):   # `scale` without its colon: the same habit
        return None
    if word == "scale":
        return (f"'{value.strip()}' is Squib's: pnp sizes an image by its box and keeps the image's proportions "
                f"with fit: contain (the default, cover, fills the box and crops)",
                "a length of its own, such as the other side's, with fit: contain: the whole image, centred "
                "in the box")
    if word == "native":
        return (f"'{value.strip()}' is Squib's: pnp sizes an image by its box, not by the file",
                "the image's width and height in px at the layout's dpi, with fit: contain")
    if word in ("deck", "middle", "center"):
        return f"'{value.strip()}' has Ruby's colon", f"{word}, without the colon"
    return None


# keys a layout's box takes: a mapping holding two of them, written beside `regions:`, is a box
BOX_KEYS = {"kind", "x", "y", "width", "height", "text", "font", "size", "fill", "color", "extends", "when"}


def _boxlike(value: Any) -> bool:
    return isinstance(value, dict) and len(BOX_KEYS & {str(k).lower() for k in value}) >= 2


def placed_hint(key: str, allowed: list[str], value: Any, owner: Any = None) -> tuple[str, str] | None:
    """A Squib or nanDECK word pnp takes elsewhere, by where it was written: `range:` on a box (a
    box shown on some cards is pnp's `when:`), `paper:` in a deck or game.yaml (the paper is the
    build's), a box written beside `regions:` (a layout's boxes go under it: said once, at the
    first, with how many; ("", "") for the others). None otherwise."""
    word = key.lower()
    if word == "range" and "when" in allowed and "kind" in allowed:
        return (f"unknown field '{key}'; did you mean when:? (a box shown on some cards: "
                f"when: \"card.props.x == 'y'\")", "when: with a condition on the card's columns, in place of range:")
    if word in ("csv", "xlsx") and "cards_from" in allowed:    # Squib's `csv file: …`, `xlsx file: …, sheet: 1`
        source = value.get("file", value.get("filename")) if isinstance(value, dict) else value
        sheet = value.get("sheet") if isinstance(value, dict) else None
        named = f"{_value(source)}#{_value(sheet)}" if sheet is not None and source is not None else \
            _value(source) if source is not None else f"data.{word}"
        return (f"unknown field '{key}': Squib's {word} file: is pnp's cards_from:, a .csv or .xlsx beside the "
                f"deck file (a sheet after '#', counted from 0)", f"cards_from: {named}")
    if word == "paper" and ("cards_from" in allowed or "decks" in allowed):   # a deck's file, or game.yaml
        where = "a deck" if "cards_from" in allowed else "game.yaml"
        return (f"unknown field '{key}': the paper is chosen when building, not in {where} (the language's "
                f"own by default: Letter for English, A4 for the others)", "pnp build GAME --paper letter (or a4), "
                f"and no paper: in {'the deck' if where == 'a deck' else where}")
    if "regions" in allowed and "background" in allowed and _boxlike(value):
        boxes = [k for k, v in (owner.items() if isinstance(owner, dict) else ()) if k not in allowed and _boxlike(v)]
        if boxes and boxes[0] != key:
            return "", ""
        others = f" (and {len(boxes) - 1} more below it)" if len(boxes) > 1 else ""
        return (f"unknown field '{key}': it looks like a box{others}, and boxes go under regions:",
                f"regions: above the boxes, each box indented under it ({key}: {{kind: …, x: …}})")
    return None
