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
