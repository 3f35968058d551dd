"""Taverna texts against the French rulebook (seeds 004), in every language."""
from __future__ import annotations

import pytest

from .shipped import LANGS, ROOT, card, deck, section

GAME = "taverna"

FIREWORKS = {"fr": "Feu d'artifice", "en": "Fireworks", "de": "Feuerwerk", "ja": "花火"}


@pytest.mark.parametrize("lang", LANGS)
def test_archmage_line_counts_fireworks_double(lang):
    """The rulebook's turn example relies on Feu d'artifice counting as two spells cast."""
    line = next(l for l in section(GAME, lang, "royal-scoring").splitlines() if "[[archimage]]" in l)
    assert "[[feu-d-artifice]]" in line
    assert FIREWORKS[lang] in card(GAME, "castle", "archimage")["text"][lang]
    assert card(GAME, "spells", "feu-d-artifice")["props"]["archimage"] == 2


def test_move_client_favour_records_the_disagreement():
    """Favour list: 2 sous to each owner; the turn example pays 3. The choice is written beside it."""
    favour = card(GAME, "royal-favours", "move-client")
    assert "2 :sous:" in favour["text"]["fr"] and "2 :sous:" in favour["text"]["en"]
    assert "2" in favour["source"] and "3 sous" in favour["source"]


OWN_NAMES = {"fr": "de ce projet", "en": "this project's own", "de": "von diesem Projekt", "ja": "本プロジェクト独自"}


@pytest.mark.parametrize("lang", LANGS)
def test_rules_say_favour_names_are_the_projects(lang):
    assert OWN_NAMES[lang] in section(GAME, lang, "favours")


def test_readme_and_fidelity_notes_name_the_invented_favour_names():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    games = readme.split("## Games", 1)[1].split("\n## ", 1)[0]
    fidelity = (ROOT / "docs" / "fidelity.md").read_text(encoding="utf-8")
    for entry in deck(GAME, "royal-favours")["cards"]:
        assert entry["name"]["fr"] in fidelity, entry["id"]
    assert "Déménagement" in games and "own" in games
