"""A box that runs past the card's edge by more than the bleed (nanDECK's `width: 100`, meant as
100 % of the card and read as 100 mm on a 76 mm card) prints off-centre and is cut away in part:
one warning line at the box's line, with the share it likely meant. A box wholly off the card is
refused by validate (crosscheck.py); a box marked `bleed: true`, or one within the layout's own canvas
(`canvas_bleed:`, e.g. Squib's 0.125 in where the build bleeds 3 mm), reaches past the cut on purpose."""
from __future__ import annotations

from ..card_layout.project import GameData, Project
from .deck_layouts import deck_layouts

BLEED = 3.0     # mm: the build's default bleed; past it, nothing of the box is printed


def reach_warnings(project: Project, games: list[GameData]) -> list[str]:
    out, said = [], set()
    for game in games:
        for deck in game.decks:
            size = project.size_of(deck)
            if deck.component == "board":
                continue
            for lid, layout in deck_layouts(project, deck, size):
                for r in layout.regions:
                    line = _reach(lid, layout, r, size)
                    if line and line not in said:      # a box others extend: said once
                        said.add(line)
                        out.append(line)
    return out


def _reach(lid: str, layout, r, size) -> str | None:
    if r.bleed:
        return None
    # a box within the layout's own canvas (Squib's 0.125 in around the card) was drawn for the cut
    reach = max(BLEED, layout.canvas_bleed or 0.0)
    for axis, extent, card in (("x", "width", size.width), ("y", "height", size.height)):
        start, length = getattr(r, axis), getattr(r, extent)
        if length < 0 or start >= card or start + length <= 0:
            continue        # negative or wholly off: refused by validate
        if start + length <= card + reach + 1e-6 and start >= -reach - 1e-6:
            continue
        file, line = (r.origin or {}).get(extent) or (r.origin or {}).get("", ("", 0))
        words = (f"warning: {file}:{line}: layouts.{lid.split('/', 1)[1]}.regions.{r.name}.{extent}: the box runs "
                 f"from {axis} {start:.4g} to {start + length:.4g} mm, past the {card:g} mm {extent} of the card "
                 f"and its {BLEED:g} mm bleed, so part of it is cut away")
        return words + _percent(layout, r, axis, extent, card)
    return None


def _percent(layout, r, axis: str, extent: str, card: float) -> str:
    """`; did you mean 100%?` when the numbers were written bare, are shares of 100 at most, and as
    shares of the card would fit on it (a layout with a dpi is told about px instead)."""
    written = set(r.units or {}) | set(r.percent or {})
    if layout.dpi or axis in written or extent in written:
        return "; make it fit inside the card, or give it bleed: true if it is meant to reach the cut"
    start, length = getattr(r, axis), getattr(r, extent)
    if 0 <= start and start + length <= 100 + 1e-6:
        asked = f"{extent}: {length:g}%" if not start else f"{axis}: {start:g}%, {extent}: {length:g}%"
        return (f"; a number alone is mm: did you mean {asked} (a share of the card's {extent})?")
    return "; make it fit inside the card, or give it bleed: true if it is meant to reach the cut"


def in_canvas_bleed(size, layout, region) -> bool:
    """Its written box (a stroke's spill aside) enters the bleed, yet stays within its layout's canvas:
    `pnp check` (products/preflight.py) takes it as cut on purpose, as `_reach` does."""
    (x0, x1), (y0, y1) = sorted((region.x, region.x + region.width)), sorted((region.y, region.y + region.height))

    def within(b: float) -> bool:
        return x0 >= -b and y0 >= -b and x1 <= size.width + b and y1 <= size.height + b
    return bool(layout.canvas_bleed) and not within(1e-6) and within(layout.canvas_bleed + 1e-6)
