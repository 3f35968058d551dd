"""score-pad.pdf: a printable score sheet per game and language — the calculator's categories
(scoring/) as rows, each with its formula ("towers × 5", from the aid card's scoring table,
cards/<game>/aid-card/), one column per player, a totals row, a winner line and the tie-break
under it. Every row ends in a framed result box, the one the total adds up (a row that multiplies:
the count first, then "="). One page holds as many pads as a pencil can use (rows ≥ 9 mm,
player columns ≥ 24 mm, labels ≥ 7.5 pt clear of the rules), with cut lines between them; the
grid is chosen on the space A4 and Letter share (one orientation in every language); the title never wraps."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.platypus import Table, TableStyle

from datafile.errors import BuildError
from scoring.api import GAMES, categories, facts_from_game

from ..texts.aid_card import card_sides, load_aid_cards, pad_formulas
from ..card_layout.project import GameData, Project
from ..reading.i18n import Translator
from ..paper import colophon
from ..paper.imposition import new_canvas
from ..paper.sheet_options import SheetOptions
from .pad_sheet import GUTTER, MARGIN, arrange, cut_lines, shared_space
from ..typeset.fonts import FontBook, missing_glyphs
from ..typeset.icons import build_icon_font
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.paragraph import Paragraph   # breaks afresh at every wrap
from ..typeset.text import markup_color, plain_text, to_markup, typeset
from ..player_aids import fit_memo


def pad_categories(game: GameData):
    """The rows of the pad: the calculator's own categories (none known: totals only)."""
    if game.id not in GAMES:
        return []
    return categories(game.id, **facts_from_game(game))


def count_pad_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return 1


# Legibility limits for a pad that is written on by hand: boxes a pencil fits in, labels ≥ 7.5 pt.
MIN_ROW = 9 * mm
MIN_CELL = 24 * mm
MIN_LABEL = 40 * mm
MAX_ROW = 12 * mm
CLEAR = 1.0 * mm          # a label's ink stays this far from its row's rules
EDGE_BASELINE = 6.9 * mm  # the colophon's: its descenders 6 mm from the paper's edge, where printers clip
COLOPHON_LINE = 3.3 * mm  # between its lines, when it takes two
COLOPHON_CLEAR = 2.5 * mm  # colophon to pads: 2 mm to the last note line, whose descenders hang below its pad
LABEL_SIZES = (10, 9.5, 9, 8.5, 8, 7.5)   # never under the text floor (7.5 pt)
TITLE_SIZES = (14, 13, 12, 11, 10)
FORMULA_MIN = 7.5         # pt: a formula under its label is smaller, never below the text floor
COUNT = 0.38              # share of a player's box kept for the count, on rows that multiply
MUTED = "#6f604c"
MUTED_MARKUP = markup_color(MUTED)     # the same colour in a label's markup


@dataclass
class Row:
    title: str              # the category, typeset
    formula: str            # how it scores, as markup ("" if the aid card gives none)
    count: bool             # the player writes a count, then multiplies


