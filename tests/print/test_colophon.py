"""Every file says who made it and when (issue 50): the colophon line on the card sheets'
instructions, the PDF's author and dates, from SOURCE_DATE_EPOCH (reproducible builds)."""
from __future__ import annotations

import subprocess
import time

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT, pnp
from tests.print.test_leaks import GAMES, LANGS


def test_cards_carry_credits_version_and_the_source_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")          # 2023-11-14 22:13:20 UTC
    result = pnp("build", "taverna", "--lang", "de", "--only", "cards,score-pad", "--jobs", "1", "--no-cache",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for name in ("cards.pdf", "score-pad.pdf"):
        reader = PdfReader(tmp_path / "taverna" / "de" / name)
        assert reader.metadata["/CreationDate"].startswith("D:20231114221320")
        assert "Karl Marcelle" in reader.metadata["/Author"]
    back = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(tmp_path / "taverna" / "de" / "cards.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    line = " ".join(back.split())
    assert "Taverna · Karl Marcelle" in line and "pnp-studio" in line and "14. November 2023" in line
    assert "2023-11-14" not in line          # issue 51: as German writes a date, not ISO


@pytest.mark.parametrize("lang, written", [("fr", "14 novembre 2023"), ("en", "14 November 2023"),
                                           ("de", "14. November 2023"), ("ja", "2023年11月14日")])
def test_the_colophon_writes_the_date_as_its_language_does(monkeypatch, lang, written):
    """Issue 51: « … · pnp-studio 0.1.0 · 2026-12-06 » on every PDF read as a machine's stamp."""
    from generator.loading.catalog import load_project
    from generator.paper.colophon import for_game
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    game = load_project(ROOT, ["taverna"]).games["taverna"]
    made = for_game(game, lang, lambda s: s, ROOT)
    assert made.endswith(" · " + written) and "pnp-studio" in made, made


PRODUCTS = ["rules.pdf", "player-aid.pdf", "player-aid-card.pdf", "score-pad.pdf", "calibration-page.pdf"]
SLEEVE = "66 × 91"       # layouts/sheets.yaml: the sleeves sold for poker cards


@pytest.mark.parametrize("game", GAMES)
def test_every_file_says_who_made_it_and_when(full_build, game):
    """Issue 50, item 6: the colophon line (game, credits, pnp-studio's version, the build date)
    on every PDF besides the cards, with the credits as author and the build date as its dates."""
    from generator.paper.colophon import build_epoch, written_date
    epoch = time.strftime("D:%Y%m%d%H%M%S", time.gmtime(build_epoch(ROOT)))
    for lang in LANGS:
        for name in PRODUCTS:
            pdf = full_build / game / lang / name
            reader = PdfReader(pdf)
            assert reader.metadata["/CreationDate"].startswith(epoch), (pdf, reader.metadata["/CreationDate"])
            assert reader.metadata["/Author"] not in ("", "pnp-studio") and reader.metadata["/Title"], pdf
            text, date = " ".join(pdftotext(pdf).split()), written_date(ROOT, lang)
            assert "pnp-studio" in text and date in text.replace("年 ", "年"), f"{game}/{lang}/{name}: no colophon line"
            if lang == "ja":   # one notation in every file: the aid cards' sheets had 「版 pnp-studio」
                assert "・pnp-studio" in text.replace(" ", ""), f"{game}/ja/{name}: colophon without 「・」"


@pytest.mark.parametrize("game", GAMES)
def test_rules_open_with_paper_and_sleeves(full_build, game):
    for lang in LANGS:
        first = " ".join(pdftotext(full_build / game / lang / "rules.pdf", last=1).split())
        sleeve = SLEEVE.replace(" ", "") if lang == "ja" else SLEEVE     # 「66×91mm」: no spaces in Japanese
        assert sleeve in first and "250" in first, f"{game}/{lang}: no print-and-assemble box"


def pdftotext(pdf, last: int | None = None) -> str:
    pages = ["-l", str(last)] if last else []
    return subprocess.run(["pdftotext", *pages, str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("game", GAMES)
def test_aid_card_sheets_are_labelled_in_their_margin(full_build, game):
    """Issue 50, item 8: every aid-card sheet names its game in the margin, as card sheets do,
    at ≥ 6.5 pt, outside the cards' trim."""
    import yaml

    from tests.pdfs import open_pdf
    name = yaml.safe_load((ROOT / "cards" / game / "game.yaml").read_text(encoding="utf-8"))["name"]
    for lang in LANGS:
        title = name[lang] if isinstance(name, dict) else name
        with open_pdf(full_build / game / lang / "player-aid-card.pdf") as pdf:
            for number, page in enumerate(pdf.pages, 1):
                _x0, top, _x1, bottom = (float(v) for v in page.trimbox)
                margin = [c for c in page.chars if c["text"].strip() and (c["bottom"] <= top or c["top"] >= bottom)]
                text = "".join(c["text"] for c in margin)
                assert title.replace(" ", "") in text, f"{game}/{lang} p{number}: no sheet label"
                assert min(c["size"] for c in margin) >= 6.5


def test_the_colophon_stays_clear_of_a_two_up_pads_fold_line(tmp_path):
    """Issue 51, German editor: on San Gimignano's two-up score pad the colophon ran across the
    dashed line between the two pads; it is split at a separator, one half under each pad."""
    from tests.pdfs import open_pdf
    result = pnp("build", "san-gimignano", "--lang", "de", "--only", "score-pad", "--jobs", "1", "--no-cache",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    with open_pdf(tmp_path / "san-gimignano" / "de" / "score-pad.pdf") as pdf:
        page = pdf.pages[0]
        foot = [c for c in page.chars if c["top"] > page.height - 12 * 72 / 25.4 and c["text"].strip()]
        assert foot, "no colophon at the foot of the pad"
        mid = page.width / 2
        across = [c["text"] for c in foot if not (c["x1"] < mid - 1 or c["x0"] > mid + 1)]
        assert across == [], f"the colophon runs across the fold line: {''.join(across)}"
