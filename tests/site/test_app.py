"""The rules site as an app at the table: downloads, an index that keeps every game, light pages,
phone-first search, accessibility (axe-core), Japanese line breaking, offline use."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.conftest import pnp, shared_build
from tests.site.conftest import LANGS, SiteServer, vendored

GAMES = ["san-gimignano", "tournay", "taverna"]
PRINTABLES = ["rules.pdf", "cards.pdf", "player-aid-card.pdf", "player-aid.pdf", "score-pad.pdf"]
PAGE_TYPES = ["{lang}.html", "{lang}-icons.html", "{lang}-score.html"]


def links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]+)"', html)


def test_every_link_of_every_page_resolves_and_downloads_are_in_the_site(full_build):
    site = full_build / "site"
    checked = 0
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        for ref in links(html):
            url = urlparse(ref)
            assert url.scheme == "", f"{page.relative_to(site)}: {ref} leaves the site"
            target = (page.parent / unquote(url.path)).resolve() if url.path else page
            assert target.is_file(), f"{page.relative_to(site)}: broken link {ref}"
            assert site.resolve() in target.parents, f"{page.relative_to(site)}: {ref} points outside the site"
            if url.fragment:
                assert f'id="{url.fragment}"' in target.read_text(encoding="utf-8")
            checked += 1
    assert checked > 500
    for game in GAMES:
        for lang in LANGS:
            html = (site / game / f"{lang}.html").read_text(encoding="utf-8")
            for name in PRINTABLES:
                assert f'href="{lang}/{name}"' in html, f"{game}/{lang}.html does not link {name}"
                copy = site / game / lang / name
                assert copy.read_bytes() == (full_build / game / lang / name).read_bytes()


def _copy_of(site_all: Path, into: Path) -> Path:
    """A writable copy of the session's build of every game (the first build into `into`)."""
    import shutil
    shutil.copytree(site_all, into, dirs_exist_ok=True, symlinks=True)
    return into


def test_building_one_game_keeps_the_others_in_the_index(site_all, tmp_path):
    _copy_of(site_all, tmp_path)
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "rules", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        for lang in LANGS:
            assert f'href="{game}/{lang}.html"' in home
    sw = (tmp_path / "site" / "sw.js").read_text(encoding="utf-8")
    assert '"tournay/ja"' in sw and '"san-gimignano/fr"' in sw   # other games stay cached offline too


def _fonts_of(page: Path) -> list[Path]:
    return [(page.parent / url).resolve() for url in re.findall(r'url\("([^"]+\.woff2)"\)', page.read_text("utf-8"))]


def test_fonts_are_woff2_subsets_of_what_the_pages_show(full_build):
    from fontTools.ttLib import TTFont
    page = full_build / "site" / "tournay" / "fr.html"
    regular = [f for f in _fonts_of(page) if "cardo-regular" in f.name]
    assert len(regular) == 1 and len(_fonts_of(page)) == 3
    latin = TTFont(str(regular[0]))
    assert latin.flavor == "woff2"
    cmap = latin.getBestCmap()
    text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
    # every letter of the page but the language switcher's 日本語 (set in the Japanese font)
    assert {ord(c) for c in text if c.isalpha() and ord(c) < 0x3000} <= set(cmap)
    assert len(cmap) < 400                                             # a subset, not the whole Cardo
    ja_page = full_build / "site" / "tournay" / "ja.html"
    (ja_font,) = _fonts_of(ja_page)
    ja = TTFont(str(ja_font)).getBestCmap()
    text = re.sub(r"<[^>]+>", "", ja_page.read_text(encoding="utf-8"))
    assert {ord(c) for c in text if not c.isspace()} <= set(ja)
    assert len(ja) < 3000                                              # of BIZ UD PGothic's ~10,000


