"""Boxes the white frame of cards.pdf half covers: a rectangular face is printed with `frame`
mm of white inside its cut (sheets.yaml), so a text or an icon reaching into it is cut off
on the printed card although validate has nothing to refuse. The build says so, one line."""
from __future__ import annotations

from datafile.errors import DataError

from ..model.layouts import layout_id
from ..model.project import GameData, Project

CONTENT = ("text", "icon")   # as pnp check's safe zone: a picture may well be meant to be cut


def frame_overlaps(project: Project, games: list[GameData]) -> list[str]:
    """`file:line box 'name'` for each text or icon box of a rectangular face that reaches into the
    white frame (once per box), in the order of the games' decks."""
    frame, found = project.sheets.frame, {}
    if frame <= 0:
        return []
    for game in games:
        for deck in game.decks:
            size = project.size_of(deck)
            if size.shape != "rect":
                continue
            lids = dict.fromkeys([layout_id(deck, c) for c in deck.cards] + ([deck.back.layout] if deck.back else []))
            for lid in lids:
                try:
                    regions = project.layouts.sized(lid, size.width, size.height).regions
                except (KeyError, DataError):
                    continue      # validate has said why
                for r in regions:
                    x0, y0, x1, y1 = r.x, r.y, r.x + r.width, r.y + r.height
                    inside = x0 < size.width and y0 < size.height and x1 > 0 and y1 > 0
                    if r.kind in CONTENT and not r.bleed and inside and (r.text or "").strip() and \
                            (x0 < frame - 1e-6 or y0 < frame - 1e-6 or x1 > size.width - frame + 1e-6
                             or y1 > size.height - frame + 1e-6):
                        file, line = (r.origin or {}).get("", (lid, 0))
                        found.setdefault((lid, r.name), f"{file}:{line} box '{r.name}'")
    return list(found.values())


def frame_warning(project: Project, games: list[GameData]) -> str | None:
    """The build's one line about them, or None."""
    boxes = frame_overlaps(project, games)
    if not boxes:
        return None
    more = f" and {len(boxes) - 1} more box(es) (pnp check lists them) reach" if len(boxes) > 1 else " reaches"
    return (f"warning: {boxes[0]}{more} into the {project.sheets.frame:g} mm white frame inside the "
            f"cut of cards.pdf, which covers it; keep texts and icons {project.sheets.frame:g} mm "
            f"inside the card, or make the box full-bleed with `bleed: true`")
