"""One term per concept: a game's texts against the project's glossaries (glossary/<lang>.yaml).

A glossary entry names the term to use and its `forbidden` variants (whole words in languages
written with spaces, anywhere in Japanese) or `forbidden_patterns` (regular expressions); `games`
limits it to those games. `pnp validate` (and so `pnp build`) refuses a text of the game that uses
a variant, at its file and line. Read: the `<lang>:` values of the card files, the aid, aid card and
rules files of that language, the game's own catalogue (locales/<lang>/LC_MESSAGES/<game>.po) and
the catalogues every game shares (print sheets, aids, site, calculator), unless an entry limited to
some games says `shared: false` (as tests/content/test_glossary.py reads them).
A project without a glossary/ folder has nothing to check.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from datafile.errors import Problem

SUBSTRING_LANGS = {"ja", "zh", "ko"}        # no spaces between words: a variant matches anywhere
TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)     # a Jinja tag reads as a number
KEY = re.compile(r"\s*(?:- )?([\w-]+):\s?(.*)$")
STRUCTURE = {"id", "each", "show", "card", "icons", "key", "side", "reference"}    # keys, not text


def glossary_problems(project, game) -> list[Problem]:
    folder = project.root / "glossary"
    if not folder.is_dir():
        return []
    problems: list[Problem] = []
    for lang in game.game.languages:
        path = folder / f"{lang}.yaml"
        if not path.exists():
            continue
        # PyYAML, not the data loader: a pattern may name a range of code points (ぁ-ゖ, U+3040…)
        glossary = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        checks = _checks(glossary, lang, game.id)
        if not checks:
            continue
        for file in _files(project, game, lang):
            problems += _scan(project, file, lang, checks, every_language=file.parent == game.directory)
        shared = _checks(glossary, lang, game.id, shared=True)
        for file in _shared_catalogues(project, lang):
            problems += _scan(project, file, lang, shared, every_language=False)
    return problems


def _checks(glossary: dict, lang: str, game_id: str, shared: bool = False) -> list[tuple[str, re.Pattern]]:
    checks = []
    for entry in glossary.get("terms") or []:
        if entry.get("games") and (game_id not in entry["games"] or (shared and entry.get("shared") is False)):
            continue
        term = entry.get("term", "")
        for variant in entry.get("forbidden") or []:
            rx = re.escape(str(variant)) if lang in SUBSTRING_LANGS else rf"(?<!\w){re.escape(str(variant))}(?!\w)"
            checks.append((term, re.compile(rx)))
        checks += [(term, re.compile(p)) for p in entry.get("forbidden_patterns") or []]
    return checks


def _files(project, game, lang: str) -> list[Path]:
    files = sorted(game.directory.glob("*.yaml"))
    files += [game.directory / sub / f"{lang}.yaml" for sub in ("aid", "aid-card", "rules")]
    files.append(project.root / "locales" / lang / "LC_MESSAGES" / f"{game.id}.po")
    return [f for f in files if f.exists()]


def _shared_catalogues(project, lang: str) -> list[Path]:
    """The catalogues of `lang` that belong to no game (a game's own is read with that game)."""
    games = {p.name for p in (project.root / "cards").iterdir() if p.is_dir()} if (project.root / "cards").is_dir() else set()
    return sorted(p for p in (project.root / "locales" / lang / "LC_MESSAGES").glob("*.po") if p.stem not in games)


def _scan(project, file: Path, lang: str, checks, every_language: bool) -> list[Problem]:
    """Each line of the file that holds text of `lang` and a variant. A card file holds every
    language: only its `lang:` values are read; in a catalogue, only the msgstr lines."""
    problems = []
    in_value = False
    for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
        if file.suffix == ".po":
            in_value = line.startswith("msgstr") or (in_value and line.startswith('"'))
            texts = [line] if in_value else []
        elif every_language:
            texts = re.findall(rf"(?<![\w-]){lang}:\s*(\"(?:[^\"\\]|\\.)*\"|[^,}}\n]*)", line)
        else:
            key = KEY.match(line)
            value = key.group(2) if key else line
            if not value.lstrip().startswith(('"', "'")):
                value = value.split(" #", 1)[0]         # a comment after a plain value is no text
            texts = [] if line.lstrip().startswith("#") or (key and key.group(1) in STRUCTURE) else [value]
        for text in texts:
            plain = TAG.sub("0", text)
            for term, rx in checks:
                if rx.search(plain):
                    problems.append(Problem(project.relative(file), number, "text",
                                            f"{rx.search(plain).group(0)!r} is not this project's word",
                                            f"{term!r} (glossary/{lang}.yaml)"))
    return problems
