"""`pnp check`: preflight findings on the example and on copies broken on purpose; exit codes."""
from __future__ import annotations

import json

from tests.conftest import pnp
from tests.designer.helpers import example_project
from tests.pipeline.helpers import replace_in


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