@dataclass
class _Pad:
    """What one pad shows, measured once; `draw` puts it in a w x h box."""
    # label sizes and heights measured so far: arrange() tries up to 5 grids × 2 label columns
    # × 6 sizes, then the build and each pad drawn ask again; a label is parsed once per size
    # (the parse was 80 % of the pad's CPU) and wrapped again at each width (typeset/paragraph.py
    # breaks afresh from the parse, so the height is the one a new paragraph gets)
    _measured: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    title: str
    subtitle: str           # "Score pad", when the title alone fills the line
    note: str
    date: str
    tie: str                # the tie-break, under the table ("" if the rules give none)
    winner: str             # "Winner: ____", under the table
    rows: list[Row]
    players: int
    styles: dict
    body: str
    icons: object = None
    para: type = Paragraph     # KinsokuParagraph for Japanese
    join: str = " · "          # between the subtitle and the note: 「：」 in Japanese
    shared: str = ""           # a line above the rows: what several rows share (the aid card's `pad_note`)

    def title_style(self, width: float) -> ParagraphStyle:
        """The largest title size at which the title holds on one line."""
        base = self.styles["title"]
        for size in TITLE_SIZES:
            if stringWidth(plain_text(self.title), base.fontName, size) <= width:
                break
        return ParagraphStyle("pad-title-fit", parent=base, fontSize=size, leading=size * 1.2)

    def header(self, width: float) -> list[tuple[Paragraph, float]]:
        out = [(self.para(escape(self.title), self.title_style(width)), 1.2 * mm)]
        note = f"{self.subtitle}{self.join}{self.note}" if self.subtitle else self.note
        out += [(self.para(escape(note), self.styles["note"]), 1.5 * mm),
                (self.para(escape(self.date), self.styles["label"]), 2 * mm)]
        return out + ([(self.para(self._markup(self.shared), self.styles["tie"]), 1.5 * mm)] if self.shared else [])

    def footer(self, width: float) -> list[Paragraph]:
        winner = self.para(escape(self.winner), self.styles["winner"])
        return [winner] + ([self.para(self._markup(self.tie), self.styles["tie"])] if self.tie else [])

    def chrome_height(self, width: float) -> float:
        return sum(p.wrap(width, 1000)[1] + gap for p, gap in self.header(width)) \
            + sum(p.wrap(width, 1000)[1] + 1.5 * mm for p in self.footer(width))

    def bottom(self, lines: int = 1) -> float:
        """The pads' bottom margin: above the colophon's `lines` lines (7.5 pt at most, its
        font's ascent over its top baseline) by COLOPHON_CLEAR, on every paper and in every language."""
        ascent = getFont(self.body).face.ascent / 1000 * 7.5
        return max(MARGIN, EDGE_BASELINE + (lines - 1) * COLOPHON_LINE + ascent + COLOPHON_CLEAR)

    def label_width(self, width: float) -> float:
        return max(MIN_LABEL, min(70 * mm, width - self.players * 27 * mm))   # roomy boxes first

    def fits(self, width: float, height: float) -> bool:
        row = (height - self.chrome_height(width)) / (len(self.rows) + 2.1)
        label, size = self.label_and_size(width, row)
        cell = (width - label) / self.players
        return cell >= MIN_CELL and row >= MIN_ROW and size is not None

    def label_and_size(self, width: float, row: float) -> tuple[float, float | None]:
        """The label column and its text size: roomy player boxes first; where the labels do not
        fit there at the text floor, the label column takes what 24 mm boxes leave it."""
        row = min(row, MAX_ROW)
        roomy = self.label_width(width)
        for label in (roomy, max(roomy, min(80 * mm, width - self.players * MIN_CELL))):
            size = self.label_size(label, row)
            if size is not None:
                return label, size
        return roomy, None

    def _markup(self, text: str) -> str:
        return to_markup(text, self.styles["lang"], self.icons)

    def label(self, row: Row, style: ParagraphStyle) -> Paragraph:
        """The category, and its formula below it, smaller and muted."""
        text = escape(row.title)
        if row.formula:
            text += (f'<br/><font size="{max(FORMULA_MIN, style.fontSize * 0.85):.2f}" color="{MUTED_MARKUP}">'
                     f'{self._markup(row.formula)}</font>')
        return self.para(text, style)

    def label_size(self, label: float, row: float) -> float | None:
        """The largest label size at which every row label fits its box: at most 4 lines (a name and a
        formula with its unit and its exception, as Taverna's royal rows need), clear of the rules."""
        if ("size", label, row) not in self._measured:
            self._measured["size", label, row] = next(
                (size for size in LABEL_SIZES
                 if all(self._label_height(size, i, label - 4 * mm) <= min(row - 2 * CLEAR - 1.5, size * 4.3)
                        for i in range(len(self.rows) + 2))), None)
        return self._measured["size", label, row]

    def _label_height(self, size: float, index: int, width: float) -> float:
        """The height of the `index`th label (the rows', then the header's and the total's) at `size`."""
        if ("height", size, index, width) not in self._measured:
            if ("label", size, index) not in self._measured:    # a size the first row refuses parses no other
                style = ParagraphStyle("l", parent=self.styles["label"], fontSize=size, leading=size * 1.15)
                self._measured["label", size, index] = self.label(self.rows[index], style) \
                    if index < len(self.rows) else \
                    self.para(escape((self.styles["player"], self.styles["total"])[index - len(self.rows)]), style)
            self._measured["height", size, index, width] = \
                self._measured["label", size, index].wrap(width, 1000)[1]
        return self._measured["height", size, index, width]

    def draw(self, canvas, x: float, y: float, width: float, height: float) -> None:
        top = y + height
        for paragraph, gap in self.header(width):
            _w, h = paragraph.wrap(width, height)
            paragraph.drawOn(canvas, x, top - h)
            top -= h + gap
        footer = self.footer(width)
        bottom = y + sum(p.wrap(width, 1000)[1] + 1.5 * mm for p in footer)
        row = (top - bottom) / (len(self.rows) + 2.1)     # the header row is 1.1 rows high
        row = min(row, MAX_ROW)
        label, size = self.label_and_size(width, row)
        cell = (width - label) / self.players
        style = ParagraphStyle("pad-row", parent=self.styles["label"], fontSize=size, leading=size * 1.15)
        bold = ParagraphStyle("pad-bold", parent=style, fontName=self.styles["bold"])
        data = [[self.para(escape(self.styles["player"]), bold)] + [""] * self.players]
        data += [[self.label(r, style)] + [""] * self.players for r in self.rows]
        data += [[self.para(escape(self.styles["total"]), bold)] + [""] * self.players]
        table = Table(data, colWidths=[label] + [cell] * self.players,
                      rowHeights=[row * 1.1] + [row] * (len(data) - 1))
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), self.body, size),   # empty cells too: no unembedded Helvetica
            ("GRID", (0, 0), (-1, -1), 0.6, colors.HexColor("#444444")),
            ("BOX", (0, 0), (-1, -1), 1.4, colors.black),
            ("LINEABOVE", (0, -1), (-1, -1), 1.4, colors.black),
            ("LINEBELOW", (0, 0), (-1, 0), 1.4, colors.black),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EEE6D6")),
            ("BACKGROUND", (0, -1), (-1, -1), colors.HexColor("#EEE6D6")),
            ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, colors.HexColor("#F7F4EE")]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
            ("TOPPADDING", (0, 0), (-1, -1), 0.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ]))
        _w, h = table.wrap(width, top - bottom)
        table.drawOn(canvas, x, top - h)
        self._count_boxes(canvas, x + label, top - row * 1.1, cell, row)
        for p in footer:
            _w, fh = p.wrap(width, 1000)
            p.drawOn(canvas, x, top - h - 1.5 * mm - fh)
            top -= fh + 1.5 * mm

    def _count_boxes(self, canvas, x: float, y: float, cell: float, row: float) -> None:
        """Every row ends in a framed result box in each player's column: the number the total
        adds up. On a row that multiplies, the box's left part holds the count and "=" leads to it;
        on a row that reads a table ("→" in its formula), an arrow does; elsewhere the left part
        is room for the working."""
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor("#8a7d66"))
        canvas.setFillColor(colors.HexColor("#8a7d66"))
        canvas.setLineWidth(0.6)
        inset = 1.2 * mm
        for i, r in enumerate(self.rows):
            lead = "=" if r.count else "→" if "→" in r.formula else ""
            top = y - i * row
            for p in range(self.players):
                left = x + p * cell + cell * COUNT
                canvas.setFont(self.body, 8)
                if lead:
                    canvas.drawCentredString(left + 1.2 * mm, top - row / 2 - 2.8, lead)
                canvas.rect(left + 2.6 * mm, top - row + inset, cell * (1 - COUNT) - 2.6 * mm - inset,
                            row - 2 * inset, stroke=1, fill=0)
        canvas.restoreState()


