"""The first sheet of cards.pdf, in the build language: how to print (actual size, the flip edge
or the fold, the paper), a 50 mm square to check the scale, how to correct the backs and how
to cut; on its back, the list of sheets (decks and counts, which print on one side only) and
what the file holds against what the game needs.

It is a whole sheet (two pages), so a file printed duplex from its first page keeps every
fronts page on the front of a sheet; the back page is never blank.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError

from ..checks.contents import included_lines, join, with_count
from ..card_layout.project import GameData
from ..paper import colophon
from ..paper.imposition import Layout
from ..paper.packing import Sheet
from ..paper.sheets import content
from ..typeset.fonts import FontBook
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.paragraph import Paragraph   # breaks afresh at every wrap
from ..typeset.text import ordinals, typeset

PAGES = 2
SQUARE = 50          # mm: the scale check
ACCENT = HexColor("#7a2e3b")
MUTED_HEX = "#5e5346"
MUTED = HexColor(MUTED_HEX)


class _Page:
    """Paragraphs set one below the other between the page margins."""

    def __init__(self, canvas: Canvas, layout: Layout, fonts: FontBook, lang: str, scale: float = 1.0,
                 measure_only: bool = False):
        self.canvas, self.lang, self.measure_only = canvas, lang, measure_only
        self.placed: list[tuple] = []     # measured: (paragraph, x, y) of each, to draw as set
        typo = fonts.typography(lang)
        family = typo.roles["ui"]
        self.font, self.bold = fonts.face(family).name, fonts.face(family, bold=True).name
        self.cls = KinsokuParagraph if typo.cjk else Paragraph
        wrap = "CJK" if typo.cjk else None
        printed = content(layout.upright)   # the sheets' paper may be turned
        side = max(layout.sheets.margin + 10, 15)
        self.left, self.right = (printed.x0 + side) * mm, (printed.x1 - side) * mm
        self.y, self.bottom = (printed.y1 - side) * mm, (printed.y0 + side) * mm
        self.styles = {
            "title": ParagraphStyle("i-title", fontName=self.bold, fontSize=17 * scale, leading=21 * scale,
                                    textColor=ACCENT, wordWrap=wrap, spaceAfter=2 * scale),
            "lead": ParagraphStyle("i-lead", fontName=self.font, fontSize=10 * scale, leading=13 * scale,
                                   textColor=MUTED, wordWrap=wrap, spaceAfter=8 * scale),
            "head": ParagraphStyle("i-head", fontName=self.bold, fontSize=12 * scale, leading=15 * scale,
                                   textColor=ACCENT, wordWrap=wrap, spaceBefore=6 * scale, spaceAfter=3 * scale),
            "body": ParagraphStyle("i-body", fontName=self.font, fontSize=9.5 * scale, leading=12.5 * scale,
                                   wordWrap=wrap, spaceAfter=3 * scale),
            "step": ParagraphStyle("i-step", fontName=self.font, fontSize=9.5 * scale, leading=12.5 * scale,
                                   wordWrap=wrap, leftIndent=14, bulletIndent=0, bulletFontName=self.bold,
                                   spaceAfter=3 * scale),
            "row": ParagraphStyle("i-row", fontName=self.font, fontSize=8.5 * scale, leading=10.5 * scale,
                                  wordWrap=wrap, leftIndent=62 * scale, firstLineIndent=-62 * scale,
                                  spaceAfter=1.5 * scale),
        }

    def add(self, markup: str, style: str, bullet: str | None = None) -> bool:
        para = self.cls(markup, self.styles[style])
        if bullet:
            para.bulletText = bullet
        _w, h = para.wrap(self.right - self.left, self.y - self.bottom)
        st = self.styles[style]
        if self.y - st.spaceBefore - h < self.bottom:
            return False
        self.y -= st.spaceBefore
        if self.measure_only:
            self.placed.append((para, self.left, self.y - h))
        else:
            para.drawOn(self.canvas, self.left, self.y - h)
        self.y -= h + st.spaceAfter
        return True

    def draw_placed(self) -> None:
        """Draw what was measured, where it was placed (set once, not again for drawing)."""
        for para, x, y in self.placed:
            para.drawOn(self.canvas, x, y)


def _translate(_: Callable[[str], str], lang: str):
    """t(msgid, **values): the translation, filled in and typeset, as plain text."""
    def t(msgid: str, **values) -> str:
        text = _(msgid)
        try:
            text = text.format(**values)
        except (KeyError, IndexError, ValueError):
            raise BuildError(f"locales/{lang}/LC_MESSAGES/print.po: the translation of '{msgid[:40]}…' must keep "
                             f"the placeholders {', '.join('{' + k + '}' for k in values) or 'as none'}") from None
        return typeset(text, lang)
    return t


def sheet_pages(sheets: list[Sheet], first: int = PAGES + 1) -> list[tuple[int, int]]:
    """(first page, last page) of each sheet in the file."""
    out, page = [], first
    for sheet in sheets:
        count = 2 if sheet.kind == "duplex" else 1
        out.append((page, page + count - 1))
        page += count
    return out


def paper_name(paper: str) -> str:
    """A4, A3, Letter, Legal, Tabloid, or the WxH given."""
    return paper.upper() if paper[:1] in "abc" and paper[1:].isdigit() else paper.capitalize()


def _span(pages: list[tuple[int, int]], lang: str) -> str:
    return _range(pages[0][0], pages[-1][1], lang)


def _range(first: int, last: int, lang: str) -> str:
    """Pages first to last as the language writes a range: 3–5, in Japanese 3〜5."""
    return f"{first}{'〜' if lang == 'ja' else '–'}{last}" if last > first else f"{first}"


def draw_instructions(canvas: Canvas, game: GameData, lang: str, _: Callable[[str], str], fonts: FontBook,
                      layout: Layout, sheets: list[Sheet], deck_names: dict[str, str], root: Path) -> int:
    plain = _translate(_, lang)

    def t(msgid: str, plural: str | None = None, /, **values) -> str:       # as paragraph markup
        if plural is not None:        # a count: the form the language's plural rule picks
            return escape(typeset(_(msgid, plural, **values), lang))
        return escape(plain(msgid, **values))
    options = layout.options
    pages = sheet_pages(sheets)
    two = [p for s, p in zip(sheets, pages) if s.kind in ("duplex", "fold")]
    one = [p for s, p in zip(sheets, pages) if s.kind in ("single", "board")]
    edge = t("long edge") if options.duplex == "long" else t("short edge")
    page = _Page(canvas, layout, fonts, lang)
    page.add(escape(typeset(game.game.name.get(lang), lang)), "title")
    page.add(t("Print-and-play cards: {count} sheet to print after this one, on {paper} paper.",
               "Print-and-play cards: {count} sheets to print after this one, on {paper} paper.",
               count=len(sheets), paper=paper_name(options.paper)), "lead")
    page.add(t("How to print"), "head")
    steps = [t("Print at actual size (100 %): turn off “fit to page” and “shrink to fit” in the print window."),
             # the card stock starts at the first card sheet: this sheet is not one of them (the fold-over
             # version asks for thinner paper below: no card stock named there)
             t("Pages {pages} are this sheet: print them on their own, on plain paper, before you load the paper for "
               "the cards.", pages=_range(1, PAGES, lang)) if options.fold != "none" else
             t("Pages {pages} are this sheet: print them on their own, on plain paper, before you load card stock.",
               pages=_range(1, PAGES, lang))]
    if two and options.fold != "none":
        steps.append(t("Pages {pages}: print on one side. Fold each sheet on the dashed line, the printed side out, "
                       "glue the two halves together, then cut.", pages=_span(two, lang)))
        if layout.turned:       # after an upright instructions sheet: say it before the printer guesses
            steps.append(t("These card sheets lie sideways (landscape): if the print window does not turn them by "
                           "itself, choose “landscape”."))
        # two layers glued: the pair must end as thick as one card
        steps.append(t("For this version use paper of {low}–{high} g/m²: card stock folded in two is too thick to "
                       "cut and shuffle.", low=120, high=160))
    elif two:
        steps.append(t("Pages {pages}: print on both sides, flipping on the {edge}. Each fronts page is followed "
                       "by its backs page.", pages=_span(two, lang), edge=edge))
    single_page = bool(one) and one[0][0] == one[-1][1]      # "Page 31", not "Pages 31"
    if one and not two and options.duplex == "none":
        steps.append(t("Page {pages}: print on one side (fronts only: this file was built without backs)."
                       if single_page else
                       "Pages {pages}: print on one side (fronts only: this file was built without backs).",
                       pages=_span(one, lang)))
    elif one:
        steps.append(t("Page {pages}: print on one side only: these pieces have no back." if single_page else
                       "Pages {pages}: print on one side only: these pieces have no back.", pages=_span(one, lang)))
    steps.append(t("Check the scale: the square below must measure 50 mm on each side. If it does not, the "
                   "printer scaled the page; choose “actual size” and print again."))
    # the thinnest white frame of the cards printed on both sides (a deck may set its own, or none)
    white = min((b.frame.white if b.frame.framed else 0.0 for s in sheets if s.kind == "duplex" for b in s.blocks
                 if b.size.shape == "rect"), default=layout.sheets.frame)
    if two and options.fold == "none" and white > 0:
        steps.append(t("If a back lands a little off its front, no matter: the white frame around every card hides a "
                       "shift of up to {frame} mm.", frame=_hidden_shift(white, lang)))
    # the files built next to this one (planning/plan.py), by their names: only those (--only
    # cards makes none of them, and a player's file names no file it was not shipped with)
    if two and options.fold == "none":
        # each file by what a player calls it, then its name (issue 51: de and ja did, fr and en led with the name)
        if options.built("calibration-page"):
            steps.append(t("To see how far your printer shifts the backs, print the calibration page "
                           "(calibration-page.pdf) on both sides of one sheet."))
        if options.built("cards-fold-over"):
            steps.append(t("No duplex printer? Print the fold-over version (cards-fold-over.pdf) instead: each "
                           "front beside its back on one page, to fold and glue."))
    if not options.ink_saver and options.built("cards-ink-saver"):
        steps.append(t("Saving ink? The ink-saver version (cards-ink-saver.pdf) holds the same cards with light "
                       "backgrounds."))
    rects = [b.frame.framed for s in sheets if s.kind != "board" for b in s.blocks if b.size.shape == "rect"]
    cut = t("Cut along the marks in the margins: neighbouring cards share one cut and each keeps its white frame.") \
        if all(rects) else t("Cut along the marks in the margins: neighbouring cards share one cut.")
    # name only the shapes this file holds (Taverna's tokens are all round: "and hexagonal" misled)
    shapes = {piece.size.shape for sheet in sheets for piece in sheet.pieces} - {"rect"}
    if shapes:
        cut += ("" if lang == "ja" else " ") + (
            t("Cut round and hexagonal pieces on their black line.") if shapes == {"round", "hex"} else
            t("Cut round pieces on their black line.") if shapes == {"round"} else
            t("Cut hexagonal pieces on their black line."))
    steps.append(cut)
    for number, step in enumerate(steps, 1):
        page.add(step, "step", f"{number}.")
    _square(canvas, page, plain("Test square: 50 × 50 mm at 100 %"))
    canvas.showPage()

    for scale in (1.0, 0.9, 0.8, 0.7):      # the back: shrunk until the sheet list fits (else what fits)
        back = _Page(canvas, layout, fonts, lang, scale, measure_only=True)
        if _draw_back(back, t, plain, _, game, lang, sheets, pages, deck_names):
            break
    back.draw_placed()
    _colophon(canvas, layout, fonts, lang, colophon.for_game(game, lang, _, root))
    canvas.showPage()
    return PAGES


def _hidden_shift(frame: float, lang: str) -> str:
    """What the frame hides of a back's shift, said with room to spare: the cut strays too, and the
    measured least white around a card is 2.7 mm for a 3 mm frame (issue 50)."""
    value = f"{max(frame - 0.5, 0):g}"
    return value if lang in ("en", "ja") else value.replace(".", ",")


def _colophon(canvas: Canvas, layout: Layout, fonts: FontBook, lang: str, text: str) -> None:
    """Who made the file and when, at the foot of the sheet's back, inside the blank margin."""
    printed = content(layout.upright)   # the sheets' paper may be turned
    side = max(layout.sheets.margin + 10, 15)
    colophon.draw(canvas, typeset(text, lang), fonts.face(fonts.typography(lang).roles["ui"]).name,
                  (printed.x0 + side) * mm, (printed.y0 + side - 6) * mm, color=MUTED_HEX)


