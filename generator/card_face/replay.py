"""A paragraph's drawing operators made once per document and replayed (card_face/face.py draws
every text region through draw_paragraph)."""
from __future__ import annotations

from collections import OrderedDict

from reportlab.pdfgen.canvas import Canvas

DRAWN_PER_DOCUMENT = 512


class _Drawn(OrderedDict):
    """draw_paragraph's memo of a document. A canvas copied for another file (paper/canvas.py
    copy_canvas) shares its keys and operator lists, never changed in place: deep-copying them
    copied each key's font faces with every character they hold, most of copy_canvas's time."""

    def __deepcopy__(self, memo):
        return _Drawn(self)


def draw_paragraph(canvas: Canvas, para, x: float, y: float, key: tuple) -> None:
    """`para.drawOn(canvas, x, y)`, its drawing operators made once per document and content:
    a text drawn again (every copy of a layout's labels, the same rule on many cards) sits
    inside the same translation, so its operators are the same; they are replayed. Only within
    one document, whose fonts have their subset codes already. Our markup has fonts, bold,
    italic and breaks only (no links, underlines or backgrounds, whose drawing reads the
    canvas's state or adds annotations)."""
    drawn = canvas.__dict__.setdefault("_pnp_drawn_paragraphs", _Drawn())
    canvas.saveState()
    canvas.translate(x, y)
    code = drawn.get(key)
    if code is None:
        start = len(canvas._code)
        para.canv = canvas
        para.draw()
        del para.canv
        drawn[key] = canvas._code[start:]
        if len(drawn) > DRAWN_PER_DOCUMENT:
            drawn.popitem(last=False)
    else:
        drawn.move_to_end(key)
        canvas._code.extend(code)
    canvas.restoreState()
