"""`--ink-saver` on every product, and the paper each language gets by default."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.conftest import pnp
from tests.print.sheet_geometry import MM, crop_marks, render, trims
from tests.pdfs import open_pdf

PRODUCTS = ["cards", "player-aid-card", "player-aid", "rules", "score-pad"]


def coverage(path) -> float:
    """Mean share of non-white pixels over the pages (at 30 dpi: enough to compare two variants)."""
    shares = []
    for image in render(path, 30):
        histogram = image.convert("L").histogram()
        shares.append(sum(histogram[:250]) / sum(histogram))
    return sum(shares) / len(shares)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_ink_saver_lightens_every_product_and_keeps_every_cut(built, tmp_path):
    out = tmp_path / "ink"
    result = pnp("build", "tournay", "--lang", "de", "--ink-saver", "--out", str(out))
    assert result.exit_code == 0, result.output
    for product in PRODUCTS:
        normal, saver = built("tournay") / "tournay" / "de" / f"{product}.pdf", out / "tournay" / "de" / f"{product}.pdf"
        a, b = PdfReader(normal), PdfReader(saver)
        assert len(a.pages) == len(b.pages), product
        # same layout: every face in the same place, every page box the same
        for pa, pb in zip(a.pages, b.pages):
            assert [(t.form, round(t.x0, 2), round(t.y0, 2)) for t in trims(a, pa)] == \
                   [(t.form, round(t.x0, 2), round(t.y0, 2)) for t in trims(b, pb)]
            assert [round(float(v), 2) for v in pa.trimbox] == [round(float(v), 2) for v in pb.trimbox]
        before, after = coverage(normal), coverage(saver)
        # the rules are text and thin rules: nothing solid to lighten
        assert after < before or (product == "rules" and after <= before), f"{product}: {after:.3f} not below {before:.3f}"
        if product in ("cards", "player-aid-card"):
            assert after < 0.6 * before, f"{product}: the ink saver should save much ink ({before:.2f} -> {after:.2f})"


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_paper_follows_the_language(built):
    """English on Letter (laid out inside A4's width, so it prints on A4 too), the others on A4."""
    for lang, (width, height) in {"en": (215.9, 279.4), "fr": (210, 297), "de": (210, 297), "ja": (210, 297)}.items():
        for product in PRODUCTS:
            page = PdfReader(built("taverna") / "taverna" / lang / f"{product}.pdf").pages[0]
            size = sorted((float(page.mediabox.width) / MM, float(page.mediabox.height) / MM))
            assert size == pytest.approx(sorted((width, height)), abs=0.1), (lang, product)
    reader = PdfReader(built("tournay") / "tournay" / "en" / "cards.pdf")
    side = (215.9 - 210) / 2 + 5 - 0.05     # inside the 210 mm an A4 sheet has, less its margin
    with open_pdf(built("tournay") / "tournay" / "en" / "cards.pdf") as pdf:
        for page, plumbed in zip(reader.pages[2:], pdf.pages[2:]):
            faces = trims(reader, page)
            for t in faces:
                assert t.x0 / MM >= side and t.x1 / MM <= 215.9 - side
            for x0, _y0, x1, _y1 in crop_marks(plumbed, faces):   # the crop marks too
                assert x0 >= side and x1 <= 215.9 - side, (x0, x1)


def test_paper_option_overrides_the_language(tmp_path):
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "cards", "--paper", "a4", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "san-gimignano" / "en" / "cards.pdf").pages[0]
    assert float(page.mediabox.width) / MM == pytest.approx(210, abs=0.01)
