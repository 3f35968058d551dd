"""The Japanese site's screen-reader text never says an icon's name twice (issue 51): an icon whose
name the words beside it already say (「名声点1:prestige:」, 「城壁:rampart:1枚」, a legend entry and its
label) is seen, not read out.

Read: every Japanese page of the session's build, as a screen reader would (an icon read as its
aria-label, an aria-hidden one not at all, tags and scripts removed).
"""
from __future__ import annotations

import html
import re

from generator.site.inline import named_beside

SAID = "\ue000"
CLAUSE = re.compile(r"[^。、：・\n（）「」" + SAID + r"]*$")


def spoken(page: str) -> str:
    """The page as read aloud; each icon read out as SAID + its label + SAID."""
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    text = re.sub(r'<svg\b[^>]*\baria-label="([^"]*)"[^>]*>.*?</svg>', lambda m: SAID + m.group(1) + SAID, text,
                  flags=re.S)
    text = re.sub(r"<svg\b.*?</svg>", "", text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def said_twice(text: str) -> list[str]:
    found = []
    for m in re.finditer(SAID + "([^" + SAID + "]*)" + SAID, text):
        word = m.group(1).split("（")[0].strip()
        before = CLAUSE.search(text[:m.start()]).group(0)
        after = re.sub(r"^[ \t]*\n?[ \t]*：?", "", text[m.end():])
        glossed = text[:m.start()].endswith(word + "（")
        if word and (word in before or after.startswith(word) or glossed):
            found.append(text[max(0, m.start() - 15):m.end() + 8].replace("\n", " "))
    return found


def test_no_japanese_page_reads_an_icons_name_twice(full_build):
    pages = sorted((full_build / "site").rglob("ja*.html"))
    assert len(pages) >= 9
    found = {p.relative_to(full_build).as_posix(): said_twice(spoken(p.read_text(encoding="utf-8"))) for p in pages}
    assert {k: v[:5] for k, v in found.items() if v} == {}


def test_no_glossary_definition_reads_its_terms_icon(full_build):
    """「ドゥニエ：ゲームのお金。記号はドゥニエ。」 (Japanese editor, fifth reading): the icon in a
    term's definition is the term itself; it is seen, not read out."""
    found = []
    for page in sorted((full_build / "site").glob("*/ja.html")):
        for term, definition in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page.read_text(encoding="utf-8"), re.S):
            term = html.unescape(re.sub(r"<[^>]+>", "", term))
            said = re.findall(SAID + "([^" + SAID + "]*)" + SAID, spoken(definition))
            found += [f"{page.parent.name}: {term}" for label in said if label.split("（")[0] == term]
    assert found == []


def test_the_scan_hears_a_name_said_twice():
    assert said_twice(f"{SAID}同じ行と列{SAID}：同じ行と列のカードに")
    assert said_twice(f"最も多くの名声点（{SAID}名声点{SAID}）を得た人")
    assert said_twice(f"コスト：1{SAID}ドゥニエ{SAID}・名声点1{SAID}名声点{SAID}。")
    assert said_twice(f"{SAID}城壁{SAID}\n城壁")            # a legend entry: the icon, then its label
    assert not said_twice(f"コマ1個+（ドゥニエの数+1）{SAID}ドゥニエ{SAID}を払います。")


def test_an_icon_named_beside_is_left_unsaid():
    assert named_beside("名声点", "コスト：1:denier:・名声点1", "。")
    assert named_beside("城壁", "建設済みの城壁", "1枚につき。")
    assert named_beside("拡張カード", "同じ色とレベルの拡張カード3枚", "と入れ替えます。")
    assert named_beside("市民コマ（白・宗教）", "**市民コマ**", "")
    assert named_beside("同じ行と列", "**人物** ", "：同じ行と列のカードに")
    assert named_beside("勝利点", "最も多くの勝利点（", "）を得た人")
    assert named_beside("ドゥニエ", "ゲームのお金。記号は", "。", term="ドゥニエ")
    assert not named_beside("ドゥニエ", "ゲームのお金。記号は", "。", term="名声点")
    assert not named_beside("ドゥニエ", "コマ1個+（ドゥニエの数+1）", "を払います。")
    assert not named_beside("ドゥニエ", "コスト：1", "・名声点1")


def test_an_icon_keeps_its_number_and_the_mark_after_it_on_its_line(full_build):
    """「+1◎」 then 「。」 alone at the start of the next line, on a phone (issue 51, site kinsoku)."""
    loose = re.compile(r'</svg>(?:<wbr>)?[。、）」]|\d(?:<wbr>)?<svg class="icon"')
    found = {}
    for page in sorted((full_build / "site").glob("*/ja.html")):
        # an icon held with its number or mark; then the runs held whole (「1枚」「につき」) as their text
        held = re.sub(r'<span class="nobr">(?:(?!</span>).)*?<svg.*?</span>', "", page.read_text(encoding="utf-8"),
                      flags=re.S)
        held = re.sub(r'<span class="nobr">([^<]*)</span>', r"\1", held)
        hits = [m.group(0) for m in loose.finditer(held)]
        if hits:
            found[page.parent.name] = len(hits)
    assert found == {}


def test_no_wbr_inside_the_words_budoux_cuts(full_build):
    """「時<wbr>計回りに」, 「手番<wbr>中いつでも」 (Japanese editor, fourth reading): the phrase rules
    the PDFs use (typeset/phrases.py) keep these words whole on the site too."""
    cut = re.compile(r"時<wbr>計回り|手番<wbr>中|\d+つの<wbr>[ァ-ヺ]")
    found = {}
    for page in sorted((full_build / "site").glob("*/ja.html")):
        hits = cut.findall(page.read_text(encoding="utf-8"))
        if hits:
            found[page.parent.name] = hits
    assert found == {}
