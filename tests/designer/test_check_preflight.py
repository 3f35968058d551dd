"""`pnp check`: preflight findings on the example and on copies broken on purpose; exit codes."""
from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT, pnp
from tests.designer.helpers import example_project
from tests.pipeline.helpers import project_copy, replace_in

SHEETS = (ROOT / "layouts" / "sheets.yaml").read_text(encoding="utf-8")


def check(root, *args):
    result = pnp("check", "art-demo", *args, root=root)
    return result, (json.loads(result.output) if "--json" in args else None)


def findings(report, code):
    return [f for f in report["findings"] if f["code"] == code]


def test_example_passes_with_a_dpi_warning(tmp_path):
    root = example_project(tmp_path)
    result, report = check(root, "--json")
    assert result.exit_code == 0, result.output
    assert report["summary"]["errors"] == 0
    dpi = findings(report, "dpi")
    assert {(f["card"], f["lang"], f["value"]) for f in dpi} == {("archer", "en", 184), ("archer", "fr", 184)}
    assert {(row["lang"], row["boxes"], row["shrunk"]) for row in report["fit"]} == {("en", 6, 0), ("fr", 6, 0)}
    table, _ = check(root)
    assert "Text fit" in table.output and "art-demo/heroes front 'art'" in table.output
    assert "prints below 300 dpi" in table.output and "lowest 184" in table.output and "0 error(s)" in table.output


def test_fit_report_names_the_language_that_shrinks(tmp_path):
    root = example_project(tmp_path)
    replace_in(root / "cards" / "art-demo" / "heroes.yaml", "fr: Tirez sur n’importe quel héros en ligne droite.",
               "fr: " + "Tirez sur n’importe quel héros en ligne droite, même caché derrière un mur. " * 3)
    result, report = check(root, "--json")
    assert result.exit_code == 0, result.output
    shrunk = report["shrunk"]
    assert {(s["lang"], s["card"], s["box"]) for s in shrunk} == {("fr", "archer", "body")}
    assert shrunk[0]["used"] < shrunk[0]["preferred"] == 10
    fr = next(row for row in report["fit"] if row["lang"] == "fr")
    assert fr["shrunk"] == 1 and fr["largest_shrink_pt"] == shrunk[0]["shrink"] > 0


def test_errors_exit_1_and_name_card_language_and_box(tmp_path):
    root = example_project(tmp_path)
    replace_in(root / "cards" / "art-demo" / "heroes.yaml", "en: Shoot at any hero in a straight line.",
               "en: " + "Shoot at any hero in a straight line. " * 30)
    replace_in(root / "cards" / "art-demo" / "heroes.yaml", "en: Knight", "en: Knight ☃")
    result, report = check(root, "--json")
    assert result.exit_code == 1
    overflow, glyph = findings(report, "overflow"), findings(report, "glyph")
    assert [(f["card"], f["lang"]) for f in overflow] == [("archer", "en")]
    assert "box 'body'" in overflow[0]["message"] and "even at the minimum size 7" in overflow[0]["message"]
    assert [(f["card"], f["lang"]) for f in glyph] == [("knight", "en")] and "U+2603" in glyph[0]["message"]


def test_geometry_icons_and_properties(tmp_path):
    root = example_project(tmp_path)
    layout = root / "layouts" / "art-demo.yaml"
    replace_in(layout, "x: 48, y: 5, width: 10", "x: 55, y: 5, width: 10")   # past the right edge
    replace_in(layout, "x: 6, y: 57, width: 51", "x: 2, y: 57, width: 51")   # into the 3 mm margin
    replace_in(layout, "colors:", 'icons:\n  shield: {path: "M0 0 H1000 V1000 Z", label: Shield}\ncolors:')
    replace_in(root / "cards" / "art-demo" / "heroes.yaml", "strength: {type: int",
               "rarity: {type: str}\n  strength: {type: int")
    result, report = check(root, "--json")
    assert result.exit_code == 0, result.output
    assert [(f["box"], f["level"]) for f in findings(report, "bleed")] == [("strength", "warning")]
    assert [(f["box"], f["level"]) for f in findings(report, "safe-zone")] == [("body", "warning")]
    assert [f["message"].split(" (")[0] for f in findings(report, "unused-icon")] == ["icon 'shield'"]
    props = findings(report, "unused-property")
    assert [(f["deck"], f["level"]) for f in props] == [("heroes", "note")] and "'rarity'" in props[0]["message"]


