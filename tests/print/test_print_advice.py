"""What the instructions promise about paper and a back's shift (issue 50), in every language:
the shift the white frame hides is said as 2.5 mm (the least white measured around a card is
2.7 mm for its 3 mm frame), and the fold-over version asks for paper thin enough to fold."""
from __future__ import annotations

import re
import subprocess

import pytest
from pypdf import PdfReader

from tests.print.conftest import pdf_text

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
SEPARATOR = {"ja": "：", "de": " – "}     # the catalogues' own (German: a spaced en dash)


def _first_page(path) -> str:
    """The instructions' front, where the print steps are (the first page only: a quick read)."""
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", "-l", "1", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_shift_the_frame_hides_is_under_what_it_measures(built, lang):
    for game in GAMES:
        folder = built(game) / game / lang
        for name in ("cards.pdf", "calibration-page.pdf"):
            text = _first_page(folder / name) if name == "cards.pdf" else pdf_text(folder / name)
            said = [float(v.replace(",", ".")) for v in re.findall(r"(\d+(?:[.,]\d+)?) ?mm", text)
                    if float(v.replace(",", ".")) < 10]
            assert said, f"{game}/{lang}/{name}: no shift in mm"
            assert max(said) <= 2.5, f"{game}/{lang}/{name}: promises {max(said)} mm (measured least white 2.7 mm)"


@pytest.mark.parametrize("lang", LANGS)
def test_fold_over_asks_for_paper_that_folds(built, lang):
    for game in GAMES:
        text = _first_page(built(game) / game / lang / "cards-fold-over.pdf")
        assert re.search(r"120\s*[–〜-]\s*160 ?g/m²|120 à 160 g/m²", text), f"{game}/{lang}: no paper weight"


@pytest.mark.parametrize("lang", LANGS)
def test_titles_name_the_game_in_the_players_language(built, lang):
    """Every PDF's title names its game, joined to what the file is by its language's separator
    (the same in every file), and no English word leaks into another language's titles."""
    for game in GAMES:
        folder = built(game) / game / lang
        titles = {p.name: PdfReader(p).metadata.get("/Title", "") for p in sorted(folder.glob("*.pdf"))}
        sep = SEPARATOR.get(lang, " — ")
        name = titles["score-pad.pdf"].split(sep)[0]
        assert name and name != titles["score-pad.pdf"], f"{game}/{lang}: score pad title {titles['score-pad.pdf']!r}"
        for file, title in titles.items():
            assert title.startswith(name + sep), f"{game}/{lang}/{file}: {title!r}"
            if lang != "en":
                assert not re.search(r"\bcards\b", title), f"{game}/{lang}/{file}: {title!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_instructions_name_each_file_before_its_file_name(built, lang):
    """Issue 51: « imprimez calibration-page.pdf », "cards-ink-saver.pdf holds …" led with a file name
    where German and Japanese said what the file is first: every language says the file's name for a
    player, then the file name in brackets."""
    for game in GAMES:
        text = _first_page(built(game) / game / lang / "cards.pdf")
        for name in ("calibration-page.pdf", "cards-fold-over.pdf", "cards-ink-saver.pdf"):
            assert re.search(r"[(（]" + re.escape(name) + r"[)）]", text), f"{game}/{lang}: {name} not in brackets"


@pytest.mark.parametrize("lang", LANGS)
def test_the_fold_over_version_never_asks_for_card_stock(built, lang):
    """Its own step asks for 120–160 g/m² paper (two folded layers of card stock are too thick);
    its first steps said « avant de charger le papier cartonné », „Blätter auf A4-Karton“,
    「厚紙をセットする前に」 (German and Japanese editors, issue 51)."""
    stock = {"fr": "cartonné", "en": "card stock", "de": "Karton", "ja": "厚紙"}[lang]
    for game in GAMES:
        text = _first_page(built(game) / game / lang / "cards-fold-over.pdf")
        for why in ("Gefalteter Karton liegt doppelt", "card stock folded", "papier cartonné plié", "厚紙を半分に折る"):
            text = text.replace(why, "")          # the paper step's reason, which names it to warn
        assert stock not in text, f"{game}/{lang}"


ALONE = "Only one piece on this sheet: print it on an offcut of card, or on plain paper and glue it onto card."


@pytest.mark.parametrize("lang", LANGS)
def test_a_sheet_of_one_piece_says_it_may_go_on_an_offcut(built, lang):
    """Print review (issue 50): San Gimignano's last card sheet holds one card (Mura), Taverna's
    second fold-over sheet one favour tile, and the sheet list said nothing. The sheet list (the
    instructions' back) says it at every sheet holding one piece, counted on the sheets printed,
    and at no other."""
    from generator.reading.i18n import Translator
    from tests.conftest import ROOT
    from tests.print.sheet_geometry import trims
    said = re.sub(r"\s+", "", Translator(ROOT, lang)(ALONE))
    lone = 0
    for game in GAMES:
        for name in ("cards.pdf", "cards-fold-over.pdf"):
            path = built(game) / game / lang / name
            reader = PdfReader(path)
            # pieces per sheet: the fronts on each page after the instructions (a backs page has none;
            # a fold page holds each piece's front and its back)
            fronts = [len([t for t in trims(reader, page) if not t.form.split(".")[-1].startswith("back")])
                      for page in reader.pages[2:]]
            expected = sum(1 for n in fronts if n == 1)
            text = re.sub(r"\s+", "", subprocess.run(["pdftotext", "-enc", "UTF-8", "-f", "2", "-l", "2", str(path),
                                                      "-"], capture_output=True, text=True, check=True).stdout)
            lone += expected
            assert text.count(said) == expected, f"{game}/{lang}/{name}: {text.count(said)} notes, " \
                                                 f"{expected} sheets of one piece ({fronts})"
    assert lone >= 1     # San Gimignano's last card sheet (Mura) at least, on A4 and Letter


FILES = {"calibration-page.pdf", "cards-fold-over.pdf", "cards-ink-saver.pdf"}


@pytest.mark.parametrize("only, named", [("cards", set()), ("cards,calibration-page", {"calibration-page.pdf"}),
                                         (None, FILES)])
def test_the_instructions_name_only_the_files_built_beside_them(tmp_path, only, named):
    """`--only cards` sent the player to a fold-over and a calibration file it did not make: the
    first page names only files of the same build; a build of everything names all three. About
    1.5 s each."""
    from tests.authoring.helpers import new_game
    from tests.conftest import pnp
    new_game(tmp_path, "alone")
    chosen = ("--only", only) if only else ()
    result = pnp("build", "alone", "--lang", "en", *chosen, "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", "", _first_page(tmp_path / "out" / "alone" / "en" / "cards.pdf"))
    assert {name for name in FILES if name in text} == named, text


@pytest.mark.parametrize("only, fold", [("calibration-page", False), ("calibration-page,cards-fold-over", True)])
def test_the_calibration_page_names_the_fold_over_file_only_when_built_beside_it(tmp_path, only, fold):
    """calibration-page.pdf built alone still sent the player to cards-fold-over.pdf."""
    from tests.authoring.helpers import new_game
    from tests.conftest import pnp
    new_game(tmp_path, "alone")
    result = pnp("build", "alone", "--lang", "en", "--only", only, "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", "", _first_page(tmp_path / "out" / "alone" / "en" / "calibration-page.pdf"))
    assert ("cards-fold-over.pdf" in text) == fold, text
    assert "shifttheback" in text     # the advice itself stays
