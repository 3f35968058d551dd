"""`pnp export cutter`: every cut path (SVG, and DXF read back with ezdxf) lies on its piece's trim
in the print sheet (read from the PDF's content stream), with the size's corner radius; the marks print where the machine's data
file puts them; the SVG, rendered, falls on the printed pieces; the output is byte-identical."""
from __future__ import annotations

import math
import re
import subprocess
import xml.etree.ElementTree as ET

import ezdxf
import pytest
import yaml
from PIL import Image
from pypdf import PdfReader

from tests.conftest import ROOT, pnp
from tests.print.sheet_geometry import trims

MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
TOKEN = re.compile(r"[MLHVAZ]|-?[\d.]+")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """taverna (poker cards with backs, square tiles, round tokens): Silhouette on A4 (fr), the
    generic corner marks on Letter (en), Cricut's print image for the round tokens."""
    out = tmp_path_factory.mktemp("cutter")
    runs = {"silhouette": ("fr",), "generic": ("en",), "cricut": ("fr", "--deck", "guild-tokens")}
    for machine, (lang, *more) in runs.items():
        result = pnp("export", "cutter", "taverna", "--machine", machine, "--lang", lang, *more, "--out", str(out))
        assert result.exit_code == 0, result.output
    return {m: out / "taverna" / runs[m][0] / f"cutter-{m}" for m in runs}


def data(machine: str) -> dict:
    return yaml.safe_load((ROOT / "layouts" / "cutters" / f"{machine}.yaml").read_text(encoding="utf-8"))


def outline(d: str) -> tuple[tuple[float, float, float, float], float | None]:
    """(bbox in mm, arc radius) of a path of M/L/H/V/A/Z commands (a circle: two half arcs)."""
    tokens, xs, ys, radius, x, y = TOKEN.findall(d), [], [], None, 0.0, 0.0
    i, circle = 0, False
    while i < len(tokens):
        cmd = tokens[i]
        i += 1
        if cmd in "ML":
            x, y = float(tokens[i]), float(tokens[i + 1]); i += 2
        elif cmd == "H":
            x = float(tokens[i]); i += 1
        elif cmd == "V":
            y = float(tokens[i]); i += 1
        elif cmd == "A":
            radius = float(tokens[i]); circle |= tokens[i + 3] == "1"
            x, y = float(tokens[i + 5]), float(tokens[i + 6]); i += 7
        elif cmd == "Z":
            continue
        xs.append(x); ys.append(y)
    if circle:   # endpoints at the left and right of the circle: it reaches r above and below
        ys += [ys[0] - radius, ys[0] + radius]
    return (min(xs), min(ys), max(xs), max(ys)), radius


def dxf_outlines(path, page_height: float) -> list[tuple[tuple[float, float, float, float], float | None]]:
    """(bbox in mm with y turned downwards, arc radius) of each entity of a DXF cut file, which
    must be in mm, metric, closed outlines on the layer "cut"."""
    doc = ezdxf.readfile(path)
    assert doc.header["$INSUNITS"] == 4 and doc.header["$MEASUREMENT"] == 1
    found = []
    for e in doc.modelspace():
        assert e.dxf.layer == "cut"
        if e.dxftype() == "CIRCLE":
            (cx, cy, _), r = e.dxf.center, e.dxf.radius
            found.append(((cx - r, page_height - cy - r, cx + r, page_height - cy + r), r))
            continue
        assert e.dxftype() == "LWPOLYLINE" and e.closed
        points = [tuple(map(float, p)) for p in e.get_points("xyb")]
        radius = None
        for (x, y, b), (nx, ny, _) in zip(points, points[1:] + points[:1]):
            if b:   # a bulge arc: its radius from the chord and the bulge
                radius = math.hypot(nx - x, ny - y) * (1 + b * b) / (4 * abs(b))
        xs, ys = [p[0] for p in points], [page_height - p[1] for p in points]
        found.append(((min(xs), min(ys), max(xs), max(ys)), radius))
    return found


def sheets(pdf):
    """(page, trims) of every fronts page (a backs page places only backs)."""
    reader = PdfReader(pdf)
    pages = [(n, page, trims(reader, page)) for n, page in enumerate(reader.pages)]
    return [(n, page, t) for n, page, t in pages if not all(x.form.endswith(".back") for x in t)]


