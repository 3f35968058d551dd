"""A native German editor's fourth reading (issue 51, /tmp/derev4): what the glossary cannot say
as a word list. Each test failed on the text the editor read."""
from __future__ import annotations

import re

import pytest

from .shipped import CARDS, LANGS, all_strings, load

INSTEAD = {"de": "stattdessen", "en": "instead", "fr": "à la place", "ja": "代わりに"}


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_influence_moves_the_activation(lang):
    """Rulebook 004 (in bold): the lyre lets you activate a notable in another tavern *instead*;
    the A4 aid read as a second activation („Aktiviere einen Würdenträger in beliebiger Taverne“)."""
    lines = [s for s in all_strings(load(CARDS / "taverna" / "aid" / f"{lang}.yaml")) if ":lyre:" in s]
    assert lines and all(INSTEAD[lang] in s for s in lines), lines
