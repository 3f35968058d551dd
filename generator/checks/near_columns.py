"""A spreadsheet header like a known column (`Nmae` for name, `Tgas` for a property `tags`) is
read as a property of its own, as Squib reads any header (`Text1` beside the card's `text`): it is
refused nowhere, but when no layout reads it, one note line names the column it resembles."""
from __future__ import annotations

from datafile.errors import DataError

from ..card_layout.layouts import layout_id
from ..model.model import Deck
from ..card_layout.project import GameData, Project
from ..card_layout.templates import used_paths


def read_props(project: Project, deck: Deck) -> set[str]:
    """The `card.props.<key>` the layouts of a deck's faces read, in any field of any box."""
    ids = {layout_id(deck, card) for card in deck.cards} | ({deck.back.layout} if deck.back else set())
    keys: set[str] = set()
    for lid in ids:
        try:
            regions = project.layouts[lid].regions
        except (KeyError, DataError):   # said by the layout's own check
            continue
        for region in regions:
            for field in ("text", "when", "fill", "stroke", "color"):
                source = getattr(region, field, None)
                if source and isinstance(source, str) and ("{" in source or field == "when"):
                    keys |= {path[2] for path, _ in used_paths(source, field == "when")
                             if path[:2] == ("card", "props") and len(path) > 2}
    return keys


def near_notes(project: Project, games: list[GameData]) -> list[str]:
    """One note per header like a known column that no layout of its deck reads."""
    out = []
    for game in games:
        for deck in game.decks:
            sheet = next((getattr(c, "_sheet", None) for c in deck.cards if getattr(c, "_sheet", None)), None)
            if not sheet or not sheet[2].near:
                continue
            read = read_props(project, deck)
            out += [f"note: {sheet[0]}:1: {label} gives card.props.{key}, which no layout reads; did you "
                    f"mean '{known}'? (rename the header to read it as {known})"
                    for label, key, known in sheet[2].near if key not in read]
    return out
