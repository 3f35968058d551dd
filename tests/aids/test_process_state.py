"""A product's lines do not depend on what ran before it in the process: a paragraph's bold does
not depend on which font face was registered last (ReportLab's registerFont maps a TrueType
face to a family of its own), a paragraph wrapped again breaks as if wrapped once (ReportLab
breaks its own broken words again and joins a split "reprenez-en" as "reprenezen"), and an aid
card built alone in a fresh process is the same bytes as in a whole --jobs 1 build."""
from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap

import pytest
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph as ReportLabParagraph

from tests.conftest import ROOT, pnp_process, shared_build

GAMES = ["san-gimignano", "taverna", "tournay"]
LANGS = ["fr", "en", "de", "ja"]
SENTENCE = "**Échanger des pierres** : posez-en 2 ou plus au marché, reprenez-en autant d'une autre couleur"


def fresh_process(code: str) -> str:
    """Run `code` in a new Python process (no font registered, no hyphenator loaded); its stdout."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bold_does_not_depend_on_the_face_registered_last():
    # the order the aid card asks in: a bold heading first, then the regular body text
    out = fresh_process("""
        from pathlib import Path
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.platypus import Paragraph
        from generator.loading.catalog import load_project
        from generator.typeset.fonts import FontBook
        project = load_project(Path('.'))
        fonts = FontBook(project.root, project.fonts)
        bold, regular = fonts.face('cardo', True), fonts.face('cardo')
        for face in (regular, bold):
            p = Paragraph('<b>Acheter</b> des pierres <i>ici</i>', ParagraphStyle('t', fontName=face.name))
            print(' '.join(f.fontName for f in p.frags))
        """)
    assert out.split("\n")[:2] == ["pnp-cardo-bold pnp-cardo-regular pnp-cardo-italic",
                                   "pnp-cardo-bold pnp-cardo-bold pnp-cardo-bold_italic"]


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_book_asked_again_after_the_fonts_were_forgotten_names_faces_reportlab_knows(tmp_path):
    """A build whose inputs changed makes ReportLab forget every font; a book made before it, or
    after it, must register again what it hands out (a game folder's file failed one run in a few
    with "no afm found for faceName='pnp-file-…'")."""
    shutil.copy(ROOT / "layouts" / "fonts" / "Cardo-Bold.ttf", tmp_path / "mine.ttf")
    out = fresh_process(f"""
        from pathlib import Path
        from reportlab.pdfbase import pdfmetrics
        from generator.loading.catalog import load_project
        from generator.planning.plan import _forget_if_inputs_changed
        from generator.typeset.fonts import FontBook
        project, folder = load_project(Path('.')), Path({str(tmp_path)!r})
        before = FontBook(project.root, project.fonts)
        before.face('cardo'), before.file_family(folder, 'mine.ttf')
        _forget_if_inputs_changed('one'), _forget_if_inputs_changed('two')   # a build after a font changed
        for book in (before, FontBook(project.root, project.fonts)):
            names = [book.face('cardo').name, 'pnp-' + book.file_family(folder, 'mine.ttf')]
            print(*(pdfmetrics.getFont(name).face.name.decode() for name in names))
        """)
    assert out.split("\n")[:2] == ["Cardo Cardo-Bold"] * 2


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_an_aid_card_side_breaks_alike_first_and_after_the_larger_sizes():
    """The paragraphs of the San Gimignano French aid card's front at 8.75 pt, made first in a
    process and again after 9.5, 9.25 and 9 pt were tried: the same lines and fonts."""
    out = fresh_process("""
        from pathlib import Path
        from reportlab.lib.units import mm
        from reportlab.platypus import Paragraph
        from generator.loading.catalog import load_project
        from generator.reading.i18n import Translator
        from generator.player_aids import card
        from generator.player_aids.shared import Flow, pack
        project = load_project(Path('.'))
        fitted = card.FittedSides(project, project.games['san-gimignano'], 'fr', Translator(project.root, 'fr', True))
        width = fitted.body.width * mm
        seen = []
        wrap = Paragraph.wrap
        def recording(self, *args):
            size = wrap(self, *args)
            for line in getattr(getattr(self, 'blPara', None), 'lines', []):
                seen.append('|'.join(f'{w.fontName}:{w.text}' for w in line.words) if hasattr(line, 'words')
                            else ' '.join(line[1]))
            return size
        Paragraph.wrap = recording          # every paragraph, a table's cells too
        def lines(size):
            del seen[:]
            flow = Flow(fitted.fonts, fitted.typo, fitted.icons, 'fr', '#000000')
            pack(card.side_groups(flow, fitted.sides[0][1], fitted.entries, size, width), width, 10000)
            return list(seen)
        first = lines(8.75)
        for size in (9.5, 9.25, 9.0):
            lines(size)
        print(first == lines(8.75))
        print(any('pnp-cardo-bold:Acheter des pierres' in line for line in first))
        """)
    assert out.split() == ["True", "True"]


def paragraph_lines(p) -> list[str]:
    return ["".join(w.text for w in line.words) if hasattr(line, "words") else " ".join(line[1])
            for line in p.blPara.lines]


@pytest.fixture(scope="module")
def flow():
    from generator.loading.catalog import load_project
    from generator.player_aids.shared import Flow
    from generator.typeset.fonts import FontBook
    from generator.typeset.icons import build_icon_font
    project = load_project(ROOT, ["san-gimignano"])
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font("pnp-icons-san-gimignano", project.icons_for("san-gimignano"))
    return Flow(fonts, fonts.typography("fr"), icons, "fr", "#000000")


def test_a_paragraph_wrapped_again_breaks_as_if_wrapped_once(flow):
    """ReportLab's own wrap (not the aid's same-width shortcut), at another width then at 25 mm
    and again at 25 mm: the lines of a paragraph wrapped once at 25 mm, embedded hyphens kept."""
    once = flow._para(SENTENCE, 8.75, 25 * mm)
    ReportLabParagraph.wrap(once, 25 * mm, 10000)
    assert any(line.endswith("reprenez-") for line in paragraph_lines(once))    # split at its hyphen
    for first in (25.0, 29.0, 40.0, 60.0):
        again = flow._para(SENTENCE, 8.75, 25 * mm)
        for width in (first, 25.0, 25.0):
            ReportLabParagraph.wrap(again, width * mm, 10000)
        assert paragraph_lines(again) == paragraph_lines(once), first


def paragraph_fragments(p) -> list[tuple]:
    return [(f.fontName, f.fontSize, f.text) for f in p._parsed]    # the parse, before any wrap


@pytest.mark.parametrize("source", [SENTENCE, "Gagnez :card: et **2** points *ici*"])
def test_a_paragraph_after_larger_sizes_is_the_one_made_first(flow, source):
    """The aid's flow parses a markup once and gives later sizes copies of its fragments: at
    8.75 pt after 10, 9.5 and 9 pt, the fragments (each at 8.75 pt), lines and height of a
    paragraph made first by a new flow."""
    from generator.player_aids.shared import Flow
    first = Flow(flow.fonts, flow.typo, flow.icons, flow.lang, flow.accent)._para(source, 8.75, 25 * mm)
    tried = Flow(flow.fonts, flow.typo, flow.icons, flow.lang, flow.accent)
    for size in (10.0, 9.5, 9.0):
        tried._para(source, size, 25 * mm)
    again = tried._para(source, 8.75, 25 * mm)
    assert len(tried._parses) >= 1
    assert all(f.fontSize == 8.75 for f in again._parsed)
    assert paragraph_fragments(again) == paragraph_fragments(first)
    assert paragraph_lines(again) == paragraph_lines(first)
    assert again.wrap(25 * mm, 10000) == first.wrap(25 * mm, 10000)
    assert again.style.hyphenationLang is first.style.hyphenationLang


@pytest.fixture(scope="module")
def after_the_others(tmp_path_factory):
    """Every game's aid cards and reference pages in one process (--jobs 1): each aid card is
    rendered after the products before it."""
    def make(out):
        done = pnp_process("--root", str(ROOT), "build", "--jobs", "1", "--no-cache",
                           "--only", "player-aid,player-aid-card", "--out", str(out))
        assert done.returncode == 0, done.stderr
    return shared_build(tmp_path_factory, "aids-jobs-1", make)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_an_aid_card_built_alone_is_the_same_bytes_as_after_the_others(after_the_others, tmp_path, game, lang):
    done = pnp_process("--root", str(ROOT), "build", game, "--lang", lang, "--jobs", "1", "--no-cache",
                       "--only", "player-aid-card", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    alone = (tmp_path / game / lang / "player-aid-card.pdf").read_bytes()
    assert alone == (after_the_others / game / lang / "player-aid-card.pdf").read_bytes(), (game, lang)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_japanese_aid_with_emphasis_sets_its_own_faces(tmp_path):
    """*Emphasis* is <i> in every language's markup; the Japanese aid page must register the face
    that <i> names itself. It relied on an italic region of its header, drawn first, having
    registered it; set before its header (as validate sets it) in a process where nothing else
    had (a fresh one, or a second build's after its reset), it stopped with "no afm found for
    'pnp-gothic-italic'"."""
    from tests.authoring.helpers import new_game
    new_game(tmp_path, "spice-road", "--lang", "fr,en,de,ja")
    cards = (tmp_path / "cards" / "spice-road" / "cards.yaml").read_text(encoding="utf-8")
    assert "*斜体*" in cards                               # a card text the Japanese aid quotes
    out = fresh_process(f"""
        from pathlib import Path
        from generator.loading.catalog import load_project
        from generator.paper.sheet_options import SheetOptions
        from generator.player_aids.page import reference_fits, write_aid_reference
        project = load_project(Path({str(tmp_path)!r}))
        game = project.games["spice-road"]
        print(reference_fits(project, game, "ja"))          # validate's way: the page before its header
        options = SheetOptions().for_language(project.sheets, "ja")
        print(write_aid_reference(project, game, "ja", Path({str(tmp_path / "aid.pdf")!r}), options))
    """)
    assert out.split() == ["True", "1"]
