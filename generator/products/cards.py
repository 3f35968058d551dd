"""cards.pdf: every deck of a game imposed on sheets, a backs page after each fronts page."""
from __future__ import annotations

import math
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..data.catalog import GameData, Project
from ..data.i18n import Translator
from ..data.model import Deck
from ..data.templates import card_context
from ..paper.face import FaceRenderer
from ..paper.imposition import Progress, SheetOptions, draw_form, impose, new_canvas
from ..paper.sheets import make_grid
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font


def deck_pages(project: Project, deck: Deck, options: SheetOptions) -> int:
    grid = make_grid(project.sheets, options.paper, project.size_of(deck), options.bleed)
    fronts = math.ceil(deck.physical_count / grid.per_page)
    return fronts * (1 if options.duplex == "none" or not deck.back else 2)


def count_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return sum(deck_pages(project, deck, options) for deck in game.decks)


def write_cards(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                progress: Progress = lambda n: None) -> int:
    """Render the game's card sheets in one language to `path`; return the page count."""
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons, base=game.directory)
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
