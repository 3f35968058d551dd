"""`--ink-saver`: one paint transform for every product, applied where the paint is made (the
canvas), so cards, aids, rules and score pads change alike and no layout changes: every shape
is drawn in the same place, the cut lines stay where they were.

- A filled shape is filled with paper white (it still hides what lies under it) and outlined in
  its colour: backgrounds, bands and badges become line art.
- Text keeps its colour when it is dark; light text (white on a dark band) becomes a dark shade
  of its colour, since the band behind it is light now.
- Large icons (icon-font glyphs above ICON_OUTLINE_PT) are outlined like shapes.
"""
from __future__ import annotations

from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.textobject import PDFTextObject

from .canvas import CompactCanvas

TINT = 0.0                # share of the colour kept in a fill (the rest is white paper)
OUTLINE_PT = 0.45         # outline width of a formerly solid shape
LIGHT = 0.7               # text lighter than this (relative luminance: white, parchment) is darkened
SHADE = 0.3               # share of a light text colour kept when it is darkened
ICON_OUTLINE_PT = 14      # icon glyphs from this size up are outlined, smaller ones stay solid
ICON_FONT_PREFIX = "pnp-icons"


def _rgb(color) -> tuple[float, float, float]:
    if isinstance(color, (tuple, list)) and len(color) == 3:
        return tuple(float(v) for v in color)
    c = toColor(color) if not isinstance(color, Color) else color
    return c.red, c.green, c.blue


def tint(color) -> tuple[float, float, float]:
    return tuple(round(1 - (1 - v) * TINT, 4) for v in _rgb(color))


def luminance(rgb) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_color(color) -> tuple[float, float, float]:
    rgb = _rgb(color)
    return tuple(round(v * SHADE, 4) for v in rgb) if luminance(rgb) > LIGHT else rgb


class _InkText(PDFTextObject):
    def setFillColor(self, aColor, alpha=None):
        super().setFillColor(text_color(aColor))


class InkSaverCanvas(CompactCanvas):
    """A canvas that paints with the ink saver's palette (see the module's docstring)."""

    def __init__(self, *args, **kwargs):
        self._paint = (0.0, 0.0, 0.0)      # the fill colour asked for; the canvas holds its tint
        self._paints: list[tuple] = []
        super().__init__(*args, **kwargs)

    def saveState(self):
        self._paints.append(self._paint)
        super().saveState()

    def restoreState(self):
        super().restoreState()
        self._paint = self._paints.pop()

    def showPage(self):
        super().showPage()
        self._paint, self._paints = (0.0, 0.0, 0.0), []

    # colours: fills are tinted as they are set; text and outlines use the colour asked for
    def setFillColor(self, aColor, alpha=None):
        self._paint = _rgb(aColor)
        super().setFillColor(tint(aColor), alpha)

    def setFillColorRGB(self, r, g, b, alpha=None):
        self._paint = (r, g, b)
        super().setFillColorRGB(*tint((r, g, b)), alpha)

    def setFillGray(self, gray, alpha=None):
        self.setFillColorRGB(gray, gray, gray, alpha)

    def linearGradient(self, x0, y0, x1, y1, colors, positions=None, extend=True):   # a gradient fill, tinted
        super().linearGradient(x0, y0, x1, y1, [Color(*tint(c)) for c in colors], positions, extend)

    def beginText(self, x=0, y=0, direction=None):
        return _InkText(self, x, y, direction)

    def drawText(self, aTextObject):
        large_icon = str(getattr(aTextObject, "_fontname", "")).startswith(ICON_FONT_PREFIX) \
            and getattr(aTextObject, "_fontsize", 0) >= ICON_OUTLINE_PT
        self.saveState()
        if large_icon:
            self.setStrokeColorRGB(*self._paint)
            self.setLineWidth(OUTLINE_PT)
            self._code.append("2 Tr")
        else:
            self._code.append("%s %s %s rg" % text_color(self._paint))
        super().drawText(aTextObject)
        self.restoreState()

    # shapes: a fill without a stroke gets an outline in its own colour
    def _outlined(self, draw, stroke, fill):
        if not fill or stroke:
            return draw(stroke, fill)
        self.saveState()
        self.setStrokeColorRGB(*self._paint)
        self.setLineWidth(OUTLINE_PT)
        self.setDash()
        draw(1, 1)
        self.restoreState()

    def rect(self, x, y, width, height, stroke=1, fill=0):
        self._outlined(lambda s, f: super(InkSaverCanvas, self).rect(x, y, width, height, s, f), stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0):
        self._outlined(lambda s, f: super(InkSaverCanvas, self).roundRect(x, y, width, height, radius, s, f),
                       stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0):
        self._outlined(lambda s, f: super(InkSaverCanvas, self).ellipse(x1, y1, x2, y2, s, f), stroke, fill)

    def wedge(self, x1, y1, x2, y2, startAng, extent, stroke=1, fill=0):
        self._outlined(lambda s, f: super(InkSaverCanvas, self).wedge(x1, y1, x2, y2, startAng, extent, s, f),
                       stroke, fill)

    def drawPath(self, aPath, stroke=1, fill=0, fillMode=None):
        self._outlined(lambda s, f: super(InkSaverCanvas, self).drawPath(aPath, s, f, fillMode), stroke, fill)


def canvas_class(ink_saver: bool) -> type:
    return InkSaverCanvas if ink_saver else CompactCanvas
