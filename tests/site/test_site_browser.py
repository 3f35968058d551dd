"""The static site in headless Chromium: loads cleanly, links resolve, search, language
switcher, phone width. Expected words come from the rulebook's card effects."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

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


def test_pages_load_without_errors_or_broken_links(site_all, page_factory):
    site = site_all / "site"
    checked = 0
    for path in pages(site):
        page, errors = page_factory()
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        assert errors == [], f"{path.relative_to(site)}: {errors}"
        refs = page.eval_on_selector_all(
            "a[href], link[href], script[src], img[src], use[href]",
            "els => els.map(e => e.getAttribute('href') || e.getAttribute('src'))")
        assert refs
        for ref in refs:
            url = urlparse(ref)
            assert url.scheme in ("", "file"), f"{path.name}: external link {ref} (the site must work offline)"
            target = (path.parent / unquote(url.path)).resolve() if url.path else path
            assert target.exists(), f"{path.relative_to(site)}: broken link {ref}"
            if url.fragment:
                assert url.fragment in ids_of(target), f"{path.relative_to(site)}: no anchor for {ref}"
            checked += 1
        # the rules' figures load lazily (first-load weight): ask for them all, then check each one
        page.eval_on_selector_all("img[loading=lazy]", "els => els.forEach(i => { i.loading = 'eager'; })")
        page.wait_for_function("Array.from(document.images).every(i => i.complete)")
        broken = page.eval_on_selector_all("img", "els => els.filter(i => !i.complete || !i.naturalWidth).length")
        assert broken == 0
        # every icon symbol used is defined on the page
        assert page.evaluate("[...document.querySelectorAll('use')].every(u => "
                             "document.querySelector(u.getAttribute('href')))")
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


def test_phone_width_has_no_horizontal_scroll(site_all, page_factory, tmp_path):
    for path in pages(site_all / "site"):
        page, errors = page_factory(375, 740)
        page.goto(path.as_uri())
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > 375:       # the page as the phone shows it, to see what sticks out
            shot = tmp_path / f"{path.parent.name}-{path.stem}.png"
            page.screenshot(path=str(shot), full_page=True)
            pytest.fail(f"{path.name}: {width}px wide (screenshot: {shot})")
        assert errors == [], f"{path.name}: {errors}"
