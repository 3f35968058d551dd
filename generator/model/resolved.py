"""A resolved layout and its boxes (regions): what the renderer draws, every length in mm from
the card's top-left corner, `extends` merged and units converted (model/layouts.py makes them)."""
from __future__ import annotations

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
