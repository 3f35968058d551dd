"""Fonts: TrueType families registered with ReportLab (always embedded), per-language roles,
and glyph coverage checks."""
from __future__ import annotations

import hashlib
import io
import weakref
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics

from datafile.errors import BuildError, DataError
from datafile.source import read_bytes

from ..reading.locate import (MAX_FONT_BYTES, game_font, locate_inside, system_font, system_style,
                              system_substitute)
from ..model.sheets_file import FontsFile, LanguageTypography
from .hyphenation import hyphenator
from .cff_outlines import bitmaps_only, truetype_bytes
from .icons import ICON_BASE
from .metrics import MeasuredTTFont


@dataclass(frozen=True)
class Face:
    """One registered font face and the characters it can draw."""

    name: str
    charset: frozenset
    shown: str = ""     # as a message names it: the user's name, never the registered alias

    @property
    def said(self) -> str:
        return self.shown or self.name


@dataclass(frozen=True)
class Typography:
    lang: str
    roles: dict[str, str]        # role -> family name
    hyphenation: str | None
    cjk: bool
    hyphenator: object = None    # hyphenation.Hyphenator: the dictionary with the project's corrections


@lru_cache(maxsize=None)
def _register_face(path: Path, name: str, folder: Path) -> Face:
    # layouts/fonts.yaml is checked when the project loads; this is the last guard, for a
    # file removed or replaced since: a font is read only from layouts/fonts/
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        raise BuildError(f"font file {path.name} is outside layouts/fonts/ (see layouts/fonts.yaml)") from None
    if not path.is_file():
        raise BuildError(f"font file layouts/fonts/{path.name} not found (see layouts/fonts.yaml)")
    try:   # a regular file of that folder, bounded (datafile.source: not /dev/zero, a pipe or /proc)
        data = read_bytes(path, f"layouts/fonts/{path.name}", MAX_FONT_BYTES, (folder,), "a font file (.ttf or .otf)")
    except DataError as exc:
        raise BuildError(str(exc.problems[0])) from None
    data = truetype_bytes(data, f"layouts/fonts/{path.name}")     # a CFF .otf: its TrueType conversion
    try:
        font, face = _parsed_face(name, data)
    except Exception as exc:  # ReportLab raises TTFError, struct.error, ... on a damaged file
        said = bitmaps_only(data, f"layouts/fonts/{path.name}")
        if said:
            raise BuildError(said) from None
        raise BuildError(f"font file layouts/fonts/{path.name} is not a usable font (.ttf or .otf) "
                         f"({' '.join(str(exc).split())[:120]})") from None
    pdfmetrics.registerFont(font)
    return face


@lru_cache(maxsize=32)
def _parsed_face(name: str, data: bytes) -> tuple[MeasuredTTFont, Face]:
    """One parse per font content: ReportLab reads every glyph's metrics (~25 ms for a Japanese
    face), and projects copied elsewhere (`pnp new`, the tests) hold the same bytes at other paths."""
    font = MeasuredTTFont(name, io.BytesIO(data))
    return font, Face(name, frozenset(font.face.charToGlyph))


@lru_cache(maxsize=None)
def _register_file_face(data: bytes, name: str, shown: str) -> Face:
    try:
        font = MeasuredTTFont(name, io.BytesIO(data))
    except Exception as exc:  # TTFError for a font of bitmaps only, struct.error for a damaged file
        said = bitmaps_only(data, shown)
        if said:
            raise BuildError(said) from None
        raise BuildError(f"font file '{shown}' cannot be embedded ({' '.join(str(exc).split())[:100]}): "
                         f"use a TrueType font (.ttf) or an OpenType font (.otf)") from None
    pdfmetrics.registerFont(font)
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(name, bold, italic, name)   # <b> and <i> in a paragraph keep this face
    return Face(name, frozenset(font.face.charToGlyph))


_books: weakref.WeakSet = weakref.WeakSet()   # every FontBook alive, for forget_registered


def forget_registered() -> None:
    """ReportLab forgets every font registered since the process started, and so does everything
    here that would hand out a name registered before: the caches above and every FontBook's (a
    process that builds again after a font changed; a book kept across builds, as tests keep one)."""
    pdfmetrics._reset()
    _register_face.cache_clear()
    _register_file_face.cache_clear()
    for book in _books:
        book._faces.clear()
        book._files.clear()


