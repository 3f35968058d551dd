"""The in-process memos of the card drawing (paper/canvas.fp_str, card_face/replay.draw_paragraph) write
the same bytes as ReportLab does without them."""
from __future__ import annotations

import random

import pytest
from reportlab.lib import rl_accel
from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen import canvas as rl_canvas

from generator.paper import canvas as compact
from generator.card_face.replay import draw_paragraph
from generator.typeset.paragraph import Paragraph

PY_FP_STR = getattr(rl_accel, "_py_fp_str", None)


@pytest.mark.skipif(PY_FP_STR is None, reason="ReportLab's C accelerator is installed")
def test_remembered_numbers_are_written_as_reportlab_writes_them():
    numbers = [0, 0.0, -0.0, 1, True, 1e-8, -1e-8, 1e-7, 0.5, -0.25, 2.834645669, 1e9, 123456.789]
    chance = random.Random(7)
    numbers += [chance.uniform(-1000, 1000) for _ in range(3000)] + [chance.uniform(-1, 1) for _ in range(3000)]
    for number in numbers + numbers:          # the second time from the memo
        assert compact.fp_str(number) == PY_FP_STR(number)
        assert compact.fp_str(number, 1.5, number) == PY_FP_STR(number, 1.5, number)
    assert compact.fp_str([1, 2.5, -3.25]) == PY_FP_STR([1, 2.5, -3.25])
    assert rl_canvas.fp_str is compact.fp_str     # the drawing modules use it


@pytest.mark.skipif(PY_FP_STR is None, reason="ReportLab's C accelerator is installed")
def test_a_run_of_numbers_written_again_is_made_once():
    """A build writes ~400,000 runs of operands, ~21,000 distinct: a run comes back as the text
    made the first time, given as numbers or as one sequence, and reads as ReportLab writes it."""
    first = compact.fp_str(12.5, -3.0, 0.25, 7)
    assert first == PY_FP_STR(12.5, -3.0, 0.25, 7)
    assert compact.fp_str(12.5, -3.0, 0.25, 7) is first
    assert compact.fp_str([12.5, -3.0, 0.25, 7]) is first
    assert compact.fp_str((12.5, -3.0, 0.25, 7)) is first
    assert compact.fp_str(12.5, -3.0, 0.25) == PY_FP_STR(12.5, -3.0, 0.25)
    assert compact.fp_str() == PY_FP_STR() == ""


def _page(draw) -> bytes:
    c = rl_canvas.Canvas("unused.pdf", invariant=1, pageCompression=0)
    draw(c)
    return "\n".join(c._code).encode()


def test_a_paragraph_drawn_again_replays_the_same_operators():
    style = ParagraphStyle("t", fontName="Helvetica", fontSize=9, leading=11, textColor=HexColor("#223344"))
    markup = "Take <b>two</b> coins,<br/>then <i>pass</i> the turn to the next player"
    places = [(10, 20), (100.5, 200.25), (10, 20)]

    def plain(c):
        for x, y in places:
            para = Paragraph(markup, style)
            para.wrap(80, 500)
            para.drawOn(c, x, y)

    def remembered(c):
        para = Paragraph(markup, style)
        para.wrap(80, 500)
        for x, y in places:
            draw_paragraph(c, para, x, y, ("key",))

    assert _page(remembered) == _page(plain)
    assert b"Tf" in _page(plain)


def test_a_copied_canvas_shares_the_replayed_operators_and_keeps_its_own_memo(tmp_path):
    """copy_canvas (the fold-over file) takes the operators drawn so far without deep-copying the
    memo's keys, whose font faces hold every character of their font; each canvas then goes on
    with a memo of its own."""
    style = ParagraphStyle("t", fontName="Helvetica", fontSize=9, leading=11)
    para = Paragraph("Take <b>two</b> coins", style)
    para.wrap(80, 500)
    c = compact.CompactCanvas(str(tmp_path / "a.pdf"), invariant=1)
    key = ("key", frozenset(range(5000)))
    draw_paragraph(c, para, 10, 20, key)
    copied = compact.copy_canvas(c, str(tmp_path / "b.pdf"))
    mine, theirs = c._pnp_drawn_paragraphs, copied._pnp_drawn_paragraphs
    assert list(theirs) == [key] and next(iter(theirs)) is key and theirs[key] is mine[key]
    draw_paragraph(copied, para, 10, 20, ("other",))
    assert list(mine) == [key] and list(theirs) == [key, ("other",)]