def _pad(project: Project, game: GameData, lang: str, allow_missing: bool, fonts: FontBook) -> tuple["_Pad", str]:
    """The pad as the build sets it, and the document's title (its glyphs checked: BuildError)."""
    typo = fonts.typography(lang)
    _ = Translator(project.root, lang, allow_missing)
    name = game.game.name.get(lang)
    title = typeset(_("{game} — {title}", game=name, title=_("Score pad")), lang)
    body = fonts.face(typo.roles["body"])
    bold_face = fonts.face(typo.roles["body"], bold=True)
    head = fonts.face(typo.roles["title"], bold=True)
    wrap = "CJK" if typo.cjk else None
    label = ParagraphStyle("pad", fontName=body.name, fontSize=9, leading=11, wordWrap=wrap)
    italic = fonts.face(typo.roles["body"], italic=not typo.cjk)
    styles = {"label": label, "lang": lang,
              "tie": ParagraphStyle("pad-tie", parent=label, fontName=italic.name, fontSize=8, leading=9.5),
              "title": ParagraphStyle("pad-title", fontName=head.name, fontSize=14, leading=17, wordWrap=wrap),
              "note": ParagraphStyle("pad-note", parent=label, fontSize=7.5, leading=9),
              "winner": ParagraphStyle("pad-winner", parent=label, fontName=bold_face.name, fontSize=9,
                                       leading=11, spaceBefore=2 * mm),
              "bold": bold_face.name,
              "player": typeset(_("Player"), lang), "total": typeset(_("Total"), lang)}

    categories = pad_categories(game)
    formulas, tie, shared = _formulas(project, game, lang, [c.key for c in categories])
    rows = [Row(typeset(c.title(_, lang), lang), *formulas.get(c.key, ("", False))) for c in categories]
    note = typeset(_("Write each player's name at the top of a column, the points of each row in its box, "
                     "then add them up."), lang)
    colon = {"fr": "\u00a0: ", "ja": "："}.get(lang, ": ")
    date = typeset(_("Date") + colon, lang) + "______________"
    winner = typeset(_("Winner") + colon, lang) + "_" * 30
    texts = [title, styles["player"], styles["total"], date, winner, note, plain_text(tie), plain_text(shared),
             *[t for r in rows for t in (r.title, plain_text(r.formula))]]
    for text in texts:
        for face in (body, head):
            lost = missing_glyphs(text, face)
            if lost:
                raise BuildError(f"{game.id}/{lang} score pad: the font {face.said} has no glyph for "
                                 f"{', '.join(lost)} in '{text}'")
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    pad = _Pad(typeset(name, lang), typeset(_("Score pad"), lang), note, date, tie, winner, rows,
               game.game.players.max, styles, body.name, icons, KinsokuParagraph if typo.cjk else Paragraph,
               "：" if lang == "ja" else typeset(" · ", lang), shared)     # 「得点表：各列の上に…」
    return pad, title


