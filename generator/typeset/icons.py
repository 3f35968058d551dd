"""The icon font: the icons' SVG paths compiled with fontTools into a TrueType font, so icons
sit on the text baseline, scale and wrap with the text, and are embedded like any font."""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics

from ..reading import user_cache
from ..card_layout.layout_file import IconSpec
from .metrics import MeasuredTTFont

ICON_BASE = 0xE000  # Unicode private use area
ICON_ASCENT, ICON_DESCENT = 800, 200
ICON_FONT_VERSION = 2  # bump when _compile_icons changes: cached fonts are keyed by it


@dataclass(frozen=True)
class IconFont:
    name: str
    codes: dict[str, int]
    colors: dict[str, str | None]
    # texts turned into paragraph markup with these icons (typeset/text.py, to_markup), kept as
    # long as the font: the same card text is set by the cards files, the rules' figures, the aids
    markups: dict = field(default_factory=dict, compare=False, repr=False)


def build_icon_font(name: str, icons: dict[str, IconSpec]) -> IconFont:
    """Compile the icons' SVG paths into a TrueType font registered as `name`.

    Glyphs sit on the text baseline and scale with the text, and the font is embedded and
    subset like any other, so icons stay vectors and follow the paragraph's wrapping.
    """
    names = sorted(icons)
    return _icon_font(name, tuple((n, icons[n].path, icons[n].advance, icons[n].color) for n in names))


@lru_cache(maxsize=None)
def _icon_font(name: str, icons: tuple) -> IconFont:
    data = _cached_font_bytes(name, icons)
    pdfmetrics.registerFont(MeasuredTTFont(name, io.BytesIO(data)))
    codes = {n: ICON_BASE + i for i, (n, *_) in enumerate(icons)}
    return IconFont(name, codes, {n: color for n, _p, _a, color in icons})


def _cached_font_bytes(name: str, icons: tuple) -> bytes:
    """Compiling with fontTools costs more than the rest of a small build, so the result is kept
    in the user's cache, keyed by the icons' definitions and fontTools' version (same input, same
    bytes), among the most recently used ones (reading/user_cache.py)."""
    from fontTools import version as fonttools
    key = hashlib.sha256(repr((ICON_FONT_VERSION, fonttools, name, icons)).encode()).hexdigest()[:24]
    return user_cache.SharedStore(user_cache.folder() / "icon-fonts").remembered(
        f"icons-{key}", lambda: _compile_fresh(icons, name))


def _compile_fresh(icons: tuple, family: str) -> bytes:
    # earlier versions kept every icon font loose in the cache folder, unbounded
    try:
        for loose in user_cache.folder().glob("icons-*.ttf"):
            loose.unlink(missing_ok=True)
    except OSError:
        pass
    return _compile_icons(icons, family)


def _compile_icons(icons: tuple, family: str) -> bytes:
    # The family name (the registered name) must differ between icon sets: ReportLab keys
    # embedded subsets by it, so two games built in one run would otherwise share glyphs.
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.svgLib.path import parse_path

    glyph_order = [".notdef", "space"] + [n for n, *_ in icons]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(glyph_order)
    codes = {n: ICON_BASE + i for i, (n, *_) in enumerate(icons)}
    cmap = {0x20: "space", **{code: n for n, code in codes.items()}}
    fb.setupCharacterMap(cmap)
    glyphs, metrics = {}, {}
    empty = TTGlyphPen(None)
    glyphs[".notdef"] = empty.glyph()
    glyphs["space"] = TTGlyphPen(None).glyph()
    metrics[".notdef"] = (500, 0)
    metrics["space"] = (250, 0)
    for n, path, advance, _color in icons:
        pen = TTGlyphPen(None)
        # SVG is y-down in a 1000 box; fonts are y-up from the baseline.
        parse_path(path, TransformPen(Cu2QuPen(pen, 1.0, reverse_direction=True), (1, 0, 0, -1, 0, ICON_ASCENT)))
        glyphs[n] = pen.glyph()
        metrics[n] = (advance, 0)
    fb.setupGlyf(glyphs)
    for n, glyph in glyphs.items():
        glyph.recalcBounds(fb.font["glyf"])
        metrics[n] = (metrics[n][0], getattr(glyph, "xMin", 0))
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=ICON_ASCENT, descent=-ICON_DESCENT)
    fb.setupOS2(sTypoAscender=ICON_ASCENT, sTypoDescender=-ICON_DESCENT, usWinAscent=ICON_ASCENT,
                usWinDescent=ICON_DESCENT)
    fb.setupPost()
    fb.setupHead(unitsPerEm=1000, created=0, modified=0)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    buffer = io.BytesIO()
    fb.save(buffer)
    return buffer.getvalue()
