"""Duplex that lines up, checked geometrically on every cards PDF the project builds: page 2k is
the backs of page 2k-1, slot for slot, mirrored for the flip edge; cards without a back leave
their mirrored slot empty; sheets are filled across decks of one size."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from pypdf import PdfReader

from generator.data.catalog import load_project
from tests.conftest import ROOT, pnp

PLACED = re.compile(rb"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.(\S+) Do")
GAMES = ["san-gimignano", "tournay", "taverna"]


def placements(page) -> list[tuple[str, float, float]]:
    """(form name, x, y) of every face drawn on a page: the translation before each Do."""
    data = page.get_contents().get_data()
    return [(name.decode(), float(x), float(y)) for x, y, name in PLACED.findall(data)]


def form_size(reader: PdfReader, page, name: str) -> tuple[float, float]:
    """A face's trim size: its form BBox is the card grown by the bleed on every side."""
    x0, y0, x1, y1 = (float(v) for v in page["/Resources"]["/XObject"][f"/FormXob.{name}"]["/BBox"])
    return x1 + x0, y1 + y0


def backs_of(game_id: str) -> dict[str, str | None]:
    """deck id -> the back form's name suffix, from the card data."""
    game = load_project(ROOT, [game_id]).games[game_id]
    return {deck.deck: f"{game_id}.{deck.deck}.back" if deck.back else None for deck in game.decks}


def card_back(backs: dict[str, str | None]):
    """front form -> its back form: cards.pdf names faces <game>.<deck>.<card>."""
    return lambda front: backs[front.split(".", 2)[1]]


def aid_back(front: str) -> str:
    """player-aid-card.pdf names faces aid.<game>.<n>.front and aid.<game>.<n>.back."""
    return front.removesuffix(".front") + ".back"


def check_pairs(path, expected_back, duplex: str) -> int:
    reader = PdfReader(path)
    pages = reader.pages
    assert len(pages) % 2 == 0, f"{path}: {len(pages)} pages cannot pair fronts with backs"
    width, height = (float(v) for v in pages[0].mediabox[2:])
    checked = 0
    for k in range(0, len(pages), 2):
        fronts, backs_page = placements(pages[k]), placements(pages[k + 1])
        assert fronts, f"{path}: page {k + 1} should be a fronts page"
        assert not any(name.endswith(".back") for name, _x, _y in fronts)
        want = Counter()
        for name, x, y in fronts:
            back = expected_back(name)
            if back is None:
                continue
            w, h = form_size(reader, pages[k], name)
            mx, my = (width - x - w, y) if duplex == "long" else (x, height - y - h)
            want[(back, round(mx, 1), round(my, 1))] += 1
        got = Counter((name, round(x, 1), round(y, 1)) for name, x, y in backs_page)
        assert got == want, f"{path}: page {k + 2} is not the mirror of page {k + 1}"
        checked += 1
    return checked


@pytest.mark.parametrize("game", GAMES)
def test_every_backs_page_mirrors_its_fronts_long_edge(built, game):
    out = built(game) / game
    backs = backs_of(game)
    for lang in ["fr", "en", "de", "ja"]:
        assert check_pairs(out / lang / "cards.pdf", card_back(backs), "long") >= 1
        assert check_pairs(out / lang / "player-aid-card.pdf", aid_back, "long") >= 1


def test_short_edge_and_deck_per_sheet(tmp_path):
    out = tmp_path / "out"
    result = pnp("build", "taverna", "--lang", "en", "--only", "cards", "--duplex", "short",
                 "--deck-per-sheet", "--out", str(out))
    assert result.exit_code == 0, result.output
    # 10 decks, one each on its own sheets, but the client cards deck holds no printable card yet
    assert check_pairs(out / "taverna" / "en" / "cards.pdf", card_back(backs_of("taverna")), "short") == 9


def test_sheets_are_filled_across_decks(built):
    """Tournay: 126 poker cards in 17 decks fill 14 sheets (28 pages), not one sheet per deck."""
    reader = PdfReader(built("tournay") / "tournay" / "en" / "cards.pdf")
    assert len(reader.pages) == 28
    fronts = [placements(page) for page in reader.pages[0::2]]
    assert [len(f) for f in fronts] == [9] * 14
    # deck order is kept: the first sheet starts with yellow I, the last ends with the plazas
    assert fronts[0][0][0].startswith("tournay.yellow-1.") and fronts[-1][-1][0].startswith("tournay.plazas.")


def test_fronts_only_without_duplex(tmp_path):
    out = tmp_path / "out"
    result = pnp("build", "tournay", "--lang", "en", "--only", "cards", "--duplex", "none", "--out", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(out / "tournay" / "en" / "cards.pdf")
    assert len(reader.pages) == 14
    assert not any(name.endswith(".back") for page in reader.pages for name, _x, _y in placements(page))