def test_every_cut_path_is_its_pieces_trim(exported):
    sizes = yaml.safe_load((ROOT / "layouts" / "sheets.yaml").read_text(encoding="utf-8"))["sizes"]
    worst, checked, dxf_checked = 0.0, 0, 0
    for machine, folder in exported.items():
        formats = data(machine).get("cut_files", ["svg"])
        dxfs, svgs = (sorted(p.stem for p in folder.glob(f"*-[0-9][0-9].{kind}")) for kind in ("dxf", "svg"))
        assert svgs and dxfs == (svgs if "dxf" in formats else []), machine     # one DXF beside each SVG
        for pdf in sorted(folder.glob("*.pdf")):
            if pdf.name == "how-to-cut.pdf":
                continue
            fronts = sheets(pdf)
            svgs = sorted(folder.glob(f"{pdf.stem}-[0-9][0-9].svg"))
            assert len(svgs) == len(fronts) > 0, (machine, pdf.name)
            size = sizes[pdf.stem]
            for svg, (_, page, placed) in zip(svgs, fronts):
                root = ET.parse(svg).getroot()
                w, h = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
                assert root.get("width").endswith("mm") and float(root.get("width")[:-2]) == pytest.approx(w, abs=0.01)
                assert float(root.get("height")[:-2]) == pytest.approx(h, abs=0.01)
                assert [float(v) for v in root.get("viewBox").split()] == pytest.approx([0, 0, w, h], abs=0.01)
                paths = root.findall(f".//{SVG}g[@id='cut']/{SVG}path")
                assert len(paths) == len(placed)
                dxf = svg.with_suffix(".dxf")
                drawn = dxf_outlines(dxf, h) if "dxf" in formats else [None] * len(paths)
                assert len(drawn) == len(paths), dxf
                for path, trim, other in zip(paths, placed, drawn):
                    (x0, y0, x1, y1), radius = outline(path.get("d"))
                    expected = (trim.x0 / MM, h - trim.y1 / MM, trim.x1 / MM, h - trim.y0 / MM)   # y downwards
                    worst = max(worst, *(abs(a - b) for a, b in zip((x0, y0, x1, y1), expected)))
                    if other:   # the DXF's outline: on the SVG's and on the trim, with the same radius
                        box, arc = other
                        worst = max(worst, *(abs(a - b) for a, b in zip(box, expected)),
                                    *(abs(a - b) for a, b in zip(box, (x0, y0, x1, y1))))
                        assert arc == pytest.approx(radius, abs=0.001)
                        dxf_checked += 1
                    if size.get("shape") == "round":
                        assert radius == pytest.approx(size["width"] / 2, abs=0.01)
                    else:
                        assert radius == pytest.approx(size.get("radius", 3.0), abs=0.001)
                    checked += 1
    assert checked > 100 and dxf_checked > 100 and worst <= 0.1, (worst, dxf_checked)


def _png(pdf, page: int, dpi: int, stem):
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("L")


@pytest.mark.parametrize("machine", ["silhouette", "generic"])
def test_marks_print_where_the_machine_file_says(exported, machine, tmp_path):
    """Dark at the middle of the square and along each arm 10 mm from its corner, as the data
    file places them (inset from the edges); blank 2 mm outside; nothing on a backs page."""
    spec = data(machine)["marks"]
    pdf = exported[machine] / "poker.pdf"
    reader = PdfReader(pdf)
    dpi, inset = 100, spec["inset"]
    image = _png(pdf, 1, dpi, tmp_path / "front")
    w, h = float(reader.pages[0].mediabox.width) / MM, float(reader.pages[0].mediabox.height) / MM

    def at(x, y):
        return image.getpixel((int(x / 25.4 * dpi), int(y / 25.4 * dpi)))

    for shape in spec["shapes"]:
        right, bottom = shape["at"].endswith("right"), shape["at"].startswith("bottom")
        cx, cy = (w - inset if right else inset), (h - inset if bottom else inset)
        dx, dy = (-1 if right else 1), (1 if not bottom else -1)
        if shape["kind"] == "square":
            s = shape["size"]
            assert at(cx + dx * s / 2, cy + dy * s / 2) < 80
            assert at(cx - dx * 2, cy - dy * 2) > 200 and at(cx + dx * (s + 2), cy + dy * (s + 2)) > 200
        else:
            assert at(cx + dx * 10, cy) < 160 and at(cx, cy + dy * 10) < 160      # thin lines: grey when sampled
            assert at(cx + dx * 10, cy - dy * 2) > 200 and at(cx - dx * 2, cy + dy * 10) > 200
    backs = [n for n, page in enumerate(reader.pages) if all(t.form.endswith(".back") for t in trims(reader, page))]
    assert backs, "taverna's clients have backs"
    back = _png(pdf, backs[0] + 1, dpi, tmp_path / "back")
    shape = spec["shapes"][0]
    right, bottom = shape["at"].endswith("right"), shape["at"].startswith("bottom")
    x, y = (w - inset - 3 if right else inset + 3), (h - inset if bottom else inset)
    assert back.getpixel((int(x / 25.4 * dpi), int(y / 25.4 * dpi))) > 200


