"""What a layout's boxes say beyond their own fields: `extends:` (the boxes whose fields they
take, as Squib's layouts do), lengths written with a unit (`0.5 in`, `40 px`, `10 %`), and the
canvas they were measured on (`canvas_bleed:`, the bleed around the card included).
Both are resolved once, when layouts.py resolves a layout; each mistake is one problem at the
line of its field."""
from __future__ import annotations

import dataclasses
from typing import Any

from datafile.errors import Problem, closest
from datafile.lengths import parse_expression, parse_length, parse_relative, to_mm
from datafile.source import line_of

from ..model.model import MAX_OFFSET_MM


RELATIVE_KEYS = ("x", "y", "width", "height", "radius")


def plus(base, value: str, dpi: float | None) -> tuple[Any, str | None]:
    """`value` (`+= 198 px`, `-= 2`) added to `base`, the value of the box it extends, as Squib's
    layouts add it: (the sum, None), or (None, what is wrong). A bare number is in the unit `base`
    was written in; a sum in one unit stays in it (px and % are converted later, as any length)."""
    delta, unit = parse_relative(value)
    if isinstance(base, str) and not parse_length(base) and parse_expression(base):   # `middle - 1 in`
        return f"{base.strip()} {'-' if delta < 0 else '+'} {abs(delta):g} {unit or 'mm'}", None
    if isinstance(base, str) and not parse_length(base):
        return None, f"'{value.strip()}' adds to '{base.strip()}', which adds to nothing itself"
    if isinstance(base, str):
        number, base_unit = parse_length(base)
    else:
        number, base_unit = float(base), None
    unit = unit or base_unit
    if unit == base_unit:
        total = round(number + delta, 6)
        return (total if unit is None else f"{total:g} {unit}"), None
    if "%" in (unit, base_unit):
        return None, f"'{value.strip()}' adds {unit or 'mm'} to '{base}': a share of the card and a length do not add"
    if "px" in (unit, base_unit) and not dpi:
        return None, f"'{value.strip()}' adds to '{base}' in pixels, but the layout says no dpi"
    return round(to_mm(number, base_unit or "mm", dpi) + to_mm(delta, unit or "mm", dpi), 6), None


def inherited_plus(own: dict, base: dict, dpi: float | None, file: str, line, where: str) -> list[Problem]:
    """`y: += 5` on a box that a layout takes from the layout it extends: added to that box's
    value (in mm there, or a share of the card); `own` is updated."""
    problems = []
    for key in [k for k in RELATIVE_KEYS if parse_relative(own.get(k))]:
        delta, unit = parse_relative(own[key])
        if key in (base.get("percent") or {}):     # the box it extends said a share of the card
            if (unit or "%") == "%":
                own[key] = f"{round(base['percent'][key] * 100 + delta, 6):g} %"
                continue
            total, wrong = None, f"'{own[key].strip()}' adds {unit} to a share of the card: they do not add"
        elif base.get(key) is None:
            total, wrong = None, f"'{own[key].strip()}' adds to the {key} of the extended layout's box, which sets none"
        else:
            written_in = (base.get("units") or {}).get(key)
            if written_in and not unit:
                own[key] = f"{own[key].strip()} {written_in}"
            total, wrong = plus(base[key], own[key], dpi)
        if wrong:
            problems.append(Problem(file, line(key), f"{where}.{key}", wrong, "+= a number, or a number and its unit"))
            own.pop(key)
        else:
            own[key] = total
    return problems


RECOLOUR = ("fill", "stroke")   # on an image: the colour of the SVG's shapes; on a shape: its paint


def explicit_nulls(region: Any) -> set[str]:
    """The fields a box writes as `null`: they clear what it would inherit (`fill: null` on an image
    that extends a rect), as Squib's users expect; the box then takes the default."""
    return {key for key in region.model_fields_set if getattr(region, key) is None and key != "extends"}


