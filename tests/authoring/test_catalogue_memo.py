"""Translation catalogues are parsed once per content per process (reading/i18n.py): a copied
project reuses the parse, and an edited .po is read again whatever its size and time say."""
from __future__ import annotations

import os

from babel.messages import pofile

from generator.reading.i18n import load_catalogue
from tests.pipeline.helpers import project_copy, replace_in

GAME = "san-gimignano"


def test_an_edit_of_the_same_size_and_time_is_read_again(tmp_path):
    root = project_copy(tmp_path, (GAME,))
    catalogue = root / "locales" / "fr" / "LC_MESSAGES" / "pnp.po"
    assert load_catalogue(root, "fr")["Donazione"] == "Donazione"
    before = catalogue.stat()
    replace_in(catalogue, 'msgid "Donazione"\nmsgstr "Donazione"', 'msgid "Donazione"\nmsgstr "Donaxione"')
    os.utime(catalogue, ns=(before.st_atime_ns, before.st_mtime_ns))    # an editor or a copy keeping the time
    assert catalogue.stat().st_size == before.st_size
    assert load_catalogue(root, "fr")["Donazione"] == "Donaxione"


def test_a_copied_project_reuses_the_parse(tmp_path, monkeypatch):
    first = project_copy(tmp_path / "a", (GAME,))
    second = project_copy(tmp_path / "b", (GAME,))
    expected = load_catalogue(first, "de")
    parsed = []
    real = pofile.read_po
    monkeypatch.setattr(pofile, "read_po", lambda *a, **k: parsed.append(1) or real(*a, **k))
    assert load_catalogue(second, "de") == expected
    assert parsed == []
