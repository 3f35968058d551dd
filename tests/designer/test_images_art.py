"""Art on cards: the art-demo example (PNG, JPEG, SVG, a round token) built and checked with
real PDF tools; images confined to the game folder; resolution limits; sizes and papers."""
from __future__ import annotations

import re
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.card_face.images import effective_dpi, placement, Art
from tests.conftest import pnp
from tests.designer.helpers import example_project
from tests.pipeline.helpers import replace_in

MM = 72 / 25.4


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    root = example_project(tmp_path_factory.mktemp("art"))
    out = root / "output"
    result = pnp("build", "art-demo", "--only", "cards", "--out", str(out), root=root)
    assert result.exit_code == 0, result.output
    return root, out / "art-demo"


def xobjects(page) -> dict:
    """Image XObjects reachable from a page, through the forms each face is drawn in."""
    found = {}

    def walk(resources):
        for name, obj in (resources.get("/XObject") or {}).items():
            obj = obj.get_object()
            if obj["/Subtype"] == "/Image":
                found[name] = (obj["/Width"], obj["/Height"], obj.get("/Filter"))
            elif obj["/Subtype"] == "/Form" and "/Resources" in obj:
                walk(obj["/Resources"])

    walk(page["/Resources"])
    return found


def test_raster_art_is_embedded_once_per_file(demo):
    _root, out = demo
    reader = PdfReader(out / "en" / "cards.pdf")
    # page 3 (after the instructions sheet): two knights (one PNG) and an archer (one JPEG), shared
    # by every copy
    sizes = sorted((w, h) for w, h, _f in xobjects(reader.pages[2]).values())
    assert sizes == [(400, 290), (660, 480)]
    filters = [str(f) for _w, _h, f in xobjects(reader.pages[2]).values()]
    assert any("/DCTDecode" in f for f in filters), filters   # the JPEG is embedded as it is


def test_svg_art_stays_vector(demo, tmp_path):
    _root, out = demo
    reader = PdfReader(out / "en" / "cards.pdf")
    assert xobjects(reader.pages[3]) == {}            # the backs page: SVG drawn as paths, no image
    assert xobjects(reader.pages[4]) == {}            # the coins
    # and it is really drawn: the star's gold at the centre of the first back (mirrored: right column)
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "4", "-l", "4", str(out / "en" / "cards.pdf"),
                    str(tmp_path / "back")], check=True)
    image = Image.open(next(tmp_path.glob("back*.png"))).convert("RGB")
    trim = reader.pages[3].trimbox
    x = (float(trim.right) - 63 * MM / 2) * 50 / 72
    y = (float(reader.pages[3].mediabox.height) - float(trim.top) + 88 * MM / 2) * 50 / 72
    r, g, b = image.getpixel((int(x), int(y)))
    assert (r, g, b) != (255, 255, 255) and r > 180 and b < 140, (r, g, b)   # d9b25f-ish gold


def test_fonts_embedded_and_rebuild_identical(demo, tmp_path):
    root, out = demo
    fonts = subprocess.run(["pdffonts", str(out / "en" / "cards.pdf")], capture_output=True, text=True).stdout
    rows = fonts.splitlines()[2:]
    assert rows and all(re.search(r"\byes\s+yes\b", row) for row in rows), fonts   # svglib adds no Helvetica
    again = tmp_path / "again"
    assert pnp("build", "art-demo", "--only", "cards", "--out", str(again), root=root).exit_code == 0
    assert (again / "art-demo" / "en" / "cards.pdf").read_bytes() == (out / "en" / "cards.pdf").read_bytes()


def test_round_token_of_any_diameter(demo):
    _root, out = demo
    from tests.print.sheet_geometry import trims
    reader = PdfReader(out / "en" / "cards.pdf")
    coins = trims(reader, reader.pages[4])
    # size: round-30 -> every coin is placed as a 30 mm token
    assert coins and all(t.form.startswith("art-demo.coins.") for t in coins)
    for t in coins:
        assert (t.x1 - t.x0) / MM == pytest.approx(30, abs=1e-3) and (t.y1 - t.y0) / MM == pytest.approx(30, abs=1e-3)


def test_fit_modes_and_dpi():
    # a 2:1 picture in a square box
    assert placement("cover", 200, 100, 50, 50) == (-25, 0, 100, 50)
    assert placement("contain", 200, 100, 50, 50) == (0, 12.5, 50, 25)
    assert placement("stretch", 200, 100, 50, 50) == (0, 0, 50, 50)
    art = Art(None, 600, 300, False, None)
    assert effective_dpi(art, 144, 72) == pytest.approx(300)     # 600 px over 2 in
    assert effective_dpi(Art(None, 10, 10, True, None), 1, 1) is None


def build_error(root, *args) -> str:
    result = pnp("build", "art-demo", "--only", "cards", "--lang", "en", "--out", str(root / "o"), *args, root=root)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    failed = [line for line in result.output.splitlines() if line.startswith("build failed:")]
    assert len(failed) == 1, result.output     # one line names card, language, box and the fix
    return failed[0]


def validate_error(root) -> str:
    """`pnp validate` refuses what the build refuses, first (issue 23, item 3): one line at the
    image region's line of the layout file, naming the card and the language."""
    result = pnp("validate", "art-demo", root=root)
    assert result.exit_code == 1, result.output
    problems = [line for line in result.output.splitlines() if line.strip()][:-1]   # then the count
    layout = (root / "layouts" / "art-demo.yaml").read_text(encoding="utf-8").splitlines()
    line = 1 + next(i for i, text in enumerate(layout) if "text: \"{{ card.props.portrait }}\"" in text)
    assert len(problems) == 1 and problems[0].startswith(f"layouts/art-demo.yaml:{line}: "), result.output
    assert "card 'knight' of deck 'heroes'" in problems[0] and "Traceback" not in result.output
    return problems[0]


