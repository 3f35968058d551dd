"""Sheet labels and print notes stay on the paper, inside the margin an office printer prints, and
clear of the crop marks (issue 50): every character of the card sheets (all three versions), the
calibration page and the card-sized aids, every game and language."""
from __future__ import annotations

import pytest

from tests.pdfs import open_pdf

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
FILES = ["cards.pdf", "cards-fold-over.pdf", "cards-ink-saver.pdf", "calibration-page.pdf", "player-aid-card.pdf"]
MM = 72 / 25.4
PRINTABLE = 4.0       # mm from the paper edge (layouts/sheets.yaml `margin`)
MARK_ZONE = 15.0      # mm: crop marks live in the margins (the calibration page's rulers do not)


def _black(line) -> bool:
    return tuple(line.get("stroking_color") or (0,)) in ((0,), (0, 0, 0), (0.0,), (0.0, 0.0, 0.0))


def _problems(path) -> list[str]:
    out = []
    with open_pdf(path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            width, height = float(page.width), float(page.height)
            marks = [m for m in page.lines if _black(m)
                     and max(m["x1"] - m["x0"], m["bottom"] - m["top"]) < 12 * MM
                     and min(m["x0"], m["top"], width - m["x1"], height - m["bottom"]) < MARK_ZONE * MM]
            for c in page.chars:
                if not c["text"].strip():
                    continue
                edge = min(c["x0"], c["top"], width - c["x1"], height - c["bottom"]) / MM
                if edge < PRINTABLE - 0.01:
                    out.append(f"p. {number} {c['text']!r} {edge:.2f} mm from the paper edge")
                for m in marks:
                    half = m["linewidth"] / 2
                    if c["x0"] < m["x1"] + half and c["x1"] > m["x0"] - half \
                            and c["top"] < m["bottom"] + half and c["bottom"] > m["top"] - half:
                        out.append(f"p. {number} {c['text']!r} crosses the crop mark at "
                                   f"{m['x0'] / MM:.1f}, {m['top'] / MM:.1f} mm")
    return out


@pytest.mark.slow   # about 100 s: every character of 60 files
@pytest.mark.parametrize("game", GAMES)
def test_text_stays_inside_the_margin_and_off_the_crop_marks(built, game):
    for lang in LANGS:
        for name in FILES:
            problems = _problems(built(game) / game / lang / name)
            assert not problems, f"{game}/{lang}/{name}: {len(problems)} characters, first {problems[0]}"


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_labels_keep_6_mm_from_the_edge(built, lang):
    """Where the margin allows it (Taverna's sheets leave the blank), a label keeps 6 mm from the
    paper's edge, past where many printers clip (the turned labels of pp. 3-4 sat at 4.0-4.5 mm)."""
    with open_pdf(built("taverna") / "taverna" / lang / "cards.pdf") as pdf:
        for number, page in enumerate(pdf.pages[2:], 3):
            width, height = float(page.width), float(page.height)
            edge = min(min(c["x0"], c["top"], width - c["x1"], height - c["bottom"])
                       for c in page.chars if c["text"].strip()) / MM
            assert edge >= 6.0 - 0.01, f"taverna/{lang}/cards.pdf p. {number}: a label {edge:.2f} mm from the edge"


@pytest.mark.slow   # 2-4 s: three A4 cards.pdf per game
@pytest.mark.parametrize("game", GAMES)
def test_a4_sheet_labels_stand_upright(built, game):
    """Where the top or the bottom margin has room (every A4 sheet), the label stands there upright:
    Taverna's tile and token sheets turned theirs up the side, read sideways and measured by their
    advance (2 pt). Letter's three poker rows leave no band, so its labels still turn."""
    for lang in ("fr", "de", "ja"):
        with open_pdf(built(game) / game / lang / "cards.pdf") as pdf:
            turned = [(number, c["text"]) for number, page in enumerate(pdf.pages, 1) for c in page.chars
                      if not c["upright"] and c["x0"] < 15 * MM and c["text"].strip()]
            assert not turned, f"{game}/{lang}: turned label glyphs, first on p. {turned[0][0]}"
