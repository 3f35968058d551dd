"""layouts/sheets.yaml (papers, piece sizes, marks, the print box's card stock and sleeves) and
layouts/fonts.yaml (families and roles per language) as validated models."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from .model import MAX_PAPER_MM, PAPER_MM, Size, Strict


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
                          "each piece keeps half of it as its own bleed (round and hexagonal ones 0.5 mm less: "
                          "scissors need bare paper between two bleeds)")
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
