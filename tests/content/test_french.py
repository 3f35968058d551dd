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