def test_image_outside_the_game_folder_is_refused(tmp_path):
    root = example_project(tmp_path)
    replace_in(root / "cards" / "art-demo" / "heroes.yaml", "art/knight.png", "../../layouts/fonts/x.png")
    line = build_error(root)
    assert "card 'knight' (deck heroes), language en, box 'art'" in line
    assert "outside the game folder" in line and "art/x.png" in line
    assert "outside the game folder" in validate_error(root)


def _svg_with(root, inside: str) -> None:
    """The coin's SVG with `inside` added (and the DOCTYPE `inside` may need in front)."""
    coin = root / "cards" / "art-demo" / "art" / "coin.svg"
    doctype, _, body = inside.rpartition("]>")
    svg = coin.read_text(encoding="utf-8").replace("</svg>", body + "</svg>")
    coin.write_text((doctype + "]>\n" if doctype else "") + svg, encoding="utf-8")


@pytest.mark.parametrize("href", ["../../../secret.png", "/etc/secret.png"])
def test_svg_cannot_reach_outside_the_game_folder(tmp_path, href):
    """An SVG's own <image> is held to the game folder too: a shared project cannot put a
    picture from the builder's disk into the PDF they print."""
    root = example_project(tmp_path)
    Image.new("RGB", (300, 300), "red").save(tmp_path / "secret.png")
    _svg_with(root, f'<image xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="{href}" width="9" height="9"/>')
    line = build_error(root)
    assert "SVG 'art/coin.svg', line 5: <image> uses '" + href + "', which is outside the game folder" in line
    assert "inside art-demo/" in line


def test_svg_entities_are_never_expanded(tmp_path):
    """A billion-laughs entity bomb and an external entity (a file of the machine): svglib
    leaves entities unexpanded, so the build takes no longer and the file is not read."""
    root = example_project(tmp_path)
    (tmp_path / "secret.txt").write_text("PRIVATE-WORDS", encoding="utf-8")
    levels = "".join(f'<!ENTITY l{i} "{("&l%d;" % (i - 1)) * 10}">' for i in range(1, 10))
    _svg_with(root, f'<!DOCTYPE svg [<!ENTITY l0 "lol">{levels}<!ENTITY x SYSTEM "file://{tmp_path}/secret.txt">]>'
                    "<desc>&l9; &x;</desc>")
    result = pnp("build", "art-demo", "--only", "cards", "--lang", "en", "--out", str(root / "o"), root=root)
    assert result.exit_code == 0, result.output     # expanded, libxml2 would stop at its entity limits
    from lxml import etree
    from svglib.svglib import load_svg_file        # what svg2rlg parses the file with, as pnp calls it
    tree = etree.tostring(load_svg_file(str(root / "cards" / "art-demo" / "art" / "coin.svg")))
    assert b"<desc/>" in tree and b"PRIVATE-WORDS" not in tree and b"lollol" not in tree   # left empty


def test_missing_image_names_card_and_box(tmp_path):
    root = example_project(tmp_path)
    replace_in(root / "cards" / "art-demo" / "heroes.yaml", "art/knight.png", "art/knigth.png")
    line = build_error(root)
    assert "card 'knight'" in line and "box 'art'" in line and "'art/knigth.png' not found" in line
    assert "'art/knigth.png' not found" in validate_error(root)


def test_coarse_image_fails_unless_allowed(tmp_path):
    root = example_project(tmp_path)
    Image.new("RGB", (100, 75), "red").save(root / "cards" / "art-demo" / "art" / "knight.png")
    line = build_error(root)
    assert "prints at 48 dpi, below the 150 dpi minimum" in line and "allow_low_dpi: true" in line
    assert "prints at 48 dpi, below the 150 dpi minimum" in validate_error(root)
    replace_in(root / "layouts" / "art-demo.yaml", "fit: cover ", "allow_low_dpi: true\n        fit: cover ")
    result = pnp("build", "art-demo", "--only", "cards", "--lang", "en", "--out", str(root / "o"), root=root)
    assert result.exit_code == 0, result.output
    assert pnp("validate", "art-demo", root=root).exit_code == 0


def test_paper_presets_and_custom_size(tmp_path):
    root = example_project(tmp_path)
    for paper, width in (("a3", 297), ("tabloid", 279.4), ("300x450", 300)):
        out = tmp_path / paper
        result = pnp("build", "art-demo", "--only", "cards", "--lang", "en", "--paper", paper, "--out", str(out),
                     root=root)
        assert result.exit_code == 0, result.output
        page = PdfReader(out / "art-demo" / "en" / "cards.pdf").pages[0]
        assert float(page.mediabox.width) == pytest.approx(width * MM, abs=0.01)
    result = pnp("build", "art-demo", "--paper", "a5", root=root)
    assert result.exit_code == 2 and "unknown paper 'a5'" in result.output and "WxH in mm" in result.output


def test_sizes_any_diameter_and_unknown_size(tmp_path):
    root = example_project(tmp_path)
    deck = root / "cards" / "art-demo" / "coins.yaml"
    replace_in(deck, "size: round-30 ", "size: square-45 ")
    result = pnp("list", "art-demo", root=root)
    assert result.exit_code == 0 and "45" in result.output, result.output
    line = replace_in(deck, "size: square-45 ", "size: hexagon ")
    result = pnp("validate", "art-demo", root=root)
    assert result.exit_code == 1
    assert f"cards/art-demo/coins.yaml:{line}: size: unknown card size 'hexagon'" in result.output
    assert "round-<mm>" in result.output
