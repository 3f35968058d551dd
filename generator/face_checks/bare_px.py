"""Squib's pixels written bare in a layout measured in px (`dpi:`): `stroke_width: 4` beside
`x: 25 px` prints a 4 mm bar, `radius: 25` 25 mm corners, `x: 25` a box moved to mid-card. A number
alone is mm everywhere; in a layout that writes its other lengths in px it is likely a slip, but
may be meant: one warning at its line, with both ways to say it."""
from __future__ import annotations

from datafile.lengths import parse_length
from datafile.source import line_of

from ..card_layout.project import GameData, Project
from .deck_layouts import deck_layouts

LENGTHS = ("x", "y", "width", "height", "stroke_width", "radius")


def bare_px_warnings(project: Project, games: list[GameData]) -> list[str]:
    out = []
    for game in games:
        for deck in game.decks:
            for lid, layout in deck_layouts(project, deck, project.size_of(deck)):
                if layout.dpi and _writes_px(project, lid, layout):
                    out += _bare(project, lid)
    return list(dict.fromkeys(out))      # a layout used by several decks: said once


def _writes_px(project: Project, lid: str, layout) -> bool:
    """A length of the layout (its boxes as merged, or its canvas_bleed) written in px."""
    if any("px" in (r.units or {}).values() for r in layout.regions):
        return True
    _, _, raw, _ = project.layouts.spec(lid)
    written = _layout(raw, lid)
    return isinstance(written, dict) and (parse_length(written.get("canvas_bleed")) or (0, ""))[1] == "px"


def _layout(raw, lid: str):
    layouts = raw.get("layouts") if isinstance(raw, dict) else None
    return layouts.get(lid.split("/", 1)[1]) if isinstance(layouts, dict) else None


def _bare(project: Project, lid: str) -> list[str]:
    _, file, raw, _ = project.layouts.spec(lid)
    short = lid.split("/", 1)[1]
    regions = (_layout(raw, lid) or {}).get("regions")
    out = []
    for name, box in (regions if isinstance(regions, dict) else {}).items():
        for key in (*LENGTHS, "dash"):
            n = box.get(key) if isinstance(box, dict) else None
            if key == "dash" and isinstance(n, list):     # `dash: [3, 3]`: its first bare number
                n = next((v for v in n if _bare_number(v)), None)
            if _bare_number(n):
                line = line_of(raw, ("layouts", short, "regions", name, key))
                out.append(f"warning: {file}:{line}: layouts.{short}.regions.{name}.{key}: {n:g} is mm (a number "
                           f"alone is mm); did you mean {n:g} px? (write {n:g} mm to keep mm)")
    return out


def _bare_number(n) -> bool:
    return isinstance(n, (int, float)) and not isinstance(n, bool) and n != 0    # 0 is 0 in any unit
