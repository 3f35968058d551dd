"""Issue 51, third French editor's reading (/tmp/frrev3): meaning risks and wording, checked on
the shipped data. Where the same fact was missing in every language, every language is checked."""
from __future__ import annotations

import re

import pytest

from tests.content.shipped import CARDS, LANGS, aid_card_text, aid_text, card, rules_text

NBSP = "\u00a0"


def _pad_template(game: str, lang: str, key_start: str) -> str:
    """The `pad:` template of the aid-card row whose key list starts with `key_start`."""
    text = (CARDS / game / "aid-card" / f"{lang}.yaml").read_text(encoding="utf-8")
    match = re.search(rf"key: \[?{key_start}\b.*\n\s*pad: (.*)", text)
    assert match, f"{game}/{lang}: no pad row for {key_start}"
    return match.group(1)


# item 1: the castle rows of the Taverna pad say each player takes one (two with 2 players); once,
# above the rows (`pad_note`), not in the King's row alone (German editor 4, item 11)
ONE_CASTLE = {"fr": "un seul par joueur", "en": "only one per player",
              "de": "Jeder wählt nur eine", "ja": "1人1つまで（2人なら2つまで）"}


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_pad_says_one_castle_scoring_each(lang):
    text = (CARDS / "taverna" / "aid-card" / f"{lang}.yaml").read_text(encoding="utf-8")
    note = re.search(r"pad_note: (.*)", text)
    assert note and ONE_CASTLE[lang] in note.group(1)
    assert ONE_CASTLE[lang] not in _pad_template("taverna", lang, "roy")


# item 2: setup shuffles the spells and says what happens to the optional Curse card
SHUFFLE = {"fr": ("Mélangez les 32 cartes sort", "Malédiction"), "en": ("Shuffle the 32 spell cards", "Curse"),
           "de": ("Mische die 32 Zaubersprüche", "Fluchkarte"), "ja": ("混ぜて", "呪いカード")}


@pytest.mark.parametrize("lang", LANGS)
def test_taverna_setup_shuffles_the_spells_and_names_the_curse(lang):
    setup = rules_text("taverna", lang)
    assert all(part in setup for part in SHUFFLE[lang])


# item 6: « ôtez ✕ et habitants gris » read ✕ as the Rassembler icon: the words, not the icon
@pytest.mark.parametrize("lang", ("fr", "en", "de"))
def test_tournay_gather_names_the_damage_markers_in_words(lang):
    for text in (aid_card_text("tournay", lang), aid_text("tournay", lang)):
        gather = next(line for line in text.splitlines() if line.startswith(("**Rassembler", "**Gather",
                                                                               "**Versammeln")))
        assert ":damage:" not in gather


# item 7: one wording for Conspiration's « yours too »
def test_conspiration_says_y_compris_l_une_des_votres_everywhere():
    texts = [rules_text("san-gimignano", "fr"), aid_card_text("san-gimignano", "fr"),
             card("san-gimignano", "towers", "tower-10")["text"]["fr"]]
    assert all("y compris l'une des vôtres" in t for t in texts)


# item 8: closing is announced by choice (rulebook: « vous pouvez annoncer « Fermer » »)
def test_san_gimignano_aid_card_closing_is_optional():
    assert "vous pouvez annoncer « Fermer ! »" in aid_card_text("san-gimignano", "fr")
    assert "you may announce it" in aid_card_text("san-gimignano", "en")


# item 9: the goal names the tallest *uniform* tower of each rank
def test_san_gimignano_goal_says_tour_unie():
    assert "la plus haute tour unie de chaque rang" in rules_text("san-gimignano", "fr")


# item 10: the prestige formula brackets « bâtisseur 4 / autres 2 » before the multiplication
@pytest.mark.parametrize("lang", ("fr", "en", "de"))
def test_tournay_pad_brackets_the_prestige_values(lang):
    text = next(line for line in (CARDS / "tournay" / "aid-card" / f"{lang}.yaml").read_text(encoding="utf-8")
                .splitlines() if "prestige.counts.what" in line)
    assert re.search(r"\((?:bâtisseur|builder|Erbauer)" + NBSP, text) and "(≤ 12)" not in text


# items 21, 22: the aid card names its end conditions and says « révélés » in words, one colon a sentence
def test_tournay_aid_card_end_conditions_are_named_and_in_words():
    text = aid_card_text("tournay", "fr")
    assert "**Condition 1**" in text and "(joueurs + 1)" not in text
    assert "cachées (la visible glissée cachée dessous) : gardez" not in text


# item 27: setup bullets are sentences with a verb, as the other bullets
@pytest.mark.parametrize("game, verbless", [("taverna", "- Plateau sur la face"), ("taverna", "- Jetons guilde et"),
                                            ("tournay", "- Plateau face Réserve ;")])
def test_setup_bullets_have_a_verb(game, verbless):
    assert verbless not in (CARDS / game / "rules" / "fr.yaml").read_text(encoding="utf-8")


def test_taverna_aid_spell_line_starts_with_a_verb():
    assert "Un :spell: par tour" not in aid_text("taverna", "fr")


# item 26: the catalogues hold no sentence that names a command or a flag for the player to type
@pytest.mark.parametrize("lang", ("fr", "de", "ja"))
def test_print_and_site_catalogues_name_no_flag_or_command(lang):
    from tests.content.shipped import ROOT
    for name in ("print", "site") if lang == "fr" else ("print",):    # de/ja site.po: their editors' branches
        text = (ROOT / "locales" / lang / "LC_MESSAGES" / f"{name}.po").read_text(encoding="utf-8")
        strings = [line for line in text.splitlines() if line.startswith(("msgid", "msgstr"))]
        assert not [s for s in strings if "--back-offset" in s or "`pnp " in s], name
