"""A font with PostScript (CFF) outlines made TrueType, for ReportLab, which embeds only TrueType.

Many designers' .otf fonts (Grundschrift, most of Google Fonts' .otf downloads) keep their glyphs
as CFF charstrings: cubic curves. fontTools draws each glyph through cu2qu (cubic to quadratic,
within a 1/1000 em) into a `glyf` table, as fontTools' own otf2ttf snippet does; metrics, cmap,
names and the layout tables (GPOS kerning, GSUB) are the font's own, kept as they are. The result
is kept in the user's cache (reading/user_cache.py) keyed by the source font's bytes, this code's
version and fontTools' version: the same font gives the same bytes, so the same PDF, on every
build and in every project.
"""
from __future__ import annotations

import hashlib
import io
from functools import lru_cache

from datafile.errors import BuildError

from ..reading import user_cache
from ..reading.locate import CFF_MAGIC

CONVERTER_VERSION = 1      # raise when the conversion below changes its output
NEEDED = {"head", "hhea", "hmtx", "maxp", "cmap", "name", "post", "OS/2"}   # what ReportLab reads
BITMAPS = {"EBDT", "EBLC", "CBDT", "CBLC", "sbix", "bdat", "bloc"}


@lru_cache(maxsize=8)    # per process: every FontBook of a watch or a test asks again
def truetype_bytes(data: bytes, shown: str) -> bytes:
    """`data` unchanged when it is not a CFF-flavoured OpenType font; else its TrueType-outline
    conversion (made once, then read from the cache). BuildError (one line naming `shown`) for
    one that cannot be converted."""
    if data[:4] != CFF_MAGIC:
        return data
    from fontTools import version as fonttools
    source = hashlib.sha256(data).hexdigest()
    key = hashlib.sha256(repr((CONVERTER_VERSION, fonttools, source)).encode()).hexdigest()[:24]
    return user_cache.SharedStore(user_cache.folder() / "truetype-fonts").remembered(
        f"cff-{key}", lambda: convert(data, shown))


def convert(data: bytes, shown: str) -> bytes:
    """The TrueType-outline font for the CFF-outline font `data`."""
    from fontTools.ttLib import TTFont
    try:
        font = TTFont(io.BytesIO(data), recalcTimestamp=False)
        tags = set(font.keys()) - {"GlyphOrder"}
        missing = sorted(NEEDED - tags)
        font.ensureDecompiled()    # every table read now (made once, then cached): a damaged one is said here
    except Exception as exc:   # TTLibError, struct.error, AssertionError, ... on a damaged file
        raise BuildError(f"font file '{shown}' is a damaged OpenType font ({_said(exc)}): "
                         f"use another copy of it, or a TrueType font (.ttf)") from None
    if "CFF2" in tags:
        raise BuildError(f"font file '{shown}' is a variable font with CFF2 outlines: use one of its "
                         f"static styles (an .otf or .ttf of one weight)")
    if "CFF " not in tags and tags & BITMAPS:
        raise BuildError(_bitmaps_only(shown))
    if missing or "CFF " not in tags:
        lacking = ", ".join(repr(tag) for tag in missing or ["CFF "])
        raise BuildError(f"font file '{shown}' is a damaged OpenType font (it lacks its {lacking} "
                         f"table{'s' if len(missing) > 1 else ''}): use another copy of it, or a TrueType font (.ttf)")
    try:
        _to_truetype(font)
        out = io.BytesIO()
        font.save(out)
    except Exception as exc:   # fontTools raises many kinds on a charstring it cannot read
        raise BuildError(f"font file '{shown}' has PostScript (CFF) outlines pnp could not convert "
                         f"({_said(exc)}): use a TrueType font (.ttf)") from None
    return out.getvalue()


def _bitmaps_only(shown: str) -> str:
    return f"font file '{shown}' has bitmap glyphs only, no outlines to embed: use a font with outlines (.ttf or .otf)"


def bitmaps_only(data: bytes, shown: str) -> str | None:
    """The one line for a font of bitmap glyphs only (an EBDT/CBDT/sbix font: no `glyf`, no CFF),
    which ReportLab refuses as 'missing location table'; None for any other font."""
    from fontTools.ttLib import TTFont
    try:
        tags = set(TTFont(io.BytesIO(data)).keys())
    except Exception:    # a damaged file: ReportLab's own words say what is wrong
        return None
    return _bitmaps_only(shown) if tags & BITMAPS and not tags & {"glyf", "CFF ", "CFF2"} else None


def _said(exc: Exception) -> str:
    return " ".join(str(exc).split())[:100] or type(exc).__name__


def _to_truetype(font) -> None:
    """fontTools' Snippets/otf2ttf.py: glyf+loca from the CFF charstrings, a TrueType maxp and post."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    quadratic = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        # max_err in font units (1/1000 em for a 1000-unit CFF font); TrueType winds the other way
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        quadratic[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = quadratic
    del font["CFF "]
    if "VORG" in font:     # vertical origins belong to CFF fonts only
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]    # a TrueType glyph's left side bearing is its xMin
    for name, glyph in quadratic.items():
        width, _ = hmtx.metrics[name]
        hmtx.metrics[name] = (width, getattr(glyph, "xMin", 0))
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones, maxp.maxTwilightPoints, maxp.maxStorage = 1, 0, 0
    maxp.maxFunctionDefs = maxp.maxInstructionDefs = maxp.maxStackElements = maxp.maxSizeOfInstructions = 0
    maxp.maxComponentElements = max((len(getattr(g, "components", []) or []) for g in quadratic.values()),
                                    default=0)
    maxp.compile(font)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    try:
        post.compile(font)
    except OverflowError:
        post.formatType = 3.0          # too many names to keep: glyph names are not needed to print
    font.sfntVersion = "\x00\x01\x00\x00"
