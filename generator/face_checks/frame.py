"""Boxes the white frame of cards.pdf half covers: a rectangular face is printed with `frame`
mm of white inside its cut (sheets.yaml's, or its deck's `frame:`), so a text or an icon
reaching into it is cut off on the printed card although validate has nothing to refuse. The
build says so, one line. And a deck's own frame that gives up the clean cut (tests/print: a cut
may stray 2.5 mm and still show the colour it expects), one line a deck."""
from __future__ import annotations

from typing import Callable

from ..card_layout.layouts import Region
from ..model.model import Deck
from ..card_layout.resolved import EDGE, bleed_extent, carries_bleed
from ..card_layout.project import GameData, Project
from .deck_layouts import deck_layouts, key_line

CONTENT = ("text", "icon")   # as pnp check's safe zone: a picture may well be meant to be cut
CLEAN_CUT = 2.5              # mm a cut may stray and still show the colour it expects
DRAWN = ("rect", "circle", "hexagon", "star", "polygon", "line", "image")


def white_of(project: Project, deck) -> float:
    """mm of white frame inside a deck's cut: its own `frame:`, else sheets.yaml's."""
    return project.sheets.frame if deck.frame is None else deck.frame


Lands = Callable[[GameData, Deck, str, Region, float], bool]


def deck_regions(project: Project, deck, size):
    """(layout id, box) of each layout a deck's faces and back use, sized for the deck."""
    for lid, layout in deck_layouts(project, deck, size):
        for r in layout.regions:
            yield lid, r


def frame_overlaps(project: Project, games: list[GameData], lands: Lands | None = None) -> list[tuple[str, float]]:
    """(`file:line box 'name'`, frame mm) for each text or icon box of a rectangular face that
    reaches into its white frame (once per box), in the order of the games' decks. With
    `lands(game, deck, layout id, box, frame)`, a box whose edges reach in is kept only when
    what it prints does (a short line in a wide box stays clear)."""
    found = {}
    for game in games:
        for deck in game.decks:
            size, frame = project.size_of(deck), white_of(project, deck)
            if size.shape != "rect" or frame <= 0:
                continue
            for lid, r in deck_regions(project, deck, size):
                x0, y0, x1, y1 = r.x, r.y, r.x + r.width, r.y + r.height
                inside = x0 < size.width and y0 < size.height and x1 > 0 and y1 > 0
                if r.kind in CONTENT and inside and (r.text or "").strip() and \
                        (x0 < frame - 1e-6 or y0 < frame - 1e-6 or x1 > size.width - frame + 1e-6
                         or y1 > size.height - frame + 1e-6) and \
                        (lands is None or lands(game, deck, lid, r, frame)):
                    file, line = (r.origin or {}).get("", (lid, 0))
                    found.setdefault((lid, r.name), (f"{file}:{line}: box '{r.name}'", frame))
    return list(found.values())


def frame_warning(project: Project, games: list[GameData], lands: Lands | None = None) -> str | None:
    """The build's one line about them, or None."""
    boxes = frame_overlaps(project, games, lands)
    if not boxes:
        return None
    (first, frame), more = boxes[0], f" and {len(boxes) - 1} more box(es) (pnp check lists them) reach" \
        if len(boxes) > 1 else " reaches"
    return (f"warning: {first}{more} into the {frame:g} mm white frame inside the "
            f"cut of cards.pdf, which covers it; keep texts and icons {frame:g} mm "
            f"inside the card")