def test_the_japanese_font_has_no_vertical_forms_as_no_page_is_set_vertically(full_build):
    """The subset leaves out the vertical-text features (and the glyphs only they reach): a page
    set vertically would need them back."""
    from fontTools.ttLib import TTFont
    from tests.conftest import ROOT
    css = (ROOT / "layouts" / "site" / "site.css").read_text(encoding="utf-8")
    assert "writing-mode" not in css
    (ja_font,) = _fonts_of(full_build / "site" / "tournay" / "ja.html")
    font = TTFont(str(ja_font))
    features = {r.FeatureTag for r in font["GSUB"].table.FeatureList.FeatureRecord} if "GSUB" in font else set()
    assert not features & {"vert", "vrt2"}
    assert {"、", "。", "「"} <= set(map(chr, font.getBestCmap()))        # the horizontal forms stay


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_later_build_of_one_game_leaves_the_others_fonts(site_all, tmp_path):
    _copy_of(site_all, tmp_path)
    before = _fonts_of(tmp_path / "site" / "taverna" / "fr.html")
    assert pnp("build", "tournay", "--lang", "en", "--only", "rules", "--out", str(tmp_path)).exit_code == 0
    assert all(f.is_file() for f in before)
    assert _fonts_of(tmp_path / "site" / "taverna" / "fr.html") == before


def _weight(page_factory, url: str) -> tuple[int, int]:
    """Bytes and requests of a first load (empty cache), as the network sees them. Service workers
    are off: what the page's worker fetches in the background (the calculator's runtime, for
    offline use) was never counted here (another target than the page's), but the calculator
    it then starts behind the rules (a Pyodide boot, ~4 s of Chromium CPU) held "networkidle"
    back; the page's own requests and bytes are the same without it."""
    page, errors = page_factory(375, 740, service_workers="block")
    sizes = {}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")
    assert errors == []
    return sum(sizes.values()), len(sizes)


@pytest.mark.parametrize("game", GAMES)
def test_first_load_weight(full_build, page_factory, serve_site, game):
    server = serve_site(full_build / "site")
    latin, _ = _weight(page_factory, f"{server.url}{game}/fr.html")
    assert latin <= 300_000, f"{game}/fr.html loads {latin} bytes"
    japanese, _ = _weight(page_factory, f"{server.url}{game}/ja.html")
    assert japanese <= 1_000_000, f"{game}/ja.html loads {japanese} bytes"


@pytest.mark.parametrize("lang, query", [("en", "destroy"), ("fr", "détruisez"), ("de", "zerstöre"), ("ja", "壊")])
def test_search_results_at_the_top_contents_filtered_matches_by_keyboard(sg_out, page_factory, lang, query):
    page, errors = page_factory(375, 740)
    page.goto((sg_out / "site" / "san-gimignano" / f"{lang}.html").as_uri())
    all_entries = page.eval_on_selector_all(".toc li", "els => els.filter(e => !e.hidden).length")
    page.fill("#search", query)
    shown = page.eval_on_selector_all(".toc li", "els => els.filter(e => !e.hidden).length")
    assert 0 < shown < all_entries                                   # the contents are filtered
    marks = page.eval_on_selector_all("main mark", "els => els.length")
    assert marks >= 2
    first = page.evaluate("document.querySelector('main mark').getBoundingClientRect().top")
    assert first < 740, f"first match at {first}px: below the fold"
    page.press("#search", "Enter")
    page.press("#search", "Enter")
    current = page.evaluate("""(() => { const m = document.querySelector('mark.current');
        const r = m.getBoundingClientRect(); return [[...document.querySelectorAll('mark')].indexOf(m), r.top, r.bottom]; })()""")
    assert current[0] == 1 and 0 <= current[1] and current[2] <= 740
    assert page.inner_text("#search-status").strip() == f"2 / {marks}"
    page.press("#search", "Shift+Enter")
    assert page.evaluate("[...document.querySelectorAll('mark')].indexOf(document.querySelector('mark.current'))") == 0
    page.press("#search", "Escape")
    assert page.eval_on_selector_all("mark", "els => els.length") == 0
    assert errors == []


def test_japanese_lines_follow_kinsoku(sg_out, page_factory):
    page, errors = page_factory(375, 740)
    page.goto((sg_out / "site" / "san-gimignano" / "ja.html").as_uri())
    assert page.evaluate("getComputedStyle(document.querySelector('main p')).lineBreak") == "strict"
    # the first character of every line, from character positions
    starts = page.evaluate("""(() => {
        const out = []; const range = document.createRange();
        for (const p of document.querySelectorAll('main p, main li')) {
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT); let top = null;
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            for (let i = 0; i < n.length; i++) {
              range.setStart(n, i); range.setEnd(n, i + 1);
              const r = range.getClientRects()[0]; if (!r) continue;
              if (top !== null && r.top > top + 4) out.push(n.data[i]);
              top = r.top;
            }
          }
        }
        return out; })()""")
    assert len(starts) > 20
    assert not [c for c in starts if c in "、。」）ーぁぃぅぇぉっゃゅょァィゥェォッャュョ・：；"], starts
    assert errors == []


