"""Score pads: legible pads, one page each; the calibration page: instructions in the build
language, rulers whose labels never meet, the command to type. Glyph sizes ≥ 7 pt on the pads
(a formula under its row's name included), ≥ 6.5 pt on the calibration page, and
Japanese lines obey kinsoku in the rules, the pads and the calibration page."""
from __future__ import annotations

import itertools
import re

import pytest
from pypdf import PdfReader

from generator.typeset.kinsoku import CANNOT_END, CANNOT_START
from tests.conftest import pnp
from tests.print.conftest import glyph_sizes, pdf_text
from tests.print.test_leaks import GAMES, LANGS
from tests.pdfs import open_pdf

TOTAL = {"en": "Total", "fr": "Total", "de": "Summe", "ja": "合計"}
MIN_GLYPH = 6.5
MIN_PAD_GLYPH = 7.5      # the text floor, sub-labels included (issue 50: Taverna and SG de had 7.0 pt)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_five_players_pad_on_one_page_in_every_language(full_build, tmp_path, paper):
    """Five 24 mm columns leave room for one Taverna pad a page (issue 50, item 7: a pencil's
    boxes before more pads), in the same orientation on both papers."""
    if paper == "a4":             # the default paper: the session's build has these pads
        tmp_path = full_build
    else:
        result = pnp("build", "taverna", "--only", "score-pad", "--paper", paper, "--out", str(tmp_path))
        assert result.exit_code == 0, result.output
    for lang in LANGS:
        pdf = tmp_path / "taverna" / lang / "score-pad.pdf"
        pages = PdfReader(pdf).pages
        assert len(pages) == 1 and pages[0].mediabox.height > pages[0].mediabox.width
        assert pdf_text(pdf).count(TOTAL[lang]) >= 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_pads_are_legible(full_build, game, lang):
    pdf = full_build / game / lang / "score-pad.pdf"
    text = pdf_text(pdf)
    assert text.count(TOTAL[lang]) >= 1
    assert min(glyph_sizes(pdf)) >= MIN_PAD_GLYPH
    with open_pdf(pdf) as doc:   # the table's rules (the dashed cut lines are thinner)
        ys = sorted({round(line["top"], 1) for line in doc.pages[0].lines
                     if abs(line["top"] - line["bottom"]) < 0.1 and line["linewidth"] >= 0.5})
    gaps = [b - a for a, b in zip(ys, ys[1:])]
    assert len(gaps) > 8 and min(gaps) >= 9 * 72 / 25.4 - 0.2, "write-in boxes at least 9 mm high"


@pytest.mark.parametrize("game", GAMES)
def test_pads_fill_the_page_from_the_same_rows(full_build, game):
    text = pdf_text(full_build / game / "en" / "score-pad.pdf")
    pads = text.count("Total")
    for row in ("Player",):
        assert text.count(row) == pads


def _lines_ja(pdf) -> list[str]:
    return [line.strip() for line in pdf_text(pdf).splitlines() if line.strip()]


@pytest.mark.parametrize("product", ["rules.pdf", "score-pad.pdf"])
@pytest.mark.parametrize("game", GAMES)
def test_japanese_kinsoku(full_build, game, product):
    lines = _lines_ja(full_build / game / "ja" / product)
    assert lines
    starts = [line for line in lines if line[0] in CANNOT_START and line[0] not in ",.:;!?)]}%"]
    ends = [line for line in lines if line[-1] in CANNOT_END and line[-1] not in "([{"]
    assert starts == [] and ends == []


@pytest.fixture(scope="module")
def calibration(tmp_path_factory):
    out = tmp_path_factory.mktemp("cal")
    pdfs = {}
    for lang in LANGS:
        pdfs[lang] = out / f"cal-{lang}.pdf"
        result = pnp("calibrate", "--lang", lang, "--out", str(pdfs[lang]))
        assert result.exit_code == 0, result.output
    return pdfs


INSTRUCTION = {"en": "Hold the sheet against a window", "fr": "Tenez la feuille contre une fenêtre",
               "de": "Halte das Blatt gegen ein Fenster", "ja": "窓や明かりにかざします"}


@pytest.mark.parametrize("lang", LANGS)
def test_calibration_speaks_the_build_language(calibration, lang):
    text = re.sub(r"\s+", " ", pdf_text(calibration[lang]))
    assert INSTRUCTION[lang] in text.replace("\u00a0", " ")
    # on the paper the language's cards are built on: an English page was A4, its cards Letter
    paper = "letter" if lang == "en" else "a4"
    assert f"pnp build --paper {paper} --duplex long --back-offset X,Y" in text
    reader = PdfReader(calibration[lang])
    assert len(reader.pages) == 2
    assert round(float(reader.pages[0].mediabox.width)) == {"letter": 612, "a4": 595}[paper]
    assert min(glyph_sizes(calibration[lang])) >= MIN_GLYPH