def cut_warnings(project: Project, games: list[GameData], bleed: float) -> list[str]:
    """One line for each rectangular deck whose own `frame:` gives up the clean cut: a white
    frame under 2.5 mm (neighbours touch: a stray cut shows the next card), or none with a
    bleed under 2.5 mm (--bleed) or a drawn box within 2.5 mm of the cut (the bleed around it
    shows the background, another colour)."""
    out = []
    for game in games:
        for deck in game.decks:
            size = project.size_of(deck)
            if deck.frame is None or size.shape != "rect" or deck.component == "board":
                continue
            file = game.deck_files.get(deck.deck, "")
            at = f"{file}:{key_line(project, file, 'frame')}: deck '{deck.deck}' frame"
            if 0 < deck.frame < CLEAN_CUT:
                out.append(f"warning: {at}: a white frame of {deck.frame:g} mm lets a cut stray only "
                           f"{deck.frame:g} mm before it shows the next card; 0 (the face printed to its cut) "
                           f"or {CLEAN_CUT:g} mm at least")
            elif deck.frame == 0 and bleed < CLEAN_CUT:
                out.append(f"warning: {at}: 0 prints the face to its cut with {bleed:g} mm of bleed, so a cut "
                           f"that strays shows white paper; build with --bleed {CLEAN_CUT:g} or more")
            elif deck.frame == 0:
                near = _near_the_cut(project, deck, size)
                if near:
                    out.append(f"warning: {at}: 0 prints the face to its cut, but {near[0]} ends within "
                               f"{CLEAN_CUT:g} mm of it while the bleed shows the background, so a cut that "
                               f"strays shows two colours; make it the layout's `background:`, "
                               f"{near[1]}, or keep it {CLEAN_CUT:g} mm inside")
    return out



def _near_the_cut(project: Project, deck, size) -> tuple[str, str] | None:
    """(`box 'name' (file:line)`, the fix) of the first drawn box of a deck's faces that ends
    near its cut, or None. `bleed: true` carries only an edge on or past the cut out to the
    bleed's edge (model/resolved.bleed_extent), so it is advised only where it does that."""
    W, H = size.width, size.height
    for lid, r in deck_regions(project, deck, size):
        painted = r.kind == "image" or r.fill or r.stroke or r.gradient
        x0, y0, x1, y1 = bleed_extent(r, W, H, CLEAN_CUT)
        x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
        inside = x0 < W and y0 < H and x1 > 0 and y1 > 0
        if not (r.kind in DRAWN and painted and inside):
            continue
        carried = carries_bleed(r)
        # an edge carried to the bleed's edge, or drawn as far out (Squib's band across its whole
        # canvas, 3.175 mm past the cut), is where a stray cut still finds it
        near = [v for v in (x0, y0, W - x1, H - y1) if -CLEAN_CUT + EDGE < v < CLEAN_CUT]
        if near:
            file, line = (r.origin or {}).get("", (lid, 0))
            fix = ("give the box `bleed: true` (its edges on or past the cut then reach the bleed's edge)"
                   if all(v <= EDGE for v in near) and not carried else
                   "carry its edge to the cut (0, or the card's width or height) and give it `bleed: true`")
            if (getattr(r, "radius", 0) or 0) > 0 and not carried:   # its rounded corners would show
                fix = (f"keep it {CLEAN_CUT:g} mm inside or run it well past the cut (not `bleed: true`: it pulls "
                       f"the edges to the bleed's edge and shows its {r.radius:g} mm rounded corners inside the trim)")
            return f"box '{r.name}' ({file}:{line})", fix
    return None


def cut_outlines(project: Project, games: list[GameData]) -> list[str]:
    """One line for each outline drawn on its card's cut (Squib's `cut` rectangle) under a white
    frame, which covers it on every card: validate and build say what to do."""
    out = {}
    for game in games:
        for deck in game.decks:
            size, frame = project.size_of(deck), white_of(project, deck)
            if size.shape != "rect" or frame <= 0 or deck.component == "board":
                continue
            for lid, r in deck_regions(project, deck, size):
                edges = (r.x, r.y, size.width - r.x - r.width, size.height - r.y - r.height)
                if r.kind == "rect" and r.stroke and not (r.fill or r.gradient) and all(abs(e) <= 0.5 for e in edges):
                    file, line = (r.origin or {}).get("", (lid, 0))
                    out.setdefault((lid, r.name), (
                        f"warning: {file}:{line}: box '{r.name}' outlines the card's cut, where the {frame:g} mm "
                        f"white frame of cards.pdf covers it (deck '{deck.deck}'); the crop marks show the cut: "
                        f"remove the box, or write frame: 0 in {game.deck_files.get(deck.deck, 'the deck file')} "
                        f"to print the face to its cut"))
    return list(out.values())
