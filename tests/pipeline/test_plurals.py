"""Counts read right in every language (issue 28): plural entries of the catalogues
(msgid / msgid_plural / msgstr[n]) chosen by the language's plural rule, instead of "(s)"."""
from __future__ import annotations

import re
import shutil

import pytest

from datafile.errors import DataError
from generator.reading.i18n import Translator, load_catalogue, players_and_minutes, plural_index, source_plural_rule
from tests.conftest import ROOT

CARDS = ("{count} card", "{count} cards")


@pytest.mark.parametrize("lang, one, two", [
    ("en", "1 card", "2 cards"), ("fr", "1 carte", "2 cartes"), ("de", "1 Karte", "2 Karten"), ("ja", "1枚", "2枚")])
def test_a_count_takes_its_plural_form_from_the_catalogue(lang, one, two):
    _ = Translator(ROOT, lang)
    assert _(*CARDS, count=1) == one and _(*CARDS, count=2) == two


def test_french_counts_zero_as_singular_and_japanese_has_one_form():
    fr, ja = (load_catalogue(ROOT, lang).plural for lang in ("fr", "ja"))
    assert plural_index(fr, 0) == 0 and plural_index(source_plural_rule(), 0) == 1 and plural_index(ja, 5) == 0
    assert fr[0] == 2 and ja[0] == 1      # as the shipped catalogues declare, whatever Babel's data says


def _catalogue(folder, name: str, header: str, forms: list[str]) -> None:
    """A Spanish catalogue (pnp bundles none: the project's files alone say the rule)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text('msgid ""\nmsgstr ""\n"Language: es\\n"\n' + header + "\n"
                               'msgid "{count} card"\nmsgid_plural "{count} cards"\n'
                               + "".join(f'msgstr[{i}] "{form}"\n' for i, form in enumerate(forms)), encoding="utf-8")


def test_a_catalogue_is_read_by_the_plural_rule_its_header_declares(tmp_path):
    """gettext's Plural-Forms header, not the plural data of the Babel release installed: a
    catalogue written with two forms stays valid when CLDR gives its language a third ("many":
    Babel 2.19 for French and Spanish), and a rule of the file's own is followed."""
    folder = tmp_path / "locales" / "es" / "LC_MESSAGES"
    _catalogue(folder, "site.po", '"Plural-Forms: nplurals=3; plural=(n==0 ? 0 : n==1 ? 1 : 2);\\n"',
               ["{count} cartas (ninguna)", "{count} carta", "{count} cartas"])
    _ = Translator(tmp_path, "es")
    assert [_(*CARDS, count=n) for n in (0, 1, 5)] == ["0 cartas (ninguna)", "1 carta", "5 cartas"]
    _catalogue(folder, "site.po", '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ["{count} carta", "{count} cartas"])
    _ = Translator(tmp_path, "es")
    assert [_(*CARDS, count=n) for n in (0, 1, 1_000_000)] == ["0 cartas", "1 carta", "1000000 cartas"]


def test_catalogues_of_one_language_declare_one_rule(tmp_path):
    folder = tmp_path / "locales" / "es" / "LC_MESSAGES"
    _catalogue(folder, "a.po", '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"', ["{count} carta", "{count} cartas"])
    _catalogue(folder, "b.po", '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ["{count} carta", "{count} cartas"])
    with pytest.raises(DataError) as caught:
        load_catalogue(tmp_path, "es")
    (problem,) = caught.value.problems
    assert str(problem).startswith("locales/es/LC_MESSAGES/b.po:4: Plural-Forms") and "a.po" in str(problem)


def test_a_damaged_catalogue_fails_every_call_alike_and_is_read_once(tmp_path, monkeypatch):
    """A build or a validate calls `_` thousands of times: a damaged catalogue is one problem at
    every call, not a file parsed again at each."""
    import babel.messages.pofile as pofile
    reads, read_po = [], pofile.read_po
    monkeypatch.setattr(pofile, "read_po", lambda *args, **kw: reads.append(1) or read_po(*args, **kw))
    folder = tmp_path / "locales" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "site.po").write_text('msgid ""\nmsgstr ""\n"Language: es\\n"\n\n'
                                    'msgid "{count} players"\nmsgstr "{n} jugadores"\n', encoding="utf-8")
    _ = Translator(tmp_path, "es")
    seen = []
    for _call in range(50):
        with pytest.raises(DataError) as caught:
            _("{count} players", count=2)
        seen.append(tuple(map(str, caught.value.problems)))
    assert len(set(seen)) == 1 and seen[0][0].startswith("locales/es/LC_MESSAGES/site.po:5: ")
    assert len(reads) == 1


@pytest.mark.parametrize("lang, header", [
    ("en", "2–4 players · 45 min"), ("fr", "2–4\u00a0joueurs\u00a0·\u00a045\u00a0min"),
    ("de", "2–4\u00a0Spieler\u00a0·\u00a045\u00a0Min."), ("ja", "2〜4人・45分")])
def test_the_game_header_comes_from_one_message(lang, header):
    assert players_and_minutes(Translator(ROOT, lang), 2, 4, 45) == header


def test_a_plural_entry_with_the_wrong_number_of_forms_is_a_file_line_problem(tmp_path):
    locales = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    locales.mkdir(parents=True)
    (locales / "site.po").write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n'
                                     '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                                     'msgid "{count} card"\nmsgid_plural "{count} cards"\n'
                                     'msgstr[0] "{count} carte"\n', encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalogue(tmp_path, "fr")
    problem = str(caught.value.problems[0])
    assert "site.po:6" in problem and "1 plural forms" in problem and "msgstr[1]" in problem


def test_the_site_reads_an_icon_after_1_in_the_singular(full_build):
    page = (full_build / "site" / "tournay" / "de.html").read_text(encoding="utf-8")
    labels = re.findall(r'(\d+)(?:\s|&nbsp;|\u00a0)<svg class="icon"[^>]*aria-label="(Prestigepunkte?)"', page)
    assert ("1", "Prestigepunkt") in labels and ("2", "Prestigepunkte") in labels
    assert not any(n == "1" and label == "Prestigepunkte" for n, label in labels)


@pytest.mark.parametrize("rule", ["(n-5)", "(1/n)", "(n > 1) + 2"])
def test_a_rule_that_gives_no_form_is_a_problem_at_its_header(tmp_path, rule):
    """A header is data: a rule giving a negative form, a form past the last one, or none (a
    division by zero) is refused when the file is read, not when a count is printed."""
    _catalogue(tmp_path / "locales" / "es" / "LC_MESSAGES", "a.po", f'"Plural-Forms: nplurals=2; plural={rule};\\\\n"',
               ["{count} carta", "{count} cartas"])
    with pytest.raises(DataError) as caught:
        load_catalogue(tmp_path, "es")
    (problem,) = caught.value.problems
    assert str(problem).startswith("locales/es/LC_MESSAGES/a.po:4: Plural-Forms") and "from 0 to 1" in str(problem)
