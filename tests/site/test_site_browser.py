"""The static site in headless Chromium: loads cleanly, links resolve, search, language
switcher, phone width. Expected words come from the rulebook's card effects."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from tests.conftest import shared_build

LANGS = ["fr", "en", "de", "ja"]

# San Gimignano rulesheet: the 10 (Conspiracy) destroys a tower; the 7 (Blessing) scores floors.
DESTROY = {"en": "destroy", "fr": "détruisez", "de": "zerstöre", "ja": "壊"}


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def ids_of(path: Path) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', path.read_text(encoding="utf-8")))


def test_site_written(site_all):
    site = site_all / "site"
    home = (site / "index.html").read_text(encoding="utf-8")
    for game in ("san-gimignano", "tournay", "taverna"):
        for lang in LANGS:
            assert (site / game / f"{lang}.html").exists()
            assert f'href="{game}/{lang}.html"' in home


PHONE = (375, 740)


@pytest.fixture
def visits(site_all, page_factory, tmp_path_factory) -> list[dict]:
    """Every site page loaded once, for the two tests below: at desktop width, its errors, links,
    images and icons; then at phone width (the viewport resized), how wide it is, with a
    screenshot of a page that is too wide. Made once per run whatever the number of xdist
    workers (shared_build), read by both tests. One tab goes from page to page, as a reader
    would: a new tab (or context) per page started a renderer each time, 28 of the 37 pages'
    ~30 s of Chromium CPU; the pages are static files with nothing kept between them."""
    site = site_all / "site"

    def visit(folder: Path) -> None:
        records = []
        page, errors = page_factory(1280, 800)
        for path in pages(site):
            page.set_viewport_size({"width": 1280, "height": 800})
            errors.clear()              # this page's errors only
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            record = {"page": str(path.relative_to(site)), "errors": list(errors),
                      "refs": page.eval_on_selector_all(
                          "a[href], link[href], script[src], img[src], use[href]",
                          "els => els.map(e => e.getAttribute('href') || e.getAttribute('src'))")}
            page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
            record["width"] = page.evaluate("document.scrollingElement.scrollWidth")
            if record["width"] > PHONE[0]:      # the page as the phone shows it, to see what sticks out
                shot = folder / f"{path.parent.name}-{path.stem}.png"
                page.screenshot(path=str(shot), full_page=True)
                record["screenshot"] = str(shot)
            record["phone errors"] = errors[len(record["errors"]):]
            # the rules' figures load lazily (first-load weight): ask for them all, then check each one
            page.eval_on_selector_all("img[loading=lazy]", "els => els.forEach(i => { i.loading = 'eager'; })")
            page.wait_for_function("Array.from(document.images).every(i => i.complete)")
            record["broken images"] = page.eval_on_selector_all(
                "img", "els => els.filter(i => !i.complete || !i.naturalWidth).length")
            # every icon symbol used is defined on the page
            record["icons defined"] = page.evaluate("[...document.querySelectorAll('use')].every(u => "
                                                    "document.querySelector(u.getAttribute('href')))")
            records.append(record)
        (folder / "visits.json").write_text(json.dumps(records), encoding="utf-8")

    return json.loads((shared_build(tmp_path_factory, "site-visits", visit) / "visits.json").read_text("utf-8"))


def test_pages_load_without_errors_or_broken_links(site_all, visits):
    site = site_all / "site"
    checked = 0
    assert len(visits) == len(pages(site))
    for record in visits:
        path = site / record["page"]
        assert record["errors"] == [], f"{record['page']}: {record['errors']}"
        refs = record["refs"]
        assert refs
        for ref in refs:
            url = urlparse(ref)
            assert url.scheme in ("", "file"), f"{path.name}: external link {ref} (the site must work offline)"
            target = (path.parent / unquote(url.path)).resolve() if url.path else path
            assert target.exists(), f"{record['page']}: broken link {ref}"
            if url.fragment:
                assert url.fragment in ids_of(target), f"{record['page']}: no anchor for {ref}"
            checked += 1
        assert record["broken images"] == 0, record["page"]
        assert record["icons defined"], record["page"]
    assert checked > 100


@pytest.mark.parametrize("lang", LANGS)
def test_search_finds_card_by_effect_word(sg_out, page_factory, lang):
    page, errors = page_factory()
    page.goto((sg_out / "site" / "san-gimignano" / f"{lang}.html").as_uri())
    page.click("#search")
    page.keyboard.type(DESTROY[lang])
    assert page.is_visible("#card-tower-10")
    assert not page.is_visible("#card-tower-7")
    assert not page.is_visible("#card-monumento")
    hidden_rules = page.eval_on_selector_all("section.rule", "els => els.filter(e => e.hidden).length")
    assert hidden_rules > 5                      # rules are filtered too
    assert page.is_visible("#donazione")         # the Donazione section describes the 10
    assert page.inner_text("#search-status").strip()
    page.fill("#search", "")
    assert page.is_visible("#card-tower-7")
    page.fill("#search", "zzqx")
    assert page.eval_on_selector_all(".card", "els => els.every(e => e.hidden)")
    assert errors == []


@pytest.mark.parametrize("start, target", [("en", "de"), ("de", "ja"), ("ja", "fr"), ("fr", "en")])
def test_language_switcher_keeps_section(sg_out, page_factory, start, target):
    page, errors = page_factory()
    page.goto((sg_out / "site" / "san-gimignano" / f"{start}.html").as_uri())
    # scroll to a section without any hash in the URL, as a reader would
    page.evaluate("document.getElementById('end-phase').scrollIntoView()")
    page.wait_for_timeout(100)
    with page.expect_navigation():
        page.click(f".langs a[data-lang={target}]")
    assert page.url.endswith(f"/{target}.html#end-phase"), page.url
    assert page.get_attribute("html", "lang") == target
    top = page.evaluate("document.getElementById('end-phase').getBoundingClientRect().top")
    assert 0 <= top < 300, top
    # and via a card anchor reached from the contents
    page.click("a[href='#deck-nobles']")
    with page.expect_navigation():
        page.click(f".langs a[data-lang={start}]")
    assert page.url.endswith(f"/{start}.html#deck-nobles"), page.url
    assert errors == []


def test_phone_width_has_no_horizontal_scroll(site_all, visits):
    assert len(visits) == len(pages(site_all / "site"))
    for record in visits:
        if record["width"] > PHONE[0]:
            pytest.fail(f"{record['page']}: {record['width']}px wide (screenshot: {record['screenshot']})")
        assert record["phone errors"] == [], f"{record['page']}: {record['phone errors']}"
