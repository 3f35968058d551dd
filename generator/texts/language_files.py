"""A game's per-language files of one kind (`aid/<lang>.yaml`, `aid-card/<lang>.yaml`,
`rules/<lang>.yaml`): each read under the project's rule, validated against its model and checked
for odd characters; a missing language is the one problem `missing_language_file` words for the
language check too."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from datafile.errors import DataError, Problem, field_path
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from ..reading.characters import character_problems
from ..reading.locate import search_path
from ..card_layout.project import GameData, Project, missing_language_file


@dataclass
class LanguageFile:
    """One language's file of a game: its name, its raw tree (for lines) and its validated model."""
    lang: str
    file: str
    raw: object
    data: Any


def language_path(game: GameData, folder: str, lang: str) -> Path:
    return game.directory / folder / f"{lang}.yaml"


def read_language_file(project: Project, path: Path, model) -> tuple[str, object, object, list[Problem]]:
    """(file name, raw tree, validated model, odd-character problems) of one file; DataError when
    it does not parse or validate."""
    name = project.relative(path)
    raw = load_yaml(path, name, search_path(project.root))
    data = validate(model, raw, name)
    odd = [Problem(name, line_of(raw, p), field_path(p), message, "printable characters (an icon as :name:)")
           for p, message in character_problems(raw, name, None)]
    return name, raw, data, odd


def load_language_files(project: Project, game: GameData, folder: str, model, path_of) -> tuple[dict, list[Problem]]:
    """{lang: (file name, raw tree, validated model)} of the languages that load, and the problems
    of the others. `path_of(game, lang)` is where the language's file lives."""
    problems: list[Problem] = []
    loaded: dict[str, tuple[str, object, object]] = {}
    for lang in game.game.languages:
        path: Path = path_of(game, lang)
        if not path.exists():
            problems.append(missing_language_file(project, game, folder, lang))
            continue
        try:
            name, raw, data, odd = read_language_file(project, path, model)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        problems += odd
        loaded[lang] = (name, raw, data)
    return loaded, problems


def load_checked(project: Project, game: GameData, folder: str, model, path_of, make: Callable,
                 checks: Callable[[dict], list[Problem]]) -> dict:
    """Every language's file as `make(lang, name, raw, data)`, then `checks` across them: the
    files by language, or a DataError with every problem (the files' first)."""
    files, problems = load_language_files(project, game, folder, model, path_of)
    loaded = {lang: make(lang, *one) for lang, one in files.items()}
    problems += checks(loaded)
    if problems:
        raise DataError(problems)
    return loaded
