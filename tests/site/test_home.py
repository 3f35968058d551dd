"""The home page reads right in every script: it loads the subset fonts its own text needs,
Japanese included, as the game pages do (before, its Japanese names fell back to the phone's
own font)."""
from __future__ import annotations

import html
import re

from fontTools.ttLib import TTFont


def test_the_home_page_declares_a_japanese_subset_with_its_japanese_text(full_build):
    site = full_build / "site"
    page = (site / "index.html").read_text(encoding="utf-8")
    faces = dict(re.findall(r'font-family:"([^"]+)";src:url\("([^"]+)"\)', page))
    assert "Cardo" in faces and "BIZ UDPGothic" in faces, faces
    japanese = "".join(html.unescape(re.sub(r"<[^>]+>", "", m))
                       for m in re.findall(r'<li lang="ja">(.*?)</li>', page, re.S))
    assert len(japanese) > 20
    cmap = TTFont(str(site / faces["BIZ UDPGothic"])).getBestCmap()
    assert {c for c in japanese if not c.isspace() and ord(c) not in cmap} == set()


def test_the_home_page_renders_japanese_in_its_web_font(full_build, page_factory, serve_site):
    server = serve_site(full_build / "site")
    page, errors = page_factory(390, 844)
    page.goto(server.url + "index.html")
    page.evaluate("document.fonts.ready")
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    document = cdp.send("DOM.getDocument", {"depth": -1})
    node = cdp.send("DOM.querySelector", {"nodeId": document["root"]["nodeId"], "selector": 'li[lang="ja"] a'})
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
    assert [f["familyName"] for f in fonts] == ["BIZ UDPGothic"], fonts
    assert errors == []


LANGS = ["fr", "en", "de", "ja"]
SKIP = {"fr": "Aller au contenu", "en": "Skip to content", "de": "Zum Inhalt springen", "ja": "本文へ移動"}
# the local-network notice said where the site was reached from and what a device keeps
# (« Depuis cette adresse … cet appareil », „Von dieser Adresse … Gerät“, 「このアドレス…端末」)
TECHNICAL = re.compile(r"address|device|adresse|appareil|Adresse|Gerät|Website|アドレス|端末|サイト", re.I)


def _home() -> str:
    from generator.loading.catalog import load_project
    from generator.site.pages import _entry, render_home
    from tests.conftest import ROOT
    project = load_project(ROOT, ["taverna"])
    return render_home(project, [_entry(project, project.games["taverna"], LANGS)])


def test_the_home_pages_chrome_is_in_every_language_it_lists():
    """Issue 51: the languages' chooser showed its skip link and notice in English only."""
    page = _home()
    skip = re.search(r'<a class="skip"[^>]*>(.*?)</a>', page, re.S).group(1)
    notice = re.search(r'id="not-kept"[^>]*>(.*?)</div>', page, re.S).group(1)
    for lang in LANGS:
        assert f'<span lang="{lang}">{SKIP[lang]}</span>' in skip, lang
        assert f'<p lang="{lang}">' in notice, lang


def test_the_local_network_notice_speaks_as_a_player_would():
    from generator.reading.i18n import Translator
    from tests.conftest import ROOT
    page = _home()
    notice = re.search(r'id="not-kept"[^>]*>(.*?)</div>', page, re.S).group(1)
    texts = re.findall(r"<p lang=\"(\w+)\">(.*?)</p>", notice)
    assert [lang for lang, _ in texts] == LANGS
    assert [t for _, t in texts if TECHNICAL.search(t)] == []
    msgid = re.search(r"<p class=\"notice\" id=\"not-kept\"[^>]*>\{\{ _\('([^']*)'\) \}\}",
                      (ROOT / "layouts" / "site" / "base.html").read_text(encoding="utf-8")).group(1)
    assert Translator(ROOT, "fr")(msgid) == html.unescape(dict(texts)["fr"])     # the game pages say the same
