"""`pnp export printshop --preset NAME`: files as a print shop asks for them, from presets in
layouts/printshops.yaml (a new shop needs no code).

`pdf` presets write one card per page (vector, fonts embedded; TrimBox and BleedBox set),
fronts then backs; `png` presets write one image per face at the shop's exact pixel size.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from datafile.source import load_yaml
from datafile.validate import validate

from ..card_layout.project import GameData, Project
from ..reading.locate import locate, search_path
from ..model.model import Deck, Size
from ..paper.output import Staging
from .faces import draw_faces, rasterise


class Preset(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    format: Literal["pdf", "png"]
    card: Size
    bleed: float = Field(ge=0)
    safe: float = Field(0.0, ge=0)
    tolerance: float = Field(1.0, ge=0)
    dpi: float = Field(300, gt=0)
    pixels: tuple[int, int] | None = None
    order: Literal["fronts-then-backs", "unique"] = "unique"

    @property
    def page(self) -> tuple[float, float]:
        return self.card.width + 2 * self.bleed, self.card.height + 2 * self.bleed


class Presets(RootModel[dict[str, Preset]]):
    pass


def load_presets(root: Path) -> dict[str, Preset]:
    path = locate(root, "layouts", "printshops.yaml")   # the project's, else the installed one
    return validate(Presets, load_yaml(path, "layouts/printshops.yaml", search_path(root)), "layouts/printshops.yaml").root


def fits(preset: Preset, size: Size) -> bool:
    return (abs(size.width - preset.card.width) <= preset.tolerance
            and abs(size.height - preset.card.height) <= preset.tolerance)


def export_printshop(project: Project, game: GameData, lang: str, out: Path, staging: Staging,
                     preset: Preset, allow_missing: bool = False, decks: list[Deck] | None = None,
                     cards: set[str] | None = None) -> tuple[list[Path], list[str]]:
    """Write the preset's files for every deck of the shop's card size (of `decks` and `cards`
    only, when given); return the targets and one line per deck skipped (another size)."""
    targets, skipped = [], []
    chosen, decks = decks or game.decks, []
    for deck in chosen:
        size = project.size_of(deck)
        if fits(preset, size):
            decks.append(deck)
        else:
            skipped.append(f"deck {deck.deck}: {size.width:g}x{size.height:g} mm"
                           f"{' round' if size.shape == 'round' else ''}, {preset.name} takes "
                           f"{preset.card.width:g}x{preset.card.height:g} mm")
    with tempfile.TemporaryDirectory(prefix="pnp-shop-") as tmp:
        for deck in decks:
            if preset.format == "pdf":
                target = out / f"{deck.deck}.pdf"
                order = "print" if preset.order == "fronts-then-backs" else "unique"
                draw_faces(project, game, lang, staging.temporary(target), preset.bleed, page=preset.page,
                           order=order, decks=[deck], allow_missing=allow_missing, cards=cards)
                targets.append(target)
                continue
            pdf = Path(tmp) / f"{deck.deck}.pdf"
            faces = draw_faces(project, game, lang, pdf, preset.bleed, page=preset.page, decks=[deck],
                               allow_missing=allow_missing, cards=cards)
            pixels = (lambda index: preset.pixels) if preset.pixels else None
            for index, image in rasterise(pdf, dpi=preset.dpi, pixels=pixels):
                target = out / deck.deck / f"{faces[index].key}.png"
                image.save(staging.temporary(target), format="PNG", dpi=(preset.dpi, preset.dpi))
                targets.append(target)
    return targets, skipped
