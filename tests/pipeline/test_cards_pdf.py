"""The San Gimignano card sheets, checked with real PDF tools."""
from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter

import pytest
from pypdf import PdfReader

from tests.conftest import pnp, pnp_process
from tests.pdfs import open_pdf, page_texts

MM = 72 / 25.4
LANGS = ["fr", "en", "de", "ja"]
# Facts from the rulesheet (seeds/001): rank N appears N times; ten nobles of seven kinds.
NOBLES = ["Buona Pietra", "Via Francigena", "Monumento", "Giostra", "Cappella di Santa Fina",
          "Palazzo Comunale", "Mura"]
NOBLES_JA = ["ブオナ・ピエトラ", "ヴィア・フランチジェナ", "モヌメント", "ジョストラ", "サンタ・フィーナ礼拝堂",
             "パラッツォ・コムナーレ", "ムーラ"]


@pytest.fixture(scope="module")
def sg(built):
    return built("san-gimignano") / "san-gimignano"


def on_cards(page):
    """The words of a page set on its cards, not the sheet's label in the margin."""
    _x0, top, _x1, bottom = (float(v) for v in page.trimbox)     # pdfplumber: from the top
    return [w for w in page.extract_words() if top <= w["top"] <= bottom]




def test_every_language_is_written(sg):
    for lang in LANGS:
        assert (sg / lang / "cards.pdf").stat().st_size > 10_000


def test_page_count_and_boxes_on_a4(sg):
    reader = PdfReader(sg / "fr" / "cards.pdf")
    # the instructions sheet, then 55 cards with a back on 7 duplex sheets of 9 (one face on the last)
    assert len(reader.pages) == 2 + 7 * 2
    for page in reader.pages[2:]:
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(media.width) == pytest.approx(210 * MM, abs=0.01)
        # framed cards: nothing is printed past a trim
        assert float(bleed.width) == pytest.approx(float(trim.width), abs=0.01)
    first = reader.pages[2]
    # 3 columns and 3 rows that touch: neighbours share one cut between their white frames
    assert float(first.trimbox.width) == pytest.approx(3 * 63 * MM, abs=0.01)
    assert float(first.trimbox.height) == pytest.approx(3 * 88 * MM, abs=0.01)
    # the grid is centred on the sheet
    assert float(first.trimbox.left) == pytest.approx((210 - 189) / 2 * MM, abs=0.01)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_each_tower_rank_appears_rank_times(sg):
    for lang in LANGS:
        fronts = page_texts(sg / lang / "cards.pdf")[2:]     # backs carry no floors
        floors = Counter()
        for text in fronts:
            floors.update(int(a) for a, b in re.findall(r"(\d+) ?× ?(\d+)", text) if a == b)
        assert floors == {rank: rank for rank in range(5, 11)}, lang


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_every_noble_name_in_every_language(sg):
    for lang in LANGS:
        text = "\n".join(page_texts(sg / lang / "cards.pdf")[2:])
        for name in (NOBLES if lang != "ja" else NOBLES_JA):
            assert name in text, (lang, name)
    # copies: Buona Pietra x3, Via Francigena x2
    text = "\n".join(page_texts(sg / "en" / "cards.pdf")[2:])
    assert text.count("Buona Pietra") == 3
    assert text.count("Via Francigena") >= 2


def test_japanese_text_is_real_text(sg):
    text = "\n".join(page_texts(sg / "ja" / "cards.pdf"))
    assert "護衛" in text and "陰謀" in text and "ドナツィオーネ" in text


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="poppler-utils not installed")
def test_every_font_is_embedded(sg):
    for lang in LANGS:
        out = subprocess.run(["pdffonts", str(sg / lang / "cards.pdf")], capture_output=True, text=True,
                             check=True).stdout.splitlines()[2:]
        assert out, "no fonts listed"
        for line in out:
            assert line.split()[-5] == "yes", line  # the 'emb' column
        if lang == "ja":
            assert any("BIZUDPGothic" in line for line in out)
        assert any("pnp-icons" in line for line in out)


