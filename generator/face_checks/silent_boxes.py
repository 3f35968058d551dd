"""Boxes that validate and build accepted but that print wrong on every card, without a word:
the worst kind of mistake, since only the printed sheet shows it. Each is one warning at the
box's line in validate, build and check (as the empty boxes of faces.py), gathered while
faces.py renders every face:

- a text box whose text is the name of an image file (`text: img/frame.svg` in a box without
  `kind:`, as Squib writes a box): the file's name prints as words and the art is gone. A warning,
  not an error: the build and check say the same lines as validate (an error would stop validate
  alone), and a text naming a file may be meant (a card about the game's files);
- a box whose `when:` reads a property some card holds and is false on every face of the decks
  that draw it (`card.props.icon == 'Quick'` where the cells say `quick`): the box is gone from
  every card. A box for cards to come (a property no card holds yet, `card.copies > 1`) and a
  layout drawn on one card only (a test deck) stay quiet;
- a text box with no `text:` (Squib's `str:` forgotten, or a box left without `kind:`): it
  prints nothing;
- a spreadsheet cell with a tag pnp has no markup for (`<u>`, `<span>`, `<div>`; loading/pango_cells.py
  reads Squib's and nanDECK's bold, italic, breaks, paragraphs and lists), printed as written: once
  per column, at its first such cell.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from datafile.errors import Problem

from ..card_layout.face_memo import WHEN, _reads_card

IMAGE_NAME = re.compile(r"^[^\n{}<>|]{0,200}\.(svg|png|jpe?g)$", re.I)   # with a space: only a file that exists
COMPARED = re.compile(r"card\.props\.(\w+)")


@dataclass
class Box:
    layout: object
    region: object
    faces: dict = field(default_factory=dict)   # deck -> {a face (card, back) that draws the box: its copies}
    shown: bool = False                          # its `when` true (or failing: said elsewhere) on one
    image: str = ""                              # a text it printed that names an image file


def note_face(boxes: dict, layout, deck, card, what: str, rendered) -> None:
    """What one face (in one language) did with each box of `layout`: kept in `boxes` (a cell's
    Pango tag under ("cell", file, column), as its warning)."""
    printed = dict(rendered.printed)
    for index, region in enumerate(layout.regions):
        quiet_when = not region.when or not _reads_card(region.when, True)
        no_text = region.kind == "text" and not (region.text or "").strip()
        if quiet_when and not no_text and index not in printed:
            continue
        # a box written once and drawn by several layouts (one extends another): one box, judged on them all
        box = boxes.setdefault((*_at(layout, region, "when" if region.when else ""), region.name), Box(layout, region))
        box.faces.setdefault(deck.deck, {})[layout.id, what] = getattr(card, "copies", None) or 1
        box.shown = box.shown or quiet_when or rendered.outputs.get((WHEN, region.when)) is not False
        source = printed.get(index, "")
        if region.kind == "text" and not box.image and IMAGE_NAME.match(source):
            box.image = source
        for display, row, column, tag in getattr(card, "_unread", ()) if region.kind == "text" else ():
            if tag in source and ("cell", display, column) not in boxes:
                file, line = _at(layout, region, "text")
                entity = tag.startswith("&")    # of * [ ] | : (pango_cells.py): kept, so a cell stays text
                boxes["cell", display, column] = Problem(
                    display, row, column, f"{'' if entity else 'markup '}{tag[:40]} prints as written on the cards "
                    f"(box '{region.name}' at {file}:{line}); " + (
                        "an entity of * [ ] | or : is not read, so that a cell never becomes markup" if entity else
                        "pnp reads a cell's <b>, <strong>, <i>, <em>, <br>, <p>, <ul>, <ol>, <li> and <font color>"),
                    "the character itself in the cell" if entity else
                    "**bold**, *italic*, [colour|words] or a line break in the cell, or the tag removed")


def _at(layout, region, key: str) -> tuple[str, int]:
    origin = region.origin or {}
    return origin.get(key) or origin.get("") or (layout.file, 0)


def silent_boxes(game, boxes: dict, decks: list) -> list[Problem]:
    """The warnings of the boxes noted: each box once, at its line."""
    warnings = []
    for box in boxes.values():
        if isinstance(box, Problem):    # a cell's tag, said already
            warnings.append(box)
            continue
        name, field_ = box.region.name, f"{box.layout.id} regions.{box.region.name}"
        unkinded = "kind" not in (box.region.origin or {})
        if box.image:
            try:
                exists = (game.directory / box.image).is_file()
            except (OSError, ValueError):
                exists = False
            # a sentence that ends in a file's name (and names none) is meant
            said = None if " " in box.image and not exists else Problem(*_at(box.layout, box.region, "text"), f"{field_}.text",
                           f"box '{name}' prints the file name '{box.image[:80]}' as words on the cards"
                           + (", not its picture" if exists else "")
                           + (" (a box without kind: is a text box)" if unkinded else ""),
                           "kind: image beside its text:, if the picture is meant")
            warnings += [said] if said else []
        if box.region.kind == "text" and not (box.region.text or "").strip():
            warnings.append(Problem(*_at(box.layout, box.region, ""), f"{field_}.text", f"box '{name}' is a text box without a text: it "
                                    f"prints nothing" + (" (a box without kind: is a text box)" if unkinded else ""),
                                    "text: with what it shows, such as \"{{ card.props.cost }}\"; or another "
                                    "kind: (image, rect, …); or the box removed"))
        cards = sum(len(faces) for faces in box.faces.values())
        if box.region.when and not box.shown and cards > 1:
            warnings += _never(box, field_, decks)
    return warnings


def _never(box: Box, field_: str, decks: list) -> list[Problem]:
    """The warning of a `when` false on every face, with the values the cells hold for what it
    compares; none when it reads no property a card of those decks holds (a box for cards to come)."""
    counts = ", ".join(f"deck '{deck}' ({sum(faces.values())} card{'s' if sum(faces.values()) > 1 else ''})"
                       for deck, faces in box.faces.items())   # copies counted, as validate's `ok` line
    held = []
    for column in dict.fromkeys(COMPARED.findall(box.region.when)):
        values = sorted({str(v) for d in decks if d.deck in box.faces for c in d.cards
                         if (v := c.props.get(column)) not in (None, "")})
        if values:
            held.append(f"card.props.{column} holds " + ", ".join(f"'{v[:20]}'" for v in values[:4])
                        + (", …" if len(values) > 4 else ""))
    if not held:      # `card.copies > 1` in pnp new's layout: a box for cards to come
        return []
    return [Problem(*_at(box.layout, box.region, "when"), f"{field_}.when",
                   f"box '{box.region.name}': its when is false for every card of {counts}, so it prints on "
                   f"none" + (f" ({'; '.join(held)})" if held else ""),
                   "a when some card meets, its values written as the cells write them (capitals too), "
                   "or the box removed")]
