"""Shapes and fonts (issue 29, item 5): hexagon, star and polygon regions, any rotation angle,
image flip and tint, and `font:` naming a family or a font file of the game folder. Positions
are read back from the PDF (pdfplumber applies the page's transformations) and colours from a
rendering of it."""
from __future__ import annotations

import math
import re
import shutil
import subprocess
import sys

import pytest
from PIL import Image

from tests.authoring.helpers import new_game
from tests.conftest import ROOT, pnp
from tests.pdfs import open_pdf

MM = 72 / 25.4
POKER_H = 88
CARDS = 2          # cards.pdf opens with its instructions sheet (two pages)


def project(tmp_path, regions: str, files=()):
    """A `pnp new` game whose one card face is `regions` (YAML, indented for `regions:`)."""
    game = new_game(tmp_path, "shapes")
    layout = tmp_path / "layouts" / "shapes.yaml"
    text = layout.read_text()
    start = text.index("  card:\n", text.index("\nlayouts:"))      # the layout, not the icon of that name
    end = text.index("  back:\n")
    layout.write_text(text[:start] + "  card:\n    background: paper\n    regions:\n" + regions + text[end:])
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("copies: 2", "copies: 1").split("  - id: harbour")[0])
    for folder in ("aid", "rules"):   # one card, no aids or rules: the card is what is tested
        shutil.rmtree(game / folder)
    return game


def add_icons(tmp_path, entries: str, game: str = "shapes"):
    """`entries` (YAML lines indented for `icons:`) added to the game's layout file; the game's
    art/ folder, made, for their files."""
    layout = tmp_path / "layouts" / f"{game}.yaml"
    layout.write_text(layout.read_text().replace("icons:\n", "icons:\n" + entries, 1))
    art = tmp_path / "cards" / game / "art"
    art.mkdir(exist_ok=True)
    return art


