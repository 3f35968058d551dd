"""player-aid-card.pdf: double-sided aids the size of the game's cards — one card, or two when one does
not hold the game at a readable size — one of each per player, imposed like the cards."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm

from datafile.errors import BuildError

from ...data.aids import Section, legend, sections
from ...data.project import GameData, Project
from ...data.i18n import Translator
from ...data.model import Size
from ...paper.face import FaceRenderer
from ...paper.imposition import draw_form, impose, new_canvas, sheet_count
from ...paper.sheets import make_grid
from ...typeset.fonts import FontBook
from ...typeset.icons import build_icon_font
from .shared import Flow, _aid, _context, _warn_missing, pack


def card_size(project: Project) -> Size:
    """The card-sized aids are larger than most game cards (tarot size unless sheets.yaml says
    otherwise): at 7 pt and more, a game's turn and scoring do not fit on a poker card."""
    return project.sheets.sizes.get("player-aid") or Size(width=70, height=120)


SIDES = ("front", "back", "front-2", "back-2")   # AidSection.card values, in printing order
BASE_SIZE, MIN_SIZE, STEP = 9.5, 7.0, 0.25     # body text of a side; headings are 1.25x


def card_sides(parts: list[Section]) -> list[list[Section]]:
    """The sections of each side, card by card (front, back[, front, back]): one card, or two
    when the aid file places sections on a second card."""
    count = 2 if any(s.card in ("front-2", "back-2") for s in parts) else 1
    return [[s for s in parts if s.card == side] for side in SIDES[:2 * count]]


def aid_card_pages(project: Project, game: GameData, options) -> int:
    aid = _aid(project, game, game.game.languages[0])
    cards = len(card_sides(sections(project, game, aid))) // 2
    grid = make_grid(project.sheets, options.paper, card_size(project), options.bleed)
    return sheet_count(cards * _copies(game), grid, options)


def _copies(game: GameData) -> int:
    return max(game.game.players.max, 1)   # one of each aid card per player


def write_aid_card(project: Project, game: GameData, lang: str, path: Path, options,
                   progress: Callable[[int], None] = lambda n: None) -> int:
    aid = _aid(project, game, lang)
    sides = card_sides(sections(project, game, aid))
    entries = legend(project, game, lang, pictures=False)
    fonts = FontBook(project.root, project.fonts)
    typo = fonts.typography(lang)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons)
    labels = Translator(project.root, lang, options.allow_missing)
    size = card_size(project)
    grid = make_grid(project.sheets, options.paper, size, options.bleed)
    canvas = new_canvas(path, options, project, labels("{game} — {title}", game=game.game.name.get(lang), title=labels("Player aid")), lang, fonts)
    layout = project.layouts["aids/card-side"]
    body = next((r for r in layout.regions if r.name == "body"), None)
    if body is None:
        raise BuildError(f"{layout.file}: layouts.card-side needs a `body` region: the box the aid text flows into")
    cards = len(sides) // 2
    pieces = []
    for index, parts in enumerate(sides):
        number, face = index // 2 + 1, SIDES[index % 2]
        last = index == len(sides) - 1
        ctx = _context(project, game, lang, layout, labels, dict(card=number, cards=cards))
        flow = Flow(fonts, typo, icons, lang, ctx["aid"]["accent"])
        placed = _fit_side(flow, parts, entries if last else None, labels("Icons"), body)
        if placed is None:
            raise BuildError(f"player aid card {game.id}/{lang}, card {number} {face}: its sections do not fit at "
                             f"{MIN_SIZE} pt; shorten their `show: card` items or move a section to another side "
                             f"(`card:` in {aid.file})")
        form = f"aid.{game.id}.{number}.{face}"
        draw_form(canvas, form, size, options.bleed,
                  lambda c, ctx=ctx, placed=placed, number=number, face=face: _draw_side(
                      c, renderer, layout, size, ctx, options.bleed, body, placed, f"player aid card {number} ({face})"))
        if face == "front":
            pieces.append(form)
    back = (lambda n: f"aid.{game.id}.{n}.back") if options.duplex != "none" else (lambda n: None)
    physical = [(front, back(n + 1)) for n, front in enumerate(pieces) for _ in range(_copies(game))]
    pages = impose(canvas, grid, physical, options, progress)
    canvas.save()
    _warn_missing(labels, game, lang, "player-aid-card.pdf")
    return pages


def _fit_side(flow: Flow, parts: list[Section], entries, legend_heading: str, body):
    """The side's paragraphs packed into the body box at the largest size that fits, or None."""
    size = BASE_SIZE
    while size >= MIN_SIZE - 1e-6:
        blocks = flow.blocks(parts, entries, legend_heading, size, body.width * mm, on_card=True)
        placed = pack(blocks, body.width * mm, body.height * mm, 1)
        if placed is not None:
            return placed
        size -= STEP
    return None


def _draw_side(canvas, renderer: FaceRenderer, layout, size: Size, ctx: dict, bleed: float, body, placed,
               label: str) -> None:
    renderer.draw(canvas, layout, size, ctx, bleed, label)
    left, top = body.x * mm, (size.height - body.y) * mm
    for _col, y, flowable, h in placed:
        flowable.drawOn(canvas, left, top - y - h)