def _sheet_rows(plain, lang: str, sheets: list[Sheet], pages, deck_names: dict[str, str]) -> list[str]:
    rows = []
    for number, (sheet, (first, last)) in enumerate(zip(sheets, pages), 1):
        counts = Counter(p.deck for p in sheet.pieces)
        decks = join([with_count(deck_names.get(d, d), n) for d, n in counts.items()], lang)
        side = {"duplex": plain("both sides"), "fold": plain("one side, fold"), "single": plain("one side"),
                "board": plain("one side, a board part")}[sheet.kind]
        where = _range(first, last, lang)
        # a whole sheet of card stock for one piece: the player may rather use an offcut
        # a sentence of its own after the deck list (which ends in "×1", no full stop)
        alone = (("。" if lang == "ja" else ". ") + plain("Only one piece on this sheet: print it on an offcut of "
                                                       "card, or on plain paper and glue it onto card.")
                 if len(sheet.pieces) == 1 and sheet.kind != "board" else "")
        rows.append(f"<b>{escape(plain('Sheet {n}', n=number))}</b>\u2002"
                    + escape(plain("p. {pages}, {side}: {decks}", pages=where, side=side, decks=decks) + alone))
    return rows


def _draw_back(page: _Page, t, plain, _, game: GameData, lang: str, sheets, pages, deck_names) -> bool:
    """The sheet list and what's included; False when it does not all fit (the rest is cut off)."""
    ok = page.add(t("Sheets in this file"), "head")
    for row in _sheet_rows(plain, lang, sheets, pages, deck_names):
        ok = ok and page.add(row, "row")
    heading, lines = included_lines(game, lang, _)
    ok = ok and page.add(escape(typeset(heading, lang)), "head")
    for line in lines:
        ok = ok and page.add(ordinals(escape(typeset(line, lang)), lang, "super"), "body")
    return ok


def _square(canvas: Canvas, page: _Page, caption: str) -> None:
    """The 50 mm test square, below the steps, with a tick every 10 mm and its caption under it."""
    side = SQUARE * mm
    x = page.left
    y = max(page.bottom + 6 * mm, page.y - 4 * mm - side)
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.rect(x, y, side, side, stroke=1, fill=0)
    canvas.setLineWidth(0.3)
    for i in range(1, SQUARE // 10):
        canvas.line(x + i * 10 * mm, y, x + i * 10 * mm, y + 2.5 * mm)
        canvas.line(x, y + i * 10 * mm, x + 2.5 * mm, y + i * 10 * mm)
    canvas.setFont(page.bold, 12)
    canvas.drawCentredString(x + side / 2, y + side / 2 - 1.5 * mm, typeset("50 mm", page.lang))   # 「50mm」
    canvas.setFont(page.font, 8)
    canvas.setFillColor(MUTED)
    canvas.drawString(x, y - 4 * mm, caption)
    canvas.restoreState()