def build(tmp_path):
    result = pnp("build", "shapes", "--only", "cards", "--bleed", "0", "--duplex", "none",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    return tmp_path / "out" / "shapes" / "en" / "cards.pdf"


def card_origin(page):
    """The top-left corner of the first card (the page's TrimBox: the card, alone on its sheet), in
    pdfplumber's top-down points (pdfplumber gives the box as x0, top, x1, bottom)."""
    return float(page.trimbox[0]), float(page.trimbox[1])


def corners_mm(pdf, colour):
    """The corners of every path filled with `colour` (r, g, b 0-1), in mm from the card's top-left."""
    with open_pdf(pdf) as doc:
        page = doc.pages[CARDS]
        left, top = card_origin(page)
        found = []
        for curve in page.curves + page.rects:
            fill = curve.get("non_stroking_color")
            if fill and len(fill) == 3 and all(abs(a - b) < 0.01 for a, b in zip(fill, colour)):
                points = curve.get("pts") or [(curve["x0"], curve["top"]), (curve["x1"], curve["bottom"])]
                found.append([(round((x - left) / MM, 1), round((y - top) / MM, 1)) for x, y in points])
        return found


ACCENT = (0x2d / 255, 0x6a / 255, 0x8a / 255)


def test_a_hexagon_star_and_polygon_have_their_corners(tmp_path):
    project(tmp_path, """\
      hex: {kind: hexagon, x: 10, y: 10, width: 40, height: 30, fill: accent}
""")
    hexagon = corners_mm(build(tmp_path), ACCENT)
    assert len(hexagon) == 1
    assert set(hexagon[0]) >= {(10, 25), (20, 10), (40, 10), (50, 25), (40, 40), (20, 40)}

    project_dir = tmp_path / "layouts" / "shapes.yaml"
    project_dir.write_text(project_dir.read_text().replace(
        "hex: {kind: hexagon, x: 10, y: 10, width: 40, height: 30, fill: accent}",
        "star: {kind: star, x: 10, y: 10, width: 40, height: 40, points: 6, inner: 0.5, fill: accent}\n"
        "      tri: {kind: polygon, x: 10, y: 60, width: 40, height: 20, points: [[0, 20], [20, 0], [40, 20]], "
        "fill: '#ff0000'}"))
    shutil.rmtree(tmp_path / "out")
    pdf = build(tmp_path)
    star = corners_mm(pdf, ACCENT)[0]
    assert len(set(star)) == 12 and (30, 10) in star                        # 6 points, the first straight up
    radii = sorted({round(math.hypot(x - 30, y - 30)) for x, y in star})
    assert radii == [10, 20]                                               # inner: half the outer radius
    assert set(corners_mm(pdf, (1, 0, 0))[0]) >= {(10, 80), (30, 60), (50, 80)}


def test_any_angle_turns_a_shape_about_its_centre(tmp_path):
    project(tmp_path, """\
      box: {kind: rect, x: 20, y: 30, width: 20, height: 10, fill: accent, rotate: 30}
""")
    corners = corners_mm(build(tmp_path), ACCENT)[0]
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    # counter-clockwise on the page: y grows downwards here, so the turn's sine changes sign
    expected = {(round(30 + dx * c + dy * s, 1), round(35 - dx * s + dy * c, 1))
                for dx in (-10, 10) for dy in (-5, 5)}
    assert all(min(math.dist(p, q) for q in corners) < 0.15 for p in expected), (corners, expected)


def test_a_rotated_line_turns(tmp_path):
    """A line's rotation was ignored (drawn at its absolute place in the turned frame)."""
    project(tmp_path, """\
      line: {kind: line, x: 11.5, y: 44, width: 40, height: 0, stroke: accent, stroke_width: 1, rotate: 90}
""")
    with open_pdf(build(tmp_path)) as doc:
        page = doc.pages[CARDS]
        left, top = card_origin(page)
        lines = [item for item in page.lines + page.curves if item.get("stroking_color") and
                 all(abs(a - b) < 0.01 for a, b in zip(item["stroking_color"], ACCENT))]
        assert len(lines) == 1
        line = lines[0]
        assert round((line["x0"] - left) / MM, 1) == round((line["x1"] - left) / MM, 1) == 31.5   # vertical
        assert round((line["top"] - top) / MM, 1) == 24 and round((line["bottom"] - top) / MM, 1) == 64


def raster(pdf, dpi=100):
    out = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", str(CARDS + 1), str(pdf), str(out)],
                   check=True)
    return Image.open(f"{out}.png").convert("RGB")


def test_image_flip_and_tint(tmp_path):
    game = project(tmp_path, """\
      plain: {kind: image, x: 5, y: 10, width: 20, height: 20, text: art/half.png, fit: stretch}
      flipped: {kind: image, x: 35, y: 10, width: 20, height: 20, text: art/half.png, fit: stretch, flip: h}
      upside: {kind: image, x: 5, y: 40, width: 20, height: 20, text: art/half.png, fit: stretch, flip: v}
      tinted: {kind: image, x: 35, y: 40, width: 20, height: 20, text: art/white.png, fit: stretch, tint: "#2d6a8a"}
""")
    (game / "art").mkdir()
    half = Image.new("RGB", (400, 400), (255, 255, 255))
    half.paste((200, 0, 0), (0, 0, 200, 200))   # red top-left quarter
    half.save(game / "art" / "half.png")
    Image.new("RGB", (400, 400), (255, 255, 255)).save(game / "art" / "white.png")
    pdf = build(tmp_path)
    image = raster(pdf)
    with open_pdf(pdf) as doc:
        left, top = card_origin(doc.pages[CARDS])
    scale = 100 / 72

    def pixel(x_mm, y_mm):
        return image.getpixel((round((left + x_mm * MM) * scale), round((top + y_mm * MM) * scale)))

    red = lambda p: p[0] > 150 and p[1] < 60
    assert red(pixel(10, 15)) and not red(pixel(20, 15))          # as drawn: red at its top-left
    assert red(pixel(50, 15)) and not red(pixel(40, 15))          # flip: h, red at the top-right
    assert red(pixel(10, 55)) and not red(pixel(10, 45))          # flip: v, red at the bottom-left
    tinted = pixel(45, 50)                                        # white times the tint is the tint
    assert all(abs(a - b) <= 6 for a, b in zip(tinted, (0x2d, 0x6a, 0x8a))), tinted