def test_rendered_cut_file_falls_on_the_printed_pieces(exported, tmp_path):
    """The SVG drawn by svglib and the PDF page drawn by poppler at the same scale: every pixel
    of a cut line lies on printed art (the piece or its bleed), and the two images agree in size."""
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg
    for machine in ("silhouette", "cricut"):
        folder = exported[machine]
        pdf = folder / ("poker.pdf" if machine == "silhouette" else "round-token.pdf")
        svg = folder / f"{pdf.stem}-01.svg"
        thick = tmp_path / f"{machine}.svg"
        thick.write_text(svg.read_text(encoding="utf-8").replace('stroke-width="0.1"', 'stroke-width="0.4"'))
        renderPDF.drawToFile(svg2rlg(str(thick)), str(tmp_path / f"{machine}-svg.pdf"))
        printed = _png(pdf, 1, 60, tmp_path / f"{machine}-print")
        drawn = _png(tmp_path / f"{machine}-svg.pdf", 1, 60, tmp_path / f"{machine}-cut")
        assert printed.size == drawn.size
        lines = [(x, y) for y in range(drawn.size[1]) for x in range(drawn.size[0]) if drawn.getpixel((x, y)) < 200]
        assert len(lines) > 500
        blank = [p for p in lines if printed.getpixel(p) > 250]
        assert len(blank) <= len(lines) * 0.01, (machine, len(blank), len(lines))


