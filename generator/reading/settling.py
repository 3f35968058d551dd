"""Waiting for a file being saved to be whole before it is read (`pnp studio`, `build --watch`,
`serve`): an editor may truncate a file and write it in several steps, and a watcher that reads
in between shows a state no save produced. What is watched is one list for all three
(watched_folders): every file a build may read."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, TypeVar

from datafile.errors import BuildError

from .locate import game_dirs, input_files, own_games, search_path

T = TypeVar("T")
QUIET = 0.25      # seconds a changed snapshot (each file's size and mtime) must hold before it counts


def settled(take: Callable[[], T], first: T, wait: Callable[[float], object] = time.sleep,
            quiet: float = QUIET) -> T:
    """`take()` (a snapshot of the inputs' stats) once two readings `quiet` apart agree, `first`
    being the reading that saw the change."""
    now = first
    while True:
        if wait(quiet):         # an Event's wait: True when the watcher is being stopped
            return now
        again = take()
        if again == now:
            return now
        now = again


def watched_folders(root: Path, games: list[str] | None = None) -> list[Path]:
    """Every folder a build of `games` (the project's own when None) reads: each game's whole
    folder (its YAML, the spreadsheets its decks name, its art and fonts), then the project's and
    the bundled layouts/ (fonts, templates), locales/ and glossary/."""
    ids, found = games or own_games(root), game_dirs(root)
    return [found[gid] for gid in ids if gid in found] + \
        [base / name for base in search_path(root) for name in ("layouts", "locales", "glossary")]


def inputs_stamp(root: Path, games: list[str] | None = None) -> tuple:
    """Path, inode, size and modification time of every watched file: a change to any of them
    is a change of this value."""
    found: list[tuple] = []
    for folder in watched_folders(root, games):
        try:
            for path in input_files(folder) if folder.is_dir() else []:
                st = path.stat()
                found.append((str(path), st.st_ino, st.st_size, st.st_mtime_ns))
        except (OSError, BuildError):   # gone meanwhile, or refused: the load that follows says why
            found.append((str(folder), "unreadable"))
    return tuple(found)