def test_coarse_image_is_an_error_unless_allowed(tmp_path):
    from PIL import Image
    root = example_project(tmp_path)
    Image.new("RGB", (100, 75), "red").save(root / "cards" / "art-demo" / "art" / "knight.png")
    result, report = check(root, "--json")
    assert result.exit_code == 1
    assert {(f["card"], f["lang"]) for f in findings(report, "dpi") if f["level"] == "error"} == \
        {("knight", "en"), ("knight", "fr")}


def test_a_real_game_per_language(root):
    result = pnp("check", "san-gimignano", "--lang", "en,de", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [row["lang"] for row in report["fit"]] == ["en", "de"]
    assert all(row["boxes"] >= 55 for row in report["fit"])     # every card's text boxes were drawn


def _a4_height(root, height_mm: float) -> None:
    replace_in(root / "layouts" / "sheets.yaml", "a4: {width: 210, height: 297}",
               f"a4: {{width: 210, height: {height_mm:.3f}}}")


@pytest.mark.slow      # four checks and fits of a whole aid page
def test_the_aid_page_row_says_how_much_taller_the_next_size_needs(tmp_path):
    """`pnp check` tells a writer how far the one-page aid's next size up misses its page (how
    much text to cut for it): with the page that much taller the build sets the aid at that size;
    two points less, and it stays where it is. The example is San Gimignano's page: Tournay's, cut
    to a reference (issue 50), is set at the largest size and has no next size."""
    from generator.loading.catalog import load_project
    from generator.player_aids.page import aid_page_size
    root = project_copy(tmp_path, ("san-gimignano",))
    result = pnp("check", "san-gimignano", "--lang", "de", "--json", root=root)
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.output)["aid_pages"]
    assert (row["game"], row["lang"], row["paper"]) == ("san-gimignano", "de", "a4")
    assert row["next_pt"] == row["size_pt"] + 0.25 and row["over_pt"] > 0 and not row["too_wide"]
    low, high = row["cut_lines"]
    assert 1 <= low <= high <= 2 * low
    table = pnp("check", "san-gimignano", "--lang", "de", root=root)
    line = next(line for line in table.output.splitlines() if line.startswith("san-gimignano") and " a4 " in line)
    assert f"{row['size_pt']:g} pt" in line and f"{row['next_pt']:g} pt: columns {row['over_pt']:g} pt short" in line
    for taller_pt, size in ((row["over_pt"] + 0.5, row["next_pt"]), (max(row["over_pt"] - 2, 0), row["size_pt"])):
        (root / "layouts" / "sheets.yaml").write_text(SHEETS, encoding="utf-8")
        _a4_height(root, 297 + taller_pt * 25.4 / 72)
        project = load_project(root, ["san-gimignano"])
        assert aid_page_size(project, project.games["san-gimignano"], "de").size == size, taller_pt


@pytest.mark.slow      # fits of a whole aid page on shorter and shorter paper
def test_an_aid_page_below_the_legibility_floor_is_a_warning(tmp_path):
    from generator.loading.catalog import load_project
    from generator.player_aids.page import aid_page_size
    root = project_copy(tmp_path, ("taverna",))
    # the aid's bullets said twice: the page cut to a reference (issue 50) reaches 6.5 pt only on
    # paper too short for the score pad, and `pnp check` stops there
    aid = root / "cards" / "taverna" / "aid" / "de.yaml"
    aid.write_text(re.sub(r'^(      - )"(.+)"$', r'\1"\2 \2"', aid.read_text(encoding="utf-8"), flags=re.M),
                   encoding="utf-8")
    for height in range(235, 200, -5):        # a shorter A4 until the aid is set below 6.5 pt
        (root / "layouts" / "sheets.yaml").write_text(SHEETS, encoding="utf-8")
        _a4_height(root, height)
        project = load_project(root, ["taverna"])
        size = aid_page_size(project, project.games["taverna"], "de").size
        if size is not None and size < 6.5:
            break
    result = pnp("check", "taverna", "--lang", "de", "--json", root=root)
    report = json.loads(result.output)
    [row] = report["aid_pages"]
    assert row["size_pt"] == size < 6.5
    [warning] = [f for f in findings(report, "legibility") if f["file"]]
    assert (warning["level"], warning["lang"], warning["value"], warning["file"]) == \
        ("warning", "de", size, "cards/taverna/aid/de.yaml")
    assert result.exit_code == 0, result.output