def _arranged(pad: "_Pad", page: tuple[float, float], shared: tuple[float, float] | None = None):
    """arrange()'s page size and grid, and the size of one pad in it."""
    (width, height), cols, nrows = arrange(pad, page, shared)
    w = (width - 2 * MARGIN - (cols - 1) * GUTTER) / cols
    h = (height - MARGIN - pad.bottom() - (nrows - 1) * GUTTER) / nrows
    return (width, height), cols, nrows, w, h


def scorepad_fits(project: Project, game: GameData, lang: str, paper: str | None = None) -> bool:
    """Can the build set the pad legibly on `paper` (default: the language's) (`pnp validate`)? BuildError for
    a glyph its fonts lack. Kept within the process (aids/fit_memo.py) by what setting the pad
    reads (its texts, rows, players, styles, the fonts' files, the icons, the page), as validate
    runs after every edit (`serve`, the fuzz cases)."""
    fonts = FontBook(project.root, project.fonts)
    pad, _title = _pad(project, game, lang, True, fonts)
    paper = project.sheets.papers[paper or project.sheets.paper_for(lang)]
    page = (paper.width * mm, paper.height * mm)
    files = fit_memo.setting_key(project, game, fonts.typography(lang), (), page)
    key = None if files is None else (
        "pad", pad.title, pad.subtitle, pad.note, pad.date, pad.tie, pad.shared, pad.winner,
        tuple((r.title, r.formula, r.count) for r in pad.rows), pad.players, pad.body, pad.para, pad.join,
        tuple((k, _style_key(v)) for k, v in sorted(pad.styles.items())), files)
    shared = shared_space(project, page)
    return fit_memo.side_fits(key, lambda: pad.fits(*_arranged(pad, page, shared)[3:]) or None)