class FontBook:
    """Resolves a (language, role, bold, italic) to a registered face."""

    def __init__(self, root: Path, spec: FontsFile):
        self.dir = root / "layouts" / "fonts"
        self.root = root
        self.spec = spec
        self._faces: dict[tuple[str, bool, bool], Face] = {}   # a product asks thousands of times
        self._files: dict[tuple[Path, str], str] = {}           # a game folder's font files: their family
        _books.add(self)

    def typography(self, lang: str) -> Typography:
        default, own = self.spec.default, self.spec.languages.get(lang, LanguageTypography())
        dictionary = own.hyphenation if own.hyphenation is not None else default.hyphenation
        return Typography(lang, {**default.roles, **own.roles}, dictionary, own.cjk or default.cjk,
                          hyphenator(self.dir.parent.parent, lang, dictionary) if dictionary else None)

    def face(self, family: str, bold: bool = False, italic: bool = False) -> Face:
        """Register (once, on first use: a Japanese font is read only for Japanese) and
        return one face; <b>/<i> in paragraphs find their faces through the family mapping."""
        key = (family, bool(bold), bool(italic))
        if key not in self._faces:
            self._faces[key] = self._face(family, bool(bold), bool(italic))
        return self._faces[key]

    def file_family(self, folder: Path, name: str) -> str:
        """A font file of a game folder as a family (one face for every style), registered under
        a name made from its content, so the same file gives the same PDF anywhere."""
        if (folder, name) in self._files:   # asked for by every text box that uses it
            return self._files[(folder, name)]
        path = game_font(folder, name)
        try:   # read by the project's one rule (datafile.source), as every other font
            data = read_bytes(path, name, MAX_FONT_BYTES, (folder,), "a font file (.ttf or .otf)")
        except DataError as exc:
            raise BuildError(str(exc.problems[0])) from None
        # named by the designer's file; a CFF .otf is embedded as its TrueType conversion
        family = self._files[(folder, name)] = self._one_face_family(
            "file", truetype_bytes(data, name), name, named_by=data)
        return family

    def system_family(self, name: str) -> str:
        """A family installed on this system (fontconfig; a CFF .otf converted), its faces by style."""
        if ("system", name) in self._files:
            return self._files[("system", name)]
        path = system_font(name)
        if path is None:
            raise BuildError(f"font '{name}' is not installed here (fc-list : family lists what is); "
                             f"use a family of layouts/fonts.yaml or a .ttf in the game folder")
        data = truetype_bytes(read_bytes(path, str(path), MAX_FONT_BYTES, (path.parent,), "a font file"), str(path))
        substitute = system_substitute(name)     # Liberation Sans for Arial: the same widths
        shown = f"'{name}' ({f'as {substitute}, ' if substitute else ''}installed on this system)"
        family = self._files[("system", name)] = self._one_face_family("system", data, name, shown)
        styled = {}
        for bold, italic in ((True, False), (False, True), (True, True)):   # fc-match "Family:bold", …
            path = system_style(name, bold, italic)
            if path is not None:   # else the regular face (validate has said the family has no such style)
                data = truetype_bytes(read_bytes(path, str(path), MAX_FONT_BYTES, (path.parent,), "a font file"),
                                      str(path))
                face = _register_file_face(data, f"pnp-system-{hashlib.sha256(data).hexdigest()[:10]}", name)
                styled[(bold, italic)] = self._faces[(family, bold, italic)] = replace(face, shown=shown)
        for (bold, italic), face in styled.items():   # <b> and <i> in its paragraphs too
            addMapping(f"pnp-{family}", int(bold), int(italic), face.name)
        # last: registerFont left the regular name read as the family's bold italic (its own last
        # mapping), so a paragraph set in the regular face printed in the bold italic file
        addMapping(f"pnp-{family}", 0, 0, f"pnp-{family}")
        if (True, True) not in styled and styled:     # bold italic missing: the bold, else the italic
            self._faces[(family, True, True)] = styled.get((True, False)) or styled[(False, True)]
        return family

    def _one_face_family(self, kind: str, data: bytes, name: str, shown: str = "", named_by: bytes = b"") -> str:
        """A font file's bytes as a family named by their hash (or `named_by`'s), its one face for every style."""
        family = f"{kind}-{hashlib.sha256(named_by or data).hexdigest()[:10]}"
        if (family, False, False) not in self._faces:
            face = replace(_register_file_face(data, f"pnp-{family}", name), shown=shown or f"'{name}'")
            for bold in (False, True):
                for italic in (False, True):
                    self._faces[(family, bold, italic)] = face
        return family

    def _face(self, family: str, bold: bool, italic: bool) -> Face:
        spec = self.spec.families[family]
        base = f"pnp-{family}"
        files = {"regular": spec.regular, "bold": spec.bold or spec.regular,
                 "italic": spec.italic or spec.regular,
                 "bold_italic": spec.bold_italic or spec.bold or spec.italic or spec.regular}
        style = {(False, False): "regular", (True, False): "bold", (False, True): "italic",
                 (True, True): "bold_italic"}[(bold, italic)]
        # each file from the project's layouts/fonts/ or else the bundled one (reading/locate.py),
        # and never from outside that folder
        path, folder = locate_inside(self.root, ("layouts", "fonts"), files[style])
        face = replace(_register_face(path, f"{base}-{style}", folder), shown=f"'{family}' ({files[style]})")
        # after registering: ReportLab's registerFont maps a TrueType face's name to a family of
        # its own (<b> in a paragraph of pnp-cardo-regular would stay pnp-cardo-regular), so the
        # family's mapping is set again whenever a face is asked for, whatever was registered
        # before (a paragraph's bold must not depend on which face the process loaded last)
        for b, i, style in ((0, 0, "regular"), (1, 0, "bold"), (0, 1, "italic"), (1, 1, "bold_italic")):
            addMapping(base, b, i, f"{base}-{style}")
        return face


def missing_glyphs(text: str, face: Face) -> list[str]:
    """Characters of `text` that `face` cannot draw (icons and line breaks excepted)."""
    return sorted({c for c in set(text) if c not in "\n\t\xad" and ord(c) not in face.charset   # each character once
                   and not (ICON_BASE <= ord(c) < ICON_BASE + 0x1000)})
