"""The site's web fonts: each committed TTF subset to the characters the pages of a build show,
written as WOFF2 (HarfBuzz subsets, fontTools writes the WOFF2, brotli compresses). A Latin rules
page then loads a few tens of KB of Cardo instead of 2.4 MB of TTF, and a Japanese page only the
kanji it prints.

One subset per script and build (Latin pages share Cardo, Japanese pages BIZ UD PGothic), named
by a hash of its characters: a later build of one game writes new files and never strips glyphs
from those the other games' pages still use. Same characters, same bytes.
"""
from __future__ import annotations

import hashlib
import html
import io
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
    (with their layout features: ligatures, kerning), as WOFF2. HarfBuzz subsets (its C
    subsetter: milliseconds, where fontTools' pure-Python one took 1.1 CPU-s a build for the four
    fonts); fontTools writes the WOFF2 (glyf transform, brotli)."""
    import uharfbuzz as hb               # imported here: a build without the site never needs them
    from fontTools.ttLib import TTFont
    wanted = hb.SubsetInput()
    wanted.unicode_set.update(ord(c) for c in chars if ord(c) >= 0x20)
    # unhinted: screens at phone sizes render well without, and it saves ~30 %; a visible .notdef
    # box where a glyph is missing; names 0-6 (copyright and names, as the OFL asks) are
    # HarfBuzz's default, as are dropping glyph names and pruning the OS/2 Unicode ranges
    wanted.flags = hb.SubsetFlags.NO_HINTING | hb.SubsetFlags.NOTDEF_OUTLINE
    # the pages are set horizontally (no writing-mode in site.css): the vertical forms of the
    # Japanese punctuation (vert/vrt2) were 250 glyphs no page shows, 9 KB of its 87
    for feature in VERTICAL:
        tag = int.from_bytes(feature.encode("ascii"), "big")
        if tag in wanted.layout_feature_tag_set:
            wanted.layout_feature_tag_set.remove(tag)
    subset = hb.subset(hb.Face(hb.Blob(source)), wanted)
    if subset is None:
        raise ValueError("HarfBuzz could not subset the font")
    font = TTFont(io.BytesIO(subset.blob.data), recalcBBoxes=False, recalcTimestamp=False)
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
