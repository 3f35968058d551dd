"""What the deck checks (frame.py, canvas_size.py) read of a deck: the layouts its faces and back
use, sized for it, and the line of one of its file's keys (read again only for a warning)."""
from __future__ import annotations

from datafile.errors import DataError
from datafile.source import line_of, load_yaml

from ..card_layout.layouts import Layout, layout_id
from ..card_layout.project import Project
from ..reading.locate import search_path


def deck_layouts(project: Project, deck, size):
    """(layout id, layout) of each layout a deck's faces and back use, sized for the deck; a layout
    that does not resolve is skipped (validate has said why)."""
    lids = dict.fromkeys([layout_id(deck, c) for c in deck.cards] + ([deck.back.layout] if deck.back else []))
    for lid in lids:
        try:
            layout: Layout = project.layouts.sized(lid, size.width, size.height)
        except (KeyError, DataError):
            continue
        yield lid, layout


def key_line(project: Project, file: str, key: str) -> int:
    """The line of a top-level key of a deck file; 0 if the file does not load."""
    try:
        return line_of(load_yaml(project.root / file, file, search_path(project.root)), (key,))
    except DataError:
        return 0
