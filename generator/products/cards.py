"""cards.pdf: every card of a game imposed on sheets filled across decks of one size, a backs page
after each fronts page (blank where the cards have no back)."""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..data.project import GameData, Project
from ..data.i18n import Translator
from ..data.model import Deck, Size
from ..data.templates import card_context
from ..paper.face import FaceRenderer
from ..paper.imposition import Piece, Progress, SheetOptions, draw_form, impose, new_canvas, sheet_count
from ..paper.sheets import make_grid
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font


def runs(project: Project, game: GameData, options: SheetOptions) -> list[tuple[Size, list[Deck]]]:
    """Decks imposed together, in deck order: by default every deck of one card size shares sheets
    (only the last sheet of a size is partly empty); with `deck_per_sheet`, each deck its own."""
    if options.deck_per_sheet:
        return [(project.size_of(deck), [deck]) for deck in game.decks]
    grouped: dict[tuple, tuple[Size, list[Deck]]] = {}
    for deck in game.decks:
        size = project.size_of(deck)
        grouped.setdefault((size.width, size.height, size.shape, size.radius), (size, []))[1].append(deck)
    return list(grouped.values())


def count_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return sum(sheet_count(sum(d.physical_count for d in decks),
                           make_grid(project.sheets, options.paper, size, options.bleed), options)
               for size, decks in runs(project, game, options))


def write_cards(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                progress: Progress = lambda n: None) -> int:
    """Render the game's card sheets in one language to `path`; return the page count."""
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons, base=game.directory)
    labels = Translator(project.root, lang, options.allow_missing)
    canvas = new_canvas(path, options, project, f"{game.game.name.get(lang)} — cards", lang, fonts)
    pages = 0
    for size, decks in runs(project, game, options):
        pieces = [piece for deck in decks
                  for piece in _draw_deck(canvas, project, game, deck, lang, renderer, labels, options)]
        pages += impose(canvas, make_grid(project.sheets, options.paper, size, options.bleed), pieces, options,
                        progress)
    canvas.save()
    return pages


def _draw_deck(canvas: Canvas, project: Project, game: GameData, deck: Deck, lang: str,
               renderer: FaceRenderer, labels: Translator, options: SheetOptions) -> list[Piece]:
    """Draw each face of a deck once (a form); return one (front, back) per physical card."""
    size = project.size_of(deck)
    back_form = None
    if deck.back and options.duplex != "none":
        back_form = f"{game.id}.{deck.deck}.back"
        layout = project.layouts[deck.back.layout]
        context = card_context(game.game, deck, None, lang, layout.colors, labels, deck.back.props)
        draw_form(canvas, back_form, size, options.bleed,
                  lambda c: renderer.draw(c, layout, size, context, options.bleed, f"back of deck {deck.deck}"))
    pieces: list[Piece] = []
    for card in deck.cards:
        form = f"{game.id}.{deck.deck}.{card.id}"
        layout = project.layout_for(deck, card)
        context = card_context(game.game, deck, card, lang, layout.colors, labels)
        draw_form(canvas, form, size, options.bleed,
                  lambda c, layout=layout, context=context, card=card: renderer.draw(
                      c, layout, size, context, options.bleed, f"card '{card.id}' (deck {deck.deck})"))
        pieces += [(form, back_form)] * card.copies
    return pieces
