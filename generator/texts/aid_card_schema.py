"""The aid-card file's schema, cards/<game>/aid-card/<lang>.yaml (what each field means:
aid_card.py), read by the loader (aid_card.py) and its checks (aid_card_checks.py)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from .language_files import LanguageFile, language_path
from ..model.model import Strict
from ..card_layout.project import GameData


class Step(Strict):
    icons: str = ""        # the same in every language
    text: str


class Steps(Strict):
    heading: str
    numbered: bool = True
    reference: Literal["top"] | None = None
    items: list[Step] = Field(min_length=1)


class Notes(Strict):
    heading: str
    items: list[str] = Field(min_length=1)


class Row(Strict):
    cells: list[str] = Field(min_length=1)
    key: str | list[str] | None = None
    pad: str | None = None
    count: bool = False


class Table(Strict):
    heading: str
    columns: list[str] = []
    widths: list[float] | None = None
    rows: list[Row] = []
    each: str | None = None
    row: Row | None = None
    tie: str | None = None
    pad_note: str | None = None     # the score pad's line above its rows (what several rows share)
    reference: str | None = None


class Block(Strict):
    steps: Steps | None = None
    notes: Notes | None = None
    table: Table | None = None
    legend: str | None = None


class Side(Strict):
    side: Literal["front", "back", "front-2", "back-2"]
    blocks: list[Block] = Field(min_length=1)


class AidCardFile(Strict):
    sides: list[Side] = Field(min_length=2, max_length=4)


@dataclass
class AidCard(LanguageFile):
    data: AidCardFile


def aid_card_path(game: GameData, lang: str) -> Path:
    return language_path(game, "aid-card", lang)
