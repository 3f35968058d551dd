"""San Gimignano texts against the French rulesheet (seeds 001), in every language."""
from __future__ import annotations

import re

import pytest

from .shipped import LANGS, aid_text, card, section

GAME = "san-gimignano"


# Nobles: "autant de cartes noble que l'adversaire en a utilisé plus une", and a Giostra played
# when the opponent catches up leaves its player two ahead. "Never more than one ahead" is wrong.
TWO_AHEAD = {"fr": "deux", "en": "two ahead", "de": "zwei voraus", "ja": "2枚差"}
NEVER_ONE_MORE = {"fr": "plus d'un noble de plus", "en": "more than one noble more",
                  "de": "mehr als einen Adligen mehr", "ja": "2枚以上多く"}
# The Japanese aid names the noble in katakana (glossary/ja.yaml), the rules link [[giostra]].
GIOSTRA = {"fr": "giostra", "en": "giostra", "de": "giostra", "ja": ("giostra", "ジョストラ")}


@pytest.mark.parametrize("lang", LANGS)
def test_noble_limit_allows_two_ahead_after_giostra(lang):
    for where, text in (("rules", section(GAME, lang, "nobles")), ("aid", aid_text(GAME, lang))):
        assert NEVER_ONE_MORE[lang] not in text, f"{where} {lang}: the old 'never one more' rule"
        names = GIOSTRA[lang] if isinstance(GIOSTRA[lang], tuple) else (GIOSTRA[lang],)
        assert any(n in text.lower() for n in names) and TWO_AHEAD[lang] in text, f"{where} {lang}: Giostra, two ahead"


# Tower 9 (Commerce): take one card per floor from the opponent, then give back floors minus one
# cards chosen *from your hand* (not "all but one of the cards taken").
FROM_YOUR_HAND = {"fr": "de votre main", "en": "from your hand", "de": "aus deiner Hand", "ja": "自分の手札から"}


@pytest.mark.parametrize("lang", LANGS)
def test_trade_gives_back_from_your_hand(lang):
    text = card(GAME, "towers", "tower-9")["text"][lang]
    assert FROM_YOUR_HAND[lang] in text
    assert "sauf une" not in text
    assert FROM_YOUR_HAND[lang] in section(GAME, lang, "donazione")


# Guard (5): "even your own" concerns the 10 (Conspiration) only: a 9 never targets its builder.
OWN_TEN = {"fr": r"votre propre 10", "en": r"your own 10", "de": r"eigenen? 10", "ja": r"自分の10"}


@pytest.mark.parametrize("lang", LANGS)
def test_guard_own_effect_is_the_ten(lang):
    assert re.search(OWN_TEN[lang], card(GAME, "towers", "tower-5")["text"][lang])
    assert re.search(OWN_TEN[lang], section(GAME, lang, "donazione"))
