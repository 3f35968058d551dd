"""player-aid-card.pdf: a double-sided aid the size of the game's cards, one per player,
imposed on sheets with crop marks and a mirrored backs page, like the cards."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ...data.aids import Section, legend, sections
from ...data.catalog import GameData, Project
from ...data.i18n import Translator
from ...data.model import Size
from ...paper.face import FaceRenderer
from ...paper.imposition import draw_form, impose, new_canvas
from ...paper.sheets import make_grid
from ...typeset.fonts import FontBook
from ...typeset.icons import build_icon_font
from .shared import _aid, _context, _warn_missing


def card_text(parts: list[Section], legend_entries: list[tuple[str, str]] | None, legend_heading: str) -> str:
    """Our card markup for one side of the card-sized aid: bold headings, bulleted lines."""
    blocks = []
    for s in parts:
        lines = [f"**{s.heading}**"] + ([s.intro] if s.intro and not s.card_items else [])
        lines += [f"• {t}" for t in s.card_items]
        blocks.append("\n".join(lines))
    if legend_entries:
        # a no-break space keeps each icon on the line of its label
        blocks.append(f"**{legend_heading}**\n" + "   ".join(f":{n}:\u00a0{label}" for n, label in legend_entries))
    return "\n".join(blocks)


def card_size(project: Project, game: GameData) -> Size:
    """The size of the game's cards: the rectangular size most of its decks use (tiles and
    tokens aside), the larger on a tie; poker when the game has no rectangular deck."""
    votes: dict[tuple, list] = {}
    for deck in game.decks:
        size = project.size_of(deck)
        if size.shape == "rect" and size.height > size.width:
            votes.setdefault((size.width, size.height), [0, size])[0] += 1
    if not votes:
        return project.sheets.sizes.get("poker") or Size(width=63, height=88)
    return max(votes.values(), key=lambda v: (v[0], v[1].width * v[1].height))[1]


def aid_card_pages(project: Project, game: GameData, options) -> int:
    return 1 if options.duplex == "none" else 2


def write_aid_card(project: Project, game: GameData, lang: str, path: Path, options,
                   progress: Callable[[int], None] = lambda n: None) -> int:

    aid = _aid(project, game, lang)
    parts = sections(project, game, aid)
    entries = legend(project, game, lang)
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons)
    labels = Translator(project.root, lang, options.allow_missing)
    size = card_size(project, game)
    grid = make_grid(project.sheets, options.paper, size, options.bleed)
    canvas = new_canvas(path, options, project, f"{game.game.name.get(lang)} — {labels('Player aid')}", lang, fonts)
    front_layout, back_layout = project.layouts["aids/card-front"], project.layouts["aids/card-back"]
    legend_heading = labels("Icons")
    front = card_text([s for s in parts if s.card == "front"], None, legend_heading)
    back = card_text([s for s in parts if s.card == "back"], entries, legend_heading)
    values = dict(front=front, back=back)
    for name, layout, side in (("front", front_layout, front), ("back", back_layout, back)):
        ctx = _context(project, game, lang, layout, labels, values)
        draw_form(canvas, f"aid.{game.id}.{name}", size, options.bleed,
              lambda c, layout=layout, ctx=ctx, name=name: renderer.draw(
                  c, layout, size, ctx, options.bleed, f"player aid card ({name})"))
    copies = min(max(game.game.players.max, 1), grid.per_page)
    back = f"aid.{game.id}.back" if options.duplex != "none" else None
    pages = impose(canvas, grid, [(f"aid.{game.id}.front", back)] * copies, options, progress)
    canvas.save()
    _warn_missing(labels, game, lang, "player-aid-card.pdf")
    return pages