def box_extends(merged: dict[str, dict], written: dict[str, dict], file: str, raw: Any, short: str,
                failed: set[str], defaults: dict, dpi: float | None = None) -> list[Problem]:
    """`extends: title` (or a list) on a box: the fields written for those boxes, then its own;
    an unknown box or a loop is one problem at the `extends:` line (its boxes added to `failed`,
    whose other checks would only repeat it). `merged` is updated."""
    problems: list[Problem] = []
    done: dict[str, dict] = {}
    loops: set[frozenset] = set()

    def line(rname: str, key: str | None = None) -> int:
        path = ("layouts", short, "regions", rname) + ((key,) if key else ())
        return line_of(raw, path) or line_of(raw, path[:-1]) if key else line_of(raw, path)

    def fields(rname: str, chain: tuple) -> dict | None:
        if rname in done:
            return done[rname]
        own = written.get(rname, {})
        names = own.get("extends")
        if not names:
            done[rname] = {k: v for k, v in own.items() if k != "extends" and v is not None}
            return done[rname]
        where = f"layouts.{short}.regions.{rname}.extends"
        taken: dict = {}
        painted_by: dict[str, str | None] = {}   # fill, stroke -> the kind of the box they came from
        for name in [names] if isinstance(names, str) else names:
            if name in chain + (rname,):
                loop = frozenset(chain[chain.index(name):] if name in chain else ()) | {rname}
                failed.add(rname)
                if loop in loops:
                    return None
                loops.add(loop)
                problems.append(Problem(file, line(rname, "extends"), where,
                                        f"'extends' loops: {' -> '.join(chain + (rname, name))}",
                                        "boxes that extend others without coming back"))
                return None
            if name not in written:
                failed.add(rname)
                guess = closest(name, [n for n in written if n != rname])
                problems.append(Problem(file, line(rname, "extends"), where, f"unknown box '{name[:40]}'"
                                        + (f"; did you mean '{guess}'?" if guess else ""),
                                        f"a box of this layout ({', '.join(n for n in written if n != rname)[:200]})"))
                return None
            inherited = fields(name, chain + (rname,))
            if inherited is None:
                failed.add(rname)
                return None
            taken.update(inherited)
            painted_by.update({key: inherited.get("kind") for key in RECOLOUR if key in inherited})
            origin = merged[rname]["origin"] = merged[rname].get("origin") or {}
            for key in inherited:   # a mistake in an inherited field is named where it was written (the
                # box listed later wins, as its value does)
                origin[key] = (merged[name].get("origin") or {}).get(key) or (file, line(name, key))
        own = {k: v for k, v in own.items() if k != "extends"}
        for key in [k for k in RELATIVE_KEYS if parse_relative(own.get(k))]:   # `y: += 198 px`
            if taken.get(key) is None:
                failed.add(rname)
                problems.append(Problem(file, line(rname, key), f"{where[:-len('.extends')]}.{key}",
                                        f"'{own[key].strip()}' adds to the {key} of the box it extends, and "
                                        f"{' and '.join(map(repr, [names] if isinstance(names, str) else names))} "
                                        f"sets no {key}", f"{'an' if key == 'x' else 'a'} {key} on the box it extends, or one of its own"))
                return None
            written_in = (taken.get("units") or {}).get(key)   # a box of the extended layout, in mm now
            if written_in and not isinstance(taken[key], str) and not parse_relative(own[key])[1]:
                own[key] = f"{own[key].strip()} {written_in}"   # `+= 300` as its box wrote it: 300 px
            own[key], wrong = plus(taken[key], own[key], dpi)
            if wrong:
                failed.add(rname)
                problems.append(Problem(file, line(rname, key), f"{where[:-len('.extends')]}.{key}", wrong,
                                        "+= a number, or a number in the unit of the value it adds to"))
                return None
        # a rect's fill would paint a whole SVG, and its stroke outline a text
        kind = own.get("kind") or taken.get("kind")
        passed = {"image": RECOLOUR, "text": ("stroke",)}.get(kind, ())
        dropped = {key for key in passed if key not in own and painted_by.get(key) not in (None, kind)}
        resolved = {**taken, **own}
        dropped |= {key for key, value in resolved.items() if value is None}   # `fill: null`: cleared
        for key in dropped:
            resolved.pop(key, None)
            (merged[rname].get("origin") or {}).pop(key, None)
        done[rname] = resolved
        return done[rname]

    for rname in list(merged):
        if "extends" in written.get(rname, {}):
            resolved = fields(rname, ())
            if resolved is not None:
                origin = merged[rname].get("origin")
                merged[rname] = {**defaults, **resolved, "origin": origin}
    return problems


