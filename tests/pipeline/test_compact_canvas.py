"""Pages and forms are held deflated as soon as they are closed (memory: a deck's drawing
operators are not kept as text until save), and the file is byte for byte what ReportLab's own
Canvas writes."""
from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

import generator.paper  # noqa: F401  (sets the project's stream filters, as every build does)
from generator.paper.canvas import CompactCanvas


def _draw(kind) -> tuple[bytes, object]:
    out = io.BytesIO()
    canvas = kind(out, invariant=1, pageCompression=1)
    for n in range(3):
        canvas.beginForm(f"face{n}", 0, 0, 100, 100)
        canvas.setFont("Helvetica", 9)
        for line in range(40):
            canvas.drawString(5, 5 + 2 * line, f"card {n}, line {line}: déjà vu")
        canvas.endForm()
    for n in range(3):
        canvas.doForm(f"face{n}")
        canvas.rect(10, 10, 50, 50 + n)
        canvas.showPage()
    doc = canvas._doc
    canvas.save()
    return out.getvalue(), doc


def test_same_bytes_as_reportlab():
    compact, _ = _draw(CompactCanvas)
    plain, _ = _draw(Canvas)
    assert compact == plain
    reader = PdfReader(io.BytesIO(compact))
    assert len(reader.pages) == 3
    assert "déjà vu" in reader.pages[2].extract_text()


def test_closed_pages_and_forms_are_held_deflated():
    out = io.BytesIO()
    canvas = CompactCanvas(out, invariant=1, pageCompression=1)
    canvas.beginForm("face", 0, 0, 100, 100)
    for line in range(200):
        canvas.drawString(5, line, "the same line, again and again")
    canvas.endForm()
    form = canvas._doc.idToObject[pdfdoc.xObjectName("face")]
    assert form.stream is None
    assert isinstance(form.Contents.content, bytes) and len(form.Contents.content) < 2000
    canvas.doForm("face")
    canvas.showPage()
    page = canvas._doc.Pages.pages[-1]
    assert page.stream is None and isinstance(page.Contents.content, bytes)
