"""Two things a layout's boxes say beyond their own fields: `extends:` (the boxes whose fields
they take, as Squib's layouts do) and lengths written with a unit (`0.5 in`, `40 px`, `10 %`).
Both are resolved once, when layouts.py resolves a layout; each mistake is one problem at the
line of its field."""
from __future__ import annotations

from typing import Any

from datafile.errors import Problem, closest
from datafile.lengths import parse_length, to_mm
from datafile.source import line_of

from .model import MAX_OFFSET_MM


def box_extends(merged: dict[str, dict], written: dict[str, dict], file: str, raw: Any, short: str,
                failed: set[str], defaults: dict) -> list[Problem]:
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
            done[rname] = {k: v for k, v in own.items() if k != "extends"}
            return done[rname]
        where = f"layouts.{short}.regions.{rname}.extends"
        taken: dict = {}
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
            origin = merged[rname]["origin"] = merged[rname].get("origin") or {}
            for key in inherited:   # a mistake in an inherited field is named where it was written
                origin.setdefault(key, (merged[name].get("origin") or {}).get(key) or (file, line(name, key)))
        done[rname] = {**taken, **{k: v for k, v in own.items() if k != "extends"}}
        return done[rname]

    for rname in list(merged):
        if "extends" in written.get(rname, {}):
            resolved = fields(rname, ())
            if resolved is not None:
                origin = merged[rname].get("origin")
                merged[rname] = {**defaults, **resolved, "origin": origin}
    return problems


LENGTHS = ("x", "y", "width", "height", "stroke_width", "radius")
PERCENT_OF = {"x": "width", "width": "width", "y": "height", "height": "height"}


def lengths(values: dict, dpi: float | None, file: str, line, where: str) -> list[Problem]:
    """A box's lengths written with a unit (`0.5 in`, `9 pt`, `40 px`, `10 %`) in mm, as drawing
    takes them; `%` stays a fraction of the card (`values['percent']`) until the card's size is
    known (Layout.sized)."""
    problems = []
    for key in LENGTHS:
        value = values.get(key)
        if not isinstance(value, str):
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
            if abs(values[key]) > MAX_OFFSET_MM:
                problems.append(Problem(file, line(key), f"{where}.{key}", f"'{value.strip()}' is "
                                        f"{values[key]:.0f} mm", f"at most {MAX_OFFSET_MM} mm"))
    return problems