def test_remembered_font_extents_follow_the_font_registered_under_a_name():
    """paragraph's getAscentDescent (typeset/paragraph.py) answers as ReportLab's own, and a font
    registered again under the same name (--watch after a font file changed) is measured anew."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import paragraph as rl_paragraph

    from generator.reading.locate import bundled_root
    from generator.typeset import paragraph
    fonts = bundled_root() / "layouts" / "fonts"
    assert rl_paragraph.getAscentDescent is paragraph._ascent_descent
    name = "pnp-extents-test"
    for file in ("Cardo-Regular.ttf", "BIZUDPGothic-Regular.ttf", "Cardo-Regular.ttf"):
        pdfmetrics._fonts.pop(name, None)                 # as pdfmetrics._reset() does for --watch
        pdfmetrics.registerFont(TTFont(name, str(fonts / file)))
        for size in (None, 7.5, 9, 9):
            assert paragraph._ascent_descent(name, size) == pdfmetrics.getAscentDescent(name, size), (file, size)
    assert paragraph._ascent_descent("Helvetica", 9) == pdfmetrics.getAscentDescent("Helvetica", 9)


def test_a_string_measured_again_is_kept_and_measures_as_reportlab_measures_it():
    """typeset/metrics.py keeps each (string, size) width of a face: asked again, it answers without
    summing the glyph widths, with ReportLab's own number, an int size as its float."""
    from reportlab.pdfbase.ttfonts import TTFont

    from generator.reading.locate import bundled_root
    from generator.typeset.metrics import MeasuredTTFont
    fonts = bundled_root() / "layouts" / "fonts"
    for file in ("Cardo-Regular.ttf", "BIZUDPGothic-Regular.ttf"):
        ours, theirs = MeasuredTTFont("pnp-measure-test", str(fonts / file)), TTFont("x", str(fonts / file))
        cases = [(text, size) for text in ("reprenez-en", "Zauberspruch", "王の恩寵", "", "1\u00a0habitant")
                 for size in (9, 9.0, 7.25, 12)]
        first = [ours.stringWidth(text, size) for text, size in cases]
        ours._widths = {}                          # a width summed again would fail here
        assert [ours.stringWidth(text, size) for text, size in cases] == first
        assert first == [theirs.stringWidth(text, size) for text, size in cases]


def test_the_cards_files_share_their_faces_and_write_what_each_writes_alone(tmp_path, monkeypatch):
    """cards-fold-over.pdf finishes the canvas cards.pdf left with its faces drawn, and
    cards-ink-saver.pdf paints the steps cards.pdf's faces decided (products/cards.py): after
    cards.pdf neither decides a region again, and each writes the bytes it writes alone."""
    from generator.loading.catalog import load_project
    from generator.card_face.face import FaceRenderer
    from generator.paper.sheet_options import SheetOptions
    from generator.planning.product_list import PRODUCTS
    from generator.products import cards
    from tests.conftest import ROOT

    project = load_project(ROOT, ["san-gimignano"])
    game, by_name = project.games["san-gimignano"], {p.name: p for p in PRODUCTS}
    variants = ("cards-fold-over", "cards-ink-saver")
    for name in variants:
        by_name[name].write(project, game, "en", tmp_path / f"alone-{name}.pdf", SheetOptions(),
                            shared=cards.SharedFaces())
    shared = cards.SharedFaces()         # what a planning unit holds for the three files
    by_name["cards"].write(project, game, "en", tmp_path / "cards.pdf", SheetOptions(), shared=shared)
    decided = []
    step = FaceRenderer._step
    monkeypatch.setattr(FaceRenderer, "_step", lambda self, *args: decided.append(args) or step(self, *args))
    for name in variants:
        by_name[name].write(project, game, "en", tmp_path / f"after-{name}.pdf", SheetOptions(), shared=shared)
        assert (tmp_path / f"after-{name}.pdf").read_bytes() == (tmp_path / f"alone-{name}.pdf").read_bytes(), name
    assert decided == []


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_build_leaves_no_drawn_faces_held_after_it(tmp_path):
    """The cards' files share their faces through an object the planning unit owns and drops:
    once a build is over no canvas is left in memory (module-level state kept the last game's
    faces, a copy of cards.pdf's canvas among them, for the life of a `serve`, `studio` or `--watch`)."""
    import gc

    from reportlab.pdfgen.canvas import Canvas

    from generator.loading.catalog import load_project
    from generator.paper.sheet_options import SheetOptions
    from generator.planning import plan
    from tests.conftest import ROOT

    project = load_project(ROOT, ["san-gimignano"])
    plan.run(project, plan.plan(project, ["en"], tmp_path / "out", ["cards"]), SheetOptions(), use_cache=False)
    assert (tmp_path / "out" / "san-gimignano" / "en" / "cards.pdf").is_file()
    gc.collect()
    assert not [o for o in gc.get_objects() if isinstance(o, Canvas)]
