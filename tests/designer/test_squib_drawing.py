"""Newcomer 8 (a Squib designer porting space-octopus, with game-icons.net SVGs): shapes an SVG
leaves unseen stay unseen when recoloured, outlined text, icons in their SVG's own units, and
Squib's font sizes."""
from __future__ import annotations

from tests.designer.test_shapes_fonts import MM, add_icons, build, project
from tests.authoring.helpers import new_game
from tests.designer.test_squib_extras import near

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
    at = pixels(build(tmp_path))
    paper = at(55, 5)                                               # beside the box
    assert near(at(30, 30), (0xc0, 0x39, 0x2b))                     # what the SVG paints: the fill
    for x, y in ((12, 12), (20, 20), (45, 15), (15, 45), (47, 47)):   # opacity 0 (attribute, style), fill-opacity 0, none
        assert near(at(x, y), paper), (x, y, at(x, y))


def pixels(pdf):
    """The card's colour at (x, y) mm from its top-left corner, the page rasterised once."""
    from tests.designer.test_shapes_fonts import CARDS, card_origin, raster
    from tests.pdfs import open_pdf
    image = raster(pdf)
    with open_pdf(pdf) as doc:
        left, top = card_origin(doc.pages[CARDS])
    return lambda x, y: image.getpixel((round((left + x * MM) * 100 / 72), round((top + y * MM) * 100 / 72)))


