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