@pytest.mark.skipif(not shutil.which("qpdf"), reason="qpdf not installed")
def test_qpdf_check_is_clean(sg):
    for lang in LANGS:
        result = subprocess.run(["qpdf", "--check", str(sg / lang / "cards.pdf")], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "No syntax or stream encoding errors" in result.stdout


def test_two_builds_are_byte_identical(tmp_path, sg):
    # one more build in a separate process: nothing may depend on time or process state (with the
    # files cards.pdf's first page names beside it, as in the full build)
    result = pnp_process("build", "san-gimignano", "--lang", "en,ja", "--only",
                         "cards,cards-fold-over,cards-ink-saver,calibration-page", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    for lang in ("en", "ja"):
        assert (tmp_path / "san-gimignano" / lang / "cards.pdf").read_bytes() == \
            (sg / lang / "cards.pdf").read_bytes()


def test_backs_follow_fronts_mirrored_for_long_edge(sg):
    with open_pdf(sg / "de" / "cards.pdf") as pdf:
        front, back = pdf.pages[14], pdf.pages[15]   # last noble sheet: one card (Mura)
        width = float(front.width)
        mura = [w for w in on_cards(front) if w["text"] == "Mura"][0]
        backs = [w for w in on_cards(back) if w["text"] == "Adelskarten"]
        assert len(backs) == 1
        # the front sits in the left column, its back in the mirrored (right) column
        assert mura["x0"] < width / 3
        assert backs[0]["x0"] > 2 * width / 3


def test_short_edge_mirrors_rows_and_none_drops_backs(tmp_path):
    assert pnp("build", "san-gimignano", "--lang", "en", "--paper", "a4", "--duplex", "short",
               "--out", str(tmp_path / "s"), "--only", "cards").exit_code == 0
    with open_pdf(tmp_path / "s" / "san-gimignano" / "en" / "cards.pdf") as pdf:
        front, back = pdf.pages[14], pdf.pages[15]
        height = float(front.height)
        mura = [w for w in on_cards(front) if w["text"] == "Mura"][0]
        card_back = [w for w in on_cards(back) if w["text"] == "Noble"][0]
        assert mura["top"] < height / 3 and card_back["top"] > 2 * height / 3
        assert card_back["x0"] < float(front.width) / 3
    assert pnp("build", "san-gimignano", "--lang", "en", "--duplex", "none", "--out", str(tmp_path / "n"),
               "--only", "cards").exit_code == 0
    assert len(PdfReader(tmp_path / "n" / "san-gimignano" / "en" / "cards.pdf").pages) == 2 + 7


def test_letter_paper_bleed_and_back_offset(tmp_path):
    result = pnp("build", "san-gimignano", "--lang", "en", "--paper", "letter", "--bleed", "2",
                 "--back-offset", "1.5,-1", "--out", str(tmp_path), "--only", "cards")
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / "san-gimignano" / "en" / "cards.pdf")
    assert len(reader.pages) == 2 + 14  # 3x3 poker cards fit on Letter too
    front, back = reader.pages[2], reader.pages[3]
    assert float(front.mediabox.height) == pytest.approx(279.4 * MM, abs=0.01)
    assert float(front.bleedbox.width) == pytest.approx(float(front.trimbox.width), abs=0.01)   # framed: no bleed
    assert float(back.trimbox.left) - float(front.trimbox.left) == pytest.approx(1.5 * MM, abs=0.01)
    assert float(back.trimbox.bottom) - float(front.trimbox.bottom) == pytest.approx(-1 * MM, abs=0.01)


def test_calibration_page(tmp_path):
    target = tmp_path / "cal.pdf"
    result = pnp("calibrate", "--paper", "letter", "--out", str(target))
    assert result.exit_code == 0, result.output
    reader = PdfReader(target)
    assert len(reader.pages) == 2
    assert "FRONT" in reader.pages[0].extract_text() and "BACK" in reader.pages[1].extract_text()
    fonts = subprocess.run(["pdffonts", str(target)], capture_output=True, text=True).stdout.splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts)
