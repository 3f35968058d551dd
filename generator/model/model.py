"""The validated model: one pydantic schema for game, deck, card, layout, icon and sheet files.

Game-specific facts (rank, cost, colour, ...) are card `props`; each deck declares the
properties it uses, so a new game needs YAML only. `schema.py` turns those declarations
into validators.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, RootModel, field_validator, model_validator
from pydantic_core import PydanticCustomError

from datafile.lengths import LENGTH

from .colours import Colour, ColourRef
from .grid import SheetGrid
from .language_codes import _language, language_problem

SLUG = r"^[a-z0-9][a-z0-9-]*$"
SLUG_ID = re.compile(SLUG)
Language = Annotated[str, AfterValidator(_language)]
# Limits no real game reaches, so that shared data cannot exhaust the machine (docs/limits.md)
MAX_COPIES = 100               # copies of one card (the most in a shipped deck: 10)
MAX_CARDS = 500                # card entries in one deck
MIN_MM, MAX_MM = 5, 1000       # card and piece sizes (a board is printed across sheets)
MAX_PAPER_MM = 1200            # paper sides (A0 is 841 × 1189)
MAX_OFFSET_MM = 500            # region positions and sizes on a card


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Text(RootModel[str | dict[str, str]]):
    """Player-visible text: one string for every language, or one per language code."""

    @field_validator("root")
    @classmethod
    def _language_codes(cls, value):
        if isinstance(value, dict):
            bad = [problem for problem in map(language_problem, value) if problem]
            if bad:
                raise PydanticCustomError("language", "; ".join(bad))
        return value

    def get(self, lang: str) -> str:
        if isinstance(self.root, str):
            return self.root
        return self.root[lang]

    def preferred(self, lang: str = "en") -> str:
        """The text in `lang`, else in the first language given (a game need not have English)."""
        if isinstance(self.root, str):
            return self.root
        return self.root.get(lang) or next(iter(self.root.values()), "")

    def missing(self, languages: list[str]) -> list[str]:
        if isinstance(self.root, str):
            return []
        return [lang for lang in languages if not self.root.get(lang)]


class Size(Strict):
    width: float = Field(ge=MIN_MM, le=MAX_MM, description="mm")
    height: float = Field(ge=MIN_MM, le=MAX_MM, description="mm")
    shape: Literal["rect", "round", "hex"] = "rect"   # hex: a flat-topped hexagon filling width x height
    radius: float = Field(3.0, ge=0, le=MAX_MM / 2, description="corner radius in mm (rect shapes)")


SIZED = re.compile(r"^(round|square|hex)-(\d+(?:\.\d+)?)$")
HEX_RATIO = 3 ** 0.5 / 2       # a regular hexagon's flat-to-flat height per corner-to-corner width
PAPER_MM = re.compile(r"^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$")


def sized_preset(value):
    """`round-30` / `square-45` / `hex-50`: a round token, square tile or regular hexagonal tile
    (corner to corner, flat top and bottom) of that many mm, any size."""
    match = SIZED.match(value) if isinstance(value, str) else None
    if not match:
        return value
    d, kind = float(match.group(2)), match.group(1)
    if kind == "hex":
        return {"width": d, "height": round(d * HEX_RATIO, 3), "shape": "hex"}
    return {"width": d, "height": d, "shape": "round" if kind == "round" else "rect"}


# a length: a number in mm, or a number and its unit (datafile/lengths.py; a layout's boxes convert
# theirs in layouts.py: px needs the layout's dpi, % is of the card's width for x and width, of its
# height for y and height)
UnitLength = Annotated[str, Field(pattern=LENGTH, max_length=40)]


# ---------------------------------------------------------------- cards

class PropertySpec(Strict):
    """Declares one game-specific card property (see schema.py)."""

    type: Literal["int", "str", "bool", "text", "enum", "list", "object"]
    values: list[str] | None = None
    min: int | None = None
    max: int | None = None
    required: bool = False
    fields: dict[str, "PropertySpec"] | None = None
    items: "PropertySpec | None" = None
    description: str = ""

    @model_validator(mode="after")
    def _enum_has_values(self):
        if self.type == "enum" and not self.values:
            raise ValueError("an enum property lists its values")
        return self


def _kana(value: dict[str, str]) -> dict[str, str]:
    bad = [f"{lang}: {text}" for lang, text in value.items() if not KANA_READING.fullmatch(text)]
    if bad:
        raise PydanticCustomError("reading", "'{bad}' is not in kana: write how the name is read, in ひらがな "
                                  "or カタカナ (勝利点 -> しょうりてん)", {"bad": ", ".join(bad)})
    return value


KANA_READING = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc・ 0-9]+")
# how a name is read, per language, where a list sorts by it (Japanese 五十音順 of legends and
# card pickers: {ja: しょうりてん}); a name in kana alone needs none
Reading = Annotated[dict[Language, str], AfterValidator(_kana)]


class Card(Strict):
    id: str = Field(pattern=SLUG)
    name: Text
    reading: Reading = {}
    copies: int = Field(1, ge=1, le=MAX_COPIES)
    text: Text | None = None
    layout: str | None = None
    props: dict[str, Any] = {}
    source: str | None = None   # where the facts come from, and any choice between sources


class Back(Strict):
    layout: str
    props: dict[str, Any] = {}


class Shortfall(Strict):
    """Cards the published game has but no source we have describes: declared, never invented."""

    expected: int = Field(ge=1)
    note: Text


class Deck(Strict):
    deck: str = Field(pattern=SLUG)
    name: Text
    group: str | None = Field(None, pattern=SLUG)   # decks sold together (base, expansion): totals in `pnp list`
    size: str | Size
    layout: str                 # may name card props: "tournay/{type}"
    back: Back | None = None
    properties: dict[str, PropertySpec] = {}
    props: dict[str, Any] = {}
    shortfall: Shortfall | None = None
    cards: list[Card] = Field([], max_length=MAX_CARDS)
    cards_from: str | None = None  # a .csv/.xlsx beside the deck file, one card per row (spreadsheet.py)
    quantity: str | None = None    # the spreadsheet's column that says how many copies (qty, copies: by default)
    # board: each card is a board printed across as many sheets as it needs (paper/board.py)
    component: Literal["cards", "board"] = "cards"
    sheet: SheetGrid | None = None   # its own sheet grid (else the game's, else as the paper fits)
    # the rules' card index: as the file lists them, or by name (reader's order) within each layout
    index: Literal["as-listed", "by-name"] = "as-listed"

    @field_validator("size", mode="before")
    @classmethod
    def _sized_preset(cls, value):
        return sized_preset(value)

    @property
    def printed_back(self) -> bool:
        """Its pieces carry a back (printed behind them, or beside them with --fold); a board has none."""
        return self.back is not None and self.component == "cards"

    @property
    def physical_count(self) -> int:
        return sum(card.copies for card in self.cards)


class Players(Strict):
    min: int = Field(ge=1, le=100)
    max: int = Field(ge=1, le=100)


class Game(Strict):
    game: str = Field(pattern=SLUG)
    name: Text
    players: Players
    minutes: int = Field(gt=0, le=100_000)
    age: int | None = Field(None, ge=0, le=150)
    designers: list[str] = []
    publisher: str | None = None
    description: Text
    languages: list[Language] = Field(max_length=50)   # also file names
    decks: list[Annotated[str, Field(pattern=SLUG)]] = Field(max_length=100)   # file names: no paths
    # components of the published game this project does not print (the board, pieces, coins...):
    # the player takes them from their copy; named on the card sheets' first page
    not_printed: list[Text] = Field([], max_length=50)
    sheet: SheetGrid | None = None   # the sheet grid of the decks that set none

    @field_validator("players", mode="before")
    @classmethod
    def _players_written_as_text(cls, value):
        """players: "2-4" or players: 3, as people write it: say how pnp wants it."""
        if isinstance(value, (str, int)):
            low, _, high = str(value).replace("–", "-").partition("-")
            low, high = low.strip(), (high or low).strip()
            example = f"{low}, max: {high}" if low.isdigit() and high.isdigit() else "2, max: 4"
            raise PydanticCustomError("players_text", "{message}", {"message": (
                f"'{value}' is not read as a player count; write players: {{min: {example}}}")})
        return value


# ---------------------------------------------------------------- layouts

Align = Literal["left", "center", "right", "justify"]
Point = Annotated[list[Annotated[float, Field(ge=-MAX_OFFSET_MM, le=MAX_OFFSET_MM)]], Field(min_length=2, max_length=2)]


Offset = Annotated[float, Field(ge=-MAX_OFFSET_MM, le=MAX_OFFSET_MM)] | UnitLength
Extent = Annotated[float, Field(ge=0, le=MAX_OFFSET_MM)] | UnitLength


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
    size: float | None = Field(None, gt=0, le=300)           # points
    min_size: float | None = Field(None, ge=1, le=300)
    leading: float | None = Field(None, gt=0, le=10)
    align: Align | None = None
    valign: Literal["top", "middle", "bottom"] | None = None
    color: ColourRef | None = None     # a colour, a name of the file's `colors`, or a template
    fill: ColourRef | None = None
    stroke: ColourRef | None = None
    stroke_width: Annotated[float, Field(ge=0, le=50)] | UnitLength | None = None
    radius: Extent | None = None
    rotate: float | None = Field(None, ge=-360, le=360)   # degrees counter-clockwise, about the box's centre
    bleed: bool | None = None          # rect extends into the bleed on every side
    dash: list[Annotated[float, Field(gt=0, le=100)]] | None = Field(None, max_length=8)
    # image regions (paper/images.py): `text` is the path template, relative to the game folder
    fit: Literal["cover", "contain", "stretch"] | None = None
    clip: Literal["none", "box", "card"] | None = None   # card: the card's outline and corner radius
    allow_low_dpi: bool | None = None  # below 150 dpi is then a warning, not an error
    flip: Literal["h", "v", "hv"] | None = None   # image: mirrored left-right (h), upside down (v), or both
    tint: ColourRef | None = None      # image: every colour multiplied by this one (a colour or template)
    # shapes (paper/shapes.py): a star's number of points, or a polygon's corners in mm from the box's top-left
    points: Annotated[int, Field(ge=3, le=60)] | Annotated[list[Point], Field(min_length=3, max_length=200)] | None = None
    inner: float | None = Field(None, gt=0, lt=1)   # star: inner radius, as a fraction of the outer


class LayoutSpec(Strict):
    extends: str | None = None
    dpi: float | None = Field(None, gt=0, le=10_000)   # what `px` lengths of its boxes are measured at
    background: ColourRef | None = None
    regions: dict[str, RegionSpec | None] = {}


class IconSpec(Strict):
    # SVG path data in a 1000-unit box, y down: commands and numbers only (it is written into
    # the site's SVG as it is)
    path: str = Field(pattern=r"^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]*$")
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
        try:
            parse_path(value, RecordingPen())
        except Exception as exc:  # fontTools raises ValueError, IndexError... on malformed data
            shown = value if len(value) <= 30 else value[:30] + "…"
            raise PydanticCustomError("svg_path", "\"{shown}\" is not SVG path data ({reason}); a path starts with "
                                      "a moveto, M x y, then uses M L H V C S Q T A Z",
                                      {"shown": shown, "reason": str(exc).split(":")[0][:80]}) from None
        return value


class LayoutFile(Strict):
    colors: dict[Annotated[str, Field(pattern=SLUG)], Colour] = {}
    icons: dict[Annotated[str, Field(pattern=SLUG)], IconSpec] = {}     # names: :name: in texts, ids in the site
    layouts: dict[str, LayoutSpec] = {}


class FontFamily(Strict):
    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class LanguageTypography(Strict):
    roles: dict[str, str] = {}         # role -> family
    hyphenation: str | None = None     # pyphen language, e.g. de_DE
    cjk: bool = False


class FontsFile(Strict):
    families: dict[str, FontFamily]
    default: LanguageTypography
    languages: dict[str, LanguageTypography] = {}


class Paper(Strict):
    width: float = Field(ge=50, le=MAX_PAPER_MM)
    height: float = Field(ge=50, le=MAX_PAPER_MM)
    # print only inside this width/height (centred): a Letter file kept within A4's 210 mm also
    # prints at 100 % on A4
    content_width: float | None = Field(None, ge=50, le=MAX_PAPER_MM)
    content_height: float | None = Field(None, ge=50, le=MAX_PAPER_MM)


class Marks(Strict):
    length: float = Field(3.0, ge=0, le=50)
    offset: float = Field(1.0, ge=0, le=50)
    line_width: float = Field(0.25, gt=0, le=10, description="points")


class Sleeve(Strict):
    """A sleeve size (mm) and the card it is sold for: it fits a card within 1.5 mm of that one."""
    width: float = Field(gt=0, le=MAX_PAPER_MM)
    height: float = Field(gt=0, le=MAX_PAPER_MM)
    card: dict[Literal["width", "height"], float]

    def fits(self, width: float, height: float) -> bool:
        return abs(width - self.card["width"]) <= 1.5 and abs(height - self.card["height"]) <= 1.5


class CardStock(Strict):
    min: int = Field(ge=60, le=1000, description="g/m²")
    max: int = Field(ge=60, le=1000, description="g/m²")


class Papers(dict):
    """Paper presets by name; any other `WxH` (mm, e.g. 300x400) is a paper of that size."""

    def __missing__(self, key):
        match = PAPER_MM.match(str(key))
        if not match:
            raise KeyError(key)
        return Paper(width=float(match.group(1)), height=float(match.group(2)))

    def __contains__(self, key):
        return dict.__contains__(self, key) or bool(PAPER_MM.match(str(key)))


class SheetsFile(Strict):
    papers: dict[str, Paper]
    sizes: dict[str, Size]
    margin: float = Field(5.0, ge=0, le=200, description="mm from the paper edge left blank (office printers "
                          "cannot print there); crop marks and sheet labels start beyond it")
    gutter: float = Field(6.0, ge=0, le=200, description="mm between neighbouring pieces where the paper has room; "
                          "each piece keeps half of it as its own bleed")
    min_gutter: float = Field(3.0, ge=0, le=200, description="the narrowest gutter worth having: with less room "
                              "pieces touch, and only pieces with the same edge colours may touch")
    marks: Marks = Marks()
    frame: float = Field(3.0, ge=0, le=20, description="mm of white frame inside every rectangular face: "
                         "neighbours touch and share one cut; 0 for full-bleed faces with gutters")
    safe: float = Field(3.0, ge=0, description="mm inside the trim that text and art should keep clear of (pnp check)")
    board_overlap: float = Field(10.0, ge=0, le=100, description="mm a board's parts overlap, to glue them")
    card_stock: CardStock | None = None             # the rules' print box: the cards' paper weight
    sleeves: list[Sleeve] = []                      # ...and the sleeves that fit a card size
    default_paper: str = "a4"                       # when --paper is not given...
    paper_by_language: dict[str, str] = {}          # ...unless the build language names one

    @field_validator("papers", mode="after")
    @classmethod
    def _any_paper(cls, value):
        return Papers(value)

    @model_validator(mode="after")
    def _known_papers(self):
        for name in [self.default_paper, *self.paper_by_language.values()]:
            if name not in self.papers:
                raise PydanticCustomError("paper", "unknown paper '{name}' (expected one of: {known})",
                                          {"name": name, "known": ", ".join(sorted(dict(self.papers)))})
        return self

    def paper_for(self, lang: str) -> str:
        """The paper a build in `lang` uses when --paper is not given."""
        return self.paper_by_language.get(lang, self.default_paper)
