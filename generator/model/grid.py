"""A deck's sheet grid in data (`sheet: {columns: 3, rows: 3, gap: 0}`): the schema, its gap in
mm. Where the grid goes on the paper, and whether it fits, is paper/sheets.py's."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from datafile.lengths import LENGTH, parse_length, to_mm

MAX_GRID = 30                  # columns or rows of a sheet grid
MAX_GAP_MM = 100


class SheetGrid(BaseModel):
    """A deck's (or, as their default, a game's decks') own sheet grid: so many columns and rows,
    `gap` mm apart; a field left out is as the paper fits it."""

    model_config = ConfigDict(extra="forbid")

    columns: int | None = Field(None, ge=1, le=MAX_GRID)
    rows: int | None = Field(None, ge=1, le=MAX_GRID)
    dpi: float | None = Field(None, gt=0, le=4800)     # what a gap in px was measured at (before `gap`)
    gap: Annotated[float, Field(ge=0, le=MAX_GAP_MM)] | Annotated[str, Field(pattern=LENGTH, max_length=40)] \
        | None = None

    @field_validator("gap")
    @classmethod
    def _gap_in_mm(cls, value, info: ValidationInfo):
        if not isinstance(value, str):
            return value
        number, unit = parse_length(value)          # the pattern let only lengths through
        if unit == "%":
            raise PydanticCustomError("gap_unit", "{message}", {"message": (
                f"'{value.strip()}': a gap is not a share of anything; write it in mm, in, pt or px")})
        if unit == "px" and not info.data.get("dpi"):
            raise PydanticCustomError("gap_unit", "{message}", {"message": (
                f"'{value.strip()}' in pixels, but the sheet says no dpi; add dpi: 300 beside the gap, "
                "or write it in mm, in or pt")})
        mm = to_mm(number, unit, info.data.get("dpi"))
        if not 0 <= mm <= MAX_GAP_MM:
            raise PydanticCustomError("gap_range", "{message}", {"message": (
                f"'{value.strip()}' is {mm:.1f} mm; a gap is 0 (the cards touch) to {MAX_GAP_MM} mm")})
        return mm

    @property
    def key(self) -> tuple:
        """What the packer compares: decks of one grid may share sheets, of two never."""
        return (self.columns, self.rows, self.gap)