def test_a_text_with_a_stroke_is_outlined_and_takes_no_stroke_from_a_shape(tmp_path):
    """White numbers with `stroke: ink` were invisible on white: the stroke was accepted and not
    drawn. A text box's stroke outlines its letters (fill, then stroke), as Squib's stroke_color on
    text; a text that extends a rect does not take the rect's outline."""
    from tests.designer.test_shapes_fonts import raster
    project(tmp_path, """\
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
        part = image.crop(box)
        pixels = part.load()
        return sum(1 for x in range(part.width) for y in range(part.height) if sum(pixels[x, y][:3]) < 200)
    assert dark(5, 5, 55, 45) > 200          # the white 8's outline, drawn in black
    assert dark(31, 61, 59, 79) == 0         # the white 8 that extends the frame: no outline taken


GAME_ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" style="height: 512px; width: 512px;">
<path d="M0 0h512v512H0z" fill="#000" opacity="0"></path>
<path d="M0 0h512v512H0z" fill="#fff"></path></svg>"""


def test_an_icon_in_its_svgs_own_units_or_from_its_file_fills_the_icon_box(tmp_path):
    """game-icons.net's paths are in a 512 box: pasted into pnp's 1000-unit box they printed at
    half size and too high. `viewbox: 512` (or the SVG's file) scales them to the box."""
    from tests.designer.test_shapes_fonts import raster
    project(tmp_path, """\
      pasted: {kind: text, x: 5, y: 5, width: 50, height: 25, size: 40, color: "#000000", text: ":raw:"}
      sized: {kind: text, x: 5, y: 32, width: 50, height: 25, size: 40, color: "#000000", text: ":sq:"}
      filed: {kind: text, x: 5, y: 59, width: 50, height: 25, size: 40, color: "#000000", text: ":sqf:"}
""")
    (add_icons(tmp_path, """\
  raw: {path: "M0 0h512v512H0z", label: {en: raw}}
  sq: {path: "M0 0h512v512H0z", viewbox: [0, 0, 512, 512], label: {en: square}}
  sqf: {file: art/square.svg, label: {en: square}}
""") / "square.svg").write_text(GAME_ICON)
    image = raster(build(tmp_path))

    def height(row_mm) -> float:   # mm of the tallest dark column in the box that starts at row_mm
        from tests.pdfs import open_pdf
        from tests.designer.test_shapes_fonts import CARDS, MM, card_origin
        with open_pdf(tmp_path / "out" / "shapes" / "en" / "cards.pdf") as doc:
            left, top = card_origin(doc.pages[CARDS])
        s = 100 / 72
        crop = image.crop((round((left + 5 * MM) * s), round((top + row_mm * MM) * s),
                           round((left + 55 * MM) * s), round((top + (row_mm + 25) * MM) * s)))
        dark = [y for y in range(crop.height) if any(sum(crop.getpixel((x, y))) < 200 for x in range(crop.width))]
        return (dark[-1] - dark[0] + 1) / s / MM if dark else 0
    em = 40 / MM                                   # 40 pt in mm: the icon box
    assert abs(height(32) - em) < 0.5, height(32)
    assert abs(height(59) - em) < 0.5, height(59)
    assert abs(height(5) - em * 512 / 1000) < 0.5  # the path pasted as it is: half the box


def test_an_icon_file_that_cannot_be_an_icon_is_one_line_at_its_file_field(tmp_path):
    from tests.conftest import pnp
    new_game(tmp_path, "shapes")
    art = add_icons(tmp_path, """\
  dot: {file: art/dot.svg, label: {en: dot}}
  gone: {file: art/gone.svg, label: {en: gone}}
  out: {file: ../../dot.svg, label: {en: out}}
""")
    (tmp_path / "dot.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><path d="M0 0h9v9z"/></svg>')
    (art / "dot.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
                                          '<text x="1" y="9">A</text></svg>')
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 1
    found = [line for line in result.output.splitlines() if "icons." in line]
    assert len(found) == 3, result.output
    assert found[0].startswith("layouts/shapes.yaml:9: icons.dot.file: ") and "<text> at line 2" in found[0]
    assert found[1].startswith("layouts/shapes.yaml:10: icons.gone.file: ") and "art/gone.svg: not found" in found[1]
    assert found[2].startswith("layouts/shapes.yaml:11: icons.out.file: ../../dot.svg: leads outside cards/shapes/")
    assert "Traceback" not in result.output and "unknown icon" not in result.output


def test_a_squib_font_size_prints_in_points_at_any_dpi_and_a_small_size_as_written(tmp_path):
    """Squib (v0.14 on) sets Pango's resolution to the deck's dpi (lib/squib/graphics/text.rb:
    `layout.context.resolution = dpi`), so its `font: "DejaVu Sans 26"` prints at 26 pt in a
    layout measured in pixels too; a `size:` written beside it wins. A size written below the
    default minimum (6.5 pt) prints as written, where it failed as "does not fit even at 6.5 pt"."""
    from tests.pdfs import open_pdf
    from tests.designer.test_shapes_fonts import CARDS
    project(tmp_path, """\
      squib: {kind: text, x: 60 px, y: 60 px, width: 600 px, height: 150 px, font: "DejaVu Sans 26", text: "Squib"}
      small: {kind: text, x: 60 px, y: 600 px, width: 600 px, height: 150 px, font: "DejaVu Sans", size: 6,
              text: "Tiny"}
      written: {kind: text, x: 60 px, y: 300 px, width: 600 px, height: 150 px, font: "DejaVu Sans 26", size: 10,
                text: "Written"}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    dpi: 300\n    background: paper\n", 1))
    pdf = build(tmp_path)
    with open_pdf(pdf) as doc:
        sizes = {}
        for char in doc.pages[CARDS].chars:
            sizes.setdefault(char["text"], round(char["size"], 2))
    assert sizes["S"] == 26, sizes
    assert sizes["W"] == 10, sizes
    assert sizes["T"] == 6, sizes


# an Inkscape file as saved: its editor's bookkeeping, a layer group with a transform, and two
# paths (the second opening with a relative moveto, which would land elsewhere if pasted after the
# first), and a hidden layer
INKSCAPE = """<svg xmlns="http://www.w3.org/2000/svg"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" viewBox="0 0 100 100">
  <defs id="defs2"/>
  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="0.98"/>
  <metadata><rdf:RDF/></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" transform="translate(10,20)">
    <g transform="matrix(0.5,0,0,0.5,0,0)">
      <path d="M0 0h40v40H0z" fill="#48baff"/>
    </g>
    <path transform="scale(2)" d="m 20,10 h 10 v 10 h -10 z"/>
  </g>
  <g inkscape:label="sketch" inkscape:groupmode="layer" style="display:none"><path d="M0 0h100v100H0z"/><text>draft</text></g>
</svg>"""


def test_an_inkscape_icon_file_is_read_with_its_transforms_and_all_its_paths(tmp_path):
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.svgLib.path import parse_path
    from generator.card_layout.icon_paths import file_path
    from tests.conftest import pnp
    path, box = file_path(INKSCAPE.encode())
    assert box == (0, 0, 100, 100)
    bounds = []
    for piece in path.split("M")[1:]:
        pen = BoundsPen(None)
        parse_path("M" + piece, pen)
        bounds.append(tuple(round(v, 3) for v in pen.bounds))
    assert bounds == [(10, 20, 30, 40), (50, 40, 70, 60)]   # halved then moved; doubled then moved
    new_game(tmp_path, "shapes")
    (add_icons(tmp_path, "  air: {file: art/air.svg, label: {en: air}}\n") / "air.svg").write_text(INKSCAPE)
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code == 0, result.output
