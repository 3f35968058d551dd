"""A spreadsheet column read as each row's number of copies though the deck never named it
(Squib's `Count`, `qty`, `quantity`): the deck's size changes without a word, and a layout that
reads it as a property is told it does not exist. One note line says which column was taken.
An empty quantity cell prints its row once, where Squib prints it no time: one note per column."""
from __future__ import annotations

from ..model.model import Deck
from ..card_layout.project import GameData, Project


def taken_quantity(deck: Deck) -> tuple[str, str, str] | None:
    """(spreadsheet, `column C 'Count'`, its property key `count`) of the column a deck's
    spreadsheet read as copies by its name alone, or None."""
    for card in deck.cards:
        sheet = getattr(card, "_sheet", None)
        if sheet and sheet[2].taken_quantity:
            return (sheet[0], *sheet[2].taken_quantity)
    return None


def quantity_notes(project: Project, games: list[GameData]) -> list[str]:
    """One line per deck whose spreadsheet's quantity column was taken by its name alone."""
    out = []
    for game in games:
        for deck in game.decks:
            out += _blank_copies(deck)
            taken = taken_quantity(deck)
            if taken is None:
                continue
            display, label, key = taken
            rows = sum(1 for card in deck.cards if getattr(card, "_sheet", None))
            out.append(f"note: {display}:1: {label} is read as how many copies of each row to print "
                       f"({deck.physical_count} cards from {rows} rows); to read it as card.props.{key} "
                       f"instead, write `quantity: none` in {game.deck_files.get(deck.deck, 'the deck file')}")
    return out


def _blank_copies(deck: Deck) -> list[str]:
    """The note of a spreadsheet whose quantity column has empty cells (their rows print once)."""
    sheet = next((card._sheet for card in deck.cards if getattr(card, "_sheet", None)), None)
    if sheet is None or not sheet[2].blank_copies:
        return []
    display, _row, columns = sheet
    rows = sheet[2].blank_copies
    shown = ", ".join(map(str, rows[:5])) + (f" and {len(rows) - 5} more" if len(rows) > 5 else "")
    many = len(rows) > 1
    return [f"note: {display}:{rows[0]}: {columns.label_for(('copies',))} is empty in row{'s' if many else ''} {shown}, "
            f"which print{'' if many else 's'} 1 copy{' each' if many else ''} (Squib prints none); write the number, "
            f"or 0 to leave a row out"]
