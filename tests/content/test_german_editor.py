"""A native German editor's second reading (issue 51): what the glossary cannot say as a word list.

The wording fixes themselves are forbidden variants in glossary/de.yaml (test_glossary.py); here
the register of the aid cards and the Courthouse's payment, which every language must agree on.
"""
from __future__ import annotations

import re

import pytest

from .shipped import CARDS, LANGS, all_strings, card, load, rules_text

GAMES = sorted(p.name for p in CARDS.iterdir() if (p / "aid-card" / "de.yaml").exists())

# Verbs the aid cards use; a clause ending in one of them, lower case, is an infinitive note
# („Kosten zahlen“, „Bonus nehmen“) beside the du imperatives („Bezahle …“, „Nimm …“).
INFINITIVES = ("nehmen legen darauflegen setzen zahlen bezahlen ziehen ansehen behalten entfernen aktivieren "
               "verkaufen nutzen wählen bauen spielen kaufen tauschen erhöhen vollenden ausrufen auffüllen").split()
CLAUSE_END = re.compile(r"([^.;:(),→]+?)\s*(?:[.;:(),→]|$)")
MODAL = re.compile(r"\b(?:darf|darfst|muss|musst|kann|kannst|zu)\b")
MARKUP = re.compile(r"\*\*[^*]+\*\*|\{\{.*?\}\}|\{%.*?%\}|:[\w-]+:|[*]")


@pytest.mark.parametrize("kind", ["aid-card", "aid"])
@pytest.mark.parametrize("game", GAMES)
def test_german_aids_speak_in_du_imperatives(game, kind):
    """One register per file: each instruction is a du imperative, as in the rules; an action's
    bold name („**Steine kaufen**:“) and a heading are names, not instructions."""
    found = []
    for text in all_strings(load(CARDS / game / kind / "de.yaml")):
        plain = MARKUP.sub(" ", text)
        if not re.search(r"[.;:]", plain) and len(plain.split()) <= 3:
            continue        # a heading names a step („Karte legen“)
        for clause in CLAUSE_END.findall(plain):
            words = clause.split()
            if words and words[-1] in INFINITIVES and not MODAL.search(clause):
                found.append(f"„{clause.strip()}“ in „{text[:60]}…“")
    assert found == []


def test_courthouse_pays_three_deniers_in_every_language():
    """The French rulebook (000) and the card summary in gamedata (S1) say 3; the English rulebook
    (002) says 4 from a single richest player but 3 when tied; the Japanese guide (003) leaves the
    expansion out. Every language prints 3, both for one richest player and for a tie."""
    texts = card("tournay", "red-2-expansion", "expansion-red-2-courthouse")["text"]
    for lang in LANGS:
        amounts = re.findall(r"\d+", texts[lang])
        assert amounts == ["3", "3"], (lang, texts[lang])


# Third reading (issue 51, German editor): facts every language had to say the same way.
CURSE = {"fr": "Malédiction", "en": "Curse", "de": "Fluchkarte", "ja": "呪い"}
THIRD = {"fr": "troisième", "en": "third", "de": "dritte", "ja": "残る1枚"}


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_setup_says_whether_the_curse_card_is_dealt(lang):
    """gamedata: the 32 spell cards include an optional Curse card. The setup line that deals 3
    spells says it goes in only when played with, not „3 of the 32“."""
    text = rules_text("taverna", lang)
    assert CURSE[lang] in text, lang


@pytest.mark.parametrize("deck_name", ["white-1-expansion", "white-2-expansion"])
def test_abbey_says_where_the_third_card_goes(deck_name):
    """Rulebook 000: the Abbey turns up the top card of the three decks and you keep 2; the third
    was turned up in place, so it stays face up on its deck, in every language."""
    level = deck_name.split("-")[1]
    texts = card("tournay", deck_name, f"expansion-white-{level}-abbey")["text"]
    for lang in LANGS:
        assert THIRD[lang] in texts[lang], (lang, texts[lang])


def test_taverna_pad_keeps_the_unused_spell_formula_on_one_line():
    """German editor: „(ungenutzter ✦ ⏎ = 1 ●)“ split the Grand Argentier's formula on the pad;
    its spaces are no-break spaces."""
    strings = "\n".join(all_strings(load(CARDS / "taverna" / "aid-card" / "de.yaml")))
    formula = re.search(r"\(ungenutzter.*?\)", strings)
    assert formula, "the pad names the unused spells"
    assert " " not in formula.group(0), formula.group(0)


def test_tournay_pad_says_the_rulebook_gives_no_tie_break():
    """The other pads end on a tie line; Tournay's rulebooks (000, 002, 003) give no tie-break in
    any language, so the pad (and its aid card) says so, and does not make one up („geteilter
    Sieg“, the fourth German reading)."""
    for lang, said, invented in (("de", "sieht dafür nichts vor", "geteilt"), ("en", "no tie-break", "shared"),
                                 ("fr", "pas de départage", "partagée"), ("ja", "ルールにありません", "分け合")):
        tables = [b["table"] for side in load(CARDS / "tournay" / "aid-card" / f"{lang}.yaml")["sides"]
                  for b in side.get("blocks", []) if "table" in b]
        ties = [t["tie"] for t in tables if t.get("tie")]
        assert ties and all(said in tie and invented not in tie for tie in ties), (lang, ties)
