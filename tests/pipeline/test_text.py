"""Typography rules of the text boxes, checked on real ReportLab paragraphs."""
from __future__ import annotations

import pytest

from generator.model.sheets_fonts import load_sheets
from generator.typeset.fonts import FontBook
from generator.model.sheets_file import FontsFile
from datafile.validate import validate
from datafile.source import load_yaml
from generator.typeset.text import NBSP, NNBSP, Overflow, TextBox, fit, french_spacing, style_for, to_markup
from tests.conftest import ROOT

GERMAN = "Baust du einen einheitlichen Turm, ziehe so viele Karten vom Nachziehstapel oder Markt, wie er Stockwerke hat."


@pytest.fixture(scope="module")
def fonts():
    spec = validate(FontsFile, load_yaml(ROOT / "layouts" / "fonts.yaml"), "fonts.yaml")
    return FontBook(ROOT, spec)


def lines(para):
    return [" ".join(words) if isinstance(words, list) else str(words)
            for _extra, words in (line if isinstance(line, tuple) else (0, line.words) for line in para.blPara.lines)]


def wrap(fonts, lang, text, width_pt=120, size=9, min_size=9):
    typo = fonts.typography(lang)
    face = fonts.face(typo.roles["body"])
    box = TextBox(width_pt, 400, size, min_size, 1.2, "left", "#000000")
    para, _ = fit(to_markup(text, lang, None), face, typo, box)
    return para


def test_german_hyphenates_only_when_the_text_needs_it(fonts):
    """Issue 28: a text that fits unbroken is set unbroken; a word too long for the line is broken."""
    assert not any(line.endswith("-") for line in lines(wrap(fonts, "de", GERMAN, width_pt=100)))
    para = wrap(fonts, "de", "Ziehe vom Nachziehstapel oder Markt so viele Nachziehstapelkarten.", width_pt=65)
    assert any(line.endswith("-") and not line.endswith("er-") for line in lines(para)), lines(para)


def test_words_in_parentheses_are_never_hyphenated(fonts):
    text = "Nimm einen Bürger (Geistliche, Bürgerstand, Nachziehstapel) und Nachziehstapelkarten."
    broken = [line for line in lines(wrap(fonts, "de", text, width_pt=60)) if line.endswith("-")]
    assert broken and all(line.split()[-1].strip("(,").rstrip("-").lower() not in
                          {"geistliche", "bürgerstand", "nachziehstapel"} for line in broken), broken
    typo = fonts.typography("de")
    box = TextBox(60, 400, 9, 9, 1.2, "left", "#000000")
    style = style_for(fonts.face(typo.roles["body"]), typo, box, 9, to_markup(text, "de", None))
    assert style.hyphenationLang("Bürgerstand") == [] and style.hyphenationLang("Nachziehstapelkarten")


def test_english_does_not(fonts):
    para = wrap(fonts, "en", "When you build a uniform tower of eight, draw as many cards from the draw pile.")
    assert not any(line.endswith("-") for line in lines(para))


def test_french_spacing():
    assert french_spacing("Attention : piochez ! Vraiment ? « Oui »") == \
        f"Attention{NBSP}: piochez{NNBSP}! Vraiment{NNBSP}? «{NBSP}Oui{NBSP}»"


def test_text_shrinks_before_failing(fonts):
    typo = fonts.typography("en")
    face = fonts.face(typo.roles["body"])
    text = "Draw as many cards as the tower has floors. " * 3
    box = TextBox(100, 40, 12, 6, 1.2, "left", "#000000")
    para, height = fit(to_markup(text, "en", None), face, typo, box)
    assert para.style.fontSize < 12 and height <= 40
    with pytest.raises(Overflow):
        fit(to_markup(text * 5, "en", None), face, typo, box)


def test_sheet_sizes_are_data():
    sheets = load_sheets(ROOT)
    assert sheets.sizes["poker"].width == 63 and sheets.papers["letter"].width == 215.9


def test_bold_may_hold_an_icon():
    from generator.typeset.icons import IconFont
    icons = IconFont("pnp-icons-test", {"denier": 0xE001}, {"denier": None})
    markup = to_markup("start with **9 :denier:** and *one* card", "en", icons)
    assert '<b>9\xa0<font name="pnp-icons-test">&#xE001;</font></b>' in markup
    assert "<i>one</i>" in markup and "**" not in markup


@pytest.mark.parametrize("value", ["#7a2e3b", "#000000", "#FFFFFF", "#0aF09c"])
def test_a_markup_colour_is_the_same_colour_reportlab_reads_faster(value):
    """markup_color writes '#rrggbb' in the form ReportLab's markup parser reads first: the
    PDF must not change by a single byte, so the Color must be the same to the last bit."""
    from reportlab.lib.colors import HexColor, toColor

    from generator.typeset.text import markup_color
    written, expected = toColor(markup_color(value)), HexColor(value)
    assert markup_color(value) != value
    assert (written.red, written.green, written.blue, written.alpha) == \
        (expected.red, expected.green, expected.blue, expected.alpha)
    assert markup_color("red") == "red"      # a name is left as it is


def test_french_ordinals_are_raised():
    """Issue 51: « votre 2ᵉ habitant » with a real superscript (<super> in the PDF, <sup> on the site)."""
    from generator.typeset.text import to_markup
    assert "2<super>e</super> habitant" in to_markup("votre 2e habitant, puis le 4e", "fr", None)
    assert "1<super>er</super>" in to_markup("le 1er tour", "fr", None)
    assert "<super>" not in to_markup("the 2e option", "en", None)


def test_typeset_runs_once_per_text_and_language():
    """A build typesets the same runs again and again (18,500 calls, 5,000 distinct): the second
    call gives the first's result, not a new string, and the other language its own."""
    from generator.typeset.text import typeset
    first = typeset('the "Guard" player\'s card', "en")
    assert typeset('the "Guard" player\'s card', "en") is first
    assert typeset('the "Guard" player\'s card', "de") != first


def test_a_text_is_turned_into_markup_once_per_icon_font_and_palette():
    """The same card text is set by the cards files, the rules' figures and the aids: its markup
    is made once for an icon font, language and palette; another palette or language makes its
    own, and a failure is said again each time (not kept)."""
    from datafile.errors import BuildError
    from generator.typeset.icons import IconFont
    icons = IconFont("pnp-icons-test", {"denier": 0xE001}, {"denier": None})
    first = to_markup("[gold|9 :denier:] a \"card\"", "en", icons, {"gold": "#aa8800"})
    assert to_markup("[gold|9 :denier:] a \"card\"", "en", icons, {"gold": "#aa8800"}) is first
    assert to_markup("[gold|9 :denier:] a \"card\"", "en", icons, {"gold": "#112233"}) != first
    assert to_markup("[gold|9 :denier:] a \"card\"", "fr", icons, {"gold": "#aa8800"}) != first
    for _ in range(2):
        with pytest.raises(BuildError, match="unknown icon ':coin:'"):
            to_markup("9 :coin:", "en", icons)