def _style_key(style) -> tuple | str:
    return (style.fontName, style.fontSize, style.leading, style.wordWrap) if isinstance(style, ParagraphStyle) \
        else style


def write_scorepad(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                   progress: Callable[[int], None] = lambda n: None) -> int:
    fonts = FontBook(project.root, project.fonts)
    pad, title = _pad(project, game, lang, options.allow_missing, fonts)
    canvas = new_canvas(path, options, project, title, lang, fonts, game=game.game)
    size, cols, nrows, w, h = _arranged(pad, canvas._pagesize, shared_space(project, canvas._pagesize))
    if not pad.fits(w, h):
        raise BuildError(f"{game.id}/{lang} score pad: {len(pad.rows)} rows for {pad.players} players do not fit "
                         f"legibly on one page")
    canvas.setPageSize(size)
    width, height = size
    made = colophon.for_game(game, lang, Translator(project.root, lang, options.allow_missing), project.root)
    parts = colophon.halves(made, pad.body, w - 2 * mm) if cols > 1 else [made]   # clear of the cut line
    # every pad keeps the whole line once cut: one line under each, or two where it is too long for
    # a pad's width (the pads a line shorter, where they still fit; else half under each)
    stacked = len(parts) > 1 and pad.fits(w, h - (pad.bottom(2) - pad.bottom()) / nrows)
    if stacked:
        h -= (pad.bottom(2) - pad.bottom()) / nrows
    for r in range(nrows):
        for c in range(cols):
            pad.draw(canvas, MARGIN + c * (w + GUTTER), height - MARGIN - (r + 1) * h - r * GUTTER, w, h)
    cut_lines(canvas, size, cols, nrows, h)
    whole = stacked or len(parts) == 1
    for i in range(cols if whole else len(parts)):
        for step, part in (list(enumerate(reversed(parts))) if whole else [(0, parts[i])]):
            # Japanese: a 「・」 list broken after an item keeps its 「・」 at the line's end
            text = typeset(part, lang) + ("・" if lang == "ja" and whole and len(parts) > 1 and part is parts[0] else "")
            colophon.draw(canvas, text, pad.body, MARGIN + i * (w + GUTTER), EDGE_BASELINE + step * COLOPHON_LINE,
                          width=w - 2 * mm)
    canvas.showPage()
    canvas.save()
    progress(1)
    return 1


def _formulas(project: Project, game: GameData, lang: str, keys: list[str]) -> tuple[dict, str, str]:
    """Each category's formula and count box, the tie-break and the line above the rows, from the
    aid card's tables (a game without aid-card files: none)."""
    if not (game.directory / "aid-card").is_dir():
        return {}, "", ""
    load_aid_cards(project, game)
    tables = [b for _side, blocks in card_sides(project, game, lang) for b in blocks if b.kind == "table"]
    ties = [b.tie for b in tables if b.tie]
    shared = [b.pad_note for b in tables if b.pad_note]
    return pad_formulas(project, game, lang, keys), ties[0] if ties else "", shared[0] if shared else ""
