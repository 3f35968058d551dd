"""The canvas every sheet product draws on: ReportLab's, deflating each page and form as it is
closed rather than at save().

ReportLab keeps every page and form XObject as an uncompressed string until the document is
saved, so a deck of 11 000 distinct cards held ~30 MB of drawing operators. Deflated on close
it holds their compressed size (~1/6). The bytes written are the same: the same zlib call on the
same content, under the same /Filter name.
"""
from __future__ import annotations

import copy
import importlib
import zlib
from collections import OrderedDict

from reportlab import rl_config
from reportlab.lib import rl_accel
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics, ttfonts
from reportlab.pdfgen.canvas import Canvas


class _Numbers(dict):
    """Each number as ReportLab writes it in a PDF, made once: its pure-Python fp_str (used when
    its C accelerator is absent, as here) took a tenth of a card build for ~100,000 numbers, most
    of them the same few coordinates. Keyed on the value; the text is fp_str's own, so the bytes
    are the same. Bounded: cleared when it grows past MAX_NUMBERS."""

    def __missing__(self, value):
        if len(self) > MAX_NUMBERS:
            self.clear()
        text = self[value] = _PY_FP_STR(value)
        return text


MAX_NUMBERS = 100_000
_PY_FP_STR = rl_accel.fp_str
_NUMBERS = _Numbers()


class _Runs(dict):
    """Each run of numbers (an operator's operands) as written, made once: a build writes
    ~400,000 runs, ~21,000 distinct. Keyed on the values, as _Numbers."""

    def __missing__(self, numbers: tuple):
        if len(self) > MAX_NUMBERS:
            self.clear()
        text = self[numbers] = " ".join(map(_NUMBERS.__getitem__, numbers))
        return text


_RUNS = _Runs()


def fp_str(*numbers) -> str:
    """rl_accel.fp_str (numbers, or one sequence of them, space separated), remembered per run."""
    if len(numbers) == 1 and isinstance(numbers[0], (tuple, list)):   # rl_accel.isSeq
        numbers = tuple(numbers[0])
    return _RUNS[numbers]


def _remember_numbers() -> None:
    """Give ReportLab's drawing modules the remembering fp_str (they import it by name)."""
    if getattr(_PY_FP_STR, "__name__", "") != "_py_fp_str":   # the C accelerator is fast already
        return
    for name in ("reportlab.pdfgen.canvas", "reportlab.pdfgen.pathobject", "reportlab.pdfgen.textobject",
                 "reportlab.pdfbase.pdfdoc", "reportlab.lib.colors", "reportlab.platypus.flowables",
                 "reportlab.platypus.tables"):
        module = importlib.import_module(name)
        if getattr(module, "fp_str", None) is _PY_FP_STR:
            module.fp_str = fp_str


_remember_numbers()


class _Recent:
    """The last results of a pure function, by key, up to `limit` bytes of results in all."""

    def __init__(self, limit: int):
        self.limit, self.size, self.kept = limit, 0, OrderedDict()

    def get(self, key, make):
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        value = self.kept[key] = make()
        self.size += len(value)
        while self.size > self.limit and len(self.kept) > 1:
            self.size -= len(self.kept.popitem(last=False)[1])
        return value


# The three cards files of a game and language embed the same font subsets (same characters, in
# the same order): each subset is cut from its font, and deflated, once. Keyed by content (the
# font file's object and the characters; the bytes), so the bytes are those of ReportLab's calls.
_SUBSETS = _Recent(32 << 20)
_DEFLATED = _Recent(32 << 20)
_SMALL = 4096      # below this, deflating is cheaper than remembering
_PY_MAKE_SUBSET = ttfonts.TTFontFile.makeSubset


def _make_subset(font_file, subset) -> bytes:
    return _SUBSETS.get((font_file, tuple(subset)), lambda: _PY_MAKE_SUBSET(font_file, subset))


def deflate(data: bytes) -> bytes:
    """zlib.compress(data), remembered for large contents."""
    return zlib.compress(data) if len(data) < _SMALL else _DEFLATED.get(data, lambda: zlib.compress(data))


def _deflate_text(text: str | bytes) -> bytes:
    return deflate(text.encode("utf8") if isinstance(text, str) else text)   # as PDFZCompress.encode


ttfonts.TTFontFile.makeSubset = _make_subset
pdfdoc.PDFZCompress.encode = _deflate_text     # the filter's one instance: font files, images


class _Deflated:
    """The Flate filter, for content deflated already: named in the PDF, not applied again."""

    pdfname = "FlateDecode"

    @staticmethod
    def encode(content: bytes) -> bytes:
        return content


def _deflated_stream(content: str | bytes) -> pdfdoc.PDFStream:
    return pdfdoc.PDFStream(content=_deflate_text(content), filters=[_Deflated])


class CompactCanvas(Canvas):
    """A Canvas whose closed pages and forms are held deflated."""

    def endForm(self, **extra_attributes):
        name, shadings = self._formData[0], dict(self._shadingUsed)
        super().endForm(**extra_attributes)
        form = self._doc.idToObject[pdfdoc.xObjectName(name)]
        if shadings:   # ReportLab 5.1 leaves a form's shadings (gradient fills) out of its resources
            form.Resources = resources = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            resources.allProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.setShading(shadings)
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


def copy_canvas(canvas: Canvas, path: str) -> Canvas:
    """An independent copy of a canvas in progress, to be finished and saved to `path`: what is
    drawn already is not drawn again. The registered fonts are ReportLab's, shared by every
    document: they are not copied, but what each keeps per document (the subset codes given out
    so far) is, so the copy goes on giving out the same codes as the original would."""
    fonts = {id(font): font for font in pdfmetrics._fonts.values()}
    signature = canvas._doc.signature     # the running digest of the document's ID
    copied = copy.deepcopy(canvas, {**fonts, id(signature): signature.copy()})
    for font in fonts.values():
        state = getattr(font, "state", None)
        if state is not None and canvas._doc in state:
            state[copied._doc] = copy.deepcopy(state[canvas._doc], dict(fonts))
    copied._filename = path
    return copied


def draw_form(canvas: Canvas, name: str, size, bleed: float, draw) -> None:
    """Draw one face once, as a form XObject covering the card and its bleed."""
    b = bleed * mm
    canvas.beginForm(name, -b, -b, size.width * mm + b, size.height * mm + b)
    draw(canvas)
    canvas.endForm()
