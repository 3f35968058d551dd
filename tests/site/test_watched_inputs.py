"""`pnp build --watch`, `pnp serve` and the studio watch one list of inputs (issue 52: an edited
spreadsheet, art or font was not rebuilt by --watch or serve)."""
from __future__ import annotations

import os

import pytest

from generator.site.serve import snapshot
from generator.studio.session import Studio
from tests.authoring.helpers import add_deck, new_game


@pytest.mark.parametrize("edited", ["goods.csv", "art/coin.png", "fonts/Narrow.ttf"])
def test_an_edit_to_any_file_the_build_reads_is_seen(tmp_path, edited):
    game = new_game(tmp_path)
    add_deck(game, "goods", "deck: goods\nname: {en: Goods}\ncards_from: goods.csv\n")
    for name in ("goods.csv", "art/coin.png", "fonts/Narrow.ttf"):
        (game / name).parent.mkdir(exist_ok=True)
        (game / name).write_bytes(b"id,name\n")
    before = snapshot(tmp_path)
    assert before == Studio(tmp_path, None, None, "").snapshot()      # one list for all three
    (game / edited).write_bytes(b"id,name\nlamp,Lamp\n")
    os.utime(game / edited, ns=(1, 1))
    assert snapshot(tmp_path) != before
