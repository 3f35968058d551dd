"""German register (issue 51): every player text says du, never ihr/euch/euer (the rules mixed both)."""
from __future__ import annotations

import re

from tests.content.test_glossary import shipped_texts

# ihr as a subject (a pronoun, not the possessive „ihr Bonus“), its objects and possessives, and
# plural imperatives opening a sentence or an item („Legt den Spielplan …“, „Mischt die …“).
IHR = re.compile(
    r"\b(?:euch|euer|eure[nmrs]?)\b"
    r"|\bIhr (?!Bonus|Besitzer|Wert|Feld|Rang|Volk)[a-zäöü]+(?:t|d)\b"
    # „mit ihr“, „seit ihr“: a preposition and the dative „ihr“ (her, it), not a verb and its subject
    r"|\b(?!(?:mit|seit|samt|nebst)\b)[A-Za-zäöüÄÖÜß]+t ihr\b(?! (?:Bonus|Besitzer|Wert|Feld|Rang|Volk|Platz|Tisch))"
    r"|(?:^|[.;:!?]\s+|-\s|\n\s*)(?:[A-ZÄÖÜ][a-zäöüß]+(?:t|et)) (?:den|die|das|einen|eine|jedem|alle|mehrere|fünf|danach|für)\b")
THIRD_PERSON = {"Zeigt", "Zählt", "Gilt", "Trifft", "Spielt", "Bringt", "Kostet", "Steht", "Liegt", "Hat", "Ist",
                "Wirkt", "Bleibt", "Kommt", "Endet", "Erhält", "Reicht", "Gibt", "Folgt", "Zerstört", "Landet",
                "Nicht"}      # not a verb: „Nicht alle Spieler …“


def test_german_player_texts_say_du_never_ihr():
    found = []
    for text in shipped_texts("de"):
        for m in IHR.finditer(text.text):
            first = m.group(0).strip(" -\n.;:!?").split(" ")[0]
            if first not in THIRD_PERSON:
                found.append(f"{text.where}: „{m.group(0).strip()}“")
    assert found == []


def test_the_scan_tells_a_subject_from_a_dative():
    assert IHR.search("Dann legt ihr die Karte ab.") and IHR.search("Mischt die Karten.")
    assert not IHR.search("Lege die Karte ab und tausche mit ihr einen Gast.")
