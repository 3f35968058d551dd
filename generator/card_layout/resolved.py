"""A resolved layout and its boxes (regions): what the renderer draws, every length in mm from
the card's top-left corner, `extends` merged and units converted (card_layout/layouts.py makes them)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field


REGION_DEFAULTS = dict(kind="text", font="body", bold=False, italic=False, size=9.0, min_size=6.5,
                       leading=1.2, align="left", valign="top", color="#000000", stroke_width=0.3,
                       radius=0.0, rotate=0.0, bleed=False, fit="cover", clip="box", allow_low_dpi=False)


@dataclass
class Region:
    name: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    when: str | None
    text: str | None
    font: str
    bold: bool
    italic: bool
    size: float
    min_size: float
    leading: float
    align: str
    valign: str
    color: str
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    rotate: float
    bleed: bool
    dash: list[float] | None
    fit: str = "cover"
    clip: str = "box"
    allow_low_dpi: bool = False
    flip: str | None = None
    tint: str | None = None
    points: int | list[list[float]] | None = None
    inner: float | None = None
    embed: dict | None = None     # the box's own embed keys, over the layout's
    gradient: dict | None = None  # {colors: [...], angle: degrees}: a linear fill (card_face/gradient.py)
    percent: dict | None = None  # field -> share of the card's width or height (`10 %`), set by Layout.sized
    units: dict | None = None    # field -> the unit it was written in (px, in, pt): a bare `+= N` takes it
    origin: dict | None = None   # field ("" = the region) -> (file, line) where it was written, for messages


@dataclass
class Layout:
    id: str
    background: str | None
    regions: list[Region]
    colors: dict[str, str]
    file: str
    dpi: float | None = None    # what the `px` lengths of its boxes were measured at
    canvas_bleed: float = 0.0   # mm of bleed the boxes' canvas holds around the card (x, y start there)
    background_at: tuple[str, int] | None = None   # (file, line) where `background` was written
    # styles: boxes without a place of their own that others extend, by name -> (the fields
    # written for it, its values): a layout that extends this one may extend them too
    styles: dict = field(default_factory=dict)
    # Squib's embed: a text's key ("(ATK)") drawn as an inline icon (atk) in every text box
    embed: dict[str, str] = field(default_factory=dict)


EDGE = 1e-6   # mm: an edge this close to the trim lies on it


def carries_bleed(r: Region) -> bool:
    """A box whose `bleed: true` moves its edges: a shape, a line or a picture. A text or an icon
    is never meant to be cut, so its box stays as written."""
    return r.bleed and r.kind not in ("text", "icon")


def bleed_extent(r: Region, W: float, H: float, b: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in mm from the trim's top-left of what a box covers on a W x H face with
    b mm of bleed. With `bleed: true`, each edge (a line's each end) lying on or beyond the trim
    is carried out to the bleed's edge and the others keep their place: a half-card band stays
    half the card (issue 52: the whole face was filled, whatever its x, y, width and height)."""
    x0, y0, x1, y1 = r.x, r.y, r.x + r.width, r.y + r.height
    if not carries_bleed(r):
        return x0, y0, x1, y1

    def out(v: float, far: float) -> float:
        return -b if v <= EDGE else far + b if v >= far - EDGE else v
    if r.kind == "line":   # its course kept: each end on (or past) the trim goes to the bleed's edge
        return out(x0, W), out(y0, H), out(x1, W), out(y1, H)
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    return out(x0, W), out(y0, H), out(x1, W), out(y1, H)


def reached_edges(r: Region, W: float, H: float) -> int:
    """How many of the face's four edges a `bleed: true` box is carried out over (0 to 4)."""
    if not carries_bleed(r) or r.kind == "line":
        return 0
    x0, y0, x1, y1 = bleed_extent(r, W, H, 1.0)
    return (x0 < 0) + (y0 < 0) + (x1 > W) + (y1 > H)


def embedded(layout: Layout, text: str, kind: str = "text", region: Region | None = None) -> str:
    """A text box's rendered text with the embed keys of its layout and its own (the box's win)
    as inline icons (`(ATK)` -> `:atk:`): one pass, longest key first, so no key is found inside
    another's icon. Another kind's text (an image's path) is kept as it is."""
    embed = {**layout.embed, **((region.embed or {}) if region is not None else {})}
    if not embed or not text or kind != "text":
        return text
    keys = sorted(embed, key=len, reverse=True)
    return re.sub("|".join(map(re.escape, keys)), lambda m: f":{embed[m.group(0)]}:", text)
