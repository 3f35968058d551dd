"""Where an unknown inline icon a face shows (`:atak:`) is written, for validate's one line: the
layout box whose template writes it, else the spreadsheet cell (or deck text) that holds it;
with the nearest name the layout files define."""
from __future__ import annotations

from datafile.errors import DataError, Problem, closest

from ..card_layout.project import GameData, Project
from .deck_layouts import deck_layouts
from .sheet_cells import holding


def check_unknown_icons(project: Project, game: GameData, names: list[str]) -> None:
    """A DataError of one line for the first of `names`; none for an icon a layout's `embed:`
    names (said at that entry, crosscheck.py)."""
    if not names:
        return
    embeds = {icon for deck in game.decks for _lid, layout in deck_layouts(project, deck, project.size_of(deck))
              for icon in [*layout.embed.values(), *(v for r in layout.regions for v in (r.embed or {}).values())]}
    names = [name for name in names if name not in embeds]
    if names:
        raise DataError([_problem(project, game, names)])


def _problem(project: Project, game: GameData, names: list[str]) -> Problem:
    icon, defined = names[0], sorted(project.icons_for(game.id))
    guess = closest(icon, defined)
    file, line, field = _written_at(project, game, icon) or (project.relative(game.directory), 0, "")
    more = f" (and {len(names) - 1} more: {', '.join(names[1:4])})" if len(names) > 1 else ""
    return Problem(file, line, field, f"unknown icon ':{icon[:60]}:'{more}"
                   + (f"; did you mean ':{guess}:'?" if guess else ""),
                   f"an icon of the game's layout file or layouts/icons.yaml ({', '.join(defined[:12])})")


def _written_at(project: Project, game: GameData, icon: str) -> tuple[str, int, str] | None:
    """(file, line, field) of the first box template that writes `:icon:`, else of the first
    cell holding it (or the icon name an icon box reads)."""
    for deck in game.decks:
        size = project.size_of(deck)
        for lid, layout in deck_layouts(project, deck, size):
            for r in layout.regions:
                text = r.text or ""
                if f":{icon}:" in text or (r.kind == "icon" and text.strip() == icon):
                    file, line = (r.origin or {}).get("text") or (r.origin or {}).get("") or (layout.file, 0)
                    return file, line, f"{lid} regions.{r.name}.text"
    for deck in game.decks:
        for card in deck.cards:
            for lang in game.game.languages:
                cell = holding(card, lang, f":{icon}:") or holding(card, lang, icon)
                if cell:
                    return cell
    return None
