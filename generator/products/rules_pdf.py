"""rules.pdf: the rules reference of one game in one language, as the site shows it.

Page 1 opens with the title block across the page (title, description, the "what's included"
block, the contents with page numbers); then everything runs in two columns (rules_story.py
says what). Every section, the card index and each deck have a PDF bookmark, and the PDF opens
with the bookmarks shown. The contents' page numbers are PDF forms filled in once the layout is
done (rules_story.PageNumberSlot), so one layout pass makes the file.
Text goes through text.to_markup, so icons are the embedded icon font, as on the cards; fonts
come from FontBook (Cardo, BIZ UD PGothic with phrase-wise Japanese wrapping).
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Frame, FrameBreak, LayoutError, NextPageTemplate, PageTemplate

from datafile.errors import BuildError

from ..checks.contents import included_lines
from ..texts.figures import load_figures
from ..reading.i18n import Translator
from ..model.sheets_file import Paper
from ..card_layout.project import GameData, Project
from ..texts.rules import Rules, load_rules
from ..paper import colophon
from ..paper.sheet_options import SheetOptions
from ..paper.ink import InkSaverCanvas
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from ..typeset.text import MIN_COLUMN_MM, typeset
from . import print_box
from .figures import FigureMaker
from .rules_columns import Column, EndOfStory, FlowingDoc
from .rules_story import MUTED, Story

MARGIN, TOP, BOTTOM, GAP = 16 * mm, 15 * mm, 17 * mm, 7 * mm
MIN_COLUMN = MIN_COLUMN_MM * mm


class _Doc(FlowingDoc):
    """Adds an outline entry (bookmark) for every flowable that carries `_outline`, and notes
    the page of each (the contents' page numbers)."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.pages: dict[str, int] = {}

    def beforeDocument(self) -> None:
        self.canv.showOutline()       # /PageMode /UseOutlines: the reader opens with the bookmarks shown

    def afterFlowable(self, flowable: Flowable) -> None:
        outline = getattr(flowable, "_outline", None)
        if outline:
            key, title, level = outline
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(title, key, level=level, closed=level > 0)
            self.pages.setdefault(key, self.page)


def column_problem(paper: Paper, paper_name: str) -> str | None:
    """Why the rules cannot be set in two columns on this paper (too narrow), or None: asked
    before the layout, whose tables would be given a negative width."""
    column = (paper.width * mm - 2 * MARGIN - GAP) / 2
    if column >= MIN_COLUMN:
        return None
    least = (2 * MARGIN + GAP + 2 * MIN_COLUMN) / mm
    return (f"a {paper_name} page leaves columns {column / mm:.1f} mm wide, the rules need {MIN_COLUMN / mm:g} mm; "
            f"use a paper at least {least:g} mm wide (--paper)")


def count_rules_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return 1   # unknown before layout; the progress bar counts one step per rules.pdf


class _Writer:
    """Fonts, icons and labels of one game and language (the story's tools)."""

    def __init__(self, project: Project, game: GameData, lang: str, options: SheetOptions):
        self.project, self.game, self.lang = project, game, lang
        self.fonts = FontBook(project.root, project.fonts)
        self.typo = self.fonts.typography(lang)
        self.icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
        self.labels = Translator(project.root, lang, options.allow_missing)
        self.rules: Rules = load_rules(project, game, lang)
        roles = self.typo.roles
        self.body_family, self.title_family, self.ui_family = roles["body"], roles["title"], roles["ui"]

    def face(self, family, bold=False, italic=False):
        return self.fonts.face(family, bold, italic)


def included_block(story: Story, project: Project, game: GameData, lang: str, width: float) -> list[Flowable]:
    """The print-and-assemble box of page 1: the paper, a table of the printed pieces (count, size,
    paper: print_box.py), the sleeves that fit the cards (layouts/sheets.yaml), then what the
    counts assume and what comes from the game's box, as the card sheets' first page says it."""
    _ = story.w.labels
    _heading, lines = included_lines(game, lang, _)
    found = print_box.rows(project, game, lang, _)
    heads = (_("Piece"), _("Count"), _("Size"), _("Paper"))
    table = [print_box.table(story, width, found, heads)] if found else []
    stock, sleeves = print_lines(project, game, _)
    rest = lines[1:] if found else lines     # the table says what the first line, "To print: …", listed
    return story.included(_("Print and assemble"), stock, table, sleeves + rest)


def print_lines(project: Project, game: GameData, _) -> tuple[list[str], list[str]]:
    """(the card stock to use, the sleeves that fit each card size)."""
    sheets, stock, out = project.sheets, [], []
    if sheets.card_stock:
        stock.append(_("Print the cards on card stock of {low}–{high} g/m², the rest on plain paper.").format(
            low=sheets.card_stock.min, high=sheets.card_stock.max))
    sizes, bare = [], False
    for deck in game.decks:
        size = project.size_of(deck)
        if size.shape == "rect" and (size.width, size.height) not in sizes:
            sizes.append((size.width, size.height))
        # round and hexagonal pieces, and square tiles no sleeve is sold for
        bare = bare or size.shape != "rect" or (size.width == size.height
                                                and not any(s.fits(size.width, size.height) for s in sheets.sleeves))
    sleeved = False
    for width, height in sizes:
        sleeve = next((s for s in sheets.sleeves if s.fits(width, height)), None)
        if sleeve:
            sleeved = True
            out.append(_("Cards of {card} mm: sleeves of {sleeve} mm fit them.").format(
                card=f"{width:g}\u00a0×\u00a0{height:g}", sleeve=f"{sleeve.width:g}\u00a0×\u00a0{sleeve.height:g}"))
    if bare and sleeved:       # beside the cards' sleeves: what takes none
        out.append(_("Tiles and tokens need no sleeves."))
    return stock, out


def write_rules(project: Project, game: GameData, lang: str, path: Path | io.BytesIO, options: SheetOptions,
                progress: Callable[[int], None] = lambda n: None) -> int:
    w = _Writer(project, game, lang, options)
    figures = load_figures(project, game, [s.id for s in w.rules.flat()])
    maker = FigureMaker(project, game, lang, options)
    target = path if isinstance(path, io.BytesIO) else str(path)
    page_count = _build(target, project, game, lang, options, w, figures, maker)
    progress(1)
    return page_count


def check_rules(project: Project, game: GameData, lang: str, options: SheetOptions) -> None:
    """The rules laid out as the build lays them out, into memory (`pnp validate --paper`):
    BuildError, in the build's words, when they cannot be set on the paper."""
    write_rules(project, game, lang, io.BytesIO(), options)


def _build(target, project: Project, game: GameData, lang: str, options: SheetOptions, w: _Writer, figures,
           maker) -> int:
    paper = project.sheets.papers[options.paper]
    why = column_problem(paper, options.paper)
    if why:
        raise BuildError(f"{game.id}/{lang}/rules.pdf: {why}")
    size = (paper.width * mm, paper.height * mm)
    width, height = size[0] - 2 * MARGIN, size[1] - TOP - BOTTOM
    column = (width - GAP) / 2
    name = game.game.name.get(lang)
    footer_face = w.face(w.ui_family).name
    story = Story(w, w.rules, figures, maker)
    head = story.title_block(width, included_block(story, project, game, lang, width))
    head_height = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in head) + 4 * mm

    made = typeset(colophon.for_game(game, lang, w.labels, project.root), lang)

    def footer(canvas, doc):
        if doc.page == 1:        # who made the file and when: printed on its first page, and its dates
            colophon.stamp(canvas, project.root)
            colophon.draw(canvas, made, footer_face, MARGIN, 9 * mm)
            canvas.saveState()
            canvas.setFont(footer_face, 8.5)
            canvas.setFillColor(MUTED)
            canvas.drawRightString(size[0] - MARGIN, 9 * mm, str(doc.page))
            canvas.restoreState()
            return
        canvas.saveState()
        canvas.setFont(footer_face, 8.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN, 9 * mm, name)
        canvas.drawRightString(size[0] - MARGIN, 9 * mm, str(doc.page))
        canvas.restoreState()

    def separator(canvas, doc):
        """The rule between the columns, drawn once the page is laid out: a page whose text ends
        in the left column (the last one) has nothing beside it to separate."""
        if doc.frame.id == "col0":
            return
        canvas.saveState()
        canvas.setStrokeColor(MUTED)
        canvas.setLineWidth(0.3)
        top = BOTTOM + height - (head_height if doc.page == 1 else 0)
        canvas.line(MARGIN + column + GAP / 2, BOTTOM, MARGIN + column + GAP / 2, top)
        canvas.restoreState()

    def columns(top: float) -> list[Frame]:
        return [Column(MARGIN + i * (column + GAP), BOTTOM, column, top, id=f"col{i}", leftPadding=0,
                      rightPadding=0, topPadding=0, bottomPadding=0) for i in range(2)]

    doc = _Doc(target, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=TOP, bottomMargin=BOTTOM,
               title=w.labels("{game} — {title}", game=name, title=w.labels("Rules reference")),
               author=colophon.credits(game.game) or "pnp-studio", creator="pnp-studio",
               subject=f"language: {lang}", invariant=1, pageCompression=1, lang=lang,
               initialFontName=w.face(w.body_family).name)
    first = [Column(MARGIN, BOTTOM + height - head_height, width, head_height, id="head", leftPadding=0,
                   rightPadding=0, topPadding=0, bottomPadding=0)] + columns(height - head_height)
    doc.addPageTemplates([PageTemplate("first", first, onPage=footer, onPageEnd=separator),
                          PageTemplate("page", columns(height), onPage=footer, onPageEnd=separator)])
    flow = head + [NextPageTemplate("page"), FrameBreak()] + story.sections(column) + story.index() + story.about() + [EndOfStory()]
    doc._doSave = 0       # ReportLab's own multiBuild does this: the forms come before the save
    try:
        # --ink-saver: the one paint transform every product shares (paper/ink.py)
        doc.build(flow, **({"canvasmaker": InkSaverCanvas} if options.ink_saver else {}))
        story.number_contents(doc.canv, doc.pages)
        doc.canv.save()
    except BuildError:
        raise
    except LayoutError:       # a block kept whole (a figure, a table, a heading with its text)
        raise BuildError(f"{game.id}/{lang}/rules.pdf: a block of the rules is taller than a column of a "
                         f"{options.paper} page; use a taller paper (--paper)") from None
    except Exception as exc:  # a layout failure names the file it was building
        raise BuildError(f"{game.id}/{lang}/rules.pdf: {type(exc).__name__}: {exc}") from None
    return doc.page
