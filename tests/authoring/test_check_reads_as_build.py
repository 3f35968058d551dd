"""`pnp check` and the studio read a face as the build does (issue 52): an empty spreadsheet
cell prints nothing there too, and a box that fails leaves out that box only."""
from __future__ import annotations

from pypdf import PdfReader

from generator.loading.catalog import load_project
from generator.exporters.faces import draw_faces
from tests.conftest import pnp

from .helpers import new_game


def test_check_reads_an_empty_cell_as_the_build_does(tmp_path):
    """It said "unknown name: no field 'flavor' here" and exited 1 where validate and build pass."""
    game = new_game(tmp_path)
    (game / "cards.yaml").write_text("deck: cards\nname: {en: Cards}\nsize: poker\nlayout: spice-road/card\n"
                                     "back: {layout: spice-road/back}\ncards_from: cards.csv\n", encoding="utf-8")
    (game / "cards.csv").write_text("Name,Qty,Cost,Flavor\nMarket,2,1,Busy stalls :points:\nHarbour,1,3,\n", encoding="utf-8")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace("{{ card.text }}", "{{ card.props.flavor }}"))
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    result = pnp("check", "spice-road", "--lang", "en", root=tmp_path)
    assert result.exit_code == 0, result.output
    assert "flavor" not in result.output.split("note")[0]


def test_a_failing_box_leaves_the_others_on_the_preview(tmp_path):
    """The studio's faces (draw_faces with on_error) stopped at a failing box: the title after
    a missing picture was not drawn."""
    new_game(tmp_path)
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace(
        "      title: {", '      broken: {kind: image, x: 20, y: 20, width: 9, height: 9, text: "art/none.png"}\n'
                         "      title: {", 1))
    project = load_project(tmp_path, ["spice-road"])
    errors = []
    pdf = tmp_path / "faces.pdf"
    draw_faces(project, project.games["spice-road"], "en", pdf, 3.0, on_error=lambda face, exc: errors.append(exc))
    assert errors and all("broken" in str(e) for e in errors)
    assert "Market" in PdfReader(pdf).pages[0].extract_text()
