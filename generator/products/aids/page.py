"""player-aid.pdf: a one-page reference (A4 or Letter) in two columns — setup, the turn, every
action, the end, the scoring, and the icon legend — set at the largest size that fits."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm

from datafile.errors import BuildError

from ...data.aids import legend, sections
from ...data.project import GameData, Project
from ...data.i18n import Translator
from ...data.model import Size
from ...paper.face import FaceRenderer
from ...paper.imposition import new_canvas
from ...typeset.fonts import FontBook
from ...typeset.icons import build_icon_font
from .shared import Flow, _aid, _context, _warn_missing, pack

MARGIN = 12.0        # mm
HEADER = 22.0        # mm
GAP = 7.0            # mm between columns
COLUMNS = 2
BASE_SIZE, MIN_SIZE, STEP = 10.0, 6.0, 0.25


def aid_reference_pages(project: Project, game: GameData, options) -> int:
    return 1


def write_aid_reference(project: Project, game: GameData, lang: str, path: Path, options,
                        progress: Callable[[int], None] = lambda n: None) -> int:

    aid = _aid(project, game, lang)
    parts = sections(project, game, aid)
    entries = legend(project, game, lang)
    fonts = FontBook(project.root, project.fonts)
    typo = fonts.typography(lang)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    labels = Translator(project.root, lang, options.allow_missing)
    paper = project.sheets.papers[options.paper]
    layout = project.layouts["aids/reference"]
    ctx = _context(project, game, lang, layout, labels, {})
    canvas = new_canvas(path, options, project, labels("{game} — {title}", game=game.game.name.get(lang), title=labels("Player aid")), lang, fonts)

    # header: a layout drawn like a card face, as wide as the text block
    width = paper.width - 2 * MARGIN
    renderer = FaceRenderer(fonts, lang, icons)
    canvas.saveState()
    canvas.translate(MARGIN * mm, (paper.height - MARGIN - HEADER) * mm)
    renderer.draw(canvas, layout, Size(width=width, height=HEADER, radius=0), ctx, 0, "player aid (header)")
    canvas.restoreState()
    legend_heading = labels("Icon legend")
    accent = ctx["aid"]["accent"]

    column = (width - (COLUMNS - 1) * GAP) / COLUMNS * mm
    height = (paper.height - 2 * MARGIN - HEADER - 5) * mm
    flow = Flow(fonts, typo, icons, lang, accent)
    size = BASE_SIZE
    while size >= MIN_SIZE - 1e-6:
        blocks = flow.blocks(parts, entries, legend_heading, size, column)
        placed = pack(blocks, column, height, COLUMNS)
        if placed is not None:
            break
        size -= STEP
    else:
        raise BuildError(f"player aid {game.id}/{lang}: the reference does not fit on one "
                         f"{options.paper} page even at {MIN_SIZE} pt; shorten cards/{game.id}/aid/{lang}.yaml")
    top = (paper.height - MARGIN - HEADER - 5) * mm
    for col, y, flowable, h in placed:
        x = MARGIN * mm + col * (column + GAP * mm)
        flowable.drawOn(canvas, x, top - y - h)
    if COLUMNS > 1:
        canvas.setStrokeColor(accent)
        canvas.setLineWidth(0.3)
        for c in range(1, COLUMNS):
            x = MARGIN * mm + c * column + (c - 0.5) * GAP * mm
            canvas.line(x, top, x, MARGIN * mm)
    canvas.showPage()
    canvas.save()
    progress(1)
    _warn_missing(labels, game, lang, "player-aid.pdf")
    return 1