@pytest.fixture
def axe_results(full_build, browser, tmp_path_factory) -> dict:
    """{scheme: {url: serious or critical violations}} of the home page, every game's rules and
    score pages in every language and its icon legend in French and Japanese, for the two schemes of test_axe_finds_no_serious_violation. Each page is
    loaded once in one tab and checked in light then in dark (the colour scheme emulated in
    between: the page restyles, nothing else changes), instead of once per scheme in a new tab;
    made once per run whatever the number of xdist workers (shared_build)."""
    axe = vendored("axe.min.js").read_text(encoding="utf-8")
    urls = ["index.html"] + [f"{g}/{t.format(lang=lang)}" for g in GAMES for t in PAGE_TYPES
                             for lang in (("fr", "ja") if "icons" in t else LANGS)]

    def check(folder: Path) -> None:
        server = SiteServer(full_build / "site")
        context = browser.new_context(viewport={"width": 375, "height": 740}, color_scheme="light",
                                      service_workers="block")
        # The score pages as a reader first sees them: the form is built from its spec at once, while
        # the Pyodide runtime loads (its readiness only hides the "loading" line; the calculator tests
        # run it, and test_results_pass_axe checks the results). A runtime that never finishes
        # loading (the worker imports this module) keeps Pyodide boots (~5 s of CPU each) from
        # competing with axe (each score page must have loaded the stand-in: "stand-ins" below).
        def stand_in(route):
            results["stand-ins"] += 1
            route.fulfill(content_type="text/javascript",
                          body="export function loadPyodide() { return new Promise(() => {}); }")
        results: dict = {"light": {}, "dark": {}, "stand-ins": 0}
        context.route("**/pyodide/pyodide.mjs", stand_in)
        try:
            page = context.new_page()
            for url in urls:
                page.emulate_media(color_scheme="light")
                page.goto(server.url + url)
                page.add_script_tag(content=axe)
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
                    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
                    results[scheme][url] = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                                            for v in result["violations"] if v["impact"] in ("serious", "critical")]
        finally:
            context.close()
            server.stop()
        (folder / "axe.json").write_text(json.dumps(results), encoding="utf-8")

    return json.loads((shared_build(tmp_path_factory, "site-axe", check) / "axe.json").read_text("utf-8"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(axe_results, scheme):
    assert len(axe_results[scheme]) == 1 + len(GAMES) * (2 * len(LANGS) + 2)
    assert axe_results["stand-ins"] == len(GAMES) * len(LANGS)     # every score page checked with its runtime loading
    for url, bad in axe_results[scheme].items():
        assert bad == [], f"{url} ({scheme}): {bad}"


def test_skip_link_and_visible_focus(sg_out, page_factory):
    page, errors = page_factory(375, 740)
    page.goto((sg_out / "site" / "san-gimignano" / "en.html").as_uri())
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    assert page.evaluate("document.activeElement.getBoundingClientRect().top") >= 0      # shown when focused
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_works_offline_after_one_visit(full_build, browser, serve_site):
    server = serve_site(full_build / "site")
    context = browser.new_context(viewport={"width": 375, "height": 740})
    try:
        page = context.new_page()
        page.goto(server.url + "taverna/de.html")
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=60_000)
        server.stop()                                   # no server at all, and the network off
        context.set_offline(True)
        for url in ["taverna/de.html", "taverna/de-icons.html", "taverna/de-score.html", "index.html"]:
            page.goto(server.url + url)
            assert page.title(), url
        page.goto(server.url + "taverna/de.html")
        page.fill("#search", "Gunst")
        assert page.eval_on_selector_all("main mark", "els => els.length") > 0
        size = page.evaluate("fetch('de/score-pad.pdf').then(r => r.arrayBuffer()).then(b => b.byteLength)")
        assert size == (full_build / "site" / "taverna" / "de" / "score-pad.pdf").stat().st_size
        assert page.evaluate("document.fonts.check('16px Cardo')")
    finally:
        context.close()