def test_export_is_reproducible(exported, tmp_path):
    result = pnp("export", "cutter", "taverna", "--machine", "cricut", "--lang", "fr", "--deck", "guild-tokens",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    again = tmp_path / "taverna" / "fr" / "cutter-cricut"
    names = sorted(p.name for p in again.iterdir())
    assert names == sorted(p.name for p in exported["cricut"].iterdir()) and any(n.endswith(".png") for n in names)
    for name in names:
        assert (again / name).read_bytes() == (exported["cricut"] / name).read_bytes(), name


def test_dxf_export_is_reproducible(exported, tmp_path):
    """A second export of Silhouette sheets (one deck, the only one of its size) writes the same
    bytes, DXF included: ezdxf's dates and GUIDs are fixed."""
    result = pnp("export", "cutter", "taverna", "--machine", "silhouette", "--lang", "fr", "--deck", "royal-favours",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    again = sorted((tmp_path / "taverna" / "fr" / "cutter-silhouette").glob("large-square-tile*"))
    assert [p.suffix for p in again].count(".dxf") >= 1
    for path in again:
        assert path.read_bytes() == (exported["silhouette"] / path.name).read_bytes(), path.name


def test_unknown_machine_is_one_line(tmp_path):
    result = pnp("export", "cutter", "taverna", "--machine", "cameo9", "--out", str(tmp_path))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "layouts/cutters/cameo9.yaml" in lines[0] and "silhouette" in lines[0]
    assert not (tmp_path / "taverna").exists()


def test_a_new_machine_is_data_and_its_mistakes_are_one_line(tmp_path):
    """A project's layouts/cutters/<name>.yaml is a machine: a wrong field is one line with its
    file:line; a right one exports with its own marks (one 8 mm square, 12 mm inset)."""
    mine = tmp_path / "layouts" / "cutters" / "mine.yaml"
    mine.parent.mkdir(parents=True)
    guide = yaml.safe_load((ROOT / "layouts" / "cutters" / "generic.yaml").read_text(encoding="utf-8"))["guide"]
    machine = {"name": "Mine", "software": "Its own", "bleed": 9, "sources": ["a test"], "guide": guide,
               "marks": {"inset": 12, "line_width": 0.3, "clearance": 2,
                         "shapes": [{"kind": "square", "at": "top-left", "size": 8}]}}
    mine.write_text(yaml.safe_dump(machine, allow_unicode=True), encoding="utf-8")
    result = pnp("export", "cutter", "taverna", "--machine", "mine", "--deck", "guild-tokens", "--lang", "en",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 1 and not (tmp_path / "out" / "taverna").exists()
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("layouts/cutters/mine.yaml:") and "bleed" in lines[0]
    machine.update(bleed=1, cut_files=["dxf", "eps"])
    mine.write_text(yaml.safe_dump(machine, allow_unicode=True), encoding="utf-8")
    result = pnp("export", "cutter", "taverna", "--machine", "mine", "--deck", "guild-tokens", "--lang", "en",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 1 and len(lines) == 1 and lines[0].startswith("layouts/cutters/mine.yaml:")
    assert "cut_files" in lines[0]
    machine["cut_files"] = ["dxf"]
    mine.write_text(yaml.safe_dump(machine, allow_unicode=True), encoding="utf-8")
    result = pnp("export", "cutter", "taverna", "--machine", "mine", "--deck", "guild-tokens", "--lang", "en",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    written = {p.suffix for p in (tmp_path / "out" / "taverna" / "en" / "cutter-mine").iterdir()}
    assert ".dxf" in written and ".svg" not in written      # the machine file chooses its cut files
    image = _png(tmp_path / "out" / "taverna" / "en" / "cutter-mine" / "round-token.pdf", 1, 100, tmp_path / "p")
    assert image.getpixel((int(16 / 25.4 * 100), int(16 / 25.4 * 100))) < 80      # the square's middle: 12 + 4 mm
    assert image.getpixel((int(10.5 / 25.4 * 100), int(16 / 25.4 * 100))) > 200   # left of it


def test_hexagon_and_square_corner_outlines():
    from generator.model.model import Size
    from generator.paper.cutter import Rect
    from generator.exporters.cutter import outline as path
    hexagon = Size(width=50, height=43.301, shape="hex")
    box, radius = outline(path(hexagon, Rect(10, 20, 60, 63.301)))
    assert box == pytest.approx((10, 20, 60, 63.301), abs=0.001) and radius is None
    assert path(hexagon, Rect(10, 20, 60, 63.301)).count("L") == 5
    square = Size(width=30, height=30, radius=0)
    assert path(square, Rect(0, 0, 30, 30)) == "M0 0H30V30H0Z"


def test_paper_choice_for_the_cutter_only(tmp_path):
    """English sheets default to Letter; --paper a4 lays them out on A4; --paper is refused for
    the other targets (their paper is the piece's own)."""
    result = pnp("export", "cutter", "taverna", "--machine", "generic", "--deck", "guild-tokens", "--lang", "en",
                 "--paper", "a4", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "taverna" / "en" / "cutter-generic" / "round-token.pdf").pages[0]
    assert (round(float(page.mediabox.width) / MM), round(float(page.mediabox.height) / MM)) == (210, 297)
    assert pnp("export", "png", "taverna", "--paper", "a4", "--out", str(tmp_path)).exit_code == 2


def test_hexagon_and_square_corner_dxf_outlines(tmp_path):
    """Shapes no bundled game cuts: a hexagon's six corners and a square-cornered tile, in the
    DXF as in the SVG (y turned upwards on a 100 mm sheet)."""
    from generator.model.model import Size
    from generator.paper.cutter import CutLayout, Rect
    from generator.exporters.cutter import outline as path
    from generator.exporters.cutter_dxf import cut_dxf
    for size, trim in ((Size(width=50, height=43.301, shape="hex"), Rect(10, 20, 60, 63.301)),
                       (Size(width=30, height=30, radius=0), Rect(5, 5, 35, 35))):
        dxf = tmp_path / "sheet.dxf"
        dxf.write_bytes(cut_dxf(CutLayout((100, 100), size, 1.5, (trim,), (), False), 1))
        [(box, radius)] = dxf_outlines(dxf, 100)
        assert box == pytest.approx(outline(path(size, trim))[0], abs=0.001) and radius is None
        assert len(ezdxf.readfile(dxf).modelspace()[0]) == (6 if size.shape == "hex" else 4)
