"""Every read through the read rule, and images as PNG or JPEG only (issue 48, items 4, 6 and 7):
a `calc_cache.py` that is a pipe hung `pnp build`; an SVG's `data:` reference that is not base64
made svglib open a file of that name itself (a pipe there hung validate), `<use>` loaded an SVG
pnp never checked; a `.png` that is PostScript ran Ghostscript; images embedded in an SVG were
counted one by one (24 of 49 million pixels each: 63 s and 5.1 GB) and a single one ended the
build with a ReportLab TypeError."""
from __future__ import annotations

import base64
import io
import os
import shutil

import pytest
from PIL import Image

from tests.conftest import ROOT

from .projects import TRUST, bounded, demo, edit
from .test_budgets import with_art

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">\n'
       '{}\n</svg>')


def _png(width: int, height: int, mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, (width, height)).save(out, "PNG")
    return out.getvalue()


def _data(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def _svg_project(tmp_path, body: str):
    root = demo(tmp_path)
    with_art(root, "pic.svg")
    (root / "cards" / "demo" / "art" / "pic.svg").write_text(SVG.format(body))
    return root


def _refused_at(run, *words: str) -> None:
    assert run.code is not None, f"killed after {run.seconds:.0f} s"
    assert run.one_line_failure(), run.output[-600:]
    assert any(all(w in line for w in words) for line in run.lines()), run.lines()


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("make", [lambda p: os.mkfifo(p), lambda p: p.symlink_to("/dev/zero")], ids=["fifo", "dev-zero"])
def test_a_calc_cache_that_is_not_a_regular_file_is_one_line(tmp_path, make):
    """worker_config hashed layouts/site/calc_cache.py with .read_bytes(): a pipe hung the build."""
    from tests.site.conftest import runtime_or_skip
    runtime_or_skip()
    root = demo(tmp_path)
    shutil.copytree(ROOT / "layouts" / "site", root / "layouts" / "site")
    cache = root / "layouts" / "site" / "calc_cache.py"
    cache.unlink()
    make(cache)
    _refused_at(bounded(root, "build", "tournay", "--lang", "en", "--only", "rules", env=TRUST, timeout=30),
                "build failed: layouts/site/calc_cache.py:")


@pytest.mark.parametrize("body, words", [
    ('<image xlink:href="data:image/f.png" width="5" height="5"/>', ["<image> refers to 'data:image/f.png'"]),
    ('<image href="data:image/svg+xml;base64,PHN2Zy8+" width="5" height="5"/>', ["<image> refers to 'data:"]),
    ('<use xlink:href="data:image/x.svg#r"/>', ["<use> refers to 'data:image/x.svg#r'"]),
    ('<use xlink:href="other.svg#r"/>', ["<use> refers to 'other.svg#r'"]),
    ('<a xlink:href="https://example.com/"><rect width="1" height="1"/></a>', ["<a> refers to 'https://example.com/'"]),
], ids=["data-not-base64", "data-svg", "use-data", "use-file", "link"])
def test_an_svg_reference_other_than_a_png_or_jpeg_is_refused_at_its_line(tmp_path, body, words):
    root = _svg_project(tmp_path, body)
    art = root / "cards" / "demo" / "art"
    (art / "data:image").mkdir()
    os.mkfifo(art / "data:image" / "f.png")          # what svglib opened itself: validate hung
    (art / "data:image" / "x.svg").write_text(SVG.format('<rect id="r" width="5" height="5"/>'))
    (art / "other.svg").write_text(SVG.format('<rect id="r" width="5" height="5"/>'))
    _refused_at(bounded(root, "validate", "demo", timeout=30), "SVG 'art/pic.svg', line 2:", *words)
    _refused_at(bounded(root, "build", "demo", "--only", "cards", timeout=30), "SVG 'art/pic.svg', line 2:", *words)


def test_text_in_an_svg_runs_no_font_lookup(tmp_path):
    """svglib looked a <text>'s font up with fc-match, an outside program, before pnp refused it."""
    env = _fake_program(tmp_path, "fc-match")
    root = _svg_project(tmp_path, '<text font-family="Evil" x="1" y="5">hi</text>')
    run = bounded(root, "build", "demo", "--only", "cards", env=env, timeout=30)
    _refused_at(run, "SVG 'art/pic.svg', line 2: contains text")
    assert not (tmp_path / "fc-match-ran").exists()


def test_an_svg_reference_of_spaces_opens_no_file(tmp_path):
    """svglib read ' #r' and ' ' as the names of files beside the SVG (a pipe there hung it)."""
    root = _svg_project(tmp_path, '<rect id="r" width="5" height="5"/><use xlink:href=" #r"/>'
                                  '<image xlink:href=" " width="5" height="5"/>')
    art = root / "cards" / "demo" / "art"
    os.mkfifo(art / " #r")
    os.mkfifo(art / " ")
    run = bounded(root, "build", "demo", "--only", "cards", timeout=30)
    assert run.code == 0, run.output[-600:]


def _fake_program(tmp_path, name: str) -> dict:
    """An environment whose PATH finds a `name` that only leaves `name`-ran beside the project."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(f"#!/bin/sh\ntouch {tmp_path / (name + '-ran')}\nexit 1\n")
    (folder / name).chmod(0o755)
    return {"PATH": f"{folder}:{os.environ.get('PATH', '')}"}


def _fake_ghostscript(tmp_path):
    return _fake_program(tmp_path, "gs")


POSTSCRIPT = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nnewpath 0 0 moveto 10 10 lineto stroke\nshowpage\n"


def test_a_png_that_is_postscript_never_runs_ghostscript(tmp_path):
    root = demo(tmp_path)
    with_art(root, "pic.png")
    (root / "cards" / "demo" / "art" / "pic.png").write_bytes(POSTSCRIPT)
    run = bounded(root, "validate", "demo", env=_fake_ghostscript(tmp_path), timeout=30)
    _refused_at(run, "cannot read image 'art/pic.png'")
    assert not (tmp_path / "gs-ran").exists()


def test_postscript_as_base64_png_in_an_svg_never_runs_ghostscript(tmp_path):
    root = _svg_project(tmp_path, f'<image xlink:href="{_data(POSTSCRIPT)}" width="5" height="5"/>')
    run = bounded(root, "build", "demo", "--only", "cards", env=_fake_ghostscript(tmp_path), timeout=30)
    _refused_at(run, "SVG 'art/pic.svg', line 2:", "not a PNG or JPEG")
    assert not (tmp_path / "gs-ran").exists()


def test_a_small_png_inside_an_svg_builds(tmp_path):
    """A 20×20 base64 PNG ended the build with `internal error: TypeError` (ReportLab's inline
    image inside a form); it is now an image of the PDF, once for every copy."""
    from pypdf import PdfReader
    root = _svg_project(tmp_path, f'<image xlink:href="{_data(_png(20, 20))}" width="5" height="5"/>')
    run = bounded(root, "build", "demo", "--only", "cards", timeout=30)
    assert run.code == 0, run.output[-600:]
    pdf = PdfReader(root / "output" / "demo" / "en" / "cards.pdf")
    sizes = {(obj["/Width"], obj["/Height"]) for page in pdf.pages
             for obj in _xobjects(page.get("/Resources", {}).get("/XObject", {}))
             if obj.get("/Subtype") == "/Image"}
    assert (20, 20) in sizes


def _xobjects(xobjects):
    """Image XObjects, also inside forms (each card face is one)."""
    for ref in xobjects.values():
        obj = ref.get_object()
        yield obj
        if obj.get("/Subtype") == "/Form":
            yield from _xobjects(obj.get("/Resources", {}).get("/XObject", {}))


def test_the_images_of_one_svg_share_one_pixel_budget(tmp_path):
    """Each under the 50-million limit, three 5000×5000 images together are over it."""
    picture = _data(_png(5000, 5000, "1"))
    root = _svg_project(tmp_path, f'<image xlink:href="{picture}" width="5" height="5"/>' * 3)
    _refused_at(bounded(root, "validate", "demo", timeout=30), "SVG 'art/pic.svg', line 2:", "million pixels together")


def _regions(root, count: int, template: str = "{{ card.id }}") -> None:
    """`count` more text regions on the demo card, each printing its own text per card."""
    regions = "".join(f'      t{i}: {{kind: text, x: 7, y: 50, width: 49, height: 26, text: "{template} {i}"}}\n'
                      for i in range(count))
    layout = root / "layouts" / "demo.yaml"
    text = layout.read_text()
    layout.write_text(text.replace("      rule: {kind: line", regions + "      rule: {kind: line", 1))


def _cards(root, count: int) -> None:
    deck = root / "cards" / "demo" / "cards.yaml"
    deck.write_text(deck.read_text() + "".join(f"  - id: c{i}\n    name: {{en: C{i}}}\n    props: {{cost: 1}}\n"
                                               f"    text: {{en: hello}}\n" for i in range(count)))


def test_a_layout_of_thousands_of_regions_is_one_line(tmp_path):
    """12,000 text regions (1.1 MB, under the file limits) kept `pnp validate` busy past 200 s on
    a 40-card deck; 2,000 here (past 40 s before)."""
    root = demo(tmp_path)
    _regions(root, 2000)
    _cards(root, 38)
    _refused_at(bounded(root, "validate", "demo", timeout=60), "layouts/demo.yaml:25: layouts.card.regions:",
                "2,008 regions")


def test_the_faces_of_a_project_share_one_budget_of_regions(tmp_path):
    """Each layout under its limit, the cards times their regions are over the project's."""
    root = demo(tmp_path)
    _regions(root, 90)
    _cards(root, 400)
    _refused_at(bounded(root, "validate", "demo", timeout=60), "cards/demo/cards.yaml:", "regions in all")


def test_the_art_of_a_build_shares_one_pixel_budget(tmp_path):
    """Each under the 50-million limit, three 7000×7000 images (one per card) are over the 100
    million a build may draw."""
    root = demo(tmp_path)
    (root / "cards" / "demo" / "art").mkdir()
    edit(root / "layouts" / "demo.yaml", "      rule: {kind: line", '      pic: {kind: image, x: 1, y: 1, width: 10, '
         'height: 10, text: "art/{{ card.id }}.png", allow_low_dpi: true}\n      rule: {kind: line')
    _cards(root, 1)
    picture = _png(7000, 7000, "1")
    for card in ("market", "harbour", "c0"):
        (root / "cards" / "demo" / "art" / f"{card}.png").write_bytes(picture)
    _refused_at(bounded(root, "validate", "demo", timeout=60), "million pixels; at most 100 million in all")


def _xlsx_with_dtd(dtd: bytes, entity: bytes) -> bytes:
    """A workbook whose first sheet declares `dtd` and uses `entity` in a cell."""
    import zipfile
    from openpyxl import Workbook
    book, buffer = Workbook(), io.BytesIO()
    book.active.append(["id", "name", "props.cost"])
    book.active.append(["a", "A", 1])
    book.save(buffer)
    source, out = zipfile.ZipFile(io.BytesIO(buffer.getvalue())), io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as changed:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = (dtd + data).replace(b"<v>1</v>", b"<is><t>" + entity + b"</t></is>")
                data = data.replace(b'r="C2" t="n"', b'r="C2" t="inlineStr"')
            changed.writestr(item, data)
    return out.getvalue()


@pytest.mark.parametrize("dtd, entity", [
    (b'<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>', b"&e;"),
    (b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
     b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>', b"&d;"),
], ids=["xxe", "entity-bomb"])
def test_an_xlsx_with_a_dtd_is_one_line_naming_the_file(tmp_path, dtd, entity):
    """Both ended in `internal error: ParseError`."""
    root = demo(tmp_path)
    (root / "cards" / "demo" / "sheet.xlsx").write_bytes(_xlsx_with_dtd(dtd, entity))
    edit(root / "cards" / "demo" / "cards.yaml", "cards:\n", "cards_from: sheet.xlsx\ncards:\n")
    _refused_at(bounded(root, "validate", "demo", timeout=30), "cards/demo/sheet.xlsx:", "DTD")
    (root / "cards" / "demo" / "sheet.xlsx").write_bytes(_xlsx_with_dtd(b"", b"&undefined;"))   # no DTD: damaged
    _refused_at(bounded(root, "validate", "demo", timeout=30), "cards/demo/sheet.xlsx:", "cannot read the sheet")


def _same_refusal(root, *words: str, env: dict | None = None) -> None:
    """`pnp validate` refuses what the build refuses, with the build's words."""
    build = bounded(root, "build", "demo", "--lang", "en", env=env, timeout=60)
    _refused_at(build, "build failed:", *words)
    _refused_at(bounded(root, "validate", "demo", env=env, timeout=60), *words)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_validate_refuses_an_english_catalogue_that_is_a_link_out(tmp_path):
    root = demo(tmp_path)
    folder = root / "locales" / "en" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "demo.po").symlink_to("/proc/self/environ")
    _same_refusal(root, "locales/en/LC_MESSAGES/demo.po: a link leading outside the project folder")


def test_validate_refuses_a_site_template_including_a_path(tmp_path):
    root = demo(tmp_path)
    shutil.copytree(ROOT / "layouts" / "site", root / "layouts" / "site")
    edit(root / "layouts" / "site" / "home.html", "{% block body %}", '{% block body %}{% include "/etc/passwd" %}')
    _same_refusal(root, "layouts/site/home.html: it includes '/etc/passwd', which is not a template of layouts/site/",
                  env=TRUST)     # a project's site templates are used only when its site code is trusted


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_validate_refuses_a_damaged_game_folder_font(tmp_path):
    root = demo(tmp_path)
    regular = (ROOT / "layouts" / "fonts" / "Cardo-Regular.ttf").read_bytes()
    (root / "cards" / "demo" / "damaged.ttf").write_bytes(regular[:len(regular) // 2])   # its header is fine
    edit(root / "layouts" / "demo.yaml", "height: 9, font: title,", "height: 9, font: damaged.ttf,")
    _same_refusal(root, "font file 'damaged.ttf' cannot be embedded")
    run = bounded(root, "validate", "demo")
    assert any(line.startswith("layouts/demo.yaml:30:") for line in run.lines()), run.lines()


def _project_with(tmp_path, game: str):
    """An empty project holding a copy of a shipped game (its files win over the bundled ones)."""
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    (root / "layouts").mkdir()
    shutil.copytree(ROOT / "cards" / game, root / "cards" / game)
    return root


def test_a_deck_back_without_the_field_its_layout_colours_with_is_one_line(tmp_path):
    """Deleting `back.props.colour` gave `internal error: UndefinedError` (the edge colours of the
    back are worked out before it is drawn)."""
    root = _project_with(tmp_path, "tournay")
    edit(root / "cards" / "tournay" / "yellow-1-expansion.yaml", "props: {colour: yellow, level: 1}", "props: {level: 1}")
    run = bounded(root, "build", "tournay", "--lang", "en", "--only", "cards", timeout=60)
    _refused_at(run, "build failed: back of deck yellow-1-expansion", "layouts/tournay.yaml", "no field 'colour'")


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_layout_file_that_does_not_load_is_its_own_line_not_a_missing_layout(tmp_path):
    """`radius: [1, 2]` on card-side's panel gave `internal error: KeyError: 'aids/card-side'`."""
    root = _project_with(tmp_path, "tournay")
    text = (ROOT / "layouts" / "aids.yaml").read_text(encoding="utf-8")
    panel = "      panel: {kind: rect, x: 2.5, y: 2.5, width: 65, height: 115, fill: aid-paper, radius: 2.5}"
    assert panel in text
    (root / "layouts" / "aids.yaml").write_text(text.replace(panel, panel.replace("2.5}", "[1, 2]}"), 1))
    run = bounded(root, "build", "tournay", "--lang", "en", "--only", "player-aid-card", timeout=60)
    _refused_at(run, "build failed: layouts/aids.yaml:19: layouts.card-side.regions.panel.radius")


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_failing_expression_in_a_player_aid_is_one_line(tmp_path):
    """`{{ 1/0 }}` in a Taverna aid item gave `internal error: ZeroDivisionError`."""
    root = _project_with(tmp_path, "taverna")
    edit(root / "cards" / "taverna" / "aid" / "en.yaml", '"Refill the', '"Refill {{ 1/0 }} the')
    _refused_at(bounded(root, "validate", "taverna", timeout=60), "cards/taverna/aid/en.yaml:19: sections[1].items[4]")
    _refused_at(bounded(root, "build", "taverna", "--lang", "en", "--only", "player-aid", timeout=60),
                "cards/taverna/aid/en.yaml:19: sections[1].items[4]")


@pytest.mark.parametrize("data, words", [
    (None, ["pic.svg: a PNG image, not an SVG file", ".png"]),
    (b"just some notes\n", ["pic.svg: not an SVG file", "text"]),
    (b"<html><body>saved page</body></html>", ["pic.svg: <html> where an SVG file starts with <svg>"]),
], ids=["png", "text", "html"])
def test_art_that_is_not_svg_is_one_line_in_pnps_words(tmp_path, data, words):
    """A picture in an image box named .svg that is no SVG gave lxml's words (`Start tag
    expected, '<' not found`) or none at all (`cannot read SVG 'pic.svg'`)."""
    root = _svg_project(tmp_path, "")
    (root / "cards" / "demo" / "art" / "pic.svg").write_bytes(_png(4, 4) if data is None else data)
    run = bounded(root, "validate", "demo", timeout=30)
    _refused_at(run, *words)
    assert not any("Start tag" in line or "column" in line for line in run.lines())
