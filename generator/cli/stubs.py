"""`pnp new`'s example player aid, aid card and rules, left as they were written when the
designer's own cards replaced the example's: they read the example cards (`card.props.cost`,
`:coin:`, `[[market]]`), so each would fail on its own lines. Said once, naming the files to
delete (without aid/ and rules/ a game builds its card index and no player aids)."""
from __future__ import annotations

from pathlib import Path

import yaml

from datafile.errors import DataError, Problem
from datafile.source import SAFE_LOADER

from ..texts.aid_card import load_aid_cards
from ..texts.aids import load_aids
from ..texts.rules import load_rules
from .scaffolding import SCAFFOLD, STRINGS, fill

STUB_FOLDERS = ("aid", "aid-card", "rules")


def unchanged_stubs(project, game) -> list[Path]:
    """The game's aid, aid-card and rules files that are still exactly what `pnp new` wrote."""
    langs = list(game.game.languages)
    texts = None
    found = []
    for folder in STUB_FOLDERS:
        for lang in langs:
            path = game.directory / folder / f"{lang}.yaml"
            if not path.is_file():
                continue
            texts = texts or yaml.load(STRINGS.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
            source = (SCAFFOLD / "cards" / "__game__" / folder / "__lang__.yaml").read_text(encoding="utf-8")
            written = fill(source, {"game": game.id, "lang": lang, "languages": ", ".join(langs)}, texts, langs, lang)
            try:
                if path.read_text(encoding="utf-8") == written:
                    found.append(path)
            except (OSError, UnicodeDecodeError):
                continue
    return found


def _hint(project, game, stubs: list[Path]) -> Problem:
    # a folder whose files are all stubs is named whole; else its stub files one by one
    named = []
    for folder in sorted({p.parent for p in stubs}):
        own = [p for p in stubs if p.parent == folder]
        whole = set(own) == set(folder.iterdir())
        named += [project.relative(folder) + "/"] if whole else [project.relative(p) for p in own]
    return Problem(project.relative(stubs[0]), 0, "",
                   f"{len(stubs)} file(s) of pnp new's example aid and rules, unchanged, read the example "
                   f"cards your deck replaced",
                   f"deleted: {' '.join(named)} (the build then makes the card index and no player aids); "
                   f"or written for your cards")


def fold_stubs(project, problems: list[Problem]) -> list[Problem]:
    """`problems` with those of unchanged stubs replaced by one line per game."""
    if project is None or not problems:
        return problems
    out = list(problems)
    for game in project.games.values():
        stubs = unchanged_stubs(project, game)
        names = {project.relative(p) for p in stubs}
        if stubs and any(p.file in names for p in out):
            first = next(i for i, p in enumerate(out) if p.file in names)
            out = [p for p in out[:first] if p.file not in names] + [_hint(project, game, stubs)] + \
                [p for p in out[first:] if p.file not in names]
    return out


def stub_problems(project, game) -> list[Problem]:
    """For the build: the one line, when an unchanged stub fails to load."""
    stubs = unchanged_stubs(project, game)
    if not stubs:
        return []
    names = {project.relative(p) for p in stubs}
    checks = [lambda: load_aids(project, game), lambda: load_aid_cards(project, game)] \
        if (game.directory / "aid").is_dir() else []
    checks += [lambda lang=lang: load_rules(project, game, lang) for lang in game.game.languages]
    for check in checks:
        try:
            check()
        except DataError as exc:
            if any(p.file in names for p in exc.problems):
                return [_hint(project, game, stubs)]
    return []
