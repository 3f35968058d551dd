"""score-pad.pdf: the calculator's categories as rows, in every language, fonts embedded."""
from __future__ import annotations

import subprocess

import pytest


ROWS = {"en": ["Completed towers", "Coloured towers", "Total"],
        "fr": ["Tours terminées", "Tours colorées", "Total"],
        "de": ["Vollendete Türme", "Bunte Türme", "Summe"],
        "ja": ["完成した塔", "多色の塔", "合計"]}


@pytest.fixture(scope="module")
def pads(built):
    return built("san-gimignano") / "san-gimignano"    # the session's build, score pads among it


@pytest.mark.parametrize("lang", ["en", "fr", "de", "ja"])
def test_rows_and_fonts(pads, lang):
    pdf = pads / lang / "score-pad.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    for row in ROWS[lang]:
        assert row in text
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout.splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts   # emb column
    if lang == "ja":
        assert any("BIZUDPGothic" in line for line in fonts)
