"""Each of San Gimignano's two score pads on a sheet keeps the whole colophon once the sheet is cut
(print review 4: game and credits sat under the left pad, edition, version and date under the
right one; in French the whole line under the left pad only), the calibration page says its
language in its metadata, as every other file does (its Subject read "unspecified"), and the
rules' print box says that tiles and tokens need no sleeves."""
from __future__ import annotations

import subprocess

import pytest
from pypdf import PdfReader

from tests.pdfs import open_pdf

LANGS = ["fr", "en", "de", "ja"]
BAND = 15 * 72 / 25.4     # pt from the bottom edge: where the colophon is
NAMES = {"fr": "Le Torri di San Gimignano", "en": "Le Torri di San Gimignano", "de": "Le Torri di San Gimignano",
         "ja": "サン・ジミニャーノの塔"}


@pytest.mark.parametrize("lang", LANGS)
def test_each_of_two_pads_keeps_the_whole_colophon(built, lang):
    with open_pdf(built("san-gimignano") / "san-gimignano" / lang / "score-pad.pdf") as pdf:
        page = pdf.pages[0]
        middle = float(page.width) / 2
        chars = [c for c in page.chars if c["bottom"] > float(page.height) - BAND]
        for side, half in (("left", [c for c in chars if c["x1"] < middle]),
                           ("right", [c for c in chars if c["x0"] > middle])):
            text = "".join(c["text"] for c in sorted(half, key=lambda c: (round(c["top"]), c["x0"]))).replace(" ", "")
            for part in (NAMES[lang], "pnp-studio", "2026"):
                assert part.replace(" ", "") in text, f"san-gimignano/{lang}: the {side} pad's colophon lacks {part!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_calibration_page_names_its_language(built, lang):
    for game in ("san-gimignano", "tournay", "taverna"):
        info = PdfReader(built(game) / game / lang / "calibration-page.pdf").metadata
        assert info.get("/Subject") == f"language: {lang}", f"{game}/{lang}: Subject {info.get('/Subject')!r}"


NO_SLEEVES = {"fr": "Les tuiles et les jetons se passent de protège-cartes.",
              "en": "Tiles and tokens need no sleeves.",
              "de": "Plättchen und Marker brauchen keine Kartenhüllen.",
              "ja": "タイルや駒にはスリーブは不要です。"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_say_which_pieces_need_no_sleeves(built, lang):
    """Taverna's print box gave the poker cards' sleeves only; its favours, tiles and tokens
    need none. San Gimignano and Tournay, all cards, say nothing of it."""
    for game in ("san-gimignano", "tournay", "taverna"):
        text = " ".join(subprocess.run(["pdftotext", "-l", "1", str(built(game) / game / lang / "rules.pdf"), "-"],
                                       capture_output=True, text=True, check=True).stdout.split())
        assert (NO_SLEEVES[lang] in text) == (game == "taverna"), f"{game}/{lang}: the sleeve line"
