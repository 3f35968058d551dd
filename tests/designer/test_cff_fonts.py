"""A game folder's .otf with PostScript (CFF) outlines (issue 52, newcomer 4: Grundschrift-Bold.otf
was refused, so the port printed in DejaVu Sans): converted once to TrueType outlines with
fontTools, kept in the user's cache by the font's hash, embedded as any .ttf; the same font gives
the same PDF bytes. A font that still cannot be used is one line at the layout's line."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.conftest import pnp
from tests.pdfs import open_pdf

from .test_shapes_fonts import CARDS, project

TEXT = "Cubic Curves 42"
REGION = """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 12, size: 14, font: fonts/Tiny.otf, text: "%s"}
""" % TEXT


def tiny_cff_font(family: str = "TinyCubic") -> bytes:
    """A CFF-flavoured OpenType font ('OTTO', a `CFF ` table) of printable ASCII, each glyph a
    rounded blob drawn with cubic curves, made with fontTools.fontBuilder."""
    import io

    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    chars = [chr(c) for c in range(0x20, 0x7F)]
    names = [".notdef"] + [f"uni{ord(c):04X}" for c in chars]
    strings = {}
    for i, name in enumerate(names):
        pen = T2CharStringPen(500, None)
        if name != "uni0020":
            top = 300 + 5 * i        # every glyph its own shape
            pen.moveTo((50, 0))
            pen.lineTo((450, 0))
            pen.curveTo((480, top // 2), (420, top), (250, top))
            pen.curveTo((80, top), (20, top // 2), (50, 0))
            pen.closePath()
        strings[name] = pen.getCharString()
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"uni{ord(c):04X}" for c in chars})
    fb.setupCFF(family + "-Regular", {"FullName": family}, strings, {})
    fb.setupHorizontalMetrics({name: (500, 50 if name != "uni0020" else 0) for name in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular", "psName": family + "-Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The user's cache of this test only (platformdirs reads XDG_CACHE_HOME on every call)."""
    from generator.typeset.cff_outlines import truetype_bytes
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    truetype_bytes.cache_clear()
    yield tmp_path / "user-cache" / "pnp-studio" / "truetype-fonts"
    truetype_bytes.cache_clear()


def _build(root, out):
    result = pnp("build", "shapes", "--only", "cards", "--bleed", "0", "--duplex", "none",
                 "--out", str(out), root=root)
    assert result.exit_code == 0, result.output
    return out / "shapes" / "en" / "cards.pdf"


def test_a_cff_otf_of_the_game_is_converted_embedded_and_reproducible(tmp_path, cache):
    from generator.typeset.cff_outlines import truetype_bytes
    game = project(tmp_path, REGION)
    (game / "fonts").mkdir()
    font = tiny_cff_font()
    assert font[:4] == b"OTTO"
    (game / "fonts" / "Tiny.otf").write_bytes(font)
    validated = pnp("validate", "shapes", root=tmp_path)
    assert validated.exit_code == 0, validated.output
    pdf = _build(tmp_path, tmp_path / "out1")
    rows = [row.split() for row in subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True,
                                                  check=True).stdout.splitlines()[2:]]
    tiny = [row for row in rows if row[0].endswith("+TinyCubic-Regular")]
    assert tiny and tiny[0][1] == "TrueType" and tiny[0][-5] == "yes", rows   # embedded, TrueType outlines
    with open_pdf(pdf) as doc:
        words = doc.pages[CARDS].extract_words(extra_attrs=["fontname"])
    drawn = [w for w in words if w["fontname"].endswith("TinyCubic-Regular")]
    assert " ".join(w["text"] for w in drawn) == TEXT
    # converted once, kept in the user's cache by the font's hash
    kept = sorted(cache.glob("cff-*"))
    assert len(kept) == 1 and kept[0].read_bytes()[:4] == b"\x00\x01\x00\x00"
    # converted again from nothing (a new machine): the same PDF, byte for byte
    kept[0].unlink()
    truetype_bytes.cache_clear()
    again = _build(tmp_path, tmp_path / "out2")
    assert again.read_bytes() == pdf.read_bytes()


def test_the_conversion_keeps_metrics_and_the_character_map(cache):
    from fontTools.ttLib import TTFont
    import io

    from generator.typeset.cff_outlines import convert
    source = tiny_cff_font()
    made = convert(source, "fonts/Tiny.otf")
    assert made == convert(source, "fonts/Tiny.otf")          # no timestamp: the same bytes each time
    before, after = TTFont(io.BytesIO(source)), TTFont(io.BytesIO(made))
    assert "glyf" in after and "CFF " not in after and after.sfntVersion == "\x00\x01\x00\x00"
    assert after.getBestCmap() == before.getBestCmap()
    assert {n: w for n, (w, _) in after["hmtx"].metrics.items()} == \
        {n: w for n, (w, _) in before["hmtx"].metrics.items()}
    assert after["head"].unitsPerEm == 1000
    glyph = after["glyf"]["uni0041"]
    assert glyph.numberOfContours == 1 and not all(glyph.flags)   # curves: off-curve quadratic points


def _damaged_otf(tmp_path, what: str) -> bytes:
    import io

    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables.DefaultTable import DefaultTable

    from generator.typeset.cff_outlines import convert
    font = TTFont(io.BytesIO(tiny_cff_font()))
    if what == "no outlines":
        del font["CFF "]
    if what == "bitmaps only":     # a TrueType font whose glyphs are bitmaps (EBDT), no glyf
        font = TTFont(io.BytesIO(convert(tiny_cff_font(), "fonts/Tiny.otf")))
        del font["glyf"], font["loca"]
        font["EBDT"] = DefaultTable("EBDT")
        font["EBDT"].data = b"\0\2\0\0"
    out = io.BytesIO()
    font.save(out)
    data = out.getvalue()
    return data[: len(data) - 400] if what == "cut short" else data


