"""The rules' figures (generator/texts/figures.py), drawn by the same face renderer as the cards:
real card faces (or backs) placed and scaled, leaders from a box of a card's layout to a callout,
and labels. rules.pdf places them as flowables; the site gets the same drawing as a PNG
(`figure_pngs`, rasterised with pypdfium2 as `pnp export` does)."""
from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..texts.figures import Figure
from ..reading.i18n import Translator
from ..card_layout.project import GameData, Project
from ..card_layout.templates import card_context
from ..card_face.face import FaceRenderer
from ..typeset.fonts import FontBook
from ..typeset.formulas import glue
from ..typeset.icons import build_icon_font
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.paragraph import Paragraph   # breaks afresh at every wrap
from ..typeset.text import TextBox, style_for, to_markup

TEXT_SIZE = 8.0      # pt, callouts and labels at full scale
INK, LEADER = "#2b2118", "#7a2e3b"


def placed_cards(project: Project, game: GameData, figure: Figure) -> list[tuple]:
    """(deck, card, size, layout) of each card the figure places, in its order: its back's layout
    when the figure shows the back."""
    cards = {c.id: (deck, c) for deck in game.decks for c in deck.cards}
    out = []
    for placed in figure.cards:
        deck, card = cards[placed.card]
        layout = project.back_layout(deck) if placed.back else project.layout_for(deck, card)
        out.append((deck, card, project.size_of(deck), layout))
    return out


def pointed_box(layout, size, callout) -> tuple[float, float, float, float]:
    """(x, y, width, height) in the card's mm of what a callout names: its region, else the card."""
    region = next((r for r in layout.regions if r.name == callout.region), None)
    return (region.x, region.y, region.width, region.height) if region else (0, 0, size.width, size.height)


def leader_start(left: float, right: float, text_x: float, gap: float) -> float:
    """Where a leader starts on the box from `left` to `right`: `gap` outside the side facing the
    text (drawn to the box's centre it would strike through what the box holds), the centre when
    the text is above or below it."""
    return right + gap if text_x >= right else left - gap if text_x <= left else (left + right) / 2


class FigureMaker:
    """Draws figures of one game in one language."""

    def __init__(self, project: Project, game: GameData, lang: str, options=None):
        self.project, self.game, self.lang = project, game, lang
        self.fonts = FontBook(project.root, project.fonts)
        self.typo = self.fonts.typography(lang)
        self.icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
        self.renderer = FaceRenderer(self.fonts, lang, self.icons, base=game.directory)
        self.labels = Translator(project.root, lang, getattr(options, "allow_missing", False))

    def draw(self, canvas, figure: Figure, scale: float) -> None:
        """The figure with its top left at the canvas origin's (0, height): y grows down in the
        data, up on the canvas."""
        H = figure.height * mm
        anchors = []
        for placed, card, size, layout, ctx in self._faces(figure):
            x, top, s = placed.x * mm * scale, H * scale - placed.y * mm * scale, placed.scale * scale
            canvas.saveState()
            canvas.translate(x, top - size.height * mm * s)
            canvas.scale(s, s)
            path = canvas.beginPath()
            if size.shape == "round":
                path.circle(size.width * mm / 2, size.height * mm / 2, size.width * mm / 2)
            else:
                path.roundRect(0, 0, size.width * mm, size.height * mm, size.radius * mm)
            canvas.clipPath(path, stroke=0, fill=0)
            self.renderer.draw(canvas, layout, size, ctx, 0, f"figure card '{card.id}'")
            canvas.restoreState()
            canvas.saveState()
            canvas.setStrokeColor(colors.HexColor("#9c8f78"))
            canvas.setLineWidth(0.4)
            if size.shape == "round":
                canvas.circle(x + size.width * mm * s / 2, top - size.height * mm * s / 2, size.width * mm * s / 2)
            else:
                canvas.roundRect(x, top - size.height * mm * s, size.width * mm * s, size.height * mm * s,
                                 size.radius * mm * s)
            canvas.restoreState()
            anchors.append((layout, size, x, top, s))
        for callout in figure.callouts:
            layout, size, x, top, s = anchors[callout.card]
            bx, by, bw, bh = pointed_box(layout, size, callout)
            para = self.paragraph(callout.text.get(self.lang), callout.width * mm * scale, scale)
            tx, ty = callout.x * mm * scale, H * scale - callout.y * mm * scale
            ax = leader_start(x + bx * mm * s, x + (bx + bw) * mm * s, tx, 1.5)   # the dot clear of the text
            ay = top - (by + bh / 2) * mm * s
            _w, h = para.wrap(callout.width * mm * scale, 1000)
            para.drawOn(canvas, tx, ty - h)
            # the leader ends at the side of the text facing the point, level with its first line
            ex = tx - 1.2 if ax < tx else tx + max(para.getActualLineWidths0() or [0]) + 1.2
            ey = ty - TEXT_SIZE * scale * 0.75
            canvas.saveState()
            canvas.setStrokeColor(colors.HexColor(LEADER))
            canvas.setFillColor(colors.HexColor(LEADER))
            canvas.setLineWidth(0.6)
            canvas.line(ax, ay, ex, ey)
            canvas.circle(ax, ay, 1.1, stroke=0, fill=1)
            canvas.restoreState()
        for label in figure.labels:
            para = self.paragraph(label.text.get(self.lang), label.width * mm * scale, scale, label.align)
            _w, h = para.wrap(label.width * mm * scale, 1000)
            para.drawOn(canvas, label.x * mm * scale, H * scale - label.y * mm * scale - h)

    def prepare(self, figure: Figure) -> None:
        """What drawing the figure's card faces decides (their texts fitted, FaceRenderer.prepare),
        nothing drawn: loaded before the build's workers are forked (planning/workers.py, warm),
        so that the process drawing rules.pdf's figures, the site's copy or those cards' own files
        finds their texts fitted."""
        for _placed, card, size, layout, ctx in self._faces(figure):
            self.renderer.prepare(layout, size, ctx, 0, f"figure card '{card.id}'")

    def _faces(self, figure: Figure):
        """(placed, card, size, layout, context) of each card face the figure shows, in its order."""
        for placed, (deck, card, size, layout) in zip(figure.cards, placed_cards(self.project, self.game, figure)):
            if placed.back:
                own = card if self.project.back_per_card(deck) else None     # this card's own back
                ctx = card_context(self.game.game, deck, own, self.lang, layout.colors, self.labels, deck.back.props)
            else:
                ctx = card_context(self.game.game, deck, card, self.lang, layout.colors, self.labels)
            yield placed, card, size, layout, ctx

    def paragraph(self, text: str, width: float, scale: float, align: str = "left") -> Paragraph:
        size = TEXT_SIZE * scale
        face = self.fonts.face(self.typo.roles["ui"])
        self.fonts.face(self.typo.roles["ui"], True)     # **bold** in a callout
        # a callout is a short label at a fixed size: a hyphen there reads as a typo (issue 51)
        style = style_for(face, self.typo, TextBox(width, 1000, size, size, 1.2, align, INK), size, hyphenate=False)
        return (KinsokuParagraph if self.typo.cjk else Paragraph)(to_markup(glue(text), self.lang, self.icons), style)


