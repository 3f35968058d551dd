"""Newcomer 8 (a Squib designer porting space-octopus, with game-icons.net SVGs): shapes an SVG
leaves unseen stay unseen when recoloured, outlined text, icons in their SVG's own units, and
Squib's font sizes."""
from __future__ import annotations

from tests.designer.test_shapes_fonts import build, project
from tests.designer.test_squib_extras import near, pixel_at

# game-icons.net's files open with a transparent square the size of the icon (opacity="0")
SQUARE = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<path d="M0 0h100v100H0z" fill="#000000" opacity="0"/>
<path d="M0 0h50v50H0z" style="fill:#000000;opacity:0"/>
<path d="M50 0h50v40H50z" fill="#000000" fill-opacity="0"/>
<path d="M0 60h40v40H0z" fill="none"/>
<path d="M40 40h20v20H40z" fill="#ffffff" stroke="#000000" stroke-width="2"/></svg>"""


def test_what_an_svg_leaves_transparent_stays_transparent_when_recoloured(tmp_path):
    game = project(tmp_path, """\
      icon: {kind: image, x: 10, y: 10, width: 40, height: 40, text: art/speed.svg, fit: stretch, fill: "#c0392b"}
""")
    (game / "art").mkdir()
    (game / "art" / "speed.svg").write_text(SQUARE)
    pdf = build(tmp_path)
    paper = pixel_at(pdf, 55, 5)                                    # beside the box
    assert near(pixel_at(pdf, 30, 30), (0xc0, 0x39, 0x2b))          # what the SVG paints: the fill
    for x, y in ((12, 12), (20, 20), (45, 15), (15, 45), (47, 47)):   # opacity 0 (attribute, style), fill-opacity 0, none
        assert near(pixel_at(pdf, x, y), paper), (x, y, pixel_at(pdf, x, y))


def test_a_text_with_a_stroke_is_outlined_and_takes_no_stroke_from_a_shape(tmp_path):
    """White numbers with `stroke: ink` were invisible on white: the stroke was accepted and not
    drawn. A text box's stroke outlines its letters (fill, then stroke), as Squib's stroke_color on
    text; a text that extends a rect does not take the rect's outline."""
    from tests.designer.test_shapes_fonts import raster
    game = project(tmp_path, """\
      frame: {kind: rect, x: 2, y: 60, width: 20, height: 20, stroke: "#000000", stroke_width: 1}
      number: {kind: text, x: 5, y: 5, width: 50, height: 40, size: 90, color: "#ffffff", stroke: "#000000",
               stroke_width: 1, bold: true, align: center, valign: middle, text: "8"}
      plain: {extends: frame, kind: text, x: 30, y: 60, width: 30, height: 20, size: 40, color: "#ffffff",
              align: center, valign: middle, text: "8"}
""")
    pdf = build(tmp_path)
    image = raster(pdf)
    from tests.pdfs import open_pdf
    from tests.designer.test_shapes_fonts import CARDS, MM, card_origin
    with open_pdf(pdf) as doc:
        left, top = card_origin(doc.pages[CARDS])

    def dark(x0, y0, x1, y1) -> int:
        s = 100 / 72
        box = [round((left + x0 * MM) * s), round((top + y0 * MM) * s), round((left + x1 * MM) * s),
               round((top + y1 * MM) * s)]
        return sum(1 for p in image.crop(box).getdata() if sum(p) < 200)
    assert dark(5, 5, 55, 45) > 200          # the white 8's outline, drawn in black
    assert dark(31, 61, 59, 79) == 0         # the white 8 that extends the frame: no outline taken