def styles_of_children(lid: str, specs: dict, seen: frozenset = frozenset()) -> set[str]:
    """The boxes that the layouts of its file extending `lid` (and theirs) extend: a style of
    `lid` used only there is still a style, not a box that lacks its place (`specs`: LayoutFiles;
    other files are not read for it)."""
    names: set[str] = set()
    for other in specs.of_file(lid.split("/", 1)[0]):
        spec = specs[other][0]
        parent = spec.extends if spec.extends and "/" in spec.extends else f"{other.split('/')[0]}/{spec.extends}"
        if spec.extends and parent == lid and other not in seen:
            for region in spec.regions.values():
                extends = region.extends if region is not None else None
                names.update([extends] if isinstance(extends, str) else extends or [])
            names |= styles_of_children(other, specs, seen | {lid})
    return names


LENGTHS = ("x", "y", "width", "height", "stroke_width", "radius")
PERCENT_OF = {"x": "width", "width": "width", "y": "height", "height": "height"}


def lengths(values: dict, dpi: float | None, file: str, line, where: str, canvas: float = 0.0) -> list[Problem]:
    """A box's lengths written with a unit (`0.5 in`, `9 pt`, `40 px`, `10 %`) in mm, as drawing
    takes them; `%` stays a fraction of the card (`values['percent']`) until the card's size is
    known (Layout.sized), the mm beside it in the value (`middle - 0.5 in`)."""
    problems = []
    for key in LENGTHS:
        value = values.get(key)
        if not isinstance(value, str):
            continue
        if not parse_length(value) and parse_expression(value):
            problems += _expression(values, key, dpi, canvas, file, line(key), f"{where}.{key}")
            continue
        if parse_relative(value):    # a box that extends none (an extending box's were added)
            problems.append(Problem(file, line(key), f"{where}.{key}", f"'{value.strip()}' adds to the {key} of "
                                    "the box it extends, and this box extends none",
                                    f"extends: <a box of this layout> beside it, or a {key} of its own "
                                    "(mm, or a number and its unit)"))
            continue
        number, unit = parse_length(value)       # the schema let only lengths through
        if unit == "px" and not dpi:
            problems.append(Problem(file, line(key), f"{where}.{key}", f"'{value.strip()}' in pixels, but the "
                                    "layout says no dpi", "dpi: 300 on the layout (the resolution its pixel "
                                    "lengths were measured at), or a length in mm, in or pt"))
        elif unit == "%" and key not in PERCENT_OF:
            problems.append(Problem(file, line(key), f"{where}.{key}", f"'{value.strip()}': a {key} is not a "
                                    "share of the card", "a length in mm, in, pt or px"))
        elif unit == "%":
            values["percent"] = {**(values.get("percent") or {}), key: number / 100}
            values[key] = 0.0
        else:
            values[key] = to_mm(number, unit, dpi)
            if unit not in (None, "mm"):
                values["units"] = {**(values.get("units") or {}), key: unit}
            if abs(values[key]) > MAX_OFFSET_MM:
                problems.append(Problem(file, line(key), f"{where}.{key}", f"'{value.strip()}' is "
                                        f"{values[key]:.0f} mm", f"at most {MAX_OFFSET_MM} mm"))
    if isinstance(values.get("dash"), list) and any(isinstance(v, str) for v in values["dash"]):
        problems += _dash(values, dpi, file, line("dash"), f"{where}.dash")
    return problems


def _expression(values: dict, key: str, dpi: float | None, canvas: float, file: str, line: int,
                where: str) -> list[Problem]:
    """Squib's `middle - 0.5 in`: `middle` is half its canvas (the card and, with `canvas_bleed:`,
    the bleed around it), `deck` all of it, so a box at `x: middle` is centred on the card as in Squib."""
    value = values[key].strip()
    terms = parse_expression(value)
    if any(unit == "px" for _, unit in terms) and not dpi:
        return [Problem(file, line, where, f"'{value}' in pixels, but the layout says no dpi", "dpi: 300 on "
                        "the layout (the resolution its pixel lengths were measured at), or lengths in mm, in or pt")]
    canvas_share = sum(n for n, unit in terms if unit == "canvas")
    share = canvas_share + sum(n for n, unit in terms if unit == "%") / 100
    if share and key not in PERCENT_OF:
        return [Problem(file, line, where, f"'{value}': a {key} is not a share of the card",
                        "lengths in mm, in, pt or px; middle, deck and % are for x, y, width and height")]
    mm = sum(to_mm(n, unit or "mm", dpi) for n, unit in terms if unit not in ("canvas", "%"))
    if canvas_share and canvas:   # half the canvas is half the card and one bleed; x and y start at its corner
        mm += canvas_share * 2 * canvas - (canvas if key in ("x", "y") else 0)
    if share:
        values["percent"] = {**(values.get("percent") or {}), key: share}
    elif abs(mm) > MAX_OFFSET_MM:
        return [Problem(file, line, where, f"'{value}' is {mm:.0f} mm", f"at most {MAX_OFFSET_MM} mm")]
    values[key] = round(mm, 6)
    return []