def test_a_font_by_family_and_by_file_of_the_game(tmp_path):
    game = project(tmp_path, """\
      family: {kind: text, x: 5, y: 10, width: 53, height: 10, font: gothic, text: "Gothic by name"}
      file: {kind: text, x: 5, y: 30, width: 53, height: 10, font: fonts/mine.ttf, text: "From the game folder"}
""")
    (game / "fonts").mkdir()
    shutil.copy(ROOT / "layouts" / "fonts" / "Cardo-Bold.ttf", game / "fonts" / "mine.ttf")
    pdf = build(tmp_path)
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    rows = [row.split() for row in fonts.splitlines()[2:]]
    assert {row[0].split("+")[-1] for row in rows} >= {"BIZUDPGothic-Regular", "Cardo-Bold"}
    assert all(row[-5] == "yes" for row in rows)                       # every font embedded
    with open_pdf(pdf) as doc:
        words = {w["text"]: w["fontname"] for w in doc.pages[CARDS].extract_words(extra_attrs=["fontname"])}
    assert words["Gothic"].endswith("BIZUDPGothic-Regular") and words["From"].endswith("Cardo-Bold")


@pytest.mark.parametrize("font, setup, expected", [
    ("../../secret.ttf", None, "is outside the game folder"),
    ("fonts/missing.ttf", None, "font file 'fonts/missing.ttf' not found in shapes/"),
    ("fonts/cff.otf", b"OTTO" + b"\0" * 100, "font file 'fonts/cff.otf' is a damaged OpenType font (it lacks its"),
    ("fonts/notes.ttf", b"hello", "is not a TrueType or OpenType font: use a single font file (.ttf or .otf)"),
    ("gotic", None, "unknown font 'gotic'; did you mean 'gothic'?"),
])
def test_a_font_that_cannot_be_used_is_one_line_of_validate(tmp_path, font, setup, expected):
    game = project(tmp_path, f"""\
      title: {{kind: text, x: 5, y: 10, width: 53, height: 10, font: "{font}", text: "{{{{ card.name }}}}"}}
""")
    if setup is not None:
        (game / "fonts").mkdir()
        (game / font).write_bytes(setup)
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert len(problems) == 1 and expected in problems[0], result.output
    assert re.match(r"layouts/shapes\.yaml:\d+: ", problems[0])


# Runs `pnp validate` with the font replaced by a pipe at the moment it is opened: after every
# check made by its name, as a file swapped in meanwhile would be.
SWAP_AT_OPEN = """
import builtins, os, sys
font, swapped = os.path.realpath(sys.argv[1]), []
def swapping(real):
    def opened(path, *args, **kwargs):
        if not swapped and isinstance(path, (str, os.PathLike)) and os.path.realpath(path) == font:
            swapped.append(os.remove(font))
            os.mkfifo(font)
        return real(path, *args, **kwargs)
    return opened
builtins.open, os.open = swapping(builtins.open), swapping(os.open)
sys.argv = ["pnp", "--root", sys.argv[2], "validate", "shapes"]
from generator.cli import run
run()
"""


