"""Duplex that lines up, checked geometrically on every cards PDF the project builds: after the
instructions sheet, each fronts page whose pieces have backs is followed by its backs page,
slot for slot, mirrored for the flip edge; pieces without a back are on single-sided pages at
the end, never on a duplex sheet (two print jobs); no page is blank."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.conftest import ROOT, pnp

PLACED = re.compile(rb"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.(\S+) Do")
GAMES = ["san-gimignano", "tournay", "taverna"]
INSTRUCTIONS = 2     # cards.pdf opens with a whole sheet of instructions


def placements(page) -> list[tuple[str, float, float]]:
    """(form name, x, y) of every face drawn on a page: the translation before each Do."""
    content = page.get_contents()
    data = content.get_data() if content is not None else b""
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


def mirror(reader, page, fronts, expected_back, duplex: str, width: float, height: float) -> Counter:
    want = Counter()
    for name, x, y in fronts:
        back = expected_back(name)
        if back is None:
            continue
        w, h = form_size(reader, page, name)
        mx, my = (width - x - w, y) if duplex == "long" else (x, height - y - h)
        want[(back, round(mx, 1), round(my, 1))] += 1
    return want


def check_pairs(path, expected_back, duplex: str, skip: int = INSTRUCTIONS) -> tuple[int, int]:
    """(duplex sheets, single-sided pages) of a file, asserting the duplex rules on the way."""
    reader = PdfReader(path)
    pages = reader.pages
    width, height = (float(v) for v in pages[0].mediabox[2:])
    k, duplex_sheets, singles = skip, 0, 0
    while k < len(pages):
        fronts = placements(pages[k])
        assert fronts, f"{path}: page {k + 1} is blank"
        assert not any(name.endswith(".back") for name, _x, _y in fronts), f"{path}: page {k + 1} starts with backs"
        want = mirror(reader, pages[k], fronts, expected_back, duplex, width, height)
        if not want:                      # a single-sided sheet: only more of them may follow
            singles += 1
            k += 1
            continue
        assert not singles, f"{path}: duplex page {k + 1} after a single-sided page"
        assert k + 1 < len(pages), f"{path}: page {k + 1} has no backs page"
        got = Counter((name, round(x, 1), round(y, 1)) for name, x, y in placements(pages[k + 1]))
        assert got == want, f"{path}: page {k + 2} is not the mirror of page {k + 1}"
        duplex_sheets += 1
        k += 2
    return duplex_sheets, singles


@pytest.mark.parametrize("game", GAMES)
def test_every_backs_page_mirrors_its_fronts_long_edge(built, game):
    out = built(game) / game
    backs = backs_of(game)
    for lang in ["fr", "en", "de", "ja"]:
        assert check_pairs(out / lang / "cards.pdf", card_back(backs), "long")[0] >= 1
        assert check_pairs(out / lang / "player-aid-card.pdf", aid_back, "long", skip=0)[0] >= 1


def test_short_edge_and_deck_per_sheet(tmp_path):
    out = tmp_path / "out"
    result = pnp("build", "taverna", "--lang", "fr", "--only", "cards", "--duplex", "short",
                 "--deck-per-sheet", "--out", str(out))
    assert result.exit_code == 0, result.output
    # 3 decks with backs (royal favours, spells, reference cards: the client cards deck holds no
    # card yet), each on its own duplex sheet; the 6 decks without a back each on their own
    # single-sided sheet
    assert check_pairs(out / "taverna" / "fr" / "cards.pdf", card_back(backs_of("taverna")), "short") == (3, 6)


def test_sheets_are_filled_across_decks(built):
    """Tournay on A4: 126 cards, all with a back, fill 14 duplex sheets exactly: the 4 plazas
    (a plain back) take the 4 slots the last 5 events leave (print review 4: they had a
    one-sided 15th sheet of their own). 28 pages after the instructions, no blank page."""
    reader = PdfReader(built("tournay") / "tournay" / "fr" / "cards.pdf")
    assert len(reader.pages) == INSTRUCTIONS + 28
    fronts = [placements(page) for page in reader.pages[INSTRUCTIONS:INSTRUCTIONS + 28:2]]
    assert [len(f) for f in fronts] == [9] * 14
    # deck order is kept among cards that look alike at their edges: the first sheet starts with
    # yellow I; the last one ends with the plazas
    assert fronts[0][0][0].startswith("tournay.yellow-1.")
    assert [name.split(".")[1] for name, _x, _y in fronts[-1]] == ["events"] * 5 + ["plazas"] * 4
    assert sum(name.endswith(".back") for page in reader.pages for name, _x, _y in placements(page)) == 126


def test_no_blank_pages_and_taverna_keeps_one_size_a_sheet(built):
    """The cards without a back go onto single-sided sheets at the end: no blank backs page.
    One rectangle size per sheet: favours, then spells with the reference cards (duplex); the
    notables with the castle scorings, client tiles, tokens (one side): 5 sheets (issue 50: 6,
    when the reference cards had no back and took a one-sided sheet for three)."""
    backs = backs_of("taverna")
    for lang in ["fr", "de", "ja"]:
        path = built("taverna") / "taverna" / lang / "cards.pdf"
        assert len(PdfReader(path).pages) == INSTRUCTIONS + 2 * 2 + 3
        duplex, singles = check_pairs(path, card_back(backs), "long")
        assert (duplex, singles) == (2, 3)


def test_fronts_only_without_duplex(tmp_path):
    out = tmp_path / "out"
    result = pnp("build", "tournay", "--lang", "fr", "--only", "cards", "--duplex", "none", "--out", str(out))
    assert result.exit_code == 0, result.output
    reader = PdfReader(out / "tournay" / "fr" / "cards.pdf")
    assert len(reader.pages) == INSTRUCTIONS + 14
    assert not any(name.endswith(".back") for page in reader.pages for name, _x, _y in placements(page))


@pytest.mark.parametrize("game, single", [("taverna", "Pages 7–9:"), ("tournay", None)])
def test_instructions_name_the_single_sided_pages(built, game, single):
    """English on Letter: the instructions name the single-sided pages the file really ends with
    (as a span), and none where every piece has a back (Tournay's plazas: print review 4)."""
    reader = PdfReader(built(game) / game / "en" / "cards.pdf")
    last_duplex = max(k + 1 for k, page in enumerate(reader.pages)
                      if any(name.endswith(".back") for name, _x, _y in placements(page)))
    text = " ".join(reader.pages[0].extract_text().split())
    if single is None:
        assert last_duplex == len(reader.pages) and "print on one side only" not in text
    else:
        assert int(re.search(r"\d+", single).group()) == last_duplex + 1
        assert f"{single} print on one side only" in text
    # the card stock starts at the first card sheet: pages 1-2 are the instructions, on their own
    assert f"Pages 3–{last_duplex}: print on both sides" in text
    assert "Pages 1–2 are this sheet" in text
