"""`pnp calibrate`: a two-page duplex test a new user can follow alone, in the build language.

The front carries numbered instructions and three targets (centre and two lower corners, so
a shift is told apart from a shrink or a rotation); each target has a horizontal ruler below
it (X) and a vertical ruler left of it (Y), in mm with a bold 0. The back carries a long red
cross at each target's mirrored place. Printed duplex and held to the light, the cross's
vertical arm crosses the X ruler and its horizontal arm the Y ruler at the values to pass as
--back-offset X,Y (the labels already include the mirroring of the chosen flip edge). The
rulers sit away from the target centre, so the two scales' labels never meet.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError

from ..model.sheets_file import Paper
from ..typeset.fonts import FontBook
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.paragraph import Paragraph   # breaks afresh at every wrap
from ..typeset.text import typeset
from .instructions import paper_name as written_paper

SPAN = 10         # mm either side of 0 on each ruler
RULER_GAP = 14    # mm from the target centre to its rulers
ARM = 30          # mm: the back cross's half-arm, long enough to reach the rulers when offset
LABEL_SIZE = 7.5  # pt: ruler labels, every 5 mm
RED = (0.8, 0, 0)


def targets(width: float, height: float) -> list[tuple[float, float]]:
    """Target centres on the front (points): centre, lower left, lower right."""
    return [(width / 2, height * 0.45), (width * 0.25, height * 0.16), (width * 0.75, height * 0.16)]


def write_calibration(path: Path, paper: Paper, paper_name: str, duplex: str,
                      offset: tuple[float, float], fonts: FontBook, lang: str,
                      _: Callable[[str], str], player: bool = False, colophon: str = "",
                      meta: Callable | None = None, game_name: str = "", fold_over: bool = True) -> None:
    """`player`: the page shipped next to the cards (calibration-page.pdf), for someone without
    pnp: what the values mean for framed cards and what to do, no command; with its `colophon`
    line at the foot of the front, and `meta(canvas)` setting its author and dates. `fold_over`:
    the cards' fold-over file is built beside it, for the printer that cannot shift its backs."""
    """Fonts come from the language's 'ui' role and are embedded; the reader's are never used."""
    typo = fonts.typography(lang)
    family = typo.roles["ui"]
    font, bold = fonts.face(family).name, fonts.face(family, bold=True).name
    W, H = paper.width * mm, paper.height * mm
    canvas = Canvas(str(path), pagesize=(W, H), invariant=1, pageCompression=1, initialFontName=font,
                    lang=lang)

    def plain(msgid: str, **values) -> str:
        text = _(msgid)
        try:
            text = text.format(**values)
        except (KeyError, IndexError, ValueError):   # a translation with a broken placeholder
            raise BuildError(f"locales/{lang}/LC_MESSAGES/print.po: the translation of '{msgid[:40]}…' "
                             f"must keep the placeholders {', '.join('{' + k + '}' for k in values) or 'as none'}"
                             f" and no other braces") from None
        return typeset(text, lang)

    def t(msgid: str, **values) -> str:
        return escape(plain(msgid, **values))

    # the heading of both sides: the paper as a player writes it (A4, Letter), the flip in words
    flip = _("flipped on the long edge") if duplex == "long" else _("flipped on the short edge")
    heading = plain("Duplex calibration ({paper}, {flip})", paper=written_paper(paper_name), flip=flip)
    # the game's own page (calibration-page.pdf) says whose it is, as its other files do
    from ..paper.colophon import set_title
    set_title(canvas, plain("{game} — {title}", game=game_name, title=heading) if game_name else heading)
    canvas.setCreator("pnp-studio")
    canvas.setAuthor("pnp-studio")
    canvas.setSubject(f"language: {lang}")      # as every other file's (it read "unspecified")
    if meta is not None:
        meta(canvas)
    para = KinsokuParagraph if typo.cjk else Paragraph
    wrap = "CJK" if typo.cjk else None
    title = ParagraphStyle("cal-title", fontName=bold, fontSize=15, leading=19, wordWrap=wrap)
    body = ParagraphStyle("cal-body", fontName=font, fontSize=10, leading=13, wordWrap=wrap,
                          leftIndent=14, bulletIndent=0, bulletFontName=bold, spaceAfter=3)
    code = ParagraphStyle("cal-code", parent=body, fontName=bold, fontSize=10.5)
    edge = _("long edge") if duplex == "long" else _("short edge")
    command = f"pnp build --paper {paper_name} --duplex {duplex} --back-offset X,Y"

    def side_title(side: str) -> str:        # the separator is the language's (German: a spaced en dash)
        return plain("{side} — {heading}", side=side, heading=heading)

    flow = [(para(escape(side_title(_("FRONT"))), title), None),
            (para(t("Print this file on both sides of one sheet, flipping on the {edge}, at 100 % "
                    "(“actual size”, not “fit to page”): the same settings as for your cards.", edge=edge),
                  body), "1"),
            (para(t("Hold the sheet against a window or a lamp, this side towards you. The red crosses "
                    "of the back show through."), body), "2"),
            (para(t("At each target, read where the cross’s vertical line meets the ruler below "
                    "the target: that is X (in mm). Read where its horizontal line meets the ruler "
                    "on the left: that is Y. The shortest ticks are half millimetres."), body), "3")]
    if player:     # no pnp at hand: what the values mean for framed cards, and what to do
        flow += [(para(t("Within 2.5 mm of 0 in both directions, your cards will look right: the white frame "
                         "around every card hides the shift."), body), "4"),
                 (para(t("Further off: if your printer offers it, shift the back side in its settings by the "
                         "values you read, keeping their signs (back side towards you: +X to the right, "
                         "+Y upwards); if not, print the fold-over version of the cards "
                         "(cards-fold-over.pdf) on one side and fold each sheet.") if fold_over else
                       t("Further off: if your printer offers it, shift the back side in its settings by the "
                         "values you read, keeping their signs (back side towards you: +X to the right, "
                         "+Y upwards)."), body), "5")]
    else:
        flow += [(para(t("If the crosses fall on 0 and 0, your printer is aligned: nothing to do. If the "
                         "three targets give different values, use the centre one."), body), "4"),
                 (para(t("Build your cards with the values you read in place of X and Y "
                         "(for example 0.5 and −1):"), body), "5"),
                 (para(escape(command), code), None),
                 (para(t("Print this page again with the same values to check: the crosses "
                         "should now fall on 0."), body), None)]
    y = H - 15 * mm
    for paragraph, bullet in flow:
        if bullet:
            paragraph.bulletText = bullet + "."
        _w, h = paragraph.wrap(W - 36 * mm, H)
        paragraph.drawOn(canvas, 18 * mm, y - h)
        y -= h + paragraph.style.spaceAfter + (4 if paragraph.style is title else 0)
    # value to pass for a cross seen t mm right of / above the target on the front
    sign_x, sign_y = (1, -1) if duplex == "long" else (-1, 1)
    for cx, cy in targets(W, H):
        _target(canvas, cx, cy, sign_x, sign_y, font, bold)
    if colophon:
        from ..paper.colophon import draw
        draw(canvas, typeset(colophon, lang), font, 18 * mm, 7 * mm)
    canvas.showPage()

    dx, dy = offset[0] * mm, offset[1] * mm
    canvas.setFont(bold, 14)
    canvas.drawCentredString(W / 2, H - 20 * mm, side_title(_("BACK")))
    canvas.setFont(font, 10)
    canvas.drawCentredString(W / 2, H - 27 * mm, typeset(_("Turn the sheet over: the instructions are on "
                                                           "the other side."), lang))
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorRGB(*RED)
    for cx, cy in targets(W, H):
        bx = W - cx if duplex == "long" else cx
        by = cy if duplex == "long" else H - cy
        canvas.line(bx + dx - ARM * mm, by + dy, bx + dx + ARM * mm, by + dy)
        canvas.line(bx + dx, by + dy - ARM * mm, bx + dx, by + dy + ARM * mm)
    canvas.showPage()
    canvas.save()


