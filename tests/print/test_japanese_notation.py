"""Full-width notation wherever a Japanese player reads (issue 51): 「・」 not the Latin 「·」, full-width
brackets and slash 「（14／15）」, one plus sign (+, the width of the minus −), 「50mm」 written one way
(no space), and a card's cost kept apart from its points (「コスト：1◎・名声点1■」, never 「1◎・1■」).

Read: every Japanese PDF of the session's build (pdftotext), every Japanese site page (tags and
scripts removed) and the calculator's Japanese messages (scoring.po, checks.po).
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from generator.typeset.text import typeset
from tests.conftest import ROOT
from tests.print.conftest import html_text, pdf_text

WRONG = {
    "Latin middle dot": re.compile(r"·"),
    "half-width bracket": re.compile(r"[()]"),
    "half-width slash": re.compile(r"(?<!g)/(?!m²)"),       # 「250〜300 g/m²」 is a unit
    "full-width plus": re.compile(r"＋"),
    "space before a unit": re.compile(r"\d[ \u00a0\u202f]+(?:(?:mm|cm|KB|MB)\b|g/m²)"),
    "cost beside unnamed points": re.compile(r"コスト：[^・\n]*・\s*\d"),
}
# 「客タイル×36」 (read in the PDFs' text, and in the site's markup: a tag there reads as a space)
SPACED_COUNT = re.compile(r"[^\s>][ \u00a0\u202f]+(?:<[^>]+>)*×\d")


def _wrong(text: str) -> dict[str, list[str]]:
    found = {}
    for name, rx in WRONG.items():
        hits = [text[max(0, m.start() - 15):m.end() + 10].replace("\n", " ") for m in rx.finditer(text)]
        if hits:
            found[name] = hits[:3] + ([f"… {len(hits)} in all"] if len(hits) > 3 else [])
    return found


def test_japanese_typeset_writes_full_width_notation():
    assert typeset("タヴェルナ · プレイヤーエイド · シート1／3", "ja") == "タヴェルナ・プレイヤーエイド・シート1／3"
    assert typeset("両面印刷 (a4, 長辺)", "ja") == "両面印刷（a4、長辺）"
    assert typeset("0/2/3 → 3/6/9", "ja") == "0／2／3 → 3／6／9"
    assert typeset("1＋乗っている", "ja") == "1+乗っている"
    assert typeset("50 mm、63 × 88 mm、211\u00a0KB", "ja") == "50mm、63×88mm、211KB"
    assert typeset("Tour (PDF) + 1 · 50 mm", "en") == "Tour (PDF) + 1 · 50\u00a0mm"


def test_japanese_counts_and_paper_weight_are_written_without_a_space():
    """Fourth reading: 「黄の文民Ⅰ ×10」 (a space before ×) beside 「63×88mm」; 「250〜300 g/m²」."""
    assert typeset("黄の文民Ⅰ\u00a0×10、客タイル ×36", "ja") == "黄の文民Ⅰ×10、客タイル×36"
    assert typeset("250〜300 g/m²の厚紙", "ja") == "250〜300g/m²の厚紙"
    assert typeset("Civils jaunes I\u00a0×10", "fr") == "Civils jaunes I\u00a0×10"


@pytest.mark.slow    # ~3 s: pdftotext of the 24 Japanese PDFs
def test_japanese_pdfs_use_full_width_notation(full_build):
    pdfs = sorted(full_build.glob("*/ja/*.pdf"))
    assert len(pdfs) >= 15
    found = {pdf.relative_to(full_build).as_posix(): _wrong(pdf_text(pdf)) for pdf in pdfs}
    assert {k: v for k, v in found.items() if v} == {}
    spaced = {pdf.name: SPACED_COUNT.findall(pdf_text(pdf))[:3] for pdf in pdfs}
    assert {k: v for k, v in spaced.items() if v} == {}


def test_japanese_site_pages_use_full_width_notation(full_build):
    pages = sorted((full_build / "site").rglob("ja*.html"))
    assert len(pages) >= 6
    found = {page.relative_to(full_build).as_posix(): _wrong(html_text(page)) for page in pages}
    assert {k: v for k, v in found.items() if v} == {}
    spaced = {page.name: SPACED_COUNT.findall(page.read_text(encoding="utf-8"))[:3] for page in pages}
    assert {k: v for k, v in spaced.items() if v} == {}


def test_the_japanese_calculator_messages_use_full_width_notation():
    texts = []
    for name in ("scoring.po", "checks.po"):
        with (ROOT / "locales" / "ja" / "LC_MESSAGES" / name).open("rb") as handle:
            texts += [m.string for m in read_po(handle) if m.id and isinstance(m.string, str)]
    assert len(texts) > 30
    found = [f for text in texts for f in _wrong(text).values()]
    assert found == []


@pytest.mark.parametrize("text", ["タヴェルナ · シート", "（a4, 長辺)", "14/15", "1＋乗って", "50 mm", "211\u00a0KB",
                                  "コスト：1\ue000・1\ue001"])
def test_the_scan_sees_each_kind_of_half_width_mark(text):
    assert _wrong(text)


# Fifth reading: the sheet labels read 「タヴェルナ・シート5／5・片面のみ・ギルドトークン×12・…・王・女王トークン×2」,
# a chain of 「・」 in which 「王・女王トークン」 is one name among the parts
LABEL_CHAIN = re.compile(r"・シート|シート\d+／\d+・|ページ・|エイド・|×\d+・")


def test_japanese_sheet_labels_read_as_japanese_not_as_a_chain_of_middle_dots(full_build):
    from generator.paper.labels import listed, sheet_and_side
    assert sheet_and_side("シート1／5", "表面") == "シート1／5（表面）"
    assert sheet_and_side("sheet 1 of 5", "fronts") == "sheet 1 of 5 · fronts"
    assert listed(["ギルドトークン×12", "王・女王トークン×2"]) == "ギルドトークン×12、 · 王・女王トークン×2"
    texts = {pdf.relative_to(full_build).as_posix(): pdf_text(pdf)
             for pdf in sorted(full_build.glob("*/ja/*.pdf")) if pdf.name in ("cards.pdf", "player-aid-card.pdf")}
    assert len(texts) >= 6
    chains = {k: LABEL_CHAIN.findall(t)[:3] for k, t in texts.items() if LABEL_CHAIN.search(t)}
    assert chains == {}
    assert all(re.search(r"シート\d+／\d+（表面）", t) for t in texts.values())