@pytest.mark.parametrize("what, expected", [
    ("no outlines", "font file 'fonts/Tiny.otf' is a damaged OpenType font (it lacks its 'CFF ' table)"),
    ("cut short", "font file 'fonts/Tiny.otf' is a damaged OpenType font ("),
    ("bitmaps only", "font file 'fonts/Tiny.otf' has bitmap glyphs only, no outlines to embed: use a font "
                     "with outlines (.ttf or .otf)"),
])
def test_a_cff_otf_that_cannot_be_used_is_one_line_at_the_layout_for_validate_and_build(tmp_path, cache,
                                                                                         what, expected):
    game = project(tmp_path, REGION + REGION.replace("title:", "subtitle:").replace("y: 10", "y: 40"))
    (game / "fonts").mkdir()
    (game / "fonts" / "Tiny.otf").write_bytes(_damaged_otf(tmp_path, what))
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert len(problems) == 1 and expected in problems[0], result.output       # once, though two boxes use it
    assert re.match(r"layouts/shapes\.yaml:\d+: ", problems[0]) and "Traceback" not in result.output
    built = pnp("build", "shapes", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert built.exit_code == 1 and expected in built.output and "Traceback" not in built.output
    assert re.search(r"layouts/shapes\.yaml:\d+: ", built.output), built.output
    assert not (tmp_path / "out" / "shapes").exists()


def test_a_cff_otf_family_of_the_projects_fonts_yaml_is_embedded_too(tmp_path, cache):
    from tests.conftest import ROOT
    project(tmp_path, REGION.replace("fonts/Tiny.otf", "tiny"))
    (tmp_path / "layouts" / "fonts").mkdir(parents=True, exist_ok=True)
    (tmp_path / "layouts" / "fonts" / "Tiny.otf").write_bytes(tiny_cff_font())
    spec = (ROOT / "layouts" / "fonts.yaml").read_text()
    (tmp_path / "layouts" / "fonts.yaml").write_text(spec.replace("families:\n", "families:\n  tiny:\n"
                                                                  "    regular: Tiny.otf\n", 1))
    validated = pnp("validate", "shapes", root=tmp_path)
    assert validated.exit_code == 0, validated.output
    pdf = _build(tmp_path, tmp_path / "out")
    with open_pdf(pdf) as doc:
        words = doc.pages[CARDS].extract_words(extra_attrs=["fontname"])
    assert " ".join(w["text"] for w in words if w["fontname"].endswith("TinyCubic-Regular")) == TEXT


def test_a_damaged_otf_of_fonts_yaml_is_one_line_of_validate_as_the_build_refuses_it(tmp_path, cache):
    """validate said ok, and the build stopped at the font."""
    from tests.conftest import ROOT
    project(tmp_path, REGION.replace("fonts/Tiny.otf", "tiny") + REGION.replace("title:", "subtitle:")
            .replace("y: 10", "y: 40").replace("fonts/Tiny.otf", "tiny"))
    (tmp_path / "layouts" / "fonts").mkdir(parents=True, exist_ok=True)
    (tmp_path / "layouts" / "fonts" / "Tiny.otf").write_bytes(tiny_cff_font()[:-400])
    spec = (ROOT / "layouts" / "fonts.yaml").read_text()
    (tmp_path / "layouts" / "fonts.yaml").write_text(spec.replace("families:\n", "families:\n  tiny:\n"
                                                                  "    regular: Tiny.otf\n", 1))
    expected = "font file 'layouts/fonts/Tiny.otf' is a damaged OpenType font ("
    result = pnp("validate", "shapes", root=tmp_path)
    problems = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert result.exit_code == 1 and len(problems) == 1 and expected in problems[0], result.output
    assert re.match(r"layouts/shapes\.yaml:\d+: ", problems[0])
    built = pnp("build", "shapes", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert built.exit_code == 1 and expected in built.output and "Traceback" not in built.output


@pytest.mark.skipif(not shutil.which("fc-match"), reason="fontconfig is not installed")
def test_a_cff_otf_installed_on_the_system_is_taken_by_its_family_name(tmp_path, cache, monkeypatch):
    """fontconfig that knows only TinyCubic (an .otf with CFF outlines) in a folder of its own."""
    from generator.reading import locate
    fonts = tmp_path / "system-fonts"
    fonts.mkdir()
    (fonts / "TinyCubic.otf").write_bytes(tiny_cff_font())
    (tmp_path / "fonts.conf").write_text(f'<?xml version="1.0"?>\n<fontconfig><dir>{fonts}</dir>'
                                         f'<cachedir>{tmp_path / "fc-cache"}</cachedir></fontconfig>\n')
    monkeypatch.setenv("FONTCONFIG_FILE", str(tmp_path / "fonts.conf"))
    locate._fc_match.cache_clear()
    locate.system_families.cache_clear()
    try:
        project(tmp_path, REGION.replace("fonts/Tiny.otf", "TinyCubic"))
        validated = pnp("validate", "shapes", root=tmp_path)
        assert validated.exit_code == 0, validated.output
        pdf = _build(tmp_path, tmp_path / "out")
    finally:
        locate._fc_match.cache_clear()
        locate.system_families.cache_clear()
    with open_pdf(pdf) as doc:
        words = doc.pages[CARDS].extract_words(extra_attrs=["fontname"])
    assert " ".join(w["text"] for w in words if w["fontname"].endswith("TinyCubic-Regular")) == TEXT