def test_a_pipe_swapped_in_as_a_game_font_is_refused_not_waited_on(tmp_path):
    """The font was checked by its name, then opened without O_NONBLOCK: a pipe swapped in
    between made every load of the project wait for a writer, forever."""
    game = project(tmp_path, """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 10, font: "fonts/mine.ttf", text: "{{ card.name }}"}
""")
    (game / "fonts").mkdir()
    shutil.copy(ROOT / "layouts" / "fonts" / "Cardo-Bold.ttf", game / "fonts" / "mine.ttf")
    run = subprocess.run([sys.executable, "-c", SWAP_AT_OPEN, str(game / "fonts" / "mine.ttf"), str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    problems = [line for line in (run.stdout + run.stderr).splitlines() if line and "problem(s)" not in line]
    assert run.returncode == 1 and len(problems) == 1, run.stdout + run.stderr
    assert re.match(r"layouts/shapes\.yaml:\d+: .*font file 'fonts/mine\.ttf': not a regular file", problems[0])


@pytest.mark.parametrize("region, expected", [
    ("{kind: polygon, x: 5, y: 5, width: 10, height: 10, fill: accent}", "points: a polygon without its corners"),
    ("{kind: star, x: 5, y: 5, width: 10, height: 10, points: [[0, 0], [1, 1], [2, 0]]}",
     "a star's points are a number"),
    ("{kind: rect, x: 5, y: 5, width: 10, height: 10, points: 5}", "points belong to a star or a polygon, not a rect"),
    ("{kind: rect, x: 5, y: 5, width: 10, height: 10, flip: h}", "flip and tint belong to an image, not a rect"),
    ("{kind: star, x: 5, y: 5, width: 10, height: 10, points: 2}", "'2' is less than 3 (expected at least 3)"),
    ("{kind: hexgon, x: 5, y: 5, width: 10, height: 10}", "did you mean 'hexagon'?"),
])
def test_a_shape_mistake_is_one_line(tmp_path, region, expected):
    project(tmp_path, f"      shape: {region}\n")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    assert expected in result.output and re.search(r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.shape",
                                                    result.output), result.output


def test_check_measures_what_a_turned_box_covers(tmp_path):
    """A 40 x 6 mm box turned 45° near the edge leaves the safe zone, though its own box does not."""
    project(tmp_path, """\
      tag: {kind: text, x: 10, y: 66, width: 40, height: 6, text: "{{ card.name }}", rotate: 45}
""")
    result = pnp("check", "shapes", root=tmp_path)
    assert "box 'tag' of layout shapes/card (13.74,52.74)–(46.26,85.26) mm leaves the 3 mm safe zone" in result.output


@pytest.mark.parametrize("font", ["cardo", "fonts/mine.ttf"])
def test_a_character_missing_from_a_font_by_family_or_by_file_is_refused_by_validate(tmp_path, font):
    """The card build refuses a character its region's font lacks, whichever way `font:` names
    it; validate refuses it first, on the region's line."""
    game = project(tmp_path, f"""\
      title: {{kind: text, x: 5, y: 10, width: 53, height: 10, font: "{font}", text: "Tower \u5854"}}
""")
    (game / "fonts").mkdir()
    shutil.copy(ROOT / "layouts" / "fonts" / "Cardo-Bold.ttf", game / "fonts" / "mine.ttf")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert len(problems) == 1 and "U+5854" in problems[0], result.output
    assert re.match(r"layouts/shapes\.yaml:\d+: ", problems[0])
    built = pnp("build", "shapes", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert built.exit_code == 1 and "U+5854" in built.output
    if font.endswith(".ttf"):   # the file the designer named, not pnp's alias for it (issue 52)
        assert "font cards/shapes/fonts/mine.ttf has no glyph" in problems[0], problems[0]
        assert "font fonts/mine.ttf has no glyph" in built.output and "pnp-file-" not in built.output
        assert "layouts/fonts.yaml" not in problems[0]


def test_a_line_with_bleed_keeps_its_course_into_the_bleed(tmp_path):
    """`bleed: true` on a line drew the diagonal of the whole face (issue 52); `pnp check` suggests
    it for a line that enters the bleed, and is then silent."""
    project(tmp_path, """\
      rule: {kind: line, bleed: true, x: 0, y: 46, width: 63, height: 0, stroke: "#ff0000", stroke_width: 1}
""")
    result = pnp("build", "shapes", "--only", "cards", "--bleed", "3", "--duplex", "none",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    with open_pdf(tmp_path / "out" / "shapes" / "en" / "cards.pdf") as doc:
        page = doc.pages[CARDS]
        left, top = card_origin(page)
        red = [item for item in page.lines + page.curves if item.get("stroking_color") and
               all(abs(a - b) < 0.01 for a, b in zip(item["stroking_color"], (1, 0, 0)))]
        assert len(red) == 1
        line = red[0]
        assert round((line["top"] - top) / MM, 1) == round((line["bottom"] - top) / MM, 1) == 46   # level
        assert round((line["x0"] - left) / MM, 1) == -3 and round((line["x1"] - left) / MM, 1) == 66
    check = pnp("check", "shapes", root=tmp_path)
    assert "'rule'" not in check.output, check.output


def test_a_box_extends_other_boxes(tmp_path):
    """Squib's `extends` between boxes (issue 52): a box takes the fields of the boxes it names,
    later ones winning, its own fields last."""
    project(tmp_path, """\
      a: {kind: rect, x: 5, y: 5, width: 20, height: 10, fill: "#ff0000"}
      b: {extends: a, y: 30}
      wide: {width: 40}
      c: {extends: [b, wide], y: 60, x: 10}
""")
    boxes = sorted(tuple(sorted(set(c))) for c in corners_mm(build(tmp_path), (1, 0, 0)))
    assert [(min(p[0] for p in b), min(p[1] for p in b), max(p[0] for p in b)) for b in boxes] == [
        (5, 5, 25), (5, 30, 25), (10, 60, 50)]


@pytest.mark.parametrize("user", [True, False])
def test_a_layout_that_extends_another_sees_its_styles(tmp_path, user):
    """A style (a box without a place, that boxes extend) of a parent layout is the child's too,
    whether or not a box of the parent uses it (issue 52: `extends: red` in the child was
    "unknown box 'red'", and a style no box of its own layout used was "missing x, y, …")."""
    game = project(tmp_path, """\
      red: {kind: rect, fill: "#ff0000"}
""" + ("      a: {extends: red, x: 5, y: 5, width: 20, height: 10}\n" if user else "") + """\
  card2:
    extends: card
    regions:
      b: {extends: red, x: 10, y: 60, width: 30, height: 5}
""")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("layout: shapes/card", "layout: shapes/card2"))
    boxes = sorted(tuple(sorted(set(c))) for c in corners_mm(build(tmp_path), (1, 0, 0)))
    assert [(min(p[0] for p in b), min(p[1] for p in b), max(p[0] for p in b)) for b in boxes] == [
        (5, 5, 25), (10, 60, 40)][not user:]


@pytest.mark.parametrize("regions, expected", [
    ("      a: {kind: rect, x: 5, y: 5, width: 20, height: 10, fill: '#ff0000'}\n"
     "      b: {extends: aa, y: 30}\n", r"b\.extends: unknown box 'aa'; did you mean 'a'\?"),
    ("      a: {extends: b, kind: rect, x: 5, y: 5, width: 20, height: 10}\n"
     "      b: {extends: [a], y: 30}\n", r"\.extends: 'extends' loops: "),
])
def test_a_box_extends_mistake_is_one_line(tmp_path, regions, expected):
    project(tmp_path, regions)
    problem = _the_one_problem(tmp_path)
    assert re.match(r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.", problem)
    assert re.search(expected, problem), problem


def _the_one_problem(root) -> str:
    """`pnp validate` refuses the project with exactly one problem line: that line."""
    result = pnp("validate", "shapes", root=root)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert len(problems) == 1, result.output
    return problems[0]


def test_lengths_take_units(tmp_path):
    """in, pt, px at the layout's dpi and % of the card, beside mm (issue 52)."""
    project(tmp_path, """\
      a: {kind: rect, x: 0.5 in, y: 36 pt, width: 50 %, height: 118.11 px, fill: "#ff0000"}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("    background: paper\n", "    background: paper\n    dpi: 300\n", 1))
    corners = corners_mm(build(tmp_path), (1, 0, 0))
    assert len(corners) == 1 and set(corners[0]) >= {(12.7, 12.7), (44.2, 22.7)}, corners
    # validate sets a text in a box of 50 % as the build does (not in a box of 0 mm)
    layout.write_text(layout.read_text().replace("regions:\n", "regions:\n      words: {kind: text, x: 5, y: 40, "
                                                 "width: 50 %, height: 8, size: 9, text: \"Tower and market\"}\n", 1))
    assert pnp("validate", "shapes", root=tmp_path).exit_code == 0


def test_a_dash_takes_units(tmp_path):
    """`dash:` lengths by the one length rule (issue 52: '3 px' was "not a number" with dpi: set)."""
    from generator.loading.catalog import load_project
    game = project(tmp_path, """\
      l: {kind: line, x: 5, y: 5, width: 40, height: 0, stroke: "#ff0000", stroke_width: 1, dash: [30 px, 1.5]}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("    background: paper\n", "    background: paper\n    dpi: 300\n", 1))
    loaded = load_project(tmp_path, ["shapes"])
    deck = loaded.games["shapes"].decks[0]
    line = next(r for r in loaded.layout_for(deck, deck.cards[0]).regions if r.name == "l")
    assert [round(d, 2) for d in line.dash] == [2.54, 1.5]
    assert game.is_dir() and pnp("validate", "shapes", root=tmp_path).exit_code == 0


@pytest.mark.parametrize("length, expected", [
    ("12 px", r"'12 px' in pixels, but the layout says no dpi \(expected dpi: 300"),
    ("12 furlongs", r"x: '12 furlongs' is not a length \(expected a number of mm"),
])
def test_a_length_mistake_is_one_line(tmp_path, length, expected):
    project(tmp_path, f"      a: {{kind: rect, x: {length}, y: 5, width: 20, height: 10, fill: '#ff0000'}}\n")
    problem = _the_one_problem(tmp_path)
    assert re.match(r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.a\.x: ", problem)
    assert re.search(expected, problem), problem


def test_a_font_by_family_name_from_the_system(tmp_path):
    """fontconfig's family (issue 52); a family this system lacks is one line naming the bundled ones."""
    from generator.reading.locate import system_font
    project(tmp_path, """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 10, font: Nowhere Sans Pro, text: "Tower"}
""")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert len(problems) == 1 and "unknown font 'Nowhere Sans Pro', and this system has no such family" in problems[0]
    assert "cardo, gothic" in problems[0]
    if system_font("DejaVu Sans") is None:
        pytest.skip("no fontconfig or no DejaVu Sans here")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("Nowhere Sans Pro", "DejaVu Sans"))
    fonts = subprocess.run(["pdffonts", str(build(tmp_path))], capture_output=True, text=True, check=True).stdout
    assert "DejaVuSans" in fonts


def test_a_font_fontconfig_prints_in_a_metric_alike_is_taken_with_a_note(tmp_path):
    """`font: Arial` where fontconfig gives Liberation Sans (the same widths): printed in it, with
    one note at the `font:` line naming the substitute (issue 52: refused as unknown)."""
    import shutil
    if not shutil.which("fc-match") or "Liberation Sans" not in subprocess.run(
            ["fc-match", "-f", "%{family}", "Arial:fontformat=TrueType"], capture_output=True, text=True).stdout:
        pytest.skip("no fontconfig, or no Liberation Sans for Arial here")
    project(tmp_path, """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 10, font: Arial, text: "Tower"}
""")
    result = pnp("validate", "shapes", root=tmp_path)
    notes = [line for line in result.output.splitlines() if line.startswith("note: ")]
    assert result.exit_code == 0 and len(notes) == 1, result.output
    assert re.match(r"note: layouts/shapes\.yaml:\d+: font 'Arial' .*Liberation Sans", notes[0]), notes[0]
    fonts = subprocess.run(["pdffonts", str(build(tmp_path))], capture_output=True, text=True, check=True).stdout
    assert "LiberationSans" in fonts
