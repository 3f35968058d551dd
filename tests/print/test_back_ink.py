"""Issue 50, item 9: the default card backs are light (solid full-bleed duplex backs curl the
paper and worsen back drift), measured on the built cards.pdf of every game and language; the
ink-saver version stays lighter still. The figures: `python benchmarks/back_ink.py OUTPUT_DIR`."""
from __future__ import annotations

import pytest

from tests.print.ink_checks import LIMIT, back_ink

GAMES = ("san-gimignano", "tournay", "taverna")
LANGS = ("en", "fr", "de", "ja")


@pytest.mark.slow   # about 10 s: every back of 24 PDFs rendered (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("game", GAMES)
def test_every_default_back_is_light_and_the_ink_saver_lighter(built, game):
    heavy, not_saved = [], []
    for lang in LANGS:
        folder = built(game) / game / lang
        default = back_ink(folder / "cards.pdf")
        assert default, f"{game}/{lang}: no back found in cards.pdf"
        heavy += [(lang, form, ink) for form, ink in default.items() if ink > LIMIT]
        whole = back_ink(folder / "cards.pdf", inked_only=False)
        saver = back_ink(folder / "cards-ink-saver.pdf", inked_only=False)
        assert saver.keys() == whole.keys(), lang
        not_saved += [(lang, form, whole[form], saver[form]) for form in whole if not saver[form] < whole[form]]
    assert not heavy, f"backs over {LIMIT:.0f} % C+M+Y on their inked area: {heavy}"
    assert not not_saved, f"ink-saver backs not lighter than the default (whole trim, %): {not_saved}"
