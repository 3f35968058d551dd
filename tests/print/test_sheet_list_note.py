"""The sheet list's note for a sheet of one piece is a sentence of its own: the deck list before it
ends in "×1" with no full stop, so « Cartes noble ×1 Un seul élément… » ran on (editor's pass, fr/de)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from generator.products.instructions import _sheet_rows


def _row(lang: str) -> str:
    sheet = SimpleNamespace(pieces=[SimpleNamespace(deck="nobles")], kind="duplex")
    plain = lambda text, **kw: text.format(**kw)    # noqa: E731 (the catalogue's English, as written)
    return _sheet_rows(plain, lang, [sheet], [(15, 16)], {"nobles": "Noble cards"})[0]


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_one_piece_note_follows_a_full_stop(lang):
    row = _row(lang)
    assert "×1. Only one piece on this sheet" in row, row


def test_the_japanese_note_follows_a_maru():
    assert "×1。Only one piece" in _row("ja")
