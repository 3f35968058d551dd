"""The rules' figures (cards/*/rules/figures.yaml): each callout's leader reaches its card in a
straight line without crossing another card of the figure. Tournay's full district drew "Character:
its row and column" across the Hôpital and the Belfry to a Knight on the far side (a print
reviewer's finding, stop 46)."""
from __future__ import annotations

import pytest

from generator.loading.catalog import load_project
from generator.texts.figures import load_figures
from generator.texts.rules import load_rules
from generator.products.figures import leader_start, placed_cards, pointed_box
from tests.conftest import ROOT

GAMES = sorted(p.parent.parent.name for p in (ROOT / "cards").glob("*/rules/figures.yaml"))
MM = 72 / 25.4       # points in a mm (the dot's gap is in points)
CLEARANCE = 0.5      # mm: a leader may graze a neighbour's rounded corner, not run through it


def _crosses(a, b, box) -> bool:
    """Does the segment a-b pass through the rectangle (left, top, right, bottom)? (Liang-Barsky)"""
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _box(placed, size) -> tuple:
    """A placed card's rectangle in the figure's mm, less the clearance."""
    return (placed.x + CLEARANCE, placed.y + CLEARANCE, placed.x + size.width * placed.scale - CLEARANCE,
            placed.y + size.height * placed.scale - CLEARANCE)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("game", GAMES)
def test_no_callout_leader_crosses_another_card(game):
    """Each leader as rules.pdf draws it (products/figures.py: from the side of the box it names
    to the callout's text), in the figure's mm."""
    project = load_project(ROOT, [game])
    data = project.games[game]
    figures = load_figures(project, data, [s.id for s in load_rules(project, data, data.game.languages[0]).flat()])
    crossed = []
    for figure in figures.figures:
        boxes = [(placed, size, layout) for placed, (_deck, _card, size, layout)
                 in zip(figure.cards, placed_cards(project, data, figure))]
        for callout in figure.callouts:
            placed, size, layout = boxes[callout.card]
            bx, by, bw, bh = pointed_box(layout, size, callout)
            left, right = placed.x + bx * placed.scale, placed.x + (bx + bw) * placed.scale
            target = (leader_start(left, right, callout.x, 1.5 / MM), placed.y + (by + bh / 2) * placed.scale)
            text = (callout.x if callout.x >= target[0] else callout.x + callout.width, callout.y + 1.5)
            mine = _box(placed, size)
            for other, (place, osize, _layout) in enumerate(boxes):
                box = _box(place, osize)
                # a card of the target's own stack (San Gimignano's towers overlap) is not in the way
                if other != callout.card and not _overlap(box, mine) and _crosses(target, text, box):
                    crossed.append(f"{figure.id}: the callout to card {callout.card} ({place.card} in the way)")
    assert crossed == []


def _line_texts(para) -> list[str]:
    out = []
    for line in para.blPara.lines:
        if isinstance(line, tuple):             # plain paragraph: (extra space, words)
            out.append(" ".join(line[1]))
        else:                                   # styled fragments
            out.append("".join(getattr(w, "text", "") for w in line.words))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_german_callouts_are_never_hyphenated(game):
    """A callout is a label (issue 51, German editor: „Wirkung beim Aktivie-⏎ren“): a long word
    takes the next line whole."""
    from generator.products.figures import FigureMaker
    project = load_project(ROOT, [game])
    g = project.games[game]
    rules = load_rules(project, g, "de")
    maker = FigureMaker(project, g, "de")
    broken = []
    for figure in load_figures(project, g, [s.id for s in rules.flat()]).figures:
        for callout in [*figure.callouts, *figure.labels]:
            width = callout.width * MM
            para = maker.paragraph(callout.text.get("de"), width, 1.0)
            para.wrap(width, 1000)
            broken += [f"{figure.id}: {t!r}" for t in _line_texts(para)[:-1] if t.rstrip().endswith("-")]
    assert broken == []
