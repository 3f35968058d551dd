"""The score page runs the project's scoring package in the browser (Pyodide): every rulebook
worked example, entered through the page's form, scores exactly as `pnp score --json`; and the
calculator works offline after one visit."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, pnp_process
from tests.site.conftest import vendored

EXAMPLES = sorted((ROOT / "examples" / "scores").glob("*.yaml"))
READY = "document.getElementById('calculator').dataset.ready"


@pytest.fixture(scope="module")
def calculator_site(full_build) -> Path:
    vendored("pyodide/pyodide.asm.wasm")
    site = full_build / "site"
    assert (site / "assets" / "calculator" / "scoring.zip").is_file()
    return site


def _wait_ready(page) -> int:
    page.wait_for_function(f"{READY} !== undefined", timeout=240_000)
    ready = page.evaluate(READY)
    assert ready != "failed", page.get_attribute("#calculator", "data-error")
    return int(ready)


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_every_rulebook_example_through_the_page_matches_pnp_score(calculator_site, browser, serve_site, lang):
    server = serve_site(calculator_site)
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    try:
        for example in EXAMPLES:
            state = yaml.safe_load(example.read_text(encoding="utf-8"))
            game = state["game"]
            expected = pnp_process("score", game, str(example), "--json", "--lang", lang)
            assert expected.returncode == 0, expected.stderr
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{server.url}{game}/{lang}-score.html")
            _wait_ready(page)
            page.evaluate("s => window.pnpCalc.load(s)", state)      # the example, into the form
            page.click("#calc-go")                                    # scored from what the form holds
            page.wait_for_selector("table.scores")
            shown = page.evaluate("window.pnpScore(window.pnpCalc.state())")
            assert shown["ok"], shown
            assert shown["result"] == json.loads(expected.stdout), example.name
            totals = page.eval_on_selector_all("tr.total td", "els => els.map(e => Number(e.textContent))")
            assert totals == [p["total"] for p in shown["result"]["players"]]
            assert errors == []
            page.close()
    finally:
        context.close()


def test_results_pass_axe(calculator_site, browser, serve_site):
    axe = vendored("axe.min.js").read_text(encoding="utf-8")
    server = serve_site(calculator_site)
    context = browser.new_context(viewport={"width": 375, "height": 740}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{server.url}tournay/de-score.html")
        _wait_ready(page)
        page.evaluate("s => window.pnpCalc.load(s)",
                      yaml.safe_load((ROOT / "examples" / "scores" / "tournay-rulebook.yaml").read_text("utf-8")))
        page.click("#calc-go")
        page.wait_for_selector("table.scores")
        page.add_script_tag(content=axe)
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        assert [(v["id"], v["nodes"][0]["target"]) for v in result["violations"]
                if v["impact"] in ("serious", "critical")] == []
    finally:
        context.close()


def test_an_impossible_state_is_explained_not_scored(calculator_site, browser, serve_site):
    server = serve_site(calculator_site)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{server.url}san-gimignano/en-score.html")
        _wait_ready(page)
        state = {"players": [{"name": "Ann", "towers": [{"floors": [8, 9, 9]}]}, {"name": "Bob"}]}
        page.evaluate("s => window.pnpCalc.load(s)", state)
        page.click("#calc-go")
        page.wait_for_selector(".problems li")
        assert "floors 8, 9, 9 are neither" in page.inner_text(".problems")
    finally:
        context.close()


def test_the_form_has_steppers_and_card_names(calculator_site, page_factory, serve_site):
    server = serve_site(calculator_site)
    page, errors = page_factory(375, 740)
    page.goto(f"{server.url}tournay/fr-score.html")
    assert page.eval_on_selector_all(".name-district .cell", "els => els.length") == 9 * 2   # 3×3 per player, 2 players
    page.click(".name-district .cell >> nth=0 >> button.add")
    options = page.eval_on_selector_all(".name-district .cell >> nth=0 >> option", "els => els.map(e => e.textContent)")
    assert "Cathédrale" in options and not any(o.startswith("white-") for o in options)
    stepper = page.locator(".name-deniers").first
    stepper.locator("button.step").nth(1).click()
    stepper.locator("button.step").nth(1).click()
    assert stepper.locator("input").input_value() == "2"
    box = stepper.locator("button.step").nth(1).bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44                       # thumb-sized
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 375


def test_calculator_works_offline_after_one_visit(calculator_site, browser, serve_site):
    server = serve_site(calculator_site)
    context = browser.new_context(viewport={"width": 375, "height": 740})
    try:
        page = context.new_page()
        page.goto(f"{server.url}taverna/en-score.html")
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=240_000)
        _wait_ready(page)
        server.stop()
        context.set_offline(True)
        page.reload()
        _wait_ready(page)
        example = yaml.safe_load((ROOT / "examples" / "scores" / "taverna-rulebook.yaml").read_text(encoding="utf-8"))
        result = page.evaluate("s => window.pnpScore(s)", example)
        assert result["ok"] and result["result"]["winners"]
    finally:
        context.close()


def test_without_the_vendored_runtime_the_site_still_builds(tmp_path, monkeypatch):
    from tests.conftest import pnp
    monkeypatch.setenv("PNP_WEB_VENDOR", str(tmp_path / "nothing"))
    result = pnp("build", "san-gimignano", "--only", "rules", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    page = (tmp_path / "site" / "san-gimignano" / "en-score.html").read_text(encoding="utf-8")
    assert "This page cannot compute scores yet" in page and "pnp score san-gimignano" in page
    assert "calc.js" not in page and not (tmp_path / "site" / "assets" / "calculator").exists()


def test_the_bundle_holds_the_scoring_package_itself():
    import zipfile, io
    from generator.site import runtime
    names = zipfile.ZipFile(io.BytesIO(runtime.bundle(ROOT))).namelist()
    for name in ("scoring/api.py", "scoring/tournay.py", "datafile/validate.py", "yaml/__init__.py"):
        assert name in names
    assert not [n for n in names if "/test_" in n]
