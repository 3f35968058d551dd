"""The validated model: one pydantic schema for game, deck, card, layout, icon and sheet files.

Game-specific facts (rank, cost, colour, ...) are card `props`; each deck declares the
properties it uses, so a new game needs YAML only. `schema.py` turns those declarations
into validators.
"""
from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, BaseModel, ConfigDict, Discriminator, Field, RootModel, Tag, field_validator,
                      model_validator)
from pydantic_core import PydanticCustomError

from datafile.errors import closest
from datafile.lengths import LENGTH, parse_length, centimetres_as_mm, pixels_as_mm, to_mm

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


def _against_numbers(op):
    def compare(self, other):
        return False if isinstance(other, (int, float)) and not isinstance(other, bool) else op(str(self), other)
    return compare


class Blank(str):
    """An empty cell as a template reads it: an empty text that is neither more nor less than a
    number, so `when: card.props.bonus > 2` is false where the cell is empty (it prints nothing,
    as in Squib) rather than a failure comparing a text with a number."""
    __lt__, __le__ = _against_numbers(str.__lt__), _against_numbers(str.__le__)
    __gt__, __ge__ = _against_numbers(str.__gt__), _against_numbers(str.__ge__)
    __hash__ = str.__hash__


EMPTY = Blank()


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

    @model_validator(mode="before")
    @classmethod
    def _lengths_in_mm(cls, value):
        """`2.75 in`, `7 cm`, `825 px` (with `dpi:` beside them) as a layout's lengths; mm alone."""
        if not isinstance(value, dict):
            return value
        value = dict(value)
        bare = dict(value)     # as written: a number alone, or a text with its unit
        dpi = value.pop("dpi", None)
        fields = sorted(cls.model_fields)
        for key in value:
            if key not in fields:     # said here: the size is a union member, where the usual guess is lost
                guess = closest(str(key), fields)
                raise PydanticCustomError("size_field", "{message}", {"message": (
                    f"unknown field '{str(key)[:40]}'" + (f"; did you mean '{guess}'?" if guess else "")
                    + f": a size has {', '.join(fields)} (and dpi, for lengths in px)")})
        for key in ("width", "height", "radius"):
            written = value.get(key)
            if not isinstance(written, str):
                continue
            parsed = parse_length(written)
            if parsed is None:
                raise PydanticCustomError("size_length", "{message}", {"message": (
                    f"{key} '{written.strip()[:40]}' is not a length; a number of mm (63), or a number and "
                    f"its unit: 2.5 in, 6.3 cm, 180 pt, 750 px with dpi: 300 beside it")})
            number, unit = parsed
            if unit == "%":
                raise PydanticCustomError("size_length", "{message}", {"message": (
                    f"{key} '{written.strip()}': a card's size is not a share of anything; write it in mm, "
                    f"cm, in, pt, or px with dpi: 300 beside it")})
            if unit == "px" and not (isinstance(dpi, (int, float)) and not isinstance(dpi, bool) and 0 < dpi <= 10_000):
                raise PydanticCustomError("size_length", "{message}", {"message": (
                    f"{key} '{written.strip()}' in pixels, but the size says no dpi; add dpi: 300 beside "
                    f"width and height, or write them in mm or in")})
            value[key] = round(to_mm(number, unit, dpi), 4)
        hint = pixels_as_mm(value.get("width"), value.get("height"), MAX_MM)
        if "shape" not in value:        # a preset (round-15, square-12) writes its shape: meant small
            hint = hint or centimetres_as_mm(bare.get("width"), bare.get("height"))
        if hint:
            raise PydanticCustomError("size_length", "{message}", {"message": hint})
        return value


MAX_FRAME_MM = 20


