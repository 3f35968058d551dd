"""How a build asks for its sheets to be printed (--paper, --bleed, --duplex, --back-offset, --fold,
--ink-saver, --deck-per-sheet, --only): one frozen set of options, the same for every sheet
product of a build."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..model.sheets_file import SheetsFile

Duplex = Literal["long", "short", "none"]
Fold = Literal["long", "short", "none", "auto"]   # auto: the fold-over file's, whichever takes fewer sheets


@dataclass(frozen=True)
class SheetOptions:
    paper: str | None = None          # None: the paper of the build language (sheets.yaml)
    bleed: float = 3.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    allow_missing: bool = False
    deck_per_sheet: bool = False      # start every deck on a new sheet (default: sheets filled across decks)
    ink_saver: bool = False           # light backgrounds and outlines instead of solid fills (ink.py)
    fold: Fold = "none"               # fronts and backs side by side on one page, to fold (no duplex printer)
    beside: tuple[str, ...] | None = None   # the products built with this file (--only); None: all of them

    def built(self, product: str) -> bool:
        """Is `product` built beside this file (its instructions name only those)?"""
        return self.beside is None or product in self.beside

    def for_language(self, sheets: SheetsFile, lang: str) -> "SheetOptions":
        """These options with the paper settled: --paper, else the build language's (sheets.yaml)."""
        return self if self.paper else replace(self, paper=sheets.paper_for(lang))

    @property
    def two_sided(self):
        """How pieces with a back are printed: 'fold', 'duplex', or None (fronts only)."""
        return "fold" if self.fold != "none" else None if self.duplex == "none" else "duplex"
