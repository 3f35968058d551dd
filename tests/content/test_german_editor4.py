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


def _po(lang: str, domain: str) -> dict[str, str]:
    from babel.messages.pofile import read_po
    with open(CARDS.parent / "locales" / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and isinstance(m.id, str)}


RAISE = {"de": ("**Turm erhöhen**", "gleicher Rang", "nächstniedrigeren"), "en": ("**Extend", "same rank", "next lower"),
         "fr": ("**Prolonger", "même rang", "inférieurs"), "ja": ("**塔を伸ばす**", "同じ数字", "小さい数字")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["aid", "aid-card"])
def test_san_gimignano_raise_says_which_ranks(kind, lang):
    """Rulesheet 001, « Prolonger une tour »: same rank on a uniform tower, the next ranks in order on
    a coloured one; „Lege Karten oben auf …“ allowed any card."""
    name, uniform, coloured = RAISE[lang]
    lines = [s for s in all_strings(load(CARDS / "san-gimignano" / kind / f"{lang}.yaml")) if name in s]
    assert lines and all(uniform in s and coloured in s for s in lines), lines


def test_san_gimignano_tallest_marker_is_taken_in_play_and_not_on_a_tie():
    """Rulesheet 001: the marker is taken at once, during the game, by a strictly taller tower; on
    the aid card it read as an end-phase note („Ein Turm, höher als alle anderen: Nimm den Marker“)."""
    text = "\n".join(all_strings(load(CARDS / "san-gimignano" / "aid-card" / "de.yaml")))
    assert "nimm sofort den Marker" in text and "Gleich hoch genügt nicht" in text


def test_taverna_aid_turn_says_what_is_mandatory_and_what_comes_last():
    """„Pflicht, in dieser Reihenfolge:“ stood over the optional step and the refill too."""
    turn = next(s for s in load(CARDS / "taverna" / "aid" / "de.yaml")["sections"] if s["id"] == "turn")
    assert turn["intro"].startswith("Pflicht sind die ersten drei Schritte")
    assert turn["items"][3].startswith("**Freiwillig**") and turn["items"][4].startswith("**Zum Schluss**")


def test_taverna_calculator_names_fields_as_the_pad_does():
    """The calculator's fields said „Mensch“, „Punkte“, „Reihenfolge bei Gleichstand“ beside the
    pad's „Menschen“ and „Punkte aus dem Spielverlauf“; a tie is settled by birthdays."""
    scoring, site = _po("de", "scoring"), _po("de", "site")
    for key, row in (("human", "Humans"), ("elf", "Elves"), ("dwarf", "Dwarves"), ("orc", "Orcs")):
        assert scoring[key] == scoring[row], key
    assert site["Points"] == scoring["Points before the end"]
    assert site["Tie order"].startswith("Geburtstagsreihenfolge")


@pytest.mark.parametrize("lang", ["fr", "de", "ja"])
def test_site_catalogues_hold_no_developer_strings(lang):
    """„… führe diesen Befehl in einem Terminal aus:“ and „… über `pnp serve` …“ were unused, kept
    only to come back one day: no site string names a command or a terminal."""
    site = _po(lang, "site")
    assert [k for k, v in site.items() if "`" in k + v or "terminal" in k.lower()] == []


def test_german_download_sizes_are_in_kilobytes_with_a_small_k():
    from generator.site.downloads import human_size
    assert human_size(297_000, "de") == "297\u00a0kB" and human_size(297_000, "fr") == "297\u00a0Ko"


def test_german_no_break_spaces_the_editor_asked_for():
    """„Erbauer 4 / ⏎ andere 2“ (nine times in the Tournay card list), „„An ⏎ Seite anpassen““ and
    „X (in ⏎ mm)“ on the calibration page, „Kos-⏎tenkreis“, „je ⏎ 1 ★.“, „einen letzten ⏎ Zug.“."""
    rules = (CARDS / "tournay" / "rules" / "de.yaml").read_text(encoding="utf-8")
    assert "\\u00a0/\\u00a0andere" in rules and "je\u00a01 :prestige:" in rules
    assert "letzten\\u00a0Zug" in (CARDS / "tournay" / "aid-card" / "de.yaml").read_text(encoding="utf-8")
    prints = _po("de", "print")
    calibration = [v for v in prints.values() if "Seite" in v and "anpassen" in v] + \
                  [v for v in prints.values() if "(in" in v and "mm)" in v]
    assert calibration and all("An Seite" not in v and "(in mm)" not in v for v in calibration), calibration
    hyphenation = load(CARDS.parent / "layouts" / "hyphenation.yaml")["de"]
    assert "Kosten-kreis" in hyphenation