SIDES = {"en": ("FRONT", "BACK"), "fr": ("RECTO", "VERSO"), "de": ("VORDERSEITE", "RÜCKSEITE"),
         "ja": ("表面", "裏面")}


@pytest.mark.parametrize("lang", LANGS)
def test_calibration_page_heads_both_sides_in_the_players_words(full_build, lang):
    """calibration-page.pdf next to the cards: each side named in the language (it said FRONT and
    BACK in every language), the paper as a player writes it (it said `a4`), German in `du`."""
    pdf = full_build / "san-gimignano" / lang / "calibration-page.pdf"
    paper = "Letter" if lang == "en" else "A4"
    reader = PdfReader(pdf)
    for page, side in zip(reader.pages, SIDES[lang]):
        first = page.extract_text().strip().splitlines()[0]
        dash = "–" if lang == "de" else "—"      # German titles take a spaced en dash
        assert first.startswith(f"{side} {dash} ") and paper in first, first
    text = pdf_text(pdf)
    assert not re.search(r"\b(a4|letter)\b", text), "a paper named as a command line writes it"
    if lang != "en":
        assert "FRONT" not in text and "BACK" not in text
    assert reader.metadata.title.count(paper) == 1
    if lang == "de":    # the player is addressed as du throughout, never Sie
        assert not re.search(r"\b(Sie|Ihre?[mnrs]?|Ihnen)\b", text)


@pytest.mark.parametrize("lang", LANGS)
def test_calibration_rulers_have_zero_signed_steps_and_no_collisions(calibration, lang):
    with open_pdf(calibration[lang]) as doc:
        words = doc.pages[0].extract_words(x_tolerance=1, y_tolerance=1)
    labels = [w for w in words if re.fullmatch(r"0|[+\u2212]\d+", w["text"])]
    assert sum(w["text"] == "0" for w in labels) >= 6          # 3 targets × 2 rulers
    for label in ("+5", "\u22125", "+10", "\u221210"):    # each its own word on all 6 rulers
        assert sum(w["text"] == label for w in labels) >= 6, label
    gap = 1.5 * 72 / 25.4    # labels at least 1.5 mm apart, in both directions
    for a, b in itertools.combinations(labels, 2):
        apart_x = max(a["x0"], b["x0"]) - min(a["x1"], b["x1"])
        apart_y = max(a["top"], b["top"]) - min(a["bottom"], b["bottom"])
        assert apart_x >= gap or apart_y >= gap * 0.3, (a["text"], b["text"])


def test_calibration_unknown_language_is_one_line():
    result = pnp("calibrate", "--lang", "xx", "--out", "/tmp/never-written.pdf")
    assert result.exit_code != 0
    assert result.output.strip().count("\n") == 0 and "--lang xx" in result.output


def test_calibration_broken_translation_is_one_line(tmp_path):
    import shutil

    from tests.conftest import ROOT
    root = tmp_path / "project"
    for part in ("layouts", "locales"):
        shutil.copytree(ROOT / part, root / part)
    po = root / "locales" / "fr" / "LC_MESSAGES" / "print.po"
    po.write_text(po.read_text(encoding="utf-8").replace("le {edge}", "le {bord}"), encoding="utf-8")
    result = pnp("calibrate", "--lang", "fr", "--out", str(tmp_path / "cal.pdf"), root=root)
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0 and "print.po:" in result.output
    assert not (tmp_path / "cal.pdf").exists()


def test_german_calibration_titles_take_a_spaced_en_dash(calibration):
    """Issue 51 (German editor): „VORDERSEITE – Duplex-Kalibrierung“, as every German title; the
    separator is the catalogue's, so French and Japanese keep theirs."""
    text = pdf_text(calibration["de"])
    assert "VORDERSEITE – Duplex" in text and "RÜCKSEITE – Duplex" in text
    assert "—" not in text
    assert "RECTO — Calibrage" in pdf_text(calibration["fr"])


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_pad_says_one_castle_scoring_each_once_above_the_rows(full_build, lang):
    """German editor 4, item 11: „Jeder wählt nur eine Schlosswertung (zu zweit zwei)“ stood in the
    King's row, though it is true of all five; the aid card's `pad_note` prints it once, above the
    table (before the first row's name)."""
    said = {"fr": "un seul par joueur", "en": "only one per player", "de": "Jeder wählt nur eine",
            "ja": "1人1つまで"}[lang]
    first_row = {"fr": "Points avant la fin", "en": "Points before the end", "de": "Punkte aus dem Spielverlauf", "ja": "終了前の得点"}[lang]
    text = " ".join(pdf_text(full_build / "taverna" / lang / "score-pad.pdf").split())
    pads = text.count(first_row)
    assert pads and text.count(said) == pads and text.index(said) < text.index(first_row), text[:400]
