"""The canvas every sheet product draws on: ReportLab's, deflating each page and form as it is
closed rather than at save().

ReportLab keeps every page and form XObject as an uncompressed string until the document is
saved, so a deck of 11 000 distinct cards held ~30 MB of drawing operators. Deflated on close
it holds their compressed size (~1/6). The bytes written are the same: the same zlib call on the
same content, under the same /Filter name.
"""
from __future__ import annotations

import zlib

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas


class _Deflated:
    """The Flate filter, for content deflated already: named in the PDF, not applied again."""

    pdfname = "FlateDecode"

    @staticmethod
    def encode(content: bytes) -> bytes:
        return content


def _deflated_stream(content: str | bytes) -> pdfdoc.PDFStream:
    data = content.encode("utf8") if isinstance(content, str) else content   # as PDFZCompress.encode
    return pdfdoc.PDFStream(content=zlib.compress(data), filters=[_Deflated])


class CompactCanvas(Canvas):
    """A Canvas whose closed pages and forms are held deflated."""

    def endForm(self, **extra_attributes):
        name = self._formData[0]
        super().endForm(**extra_attributes)
        form = self._doc.idToObject[pdfdoc.xObjectName(name)]
        if form.compression and form.stream and not rl_config.useA85:
            form.Contents = _deflated_stream(form.stream)
            form.compression = 0      # else format() would set the filters again
            form.stream = None

    def showPage(self):
        super().showPage()
        page = self._doc.Pages.pages[-1]
        if page.compression and page.stream and not rl_config.useA85:
            page.Contents = _deflated_stream(page.stream)
            page.stream = None
