"""The layout files' schema (layouts/*.yaml): colours, icons and the boxes of each card face.
The boxes take any length unit (datafile/lengths.py) and `extends` one another; layouts.py
resolves both into the layouts the renderer draws."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from datafile.lengths import EXPRESSION, RELATIVE, UNITS, parse_length

from .colours import Colour, ColourRef
from .font_string import pango_font
from ..model.model import MAX_OFFSET_MM, SLUG, Reading, Strict, Text, UnitLength



def _squib_word(value):
    """Squib's words as its Ruby writes them, `:middle`: a leading colon YAML keeps in the string."""
    return value[1:] if isinstance(value, str) and value.startswith(":") else value


SquibWord = BeforeValidator(_squib_word)
Align = Annotated[Literal["left", "center", "right", "justify"], SquibWord]
Point = Annotated[list[Annotated[float, Field(ge=-MAX_OFFSET_MM, le=MAX_OFFSET_MM)]], Field(min_length=2, max_length=2)]


# `+= 198 px`: the value of the box it extends, plus this (boxes.py adds it)
Relative = Annotated[str, Field(pattern=RELATIVE, max_length=40)]
# Squib's `middle - 0.5 in`, `1 in + 2 mm` (boxes.py works it out)
Expression = Annotated[str, Field(pattern=EXPRESSION, max_length=80)]
Offset = Annotated[float, Field(ge=-MAX_OFFSET_MM, le=MAX_OFFSET_MM)] | UnitLength | Relative | Expression
Extent = Annotated[float, Field(ge=0, le=MAX_OFFSET_MM)] | UnitLength | Relative | Expression


def _points(value):
    """A font size: points, written bare or with their unit (`11 pt`); mm, cm and in converted."""
    if not isinstance(value, str):
        return value
    found = parse_length(value)
    if found and found[1] in UNITS:
        return round(found[0] * UNITS[found[1]] / UNITS["pt"], 3)
    raise PydanticCustomError("font_size", "'{value}' is not a font size (expected points: a number such as 11, "
                              "or 11 pt; mm, cm and in are converted)", {"value": value[:40]})


FontSize = Annotated[float, BeforeValidator(_points)]

# Squib's embed: {"(ATK)": atk}: each key of a text drawn as that icon, inline (a layout's, or one box's)
Embed = dict[Annotated[str, Field(min_length=1, max_length=40)],
             Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=60)]]


class Gradient(Strict):
    """A linear fill: its colours run along `angle` (degrees counter-clockwise from left to right)."""

    colors: list[ColourRef] = Field(min_length=2, max_length=8)
    angle: float = Field(270, ge=-360, le=360)   # 270: top to bottom


class RegionSpec(Strict):
    """A named box on a card face, in mm from the top-left corner of the trim box.

    Every field is optional here because `extends` merges regions field by field; the
    merged region is checked for completeness when the layout is resolved.
    """

    # other boxes of the layout whose fields this one takes (later ones win, its own fields last)
    extends: Annotated[str, Field(max_length=200)] | Annotated[list[Annotated[str, Field(max_length=200)]],
                                                               Field(min_length=1, max_length=20)] | None = None
    kind: Literal["text", "rect", "circle", "icon", "line", "image", "hexagon", "star", "polygon"] | None = None
    x: Offset | None = None
    y: Offset | None = None
    width: Extent | None = None
    height: Extent | None = None
    when: str | None = None            # Jinja expression; the region is drawn only if true
    text: str | None = None            # Jinja template (text) or icon name template (icon)
    font: str | None = Field(None, max_length=200)   # a role (title, body, ui), a family of fonts.yaml, or a
    #                                     .ttf/.otf file of the game folder (see typeset/fonts.py)
    bold: bool | None = None
    italic: bool | None = None
    size: FontSize | None = Field(None, gt=0, le=300)           # points
    min_size: FontSize | None = Field(None, ge=1, le=300)
    leading: float | None = Field(None, gt=0, le=10)
    align: Align | None = None
    # `center`, as `align` says it (and Squib's users write it), is the middle
    valign: Annotated[Literal["top", "middle", "bottom"], BeforeValidator(
        lambda v: "middle" if v == "center" else v), SquibWord] | None = None
    color: ColourRef | None = None     # a colour, a name of the file's `colors`, or a template
    fill: ColourRef | None = None
    stroke: ColourRef | None = None
    stroke_width: Annotated[float, Field(ge=0, le=50)] | UnitLength | None = None
    radius: Extent | None = None
    rotate: float | None = Field(None, ge=-360, le=360)   # degrees counter-clockwise, about the box's centre
    bleed: bool | None = None          # rect extends into the bleed on every side
    dash: list[Annotated[float, Field(gt=0, le=100)] | UnitLength] | None = Field(None, max_length=8)
    # image regions (card_face/images.py): `text` is the path template, relative to the game folder
    fit: Annotated[Literal["cover", "contain", "stretch"], SquibWord] | None = None
    clip: Annotated[Literal["none", "box", "card"], SquibWord] | None = None   # card: the card's outline and corner radius
    allow_low_dpi: bool | None = None  # below 150 dpi is then a warning, not an error
    flip: Annotated[Literal["h", "v", "hv"], SquibWord] | None = None   # image: mirrored left-right (h), upside down (v), or both
    tint: ColourRef | None = None      # image: every colour multiplied by this one (a colour or template)
    # shapes (card_face/shapes.py): a star's number of points, or a polygon's corners in mm from the box's top-left
    points: Annotated[int, Field(ge=3, le=60)] | Annotated[list[Point], Field(min_length=3, max_length=200)] | None = None
    inner: float | None = Field(None, gt=0, lt=1)   # star: inner radius, as a fraction of the outer
    gradient: Gradient | None = None   # a rect, circle or shape filled from one colour to the next
    embed: Embed | None = Field(None, max_length=100)   # a text's own keys, over the layout's (Squib's per text call)

    @model_validator(mode="before")
    @classmethod
    def _pango_font(cls, value):
        """Squib's `font: "Serif Bold 12"` read as pnp's font, bold and size (a field written
        beside it wins)."""
        if isinstance(value, dict) and isinstance(value.get("font"), str):
            found = pango_font(value["font"])
            if found:
                value = {**found[1], **value, "font": found[0]}
        return value