def frame_mm(value):
    """A deck's `frame:` in mm: a number of mm, or a length in mm, cm, in or pt; 0 to 20 mm."""
    if value is None:
        return None
    parsed = parse_length(value) if isinstance(value, str) else None
    mm = to_mm(*parsed) if parsed and parsed[1] not in ("px", "%") else value
    if isinstance(mm, bool) or not isinstance(mm, (int, float)):
        written = str(value).strip()[:40]
        why = {"px": " in pixels, which need a dpi", "%": " a share, of nothing"}.get(parsed[1], "") if parsed else ""
        raise PydanticCustomError("frame", "{message}", {"message": (
            f"'{written}'{why or ' is not a length'}; write mm (0, 3), or a number and its unit "
            f"(0.125 in, 3.2 mm, 9 pt)")})
    if not 0 <= mm <= MAX_FRAME_MM:
        raise PydanticCustomError("frame", "{message}", {"message": (
            f"'{str(value).strip()}' is {mm:g} mm; a white frame is 0 (the face printed to the cut) "
            f"to {MAX_FRAME_MM} mm")})
    return float(mm)


def _size_kind(value) -> str:
    return "str" if isinstance(value, str) else "Size"


# a size's name, or its width and height: a mapping is checked as a Size only (not also said
# "not a text"), so a mistake in it is one line
SizeRef = Annotated[Annotated[str, Tag("str")] | Annotated[Size, Tag("Size")], Discriminator(_size_kind)]


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


WhereValue = Annotated[str, Field(max_length=200)] | int | float | bool


class Lookup(Strict):
    """A lookup table found by another column than its first: {file: factions.csv, key: Name}."""

    file: str
    key: str | None = None


class Deck(Strict):
    deck: str = Field(pattern=SLUG)
    name: Text
    group: str | None = Field(None, pattern=SLUG)   # decks sold together (base, expansion): totals in `pnp list`
    size: SizeRef
    layout: str                 # may name card props: "tournay/{type}"
    back: Back | None = None
    properties: dict[str, PropertySpec] = {}
    props: dict[str, Any] = {}
    shortfall: Shortfall | None = None
    cards: list[Card] = Field([], max_length=MAX_CARDS)
    cards_from: str | None = None  # a .csv/.xlsx beside the deck file, one card per row (spreadsheet.py)
    quantity: str | None = None    # the spreadsheet's column that says how many copies (qty, copies: by default)
    name_column: str | None = None  # the spreadsheet's column that holds each card's name (`name` by default)
    # a column whose value names a row of another spreadsheet: {Faction: factions.csv} (loading/lookups.py)
    lookups: dict[Annotated[str, Field(max_length=100)], str | Lookup] | None = Field(None, max_length=20)
    # spreadsheet columns whose words read alike in every language (`Cost`, a ship class): printed
    # as they are on every language's cards without a warning (face_checks/column_words.py)
    language_free: list[Annotated[str, Field(max_length=100)]] | None = Field(None, max_length=100)
    # only the spreadsheet's rows whose column holds this value (or one of these): {realm: Sea}
    where: dict[Annotated[str, Field(max_length=100)], WhereValue | list[WhereValue]] | None = \
        Field(None, min_length=1, max_length=10)
    component: Literal["cards", "board"] = "cards"   # board: printed across as many sheets as it needs
    sheet: SheetGrid | None = None   # its own sheet grid (else the game's, else as the paper fits)
    # mm of white frame inside the cut (None: sheets.yaml's); 0: the face to the cut (a border of its own)
    frame: float | None = None
    index: Literal["as-listed", "by-name"] = "as-listed"   # the rules' card index: file order, or by name

    @field_validator("size", mode="before")
    @classmethod
    def _sized_preset(cls, value):
        return sized_preset(value)

    @field_validator("frame", mode="before")
    @classmethod
    def _frame_in_mm(cls, value):
        return frame_mm(value)

    @field_validator("quantity", mode="before")
    @classmethod
    def _quantity_names_a_column(cls, value):
        # nanDECK's LINKMULTI=2 habit: a count where a column's name belongs
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            raise PydanticCustomError("quantity", "{message}", {"message": (
                f"{value:g} is a count, but `quantity:` names the spreadsheet's column that says how many "
                f"copies of each row to print; to print every row {value:g} times, add a column `copies` "
                f"holding {value:g} in each row (a deck has no count of its own)")})
        return value

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
    # the player takes them from their copy (named on the card sheets' first page)
    not_printed: list[Text] = Field([], max_length=50)
    printed_note: Text | None = None   # a sentence after the printed pieces' list: what their counts assume
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
