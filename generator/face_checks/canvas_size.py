"""A deck whose `size:` is its canvas with the bleed (Squib's 825 x 1125 px at 300 dpi, a poker
card and an eighth of an inch around it): the build would print the bleed as card, and cut it
3 mm too large. Said as one warning line at the `size:` line, with the trim size to write and
the `canvas_bleed:` that keeps the layout's pixels where they were."""
from __future__ import annotations

from ..card_layout.project import GameData, Project
from .bare_px import bare_px_warnings
from .box_reach import reach_warnings
from .deck_layouts import deck_layouts, key_line

# card sizes sold in inches (sheets.yaml holds the mm ones): name, width, height. The index cards
# are a tarot card (2.75 x 4.75 in) and its 1/8 in of bleed, but printed as they are, never warned
INCH_CARDS = [("2.5 x 3.5 in", 2.5, 3.5), ("2.25 x 3.5 in", 2.25, 3.5), ("2.75 x 4.75 in", 2.75, 4.75),
              ("1.75 x 2.5 in", 1.75, 2.5), ("3.5 x 5.75 in", 3.5, 5.75), ("3 x 5 in", 3, 5),
              ("4 x 6 in", 4, 6), ("5 x 7 in", 5, 7)]
BLEEDS = [(3.175, "0.125 in"), (3.0, "3 mm")]     # around the card on each side
NEAR = 0.2                                         # mm: a pixel canvas rounds


def _cards(project: Project):
    """(how to write it, width mm, height mm) of every common card size."""
    for name, size in project.sheets.sizes.items():
        if size.shape == "rect":
            yield name, size.width, size.height
    for name, w, h in INCH_CARDS:
        yield f"{{width: {w:g} in, height: {h:g} in}}", w * 25.4, h * 25.4


def with_bleed(project: Project, width: float, height: float) -> tuple[str, float, float, str] | None:
    """(card as written, its width, height, the bleed as written) when `width` x `height` mm is a
    common card with a bleed around it, else None (also when it is itself a common card)."""
    cards = list(_cards(project))
    if any(abs(width - cw) <= NEAR and abs(height - ch) <= NEAR for _, w, h in cards for cw, ch in ((w, h), (h, w))):
        return None
    for written, w, h in cards:
        for bleed, said in BLEEDS:
            for cw, ch in ((w, h), (h, w)):
                if abs(width - cw - 2 * bleed) <= NEAR and abs(height - ch - 2 * bleed) <= NEAR:
                    return written, cw, ch, said
    return None


def size_warnings(project: Project, games: list[GameData], boxes: bool = True) -> list[str]:
    """One line for each deck whose size is a card with its bleed and whose layouts say no
    `canvas_bleed:` (`canvas_bleed: 0` says the size is the card, as meant); with `boxes`, then
    one for each box that runs past the card and its bleed (box_reach.py: pnp check has its own);
    always, each bare number of a layout measured in px (bare_px.py)."""
    out = []
    for game in games:
        for deck in game.decks:
            size = project.size_of(deck)
            if size.shape != "rect" or deck.component == "board":
                continue
            found = with_bleed(project, size.width, size.height)
            if found is None or _canvas_bleed(project, deck, size):
                continue
            written, w, h, bleed = found
            file = game.deck_files.get(deck.deck, "")
            out.append(f"warning: {file}:{key_line(project, file, 'size')}: size: {size.width:g} x {size.height:g} mm "
                       f"looks like a {w:g} x {h:g} mm card plus {bleed} of bleed on each side: that bleed would "
                       f"be printed and cut as part of the card; write the card (size: {written}) and the "
                       f"bleed its layout's canvas holds (canvas_bleed: {bleed}), or, if the size is the "
                       f"card you mean, canvas_bleed: 0 in its layout")
    return out + bare_px_warnings(project, games) + (reach_warnings(project, games) if boxes else [])


def _canvas_bleed(project: Project, deck, size) -> bool:
    return any(layout.canvas_bleed or _said(project, lid) for lid, layout in deck_layouts(project, deck, size))


def _said(project: Project, lid: str) -> bool:
    try:
        return project.layouts.spec(lid)[0].canvas_bleed is not None
    except KeyError:
        return False
