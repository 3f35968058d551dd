"""What a Squib or nanDECK designer still missed (issue 52, the newcomer's port of Plunder): a
one-colour SVG recoloured, colour inside a line of text, `y: += N` on a box that extends
another, a deck's cards picked from a spreadsheet by a column's value, and nine poker cards on a
Letter sheet when the deck's grid asks for three rows."""
from __future__ import annotations

from PIL import Image

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import build, card_origin, project, raster, MM, CARDS
from tests.pdfs import open_pdf

ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<path d="M10 10 H90 V60 H10 Z" fill="#000000"/>
<path d="M10 80 H90" stroke="#000000" stroke-width="10" fill="none"/></svg>"""


def pixel_at(pdf, x_mm, y_mm):
    image = raster(pdf)
    with open_pdf(pdf) as doc:
        left, top = card_origin(doc.pages[CARDS])
    scale = 100 / 72
    return image.getpixel((round((left + x_mm * MM) * scale), round((top + y_mm * MM) * scale)))


def near(colour, rgb, tolerance=8):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, rgb))


def test_a_one_colour_svg_is_recoloured_by_fill_and_stroke(tmp_path):
    game = project(tmp_path, """\
      icon: {kind: image, x: 10, y: 10, width: 40, height: 40, text: art/icon.svg, fit: stretch, fill: "#c0392b", stroke: navy}
""")
    (game / "art").mkdir()
    (game / "art" / "icon.svg").write_text(ICON)
    pdf = build(tmp_path)
    assert near(pixel_at(pdf, 30, 20), (0xc0, 0x39, 0x2b))        # the filled shape: the fill
    assert near(pixel_at(pdf, 30, 42), (0, 0, 0x80))              # the outline: the stroke
    first = pdf.read_bytes()
    assert build(tmp_path).read_bytes() == first                  # the same PDF, byte for byte


def test_recolouring_a_png_is_one_line_at_its_box(tmp_path):
    game = project(tmp_path, """\
      art: {kind: image, x: 10, y: 10, width: 40, height: 40, text: art/icon.png, fill: "#c0392b"}
""")
    (game / "art").mkdir()
    Image.new("RGB", (400, 400), (0, 0, 0)).save(game / "art" / "icon.png")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if "layouts/shapes.yaml:" in line]
    assert len(lines) == 1 and ".art.fill" in lines[0], result.output


BODY = """\
      body: {kind: text, x: 5, y: 40, width: 53, height: 20, size: 10, color: ink, text: "{{ card.text }}"}
"""


def with_text(game, text: str):
    deck = game / "cards.yaml"
    old = 'en: "Gain 2 :coin:. **Bold**, *italic* and icons work in every text."'
    deck.write_text(deck.read_text().replace(old, f"en: {text!r}"))
    return deck


def test_colour_inside_a_line_of_text(tmp_path):
    game = project(tmp_path, BODY)
    with_text(game, "Pay [#c0392b|two coins] or [accent|**one card**] here")
    pdf = build(tmp_path)
    with open_pdf(pdf) as doc:
        chars = doc.pages[CARDS].chars
    chars = [c for c in chars if c["text"].strip()]
    text = "".join(c["text"] for c in chars)
    start = text.index("Paytwocoinsoronecardhere")           # no [ or |: the span's words alone
    colour = {c["text"]: tuple(round(v * 255) for v in c["non_stroking_color"]) for c in chars[start:start + 24]}
    assert colour["w"] == (0xc0, 0x39, 0x2b)          # "two" in the span's #rrggbb
    assert colour["d"] == (0x2d, 0x6a, 0x8a)          # "card": the layout's colour 'accent', and bold
    assert colour["P"] == (0x2b, 0x21, 0x18)          # the box's own colour ('ink') around them


def test_a_span_of_unknown_colour_or_not_closed_is_one_line_at_the_card(tmp_path):
    game = project(tmp_path, BODY)
    deck = with_text(game, "Pay [acent|two coins] now, [red|then draw.")
    line = next(i for i, row in enumerate(deck.read_text().splitlines(), 1) if "acent" in row) - 1   # its text:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0 and "Traceback" not in result.output
    said = [row for row in result.output.splitlines() if row.startswith(f"cards/shapes/cards.yaml:{line}:")]
    assert len(said) == 2, result.output
    assert "'acent'" in said[0] + said[1] and "'accent'" in said[0] + said[1]     # and what it may mean
