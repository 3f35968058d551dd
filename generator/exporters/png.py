"""`pnp export png`: one PNG per card face (fronts, and a back per deck), at a chosen dpi,
with or without bleed, rasterised by PDFium from the faces PDF."""
from __future__ import annotations

import tempfile
from pathlib import Path

from ..model.model import Deck
from ..card_layout.project import GameData, Project
from ..paper.output import Staging
from .faces import draw_faces, rasterise


def export_png(project: Project, game: GameData, lang: str, out: Path, staging: Staging, dpi: float = 300,
               bleed: float = 3.0, allow_missing: bool = False, decks: list[Deck] | None = None,
               cards: set[str] | None = None) -> list[Path]:
    """Write out/<deck>/<card id>.png and out/<deck>/back.png (of `decks` and `cards` only, when
    given: pnp export --deck/--card); return the targets."""
    with tempfile.TemporaryDirectory(prefix="pnp-export-") as tmp:
        pdf = Path(tmp) / "faces.pdf"
        faces = draw_faces(project, game, lang, pdf, bleed, allow_missing=allow_missing, decks=decks, cards=cards)
        targets = []
        for index, image in rasterise(pdf, dpi=dpi):
            face = faces[index]
            target = out / face.deck.deck / f"{face.key}.png"
            image.save(staging.temporary(target), format="PNG", dpi=(dpi, dpi), optimize=False)
            targets.append(target)
    return targets