class LayoutSpec(Strict):
    extends: str | None = None
    dpi: float | None = Field(None, gt=0, le=10_000)   # what `px` lengths of its boxes are measured at
    # the canvas its boxes were measured on holds the bleed too (Squib's 825 x 1125 px: a 2.5 x 3.5 in
    # card and 1/8 in around it): x and y start at the bleed's corner, not the card's
    canvas_bleed: Annotated[float, Field(ge=0, le=20)] | UnitLength | None = None
    background: ColourRef | None = None
    embed: Embed | None = Field(None, max_length=100)
    regions: dict[str, RegionSpec | None] = {}

    @field_validator("canvas_bleed", mode="before")
    @classmethod
    def _squib_pixels(cls, value):
        """Squib's `canvas_bleed: 37.5` (its pixels) written as a number, which is mm here."""
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 20:
            raise PydanticCustomError("canvas_bleed", "{message}", {"message": (
                f"{value:g} is mm here (a number alone is mm), more than the 20 mm a bleed may be; Squib's "
                f"{value:g} px is canvas_bleed: {value:g} px beside the layout's dpi: 300, or 0.125 in")})
        return value

    @field_validator("background", mode="before")
    @classmethod
    def _a_colour_not_fields(cls, value):
        """Squib's `background color: 'none'` written as fields: the colour is the value itself."""
        if isinstance(value, dict) and len(value) == 1:
            (colour,) = value.values()
            shown = f'"{colour}"' if str(colour).startswith("#") else colour   # unquoted, a # starts a comment
            raise PydanticCustomError("background", "{message}", {"message": (
                f"not fields: a layout's background is a colour itself; write background: {shown}")})
        return value


class IconSpec(Strict):
    # SVG path data in a 1000-unit box, y down, or in the units of `viewbox` (512 for
    # game-icons.net's), or the paths of an SVG `file` of the game folder (layouts.py reads it):
    # commands and numbers only (brought into the 1000 box, it is written into the site's SVG as it is)
    path: str | None = Field(None, pattern=r"^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$")
    file: str | None = None
    viewbox: float | list[float] | None = None
    advance: int = Field(1000, gt=0, le=10_000)
    color: Colour | None = None        # reaches the PDF and the site's SVG: a colour, nothing else
    label: Text
    spoken: Text | None = None   # its name read aloud in a sentence, where the label explains it
    reading: Reading = {}      # the label's, where a legend sorts by it: {ja: しょうりてん}
    # a card's picture (a building, a noble): the site's legend lists it; the aid card's legend,
    # short of room, keeps to the symbols the rules use
    picture: bool = False

    @field_validator("path")
    @classmethod
    def _svg_path(cls, value):
        """Checked here, as the icon font reads it: a broken path is a finding, not a traceback."""
        from fontTools.pens.recordingPen import RecordingPen
        from fontTools.svgLib.path import parse_path
        if value is None:
            return value
        try:
            parse_path(value, RecordingPen())
        except Exception as exc:  # fontTools raises ValueError, IndexError... on malformed data
            shown = value if len(value) <= 30 else value[:30] + "…"
            raise PydanticCustomError("svg_path", "\"{shown}\" is not SVG path data ({reason}); a path starts with "
                                      "a moveto, M x y, then uses M L H V C S Q T A Z",
                                      {"shown": shown, "reason": str(exc).split(":")[0][:80]}) from None
        return value

    @field_validator("file")
    @classmethod
    def _svg_file(cls, value):
        if value is not None and (not value.lower().endswith(".svg") or "\\" in value or ":" in value):
            raise PydanticCustomError("icon_file", "'{value}' is not an SVG file's path (expected a path with / "
                                      "to an .svg file of the game folder: icons/attack.svg)", {"value": value[:60]})
        return value

    @field_validator("viewbox")
    @classmethod
    def _viewbox(cls, value):
        from .icon_paths import box_of
        try:
            box_of(value)
        except ValueError as exc:
            raise PydanticCustomError("viewbox", "{message}", {"message": str(exc)}) from None
        return value

    @model_validator(mode="after")
    def _one_drawing(self):
        """Exactly one of path and file; a path in its viewbox's units is brought into the icon box."""
        if (self.path is None) == (self.file is None):
            raise PydanticCustomError("icon", "{message}", {"message": (
                "an icon has a path (SVG path data) or a file (an .svg of the game folder), one of them")})
        if self.path is not None and self.viewbox is not None:
            from .icon_paths import fitted
            self.path, self.viewbox = fitted(self.path, self.viewbox), None
        return self


class LayoutFile(Strict):
    colors: dict[Annotated[str, Field(pattern=SLUG)], Colour] = {}
    icons: dict[Annotated[str, Field(pattern=SLUG)], IconSpec] = {}     # names: :name: in texts, ids in the site
    layouts: dict[str, LayoutSpec] = {}
