"""`pnp export tts`: Tabletop Simulator deck sheets and a saved object that loads them.

Per deck: the unique fronts on sheets of at most 10×7 cells (69 cards, the 70th cell kept
free as many tools do) and at most 4096 px a side, plus one back image (`UniqueBack: false`); a deck whose back layout reads `card` (a back per
card) has instead a sheet of backs beside each sheet of fronts, cell for cell (`UniqueBack: true`).
The saved object holds one `DeckCustom` per deck (a `Card` for a one-card deck) with one
`CustomDeck` entry per sheet; CardID = sheet key × 100 + cell index (row-major from the top
left), DeckIDs list the physical cards in deck order, copies repeating their id.
"""
from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

from PIL import Image

from ..model.model import Deck
from ..card_layout.project import GameData, Project
from ..paper.output import Staging
from .faces import draw_faces, rasterise

MAX_COLS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1
CIRCLE, ROUNDED_RECT = 4, 0     # CustomDeck "Type"


def cell_pixels(width_mm: float, height_mm: float, cols: int, rows: int, dpi: float) -> tuple[int, int]:
    """One card's size on a sheet: `dpi` at print size, scaled down so the sheet stays within
    MAX_SIDE px on both sides (the aspect ratio is kept)."""
    w, h = width_mm / 25.4 * dpi, height_mm / 25.4 * dpi
    scale = min(1.0, MAX_SIDE / (cols * w), MAX_SIDE / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


def export_tts(project: Project, game: GameData, lang: str, out: Path, staging: Staging, dpi: float = 300,
               url_base: str | None = None, allow_missing: bool = False, decks: list[Deck] | None = None,
               cards: set[str] | None = None) -> list[Path]:
    """Write out/<deck>-<n>.png sheets, out/<deck>-back.png (a back per card: out/<deck>-<n>.back.png,
    a sheet of backs each), out/<game>.json and its thumbnail out/<game>.png (of `decks` and
    `cards` only, when given)."""
    targets: list[Path] = []

    def url(target: Path) -> str:
        return url_base.rstrip("/") + "/" + target.name if url_base else target.resolve().as_uri()

    objects, next_key, thumbnail = [], 1, None
    with tempfile.TemporaryDirectory(prefix="pnp-tts-") as tmp:
        chosen = [d for d in (decks or game.decks) if any(cards is None or c.id in cards for c in d.cards)]
        for number, deck in enumerate(chosen):   # a declared-only deck has no cards
            size = project.size_of(deck)
            pdf = Path(tmp) / f"{deck.deck}.pdf"
            faces = draw_faces(project, game, lang, pdf, 0.0, decks=[deck], allow_missing=allow_missing, cards=cards)
            fronts = [f for f in faces if f.card is not None]
            chunks = [fronts[i:i + PER_SHEET] for i in range(0, len(fronts), PER_SHEET)]
            grids = [(min(MAX_COLS, len(c)), math.ceil(len(c) / min(MAX_COLS, len(c)))) for c in chunks]
            # one cell size for the whole deck, so every sheet and the back match
            cell = min(cell_pixels(size.width, size.height, cols, rows, dpi) for cols, rows in grids)
            images = dict(rasterise(pdf, pixels=lambda index: cell))
            thumbnail = thumbnail or images[fronts[0].page]
            own_backs = {f.of.id: f for f in faces if f.of is not None}     # a back per card
            if not own_backs:
                back_target = out / f"{deck.deck}-back.png"
                back = next((f for f in faces if f.card is None), None)
                back_image = images[back.page] if back else Image.new("RGB", cell, "white")
                back_image.save(staging.temporary(back_target), format="PNG")
                targets.append(back_target)
            custom, ids_of = {}, {}
            for chunk, (cols, rows) in zip(chunks, grids):
                key = next_key
                next_key += 1
                sheet = Image.new("RGB", (cols * cell[0], rows * cell[1]), "white")
                backs = Image.new("RGB", sheet.size, "white") if own_backs else None
                for index, face in enumerate(chunk):
                    at = ((index % cols) * cell[0], (index // cols) * cell[1])
                    sheet.paste(images[face.page], at)
                    if backs is not None:     # the same cell: TTS's UniqueBack reads the backs sheet so
                        backs.paste(images[own_backs[face.card.id].page], at)
                    ids_of[face.card.id] = key * 100 + index
                target = out / f"{deck.deck}-{len(custom) + 1}.png"
                sheet.save(staging.temporary(target), format="PNG")
                targets.append(target)
                if backs is not None:     # deck ids are slugs: no dot, so no other file has this name
                    back_target = out / f"{deck.deck}-{len(custom) + 1}.back.png"
                    backs.save(staging.temporary(back_target), format="PNG")
                    targets.append(back_target)
                custom[str(key)] = {"FaceURL": url(target), "BackURL": url(back_target), "NumWidth": cols,
                                    "NumHeight": rows, "BackIsHidden": True, "UniqueBack": bool(own_backs),
                                    "Type": CIRCLE if size.shape == "round" else ROUNDED_RECT}
            objects.append(_deck_object(deck, lang, custom, ids_of, number))
    saved = out / f"{game.id}.json"
    document = {"SaveName": f"{game.game.name.get(lang)} ({lang})", "ObjectStates": objects}
    staging.temporary(saved).write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    targets.append(saved)
    if thumbnail is not None:   # shown beside the saved object in TTS's browser
        picture = out / f"{game.id}.png"
        small = thumbnail.copy()
        small.thumbnail((256, 256))
        small.save(staging.temporary(picture), format="PNG")
        targets.append(picture)
    return targets


def _transform(x: float) -> dict:
    return {"posX": x, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
            "scaleX": 1, "scaleY": 1, "scaleZ": 1}


def _deck_object(deck, lang: str, custom: dict, ids_of: dict, number: int) -> dict:
    cards = [(card, ids_of[card.id]) for card in deck.cards if card.id in ids_of for _ in range(card.copies)]
    contained = [{"Name": "Card", "Nickname": card.name.get(lang), "CardID": card_id,
                  "CustomDeck": {str(card_id // 100): custom[str(card_id // 100)]},
                  "Transform": _transform(0)} for card, card_id in cards]
    if len(contained) == 1:   # TTS has no one-card deck: a lone card is its own object
        return {**contained[0], "Transform": _transform(number * 3)}
    return {"Name": "DeckCustom", "Nickname": deck.name.get(lang), "Transform": _transform(number * 3),
            "DeckIDs": [card_id for _card, card_id in cards], "CustomDeck": custom,
            "ContainedObjects": contained}