class FigureFlowable(Flowable):
    """A figure in the rules' flow, scaled to `width` (never above its own size)."""

    def __init__(self, maker: FigureMaker, figure: Figure, width: float):
        super().__init__()
        self.maker, self.figure = maker, figure
        self.scale = min(1.0, width / (figure.width * mm))

    def wrap(self, availWidth, availHeight):
        self.scale = min(self.scale, availWidth / (self.figure.width * mm))
        self.width, self.height = self.figure.width * mm * self.scale, self.figure.height * mm * self.scale
        return self.width, self.height

    def draw(self):
        self.maker.draw(self.canv, self.figure, self.scale)


class CaptionedFigure(Flowable):
    """A figure with its caption below, one block that never splits. `floats`: the rules' layout
    may set it later than where the story names it, at the top of the next column, when it does
    not fit in what is left of the current one (rules_pdf._Doc), as books place their figures."""

    floats = True

    def __init__(self, drawing: FigureFlowable, caption: Flowable):
        super().__init__()
        self.drawing, self.caption = drawing, caption
        self.gap = caption.getSpaceBefore()

    def wrap(self, availWidth, availHeight):
        dw, dh = self.drawing.wrap(availWidth, availHeight)
        _cw, ch = self.caption.wrap(availWidth, availHeight)
        self.width, self.height = max(dw, availWidth), dh + self.gap + ch
        self._caption_height = ch
        return self.width, self.height

    def getSpaceAfter(self):
        return self.caption.getSpaceAfter()

    def shrink_to(self, width: float, room: float, least: float = 0.85) -> bool:
        """Scale the drawing down (to `least` of its scale at most) so the figure fits in `room`:
        a little smaller where it is named beats a column's foot left blank. False: it cannot."""
        self.wrap(width, room)
        if self.height <= room:
            return True
        drawing = self.drawing
        scale = drawing.scale * (room - self.gap - self._caption_height) / drawing.height
        if scale < least * drawing.scale:
            return False
        drawing.scale = scale
        self.wrap(width, room)
        return self.height <= room

    def draw(self):
        self.drawing.drawOn(self.canv, 0, self._caption_height + self.gap)
        self.caption.drawOn(self.canv, 0, 0)


def figure_pngs(maker: FigureMaker, figures: list[Figure], dpi: int = 200) -> list[bytes]:
    """The figures as PNGs (the site's copy of the PDF drawing), in their order.

    All drawn into one throwaway PDF, a page each: its fonts are subset and embedded once rather
    than once a figure, and left uncompressed (pdfium reads it in memory); the pixels are those
    of a PDF per figure, in 256 colours where they fit (few_colours). 200 dpi: a figure is shown
    at most at its size in CSS pixels (96 dpi), so about 2 device pixels per CSS pixel. PNG at
    zlib's default level: `optimize=True` cost 4x the encoding time (1.3 s a build) for 1.7 %
    fewer bytes."""
    import pypdfium2
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=0)
    for figure in figures:
        canvas.setPageSize((figure.width * mm, figure.height * mm))
        maker.draw(canvas, figure, 1.0)
        canvas.showPage()
    canvas.save()
    pdf = pypdfium2.PdfDocument(buffer.getvalue())
    pngs = []
    try:
        for i in range(len(figures)):
            out = io.BytesIO()
            few_colours(pdf[i].render(scale=dpi / 72).to_pil()).save(out, format="PNG", compress_level=6)
            pngs.append(out.getvalue())
    finally:
        pdf.close()
    return pngs


# the largest difference a figure may take from its palette: the project's figures (flat colours,
# anti-aliased edges and text) come out at 1.2-1.6 levels of 255 (RMS); a photograph on a card, 10+
PALETTE_RMS = 3.0


def few_colours(image):
    """`image` in a palette of 256 colours when that shows it as it is (a third of the bytes of
    the site's figures: 2.5 MB became 0.8 MB), else unchanged (card art that needs more colours
    would band)."""
    from PIL import Image, ImageChops, ImageStat
    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE)
    error = ImageStat.Stat(ImageChops.difference(image.convert("RGB"), palette.convert("RGB"))).rms
    return palette if max(error) <= PALETTE_RMS else image