def _label(value: float) -> str:
    return "0" if value == 0 else f"{value:+g}".replace("-", "\u2212")


def _target(canvas: Canvas, cx: float, cy: float, sign_x: int, sign_y: int, font: str, bold: str) -> None:
    """A small ring at the target centre, the X ruler below it and the Y ruler to its left."""
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.4)
    canvas.circle(cx, cy, 1.5 * mm)
    canvas.setDash(1, 2)
    canvas.line(cx, cy - RULER_GAP * mm, cx, cy - 2 * mm)   # guides from the ring to each 0
    canvas.line(cx - RULER_GAP * mm, cy, cx - 2 * mm, cy)
    canvas.setDash()
    xr, yr = cy - RULER_GAP * mm, cx - RULER_GAP * mm       # the rulers' lines
    canvas.setLineWidth(0.3)
    canvas.line(cx - SPAN * mm, xr, cx + SPAN * mm, xr)
    canvas.line(yr, cy - SPAN * mm, yr, cy + SPAN * mm)
    for half in range(-SPAN * 2, SPAN * 2 + 1):
        t = half / 2
        length = (4 if t % 5 == 0 else 2.5 if t == int(t) else 1.2) * mm
        canvas.line(cx + t * mm, xr, cx + t * mm, xr - length)       # X ticks hang below
        canvas.line(yr, cy + t * mm, yr - length, cy + t * mm)       # Y ticks point left
        if t % 5 == 0:
            canvas.setFont(bold if t == 0 else font, LABEL_SIZE + (1 if t == 0 else 0))
            drop = LABEL_SIZE * 1.5 if abs(t) == 5 else 0   # ±5 a line lower: wide labels never touch
            canvas.drawCentredString(cx + t * mm, xr - 4 * mm - LABEL_SIZE - drop, _label(sign_x * t))
            canvas.drawRightString(yr - 5 * mm, cy + t * mm - LABEL_SIZE * 0.35, _label(sign_y * t))
    canvas.setFont(bold, LABEL_SIZE + 1)
    canvas.drawString(cx + SPAN * mm + 2 * mm, xr - 1.2 * mm, "X")
    canvas.drawCentredString(yr, cy + SPAN * mm + 2 * mm, "Y")
