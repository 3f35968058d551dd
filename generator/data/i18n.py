"""Interface and layout strings ("Cost", "End of game", ...) from gettext PO catalogues.

Catalogues live in locales/<lang>/LC_MESSAGES/<domain>.po (one domain per part of the
project: pnp, tournay, aids, ...) and are read with Babel, so translators keep their usual
tools. English msgids are the source text; all domains of a language are merged.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from datafile.errors import BuildError

from .locate import catalogue_paths

SOURCE_LANGUAGE = "en"


@lru_cache(maxsize=None)
def load_catalogue(root: Path, lang: str) -> dict[str, str]:
    from babel.messages.pofile import (
        read_po,  # imported here: English builds never need it
    )

    merged: dict[str, str] = {}
    for path in catalogue_paths(root, lang):   # bundled, then the project's own (locate.py)
        with path.open("rb") as handle:
            catalogue = read_po(handle, locale=lang)
        merged.update({m.id: m.string for m in catalogue if m.id and m.string and not m.fuzzy})
    return merged


@dataclass
class Translator:
    """Callable as `_` in templates; remembers what it could not translate."""

    root: Path
    lang: str
    allow_missing: bool = False
    missing: set[str] = field(default_factory=set)

    def __call__(self, msgid: str) -> str:
        if self.lang == SOURCE_LANGUAGE:
            return msgid
        text = load_catalogue(self.root, self.lang).get(msgid)
        if text:
            return text
        self.missing.add(msgid)
        if not self.allow_missing:
            raise BuildError(f"no {self.lang} translation for '{msgid}' in locales/{self.lang}/LC_MESSAGES/*.po "
                             f"(add it, or build with --allow-missing to fall back to English)")
        return msgid
