"""Home cutting machines as data (layouts/cutters/<machine>.yaml): where the registration marks
go and how large they are, how far art keeps clear of them, the bleed around each piece, or
(for a machine whose software adds its own marks) the largest print image it accepts; and the
player's guide in each language. A new machine is a new file, no code."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from datafile.errors import DataError, Problem
from datafile.source import load_yaml
from datafile.validate import validate

from ..reading.locate import locate, search_path
from .model import Strict

MACHINES = ("silhouette", "cricut", "generic")   # the bundled files; a project may add its own
Corner = Literal["top-left", "top-right", "bottom-left", "bottom-right"]


class MarkShape(Strict):
    kind: Literal["square", "corner"]    # a filled square, or an L whose two arms meet at the frame corner
    at: Corner
    size: float = Field(gt=0, le=50)     # mm: the square's side, or the length of each arm


class Marks(Strict):
    inset: float = Field(ge=0, le=50)          # mm from the paper's left and top (and right, bottom) to the frame
    line_width: float = Field(gt=0, le=3)      # mm: the arms of an L
    clearance: float = Field(ge=0, le=30)      # mm of blank paper kept around every mark
    shapes: list[MarkShape] = Field(min_length=1, max_length=8)


class Guide(Strict):
    title: str
    sheets: str       # one line per piece size: {what}, {count} sheets, {per_sheet}
    shapes: dict[Literal["rect", "round", "hex"], str]   # {what}: {width} and {height} in mm
    steps: list[str] = Field(min_length=1, max_length=20)
    settings: str
    backs: str


class Cutter(Strict):
    name: str                                   # the machines, as a player knows them
    software: str
    bleed: float = Field(ge=0, le=5)            # mm of art around each piece
    marks: Marks | None = None                  # printed on the sheet (None: the software adds its own)
    image: tuple[float, float] | None = None    # mm: the largest print image the software accepts
    papers: list[str] = ["a4", "letter"]
    cut_files: list[Literal["svg", "dxf"]] = Field(["svg"], min_length=1, max_length=2)   # written per sheet
    svg_marks: bool = False                     # the cut file carries the marks on a layer of their own
    cut_colour: str = Field("#ff0000", pattern=r"^#[0-9a-fA-F]{6}$")
    raster_dpi: float | None = Field(None, gt=0, le=1200)   # also write each sheet as a PNG to upload
    sources: list[str] = Field(min_length=1)
    guide: dict[str, Guide] = Field(min_length=1)   # per language; English (or the first) where one lacks

    @model_validator(mode="after")
    def _one_frame(self):
        if (self.marks is None) == (self.image is None):
            raise ValueError("give either `marks` (printed by pnp) or `image` (the software adds its marks)")
        return self

    @field_validator("cut_files")
    @classmethod
    def _each_once(cls, formats: list[str]) -> list[str]:
        if len(set(formats)) != len(formats):
            raise ValueError("a format is named twice; list each of svg, dxf once")
        return formats


def load_cutter(root: Path, machine: str) -> Cutter:
    """The machine's file: the project's layouts/cutters/<machine>.yaml, else the bundled one."""
    name = f"layouts/cutters/{machine}.yaml"
    path = locate(root, "layouts", "cutters", f"{machine}.yaml")
    if not path.is_file():
        raise DataError([Problem(name, None, None, f"no cutting machine '{machine}'",
                                 f"one of {', '.join(known_machines(root))}, or a file {name} of your own")])
    return validate(Cutter, load_yaml(path, name, search_path(root)), name)


def known_machines(root: Path) -> list[str]:
    found = {p.stem for base in search_path(root) for p in (base / "layouts" / "cutters").glob("*.yaml")}
    return sorted(found) or list(MACHINES)
