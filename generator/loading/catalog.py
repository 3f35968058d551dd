"""Load and cross-check everything under cards/ and layouts/ into one validated Project.

Every problem found is collected (not just the first) so one `pnp validate` run lists
them all, each with file, line, field and what was expected. The parts live beside it:
games.py (game and deck files), layouts.py, sheets_fonts.py, crosscheck.py.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

from datafile.errors import BuildError, Collector, DataError, closest, once_per_place

from ..checks.column_hints import column_hints
from ..checks.crosscheck import cross_check
from .games import load_game_and_problems
from ..card_layout.layouts import LayoutFiles, Layouts
from ..reading.locate import SETTLED_NS, game_dirs, input_files, locate, own_games, search_path
from ..model.model import SLUG_ID
from ..model.sheets_file import FontsFile, SheetsFile
from ..card_layout.project import Project
from ..model.sheets_fonts import check_font_files, load_model


def list_game_ids(root: Path) -> list[str]:
    """Every game a command may name: the project's own and the bundled ones (locate.py)."""
    return list(game_dirs(root))


_last_load: dict = {}    # the last successful load_project: what an unchanged project lends the next one


def _stamp(*folders: Path) -> tuple | None:
    """Every file under `folders` with its inode, size and modification time; None when one was
    modified too recently to be told apart from a second write by its stat (SETTLED_NS)."""
    found, settled = [], time.time_ns() - SETTLED_NS
    try:
        for folder in folders:
            for path in input_files(folder) if folder.is_dir() else []:
                st = os.stat(path)
                if st.st_mtime_ns > settled:
                    return None
                found.append((str(path), st.st_ino, st.st_size, st.st_mtime_ns))
    except (OSError, BuildError):    # gone meanwhile, or refused: then nothing is reused
        return None
    return tuple(found)


def load_project(root: Path, game_ids: list[str] | None = None) -> Project:
    """Load layouts and the named games (all when None); raise DataError listing every problem."""
    project, problems = load_project_and_problems(root, game_ids)
    if problems:
        raise DataError(problems)
    return project


def load_project_and_problems(root: Path, game_ids: list[str] | None = None) -> tuple[Project | None, list]:
    """The project as far as it loads, and every problem found: `pnp validate` checks what
    else it can (a game's languages) on the games that loaded, in the same round. The project is
    None when the sheets or fonts themselves did not load.

    A process that loads the same project again (`pnp build --watch`, `pnp serve`) takes from its
    last successful load what none of its files changed since: the layouts, fonts and sheets while
    layouts/ and locales/ are as they were, and each game whose folder is as it was. The checks
    across them run again."""
    out = Collector()
    known = list_game_ids(root)
    if game_ids:
        for gid in game_ids:
            if gid not in known and SLUG_ID.match(gid) and (root / "cards" / gid).is_dir():
                out.add(f"cards/{gid}/game.yaml", 0, "", "not found: the folder cards/" + gid + "/ has no game.yaml",
                        "a game.yaml (name, players, languages, decks: docs/authoring.md; pnp new writes one)")
            elif gid not in known:
                guess = closest(gid, known)
                hint = f"; did you mean '{guess}'?" if guess else ""
                out.add("cards/", 0, "", f"unknown game '{gid}'{hint}", f"one of: {', '.join(known)}")
    selected = [g for g in (game_ids or own_games(root)) if g in known]
    directories = game_dirs(root)

    shared = _stamp(*(base / name for base in search_path(root) for name in ("layouts", "locales")))
    last = _last_load if shared is not None and _last_load.get("key") == (root, shared) else {}
    if last:
        fonts, sheets, layouts = last["fonts"], last["sheets"], last["layouts"]
    else:
        fonts = out.run(load_model, root, locate(root, "layouts", "fonts.yaml"), FontsFile)
        sheets = out.run(load_model, root, locate(root, "layouts", "sheets.yaml"), SheetsFile)
        if fonts is not None:
            out.run(check_font_files, root, fonts)
        # a region's font: a role, or a family by name (a .ttf/.otf of the game folder is checked per game)
        layouts = Layouts(LayoutFiles(root, root / "layouts"), set(fonts.default.roles) | set(fonts.families)
                          if fonts else set())
    if not game_ids:
        layouts.check(list(layouts), out)

    games, stamps = {}, {}
    for gid in selected:
        stamps[gid] = _stamp(directories[gid])
        earlier = last.get("games", {}).get(gid)
        if earlier and stamps[gid] is not None and earlier[0] == stamps[gid]:
            games[gid] = earlier[1]
            continue
        data, problems = load_game_and_problems(root, directories[gid])
        out.problems += problems
        if data:   # as far as it loaded: its other files are still checked, in the same round
            games[gid] = data
    if sheets and fonts is not None:
        project = Project(root, games, layouts, fonts, sheets)
        for data in games.values():
            cross_check(project, data, out)
    for data in games.values():   # the YAML trees were kept for the cross-checks' line numbers only
        for deck in data.decks:
            vars(deck).pop("_raw", None)
    # a layout checked twice, or a box of a layout others extend, reports once
    problems = once_per_place(dict.fromkeys(layouts.problems + out.problems))
    problems = column_hints(problems, games, layouts)   # `{{ card.desc }}` for the column Desc: card.props.desc
    if problems:
        return (Project(root, games, layouts, fonts, sheets) if sheets and fonts is not None else None), problems
    if shared is not None:
        kept = last.get("games", {})
        kept.update({gid: (stamps[gid], games[gid]) for gid in games if stamps[gid] is not None})
        _last_load.clear()
        _last_load.update(key=(root, shared), fonts=fonts, sheets=sheets, layouts=layouts, games=kept)
    return Project(root, games, layouts, fonts, sheets), []

