"""Interface and layout strings ("Cost", "End of game", ...) from gettext PO catalogues.

Catalogues live in locales/<lang>/LC_MESSAGES/<domain>.po (one domain per part of the
project: pnp, tournay, aids, ...) and are read with Babel, so translators keep their usual
tools. English msgids are the source text; all domains of a language are merged.
"""
from __future__ import annotations

import io
import string
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from datafile.errors import BuildError, DataError, Problem
from datafile.source import read_text

from .characters import odd_character
from .locate import catalogue_paths

SOURCE_LANGUAGE = "en"
MAX_MESSAGE = 5_000     # characters in one translation


def load_catalogue(root: Path, lang: str) -> dict[str, str]:
    """Every domain of `lang` merged; DataError (file, line) on a damaged catalogue or a
    translation that could not be printed or formatted. Read again when a file changes (so
    `pnp serve` sees a new translation); each file is parsed once per version."""
    # bundled, then the project's own (locate.py)
    return _merged(tuple(_versioned(path) for path in catalogue_paths(root, lang)), lang)


def read_catalogue(path: Path, lang: str) -> dict[str, str]:
    """One domain's translations, checked as load_catalogue checks them."""
    return _read_catalogue(*_versioned(path), lang)


def _versioned(path: Path) -> tuple[Path, int, int]:
    try:
        stat = path.stat()
        return path, stat.st_mtime_ns, stat.st_size
    except OSError:
        return path, 0, 0


@lru_cache(maxsize=64)
def _merged(files: tuple, lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    problems: list[Problem] = []
    for path, mtime, size in files:
        try:
            merged.update(_read_catalogue(path, mtime, size, lang))
        except DataError as exc:
            problems += exc.problems
    if problems:
        raise DataError(problems)
    return merged


@lru_cache(maxsize=256)
def _read_catalogue(path: Path, _mtime: int, _size: int, lang: str) -> dict[str, str]:
    from babel.messages.pofile import (
        PoFileError,
        read_po,  # imported here: English builds never need it
    )

    name = f"locales/{lang}/LC_MESSAGES/{path.name}"
    try:
        catalogue = read_po(io.StringIO(read_text(path, name)), locale=lang, abort_invalid=True)
    except (PoFileError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise DataError([Problem(name, getattr(exc, "lineno", 0) or 0, "",
                                 f"not a readable gettext catalogue ({str(exc)[:150]})",
                                 "msgid \"...\" / msgstr \"...\" pairs")]) from None
    merged: dict[str, str] = {}
    problems: list[Problem] = []
    for message in catalogue:
        if not (message.id and message.string and not message.fuzzy):
            continue
        if not isinstance(message.id, str) or not isinstance(message.string, str):
            problems.append(Problem(name, message.lineno, "msgstr", "plural forms are not used",
                                    "one msgstr per msgid"))
            continue
        problem = _check_translation(message.id, message.string)
        if problem:
            problems.append(Problem(name, message.lineno, f"msgstr of '{message.id[:40]}'", *problem))
            continue
        merged[message.id] = message.string
    if problems:
        raise DataError(problems)
    return merged


def _fields(text: str) -> list[tuple[str, str | None, str | None]] | None:
    try:
        return [(f, spec, conv) for _, f, spec, conv in string.Formatter().parse(text) if f is not None]
    except ValueError:
        return None


def _check_translation(msgid: str, msgstr: str) -> tuple[str, str] | None:
    """A translation must be printable and name exactly its msgid's {placeholders}: scoring
    fills them with str.format, so an attribute, index or width there would run on our data."""
    if len(msgstr) > MAX_MESSAGE:
        return f"a translation of {len(msgstr)} characters", f"at most {MAX_MESSAGE}"
    odd = odd_character(msgstr)
    if odd:
        return f"{odd[1]} U+{ord(odd[0]):04X} cannot be printed", "printable characters"
    source, translated = _fields(msgid), _fields(msgstr)
    if source is None or not source:     # not a template: any braces are literal text
        return None
    if translated is None or any(spec or conv for _, spec, conv in translated) or \
            sorted({f for f, _, _ in translated}) != sorted({f for f, _, _ in source}):
        shown = ", ".join("{" + f + "}" for f in sorted({f for f, _, _ in source}))
        return "its placeholders differ from the English text's", f"exactly {shown}, without formats"
    return None


@dataclass
class Translator:
    """Callable as `_` in templates; remembers what it could not translate."""

    root: Path
    lang: str
    allow_missing: bool = False
    missing: set[str] = field(default_factory=set)
    _catalogue: dict[str, str] | None = field(default=None, repr=False)

    def __call__(self, msgid: str) -> str:
        if self.lang == SOURCE_LANGUAGE:
            return msgid
        if self._catalogue is None:   # once per translator (one product): thousands of calls
            self._catalogue = load_catalogue(self.root, self.lang)
        text = self._catalogue.get(msgid)
        if text:
            return text
        self.missing.add(msgid)
        if not self.allow_missing:
            raise BuildError(f"no {self.lang} translation for '{msgid}' in locales/{self.lang}/LC_MESSAGES/*.po "
                             f"(add it, or build with --allow-missing to fall back to English)")
        return msgid
