"""Every icon is recognisable at 3 mm: rasterised as a printer would (300 dpi), no two icons of
a game look alike and none is an empty box (what a reader takes for a missing glyph)."""
from __future__ import annotations

import subprocess

import pytest
from PIL import Image, ImageChops
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.loading.catalog import load_project
from generator.typeset.icons import ICON_ASCENT, build_icon_font
from tests.conftest import ROOT

CELL = 6 * mm
GAMES = ["tournay", "taverna", "san-gimignano"]


def rasterise(game: str, tmp_path) -> dict[str, Image.Image]:
    icons = load_project(ROOT, [game]).icons_for(game)
    font = build_icon_font(f"pnp-icons-test-{game}", icons)
    names = sorted(font.codes)
    pdf = tmp_path / f"{game}.pdf"
    canvas = Canvas(str(pdf), pagesize=(CELL * len(names), CELL), invariant=1)
    for i, name in enumerate(names):   # 3 mm from the top of the box (ascent) to the baseline
        canvas.setFont(font.name, 3 * mm * 1000 / ICON_ASCENT)
        canvas.drawString(i * CELL + 1 * mm, 1.5 * mm, chr(font.codes[name]))
    canvas.save()
    subprocess.run(["pdftoppm", "-r", "300", "-gray", "-png", "-singlefile", str(pdf), str(tmp_path / game)],
                   check=True)
    sheet = Image.open(tmp_path / f"{game}.png").point(lambda v: 255 if v > 128 else 0)
    width = sheet.width / len(names)
    return {name: sheet.crop((round(i * width), 0, round((i + 1) * width), sheet.height))
            for i, name in enumerate(names)}


def hollow_box(image: Image.Image) -> bool:
    """Ink only along the border of its own bounding box (a tofu rectangle)."""
    ink = ImageChops.invert(image)
    box = ink.getbbox()
    if not box:
        return True
    inner = ink.crop(box)
    w, h = inner.size
    core = inner.crop((w // 4, h // 4, w - w // 4, h - h // 4))
    return core.getbbox() is None


@pytest.mark.parametrize("game", GAMES)
def test_icons_are_distinct_and_not_empty_boxes(game, tmp_path):
    images = rasterise(game, tmp_path)
    assert "card" in images
    assert [n for n, im in images.items() if hollow_box(im)] == []
    signatures = {}
    for name, im in images.items():
        key = ImageChops.invert(im).crop(ImageChops.invert(im).getbbox()).tobytes()
        assert key not in signatures, f"{name} looks like {signatures.get(key)}"
        signatures[key] = name


def test_the_old_card_icon_would_fail(tmp_path):
    """The check catches what it is about: the former rounded-box card icon."""
    from PIL import ImageDraw
    image = Image.new("L", (40, 40), 255)
    ImageDraw.Draw(image).rounded_rectangle((8, 4, 30, 36), radius=3, outline=0, width=2)
    assert hollow_box(image)


def test_icon_fonts_are_kept_in_a_bounded_user_cache_and_checked(tmp_path, monkeypatch):
    """A compiled icon font is kept in the user's cache (reading/user_cache.py): the next process
    takes it from there; a damaged entry is compiled again; the loose fonts that earlier
    versions left in the cache folder, without bound, are removed."""
    from generator.reading import user_cache
    from generator.typeset import icons as icon_fonts
    monkeypatch.setattr(user_cache, "folder", lambda: tmp_path)
    (tmp_path / "icons-0123456789abcdef01234567.ttf").write_bytes(b"left by an earlier version")
    compiled, compile_icons = [], icon_fonts._compile_icons
    monkeypatch.setattr(icon_fonts, "_compile_icons", lambda *args: compiled.append(1) or compile_icons(*args))
    spec = load_project(ROOT, ["taverna"]).icons_for("taverna")

    def font_of(name: str) -> tuple[str, set[int]]:
        font = build_icon_font(name, spec)      # a new name: not the process's own memo
        return font.name, set(font.codes.values())

    font_of("pnp-icons-cache-test-1")
    assert compiled == [1] and not list(tmp_path.glob("icons-*.ttf"))
    (entry,) = (tmp_path / "icon-fonts").iterdir()
    kept = entry.read_bytes()
    font_of("pnp-icons-cache-test-1b")          # another name compiles its own (the family is in the font)
    assert compiled == [1, 1]
    icon_fonts._icon_font.cache_clear()         # as a new process
    font_of("pnp-icons-cache-test-1")
    assert compiled == [1, 1]                   # taken from the cache
    entry.write_bytes(kept[:200])               # cut short
    icon_fonts._icon_font.cache_clear()
    font_of("pnp-icons-cache-test-1")
    assert compiled == [1, 1, 1] and entry.read_bytes() == kept   # made again, the same bytes
