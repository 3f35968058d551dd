"""Where a mark's cause is written, as a link an editor opens: the card's field in its deck file,
the region in its layout file, or the file and line of a problem the loader found.

Lines are looked up in the files as they are now (each deck file read again when it changed),
so a face that was not drawn again after an edit above it still links to the right line.
The link is the --editor-url pattern with {path} (absolute, POSIX, starting with /) and {line}.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import quote

from datafile.errors import DataError, Problem
from datafile.source import line_of, load_yaml

from ..reading.locate import bundled_root
from ..card_layout.project import GameData, Project
from .marks import Mark

DEFAULT_EDITOR = "vscode://file{path}:{line}"
_RAW: dict[Path, tuple[tuple, object]] = {}     # deck file -> (its stat, its YAML with lines)


def editor_href(pattern: str, path: Path, line: int) -> str:
    posix = path.as_posix()
    posix = posix if posix.startswith("/") else "/" + posix     # C:/x -> /C:/x
    return pattern.replace("{path}", quote(posix, safe="/:")).replace("{line}", str(max(line, 1)))


def _raw(path: Path):
    """The deck file's YAML with line numbers, read again only when the file changed."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
    if path not in _RAW or _RAW[path][0] != stamp:
        try:
            _RAW[path] = (stamp, load_yaml(path, path.name))
        except (DataError, OSError):
            _RAW[path] = (stamp, None)
    return _RAW[path][1]


class Links:
    """Links for one loaded project."""

    def __init__(self, project: Project, pattern: str):
        self.project, self.pattern = project, pattern
        self._links: dict[tuple, dict] = {}
        self._regions: dict[str, dict] = {}

    def link(self, file: str | Path, line: int) -> dict:
        if (file, line) not in self._links:
            self._links[(file, line)] = self._link(file, line)
        return self._links[(file, line)]

    def _link(self, file: str | Path, line: int) -> dict:
        path = Path(file) if Path(file).is_absolute() else self.project.root / file
        shown = self.project.relative(path)
        bundled = Path(shown).is_absolute() and path.is_relative_to(bundled_root())   # a layout pnp brings
        shown = str(path.relative_to(bundled_root())) if bundled else shown
        label = (f"{shown}:{line}" if line else shown) + (" (bundled)" if bundled else "")
        return {"label": label, "href": editor_href(self.pattern, path, line)}

    def for_mark(self, mark: Mark, game: GameData, deck_id: str, card_id: str | None) -> list[dict]:
        links = []
        if mark.data is not None:
            where = self._data_line(game, deck_id, card_id, mark.data)
            if where:
                links.append(self.link(*where))
        if mark.layout is not None:
            layout_id, region_name, field = mark.layout
            if layout_id not in self._regions:
                self._regions[layout_id] = {r.name: r for r in self.project.layouts[layout_id].regions} \
                    if layout_id in self.project.layouts else {}
            region = self._regions[layout_id].get(region_name)
            origin = (region.origin or {}) if region else {}
            where = origin.get(field) or origin.get("")
            if where:
                links.append(self.link(*where))
        return links

    def _data_line(self, game: GameData, deck_id: str, card_id: str | None, path: tuple):
        deck = next((d for d in game.decks if d.deck == deck_id), None)
        if deck is None or deck_id not in game.deck_files:
            return None
        file = self.project.root / game.deck_files[deck_id]
        if path[0] == "card":
            card = next((c for c in deck.cards if c.id == card_id), None)
            sheet = getattr(card, "_sheet", None)
            if sheet:                       # a spreadsheet's row (spreadsheet.py)
                return sheet[0], sheet[1]
            raw = _raw(file)
            cards = raw.get("cards") if isinstance(raw, dict) else None
            index = next((i for i, c in enumerate(cards or []) if isinstance(c, dict) and c.get("id") == card_id),
                         None)
            if index is None:
                return file, 0
            return file, line_of(raw, ("cards", index, *path[1:]))
        raw = _raw(file)
        return file, line_of(raw, path[1:]) if raw is not None else 0

    def problem(self, problem: Problem) -> dict:
        return {"text": str(problem), **self.link(problem.file, problem.line)}


FIELD_CARD = re.compile(r"^cards\[(\d+)\]")


def problem_card(root: Path, game: GameData, problem: Problem) -> tuple[str, str] | None:
    """(deck, card id) a loader problem is about, when it names a card of a deck file
    (`cards[3].text`), read from the file as it is now; None otherwise."""
    match = FIELD_CARD.match(problem.field or "")
    if not match:
        return None
    for deck_id, file in game.deck_files.items():
        if file == problem.file:
            raw = _raw(root / file)
            cards = raw.get("cards") if isinstance(raw, dict) else None
            index = int(match.group(1))
            if isinstance(cards, list) and index < len(cards) and isinstance(cards[index], dict):
                card = cards[index].get("id")
                return (deck_id, card) if isinstance(card, str) else None
    return None
