"""Characters a card text may not hold: the check lives with the YAML loader
(datafile/characters.py), which applies it to every file after decoding; the generator's
loaders name it from here."""
from __future__ import annotations

from datafile.characters import ALLOWED_CONTROLS, BIDI_OVERRIDES, character_problems, odd_character, strings

__all__ = ["ALLOWED_CONTROLS", "BIDI_OVERRIDES", "character_problems", "odd_character", "strings"]
