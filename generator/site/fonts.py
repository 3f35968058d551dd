"""The site's web fonts: each committed TTF subset to the characters the pages of a build show,
written as WOFF2 (fontTools does both; brotli compresses). A Latin rules page then loads a few
tens of KB of Cardo instead of 2.4 MB of TTF, and a Japanese page only the kanji it prints.

One subset per script and build (Latin pages share Cardo, Japanese pages BIZ UD PGothic), named
by a hash of its characters: a later build of one game writes new files and never strips glyphs
from those the other games' pages still use. Same characters, same bytes.
"""
from __future__ import annotations

import hashlib
import html
import io
import logging
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass


# Always kept: what a reader types into the search box should not fall back to another font.
BASIC = {chr(c) for c in range(0x20, 0x7F)} | set("’‘“”«»–—…·×\u00a0\u202f")
VERTICAL = {"vert", "vrt2", "vkrn", "vpal", "valt", "vhal", "vchw"}   # OpenType features of vertical text
TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]*>", re.S)


@dataclass(frozen=True)
class WebFont:
    family: str      # CSS family name
    source: str      # file under layouts/fonts/
    file: str        # file name written under <game>/fonts/
    weight: str = "normal"
    style: str = "normal"


LATIN = [WebFont("Cardo", "Cardo-Regular.ttf", "cardo-regular.woff2"),
         WebFont("Cardo", "Cardo-Bold.ttf", "cardo-bold.woff2", weight="bold"),
         WebFont("Cardo", "Cardo-Italic.ttf", "cardo-italic.woff2", style="italic")]
# Japanese: the regular weight only; bold is synthesised by the browser (the bold TTF would
# double the page's weight for a few headings).
JAPANESE = [WebFont("BIZ UDPGothic", "BIZUDPGothic-Regular.ttf", "bizudpgothic-regular.woff2")]
LICENCES = ["Cardo-LICENSE.txt", "BIZUDGothic-LICENSE.txt"]


SLOT = "/*@font-face*/"        # where a page's @font-face rules go, once the subsets are known


def script_of(lang: str) -> str:
    return "ja" if lang == "ja" else "latin"


def fonts_for(script: str) -> list[WebFont]:
    return JAPANESE if script == "ja" else LATIN


def file_name(font: WebFont, chars: set[str]) -> str:
    digest = hashlib.sha256("".join(sorted(chars)).encode("utf-8")).hexdigest()[:10]
    return font.file.replace(".woff2", f"-{digest}.woff2")


def characters(page: str) -> set[str]:
    """Every character a page can show: its text and attribute values (tags and scripts out)."""
    text = html.unescape(TAG.sub(" ", page))
    attributes = html.unescape(" ".join(re.findall(r'(?:title|placeholder|aria-label|data-[a-z-]+)="([^"]*)"', page)))
    return set(text) | set(attributes) | BASIC


def woff2(source: bytes, chars: set[str]) -> bytes:
    """The font `source` (its bytes, read by the project's rule: sources.font) subset to `chars`
    (with their layout features: ligatures, kerning), as WOFF2."""
    from fontTools import subset          # imported here: a build without the site never needs it
    from fontTools.ttLib import TTFont
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False             # screens at phone sizes render well unhinted; saves ~30 %
    options.desubroutinize = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]   # keep copyright and names (OFL)
    options.notdef_outline = True
    # the pages are set horizontally (no writing-mode in site.css): the vertical forms of the
    # Japanese punctuation (vert/vrt2) were 250 glyphs no page shows, 9 KB of its 87
    options.layout_features = [f for f in options.layout_features if f not in VERTICAL]
    font = TTFont(io.BytesIO(source), recalcTimestamp=False)   # glyphs read on demand (3x faster, same bytes)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes={ord(c) for c in chars if ord(c) >= 0x20})
    quiet = logging.getLogger("fontTools")   # "meta NOT subset", ...: the subset is fine, the user can do nothing
    level, quiet.level = quiet.level, logging.ERROR
    try:
        subsetter.subset(font)
    finally:
        quiet.level = level
    out = io.BytesIO()
    font.flavor = "woff2"
    with brotli_quality(BROTLI_QUALITY):
        font.save(out, reorderTables=False)
    return out.getvalue()


# Brotli's quality for the fonts: 11 (fontTools' fixed choice) took 0.37 s a build for 0.4 % fewer
# bytes than 10 (0.15 s); 9 would add 3.6 % (measured on the project's four subsets).
BROTLI_QUALITY = 10
_quality_lock = threading.Lock()


@contextmanager
def brotli_quality(quality: int):
    """fontTools' WOFF2 writer compresses with `brotli.compress(data, mode=...)` and no quality
    (so 11, the slowest): for the time of a save, its module's `brotli` is one that passes
    `quality`. The rest of brotli is the module's own (decompress, the modes)."""
    from fontTools.ttLib import woff2 as writer
    real = writer.brotli

    class WithQuality:
        def __getattr__(self, name):
            return getattr(real, name)

        @staticmethod
        def compress(data, **options):
            return real.compress(data, **{"quality": quality, **options})
    with _quality_lock:
        writer.brotli = WithQuality()
        try:
            yield
        finally:
            writer.brotli = real


def font_face_css(files: list[tuple[WebFont, str]], prefix: str) -> str:
    """@font-face rules for a page; `prefix` is the relative path to the fonts folder."""
    rules = []
    for f, name in files:
        rules.append(f'@font-face{{font-family:"{f.family}";src:url("{prefix}{name}") format("woff2");'
                     f"font-weight:{f.weight};font-style:{f.style};font-display:swap}}")
    return "\n".join(rules)
