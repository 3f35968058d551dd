"""French typography of the shipped texts that a rule can read from the data (issue 51)."""
from __future__ import annotations

import re

from tests.content.test_glossary import shipped_texts

# After a colon French goes on in lower case (« Facultatif : activez un notable »). A capital is
# a name: a card or deck named after the colon (« Condition 2 : Crieurs »), an abbreviation.
AFTER_COLON = re.compile(r"\S[ \u00a0\u202f]:[ \u00a0\u202f]+[*_]*([A-ZÀÂÉÈÊÎÔÛÇ][\w’'-]*)")
NAMES = {"Crieurs", "PV", "B7", "Donazione", "Fred"}      # Fred: a credited person


def test_french_goes_on_in_lower_case_after_a_colon():
    found = [f"{t.where}: « …{m.group(0)} »" for t in shipped_texts("fr")
             for m in AFTER_COLON.finditer(t.text) if m.group(1) not in NAMES and not m.group(1).isupper()]
    assert found == []


# --- issue 51, second French reading ----------------------------------------------------------

from tests.content.shipped import aid, aid_text, all_strings, rules  # noqa: E402

MATH_IN_PROSE = re.compile(r"[≥≤]|\d\+ ")


def test_rules_and_aids_write_comparisons_in_words():
    """« ≥ joueurs + 1 », « 5+ étages » in running text read as formulas; the score pads keep them."""
    found = [s for game in ("tournay", "san-gimignano", "taverna")
             for s in all_strings(rules(game, "fr")) + all_strings(aid(game, "fr")) if MATH_IN_PROSE.search(s)]
    assert found == []


def test_san_gimignano_aid_says_who_deals():
    """« L'adversaire du donneur commence » alone: the aid must stand alone (rulebook: the oldest deals)."""
    assert "plus âgé donne" in aid_text("san-gimignano", "fr")


def test_aid_card_score_tables_head_the_method_column_calcul():
    from tests.content.shipped import ROOT
    for game in ("tournay", "san-gimignano", "taverna"):
        text = (ROOT / "cards" / game / "aid-card" / "fr.yaml").read_text(encoding="utf-8")
        assert "[Catégorie, Calcul, Points]" in text and "Comment," not in text, game
