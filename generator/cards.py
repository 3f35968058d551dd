"""cards.pdf: every deck of a game imposed on sheets, a backs page after each fronts page."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .catalog import GameData, Project
from .fonts import FontBook, build_icon_font
from .i18n import Translator
from .model import Deck
from .render import FaceRenderer
from .sheets import Duplex, Grid, draw_cut_guides, make_grid, place
from .templates import card_context

Progress = Callable[[int], None]


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float = 3.0
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    allow_missing: bool = False


def deck_pages(project: Project, deck: Deck, options: SheetOptions) -> int:
    grid = make_grid(project.sheets, options.paper, project.size_of(deck), options.bleed)
    fronts = math.ceil(deck.physical_count / grid.per_page)
    return fronts * (1 if options.duplex == "none" or not deck.back else 2)


def count_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return sum(deck_pages(project, deck, options) for deck in game.decks)


def new_canvas(path: Path, options: SheetOptions, project: Project, title: str, lang: str,
               fonts: FontBook) -> Canvas:
    """A deterministic canvas (ReportLab invariant mode) whose default font is embedded too."""
    paper = project.sheets.papers[options.paper]
    initial = fonts.face(fonts.typography(lang).roles["body"]).name
    canvas = Canvas(str(path), pagesize=(paper.width * mm, paper.height * mm), invariant=1,
                    pageCompression=1, lang=lang, initialFontName=initial)
    canvas.setTitle(title)
    canvas.setCreator("pnp-studio")
    canvas.setAuthor("pnp-studio")
    canvas.setSubject(f"language: {lang}")
    return canvas


def write_cards(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                progress: Progress = lambda n: None) -> int:
    """Render the game's card sheets in one language to `path`; return the page count."""
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons)
    labels = Translator(project.root, lang, options.allow_missing)
    canvas = new_canvas(path, options, project, f"{game.game.name.get(lang)} — cards", lang, fonts)
    pages = 0
    for deck in game.decks:
        pages += _deck(canvas, project, game, deck, lang, renderer, labels, options, progress)
    canvas.save()
    return pages


def _deck(canvas: Canvas, project: Project, game: GameData, deck: Deck, lang: str,
          renderer: FaceRenderer, labels: Translator, options: SheetOptions, progress: Progress) -> int:
    size = project.size_of(deck)
    grid = make_grid(project.sheets, options.paper, size, options.bleed)
    forms: dict[str, str] = {}
    physical: list[str] = []
    for card in deck.cards:
        form = f"{game.id}.{deck.deck}.{card.id}"
        layout = project.layout_for(deck, card)
        context = card_context(game.game, deck, card, lang, layout.colors, labels)
        draw_form(canvas, form, size, options.bleed,
              lambda c, layout=layout, context=context, card=card: renderer.draw(
                  c, layout, size, context, options.bleed, f"card '{card.id}' (deck {deck.deck})"))
        forms[card.id] = form
        physical += [form] * card.copies
    back_form = None
    if deck.back and options.duplex != "none":
        back_form = f"{game.id}.{deck.deck}.back"
        layout = project.layouts[deck.back.layout]
        context = card_context(game.game, deck, None, lang, layout.colors, labels, deck.back.props)
        draw_form(canvas, back_form, size, options.bleed,
              lambda c: renderer.draw(c, layout, size, context, options.bleed, f"back of deck {deck.deck}"))
    return impose(canvas, grid, physical, back_form, options, progress)


def impose(canvas: Canvas, grid: Grid, physical: list[str], back_form: str | None,
           options: SheetOptions, progress: Progress = lambda n: None) -> int:
    """Place drawn faces (form names, one per physical piece) on sheets, each fronts page
    followed by its mirrored backs page when there is a back; return the page count."""
    pages = 0
    dx, dy = options.back_offset
    for start in range(0, len(physical), grid.per_page):
        chunk = physical[start:start + grid.per_page]
        for index, form in enumerate(chunk):
            place(canvas, grid, form, *grid.slot(index))
        _finish_page(canvas, grid, len(chunk))
        pages += 1
        progress(1)
        if back_form:
            for index in range(len(chunk)):
                place(canvas, grid, back_form, *grid.slot(index, back=True, duplex=options.duplex), dx, dy)
            _finish_page(canvas, grid, len(chunk), dx, dy, circles=False)
            pages += 1
            progress(1)
    return pages


def draw_form(canvas: Canvas, name: str, size, bleed: float, draw) -> None:
    """Draw one face once, as a form XObject covering the card and its bleed."""
    b = bleed * mm
    canvas.beginForm(name, -b, -b, size.width * mm + b, size.height * mm + b)
    draw(canvas)
    canvas.endForm()


def _finish_page(canvas: Canvas, grid: Grid, used: int, dx: float = 0, dy: float = 0,
                 circles: bool = True) -> None:
    draw_cut_guides(canvas, grid, used, dx, dy, circles)
    canvas.setTrimBox(grid.trim_box(dx, dy))
    canvas.setBleedBox(grid.bleed_box(dx, dy))
    canvas.showPage()