def _dash(values: dict, dpi: float | None, file: str, line: int, where: str) -> list[Problem]:
    """A dash's on and off lengths, each with the unit of the box's other lengths, in mm."""
    dash = []
    for value in values["dash"]:
        if not isinstance(value, str):
            dash.append(value)
            continue
        number, unit = parse_length(value)
        if unit == "px" and not dpi:
            return [Problem(file, line, where, f"'{value.strip()}' in pixels, but the layout says no dpi",
                            "dpi: 300 on the layout (the resolution its pixel lengths were measured at), "
                            "or a length in mm, in or pt")]
        if unit == "%":
            return [Problem(file, line, where, f"'{value.strip()}': a dash is not a share of the card",
                            "a length in mm, in, pt or px")]
        dash.append(to_mm(number, unit, dpi))
        if not 0 < dash[-1] <= 100:
            return [Problem(file, line, where, f"'{value.strip()}' is {dash[-1]:.1f} mm", "more than 0, at most 100 mm")]
    values["dash"] = dash
    return []


def on_the_card(layout):
    """A layout measured on a canvas with the bleed around the card, its boxes moved onto the
    card's own coordinates (once, after `extends`: a layout that extends it inherits the canvas)."""
    b = layout.canvas_bleed
    if not b:
        return layout
    return dataclasses.replace(layout, regions=[dataclasses.replace(
        r, x=r.x - (0 if "x" in (r.percent or {}) else b), y=r.y - (0 if "y" in (r.percent or {}) else b))
        for r in layout.regions])


def canvas_bleed(value, dpi: float | None, file: str, raw: Any, short: str) -> tuple[float | None, list]:
    """A layout's `canvas_bleed:` in mm (None when it says none), or its problem."""
    if not isinstance(value, str):
        return value, []
    number, unit = parse_length(value)
    where, line = f"layouts.{short}.canvas_bleed", line_of(raw, ("layouts", short, "canvas_bleed"))
    if unit == "%":
        return None, [Problem(file, line, where, f"'{value.strip()}': a bleed is not a share of the card",
                              "a length: 0.125 in, 3 mm, or px with the layout's dpi")]
    if unit == "px" and not dpi:
        return None, [Problem(file, line, where, f"'{value.strip()}' in pixels, but the layout says no dpi",
                              "dpi: 300 on the layout, or a length in mm or in")]
    mm_value = to_mm(number, unit, dpi)
    if not 0 <= mm_value <= 20:
        return None, [Problem(file, line, where, f"'{value.strip()}' is {mm_value:.1f} mm", "0 to 20 mm")]
    return mm_value, []


def one_dpi(problems: list[Problem], file: str, raw: Any, short: str) -> list[Problem]:
    """Lengths in px in a layout without `dpi:`: one line at the layout, where dpi goes, not one
    per length (a Squib layout has dozens)."""
    px = [p for p in problems if p.message.endswith("in pixels, but the layout says no dpi")]
    if len(px) < 2:
        return problems
    first = px[0]
    merged = Problem(file, line_of(raw, ("layouts", short)), f"layouts.{short}.dpi",
                     f"{len(px)} lengths in pixels ({first.message.split(' in pixels')[0]} at line {first.line}, "
                     f"{first.field.removeprefix(f'layouts.{short}.')}, the first), but the layout says no dpi",
                     first.expected)
    return [merged if p is first else p for p in problems if p is first or p not in px]

def written_box(raw: Any, short: str, rname: str) -> dict:
    """A box as written in the layout file ({} when it is not there: inherited)."""
    try:
        box = raw["layouts"][short]["regions"][rname]
    except (KeyError, TypeError):
        return {}
    return box if isinstance(box, dict) else {}
