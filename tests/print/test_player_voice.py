"""What a player reads never names a command, a flag, a path, a value type or a counter (issue 51).

Scanned: the text of every built PDF (pdftotext), every page of the site (tags and scripts
removed), and every message the score calculator can show (the English templates of
scoring/*.py and their translations in locales/*/LC_MESSAGES/checks.po).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.conftest import ROOT
from tests.print.conftest import html_text, pdf_text

# The developer's words: a command, a flag, a project path or file, a value type, and a counter
# set after a heading ("(14 / 15)", 「（0／34）」).
DEVELOPER = re.compile(
    r"\bpnp \w"
    r"|(?<![\w-])--[a-z][\w-]*"
    r"|\b(?:cards|layouts|locales|scoring|generator|output)/"
    r"|\.(?:ya?ml|po|py|json)\b"
    r"|\b(?:true|false|boolean|integer|string)\b"
    r"|\(\s*\d+\s*/\s*\d+\s*\)|（\d+／\d+）")

def _found(text: str) -> list[str]:
    return [text[max(0, m.start() - 25):m.end() + 15].replace("\n", " ") for m in DEVELOPER.finditer(text)]


@pytest.mark.slow   # 2-4 s: the full run reads it (issue 49: `-m "not slow"` <= 90 s)
def test_no_developer_words_in_the_built_pdfs(full_build):
    pdfs = sorted(full_build.glob("*/*/*.pdf"))
    assert len(pdfs) >= 60           # 3 games × 4 languages × 5 products
    found = {pdf.relative_to(full_build).as_posix(): _found(pdf_text(pdf)) for pdf in pdfs}
    assert {k: v for k, v in found.items() if v} == {}


def test_no_developer_words_on_the_site(full_build):
    pages = sorted((full_build / "site").rglob("*.html"))
    assert len(pages) >= 13
    found = {page.relative_to(full_build).as_posix(): _found(html_text(page)) for page in pages}
    assert {k: v for k, v in found.items() if v} == {}


def _calculator_messages() -> dict[str, list[str]]:
    """Every message the calculator can show: the scoring checks' English templates, and the
    translations of the checks catalogue."""
    english = [m.group(1) for path in sorted((ROOT / "scoring").glob("*.py"))
               for m in re.finditer(r'Text\(\s*"((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"))]
    english += [m.group(1) for m in re.finditer(r'^\s*\(r"[^"]*", "([^"]*)"\)', (ROOT / "scoring" / "state.py")
                                                .read_text(encoding="utf-8"), flags=re.M)]
    messages = {"en": english}
    for po in sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po")):
        if po.name in ("checks.po", "scoring.po"):
            with po.open("rb") as handle:
                catalogue = [m for m in read_po(handle) if m.id and isinstance(m.string, str)]
            messages.setdefault(po.parts[-3], []).extend(m.string for m in catalogue)
            messages["en"].extend(m.id for m in catalogue if po.parts[-3] == "fr")
    return messages


def test_no_developer_words_in_the_calculators_messages():
    """« true ou false est attendu », „true oder false wird erwartet“, `cards/tournay/`,
    « `pnp score {given} FICHIER` » were shown to players on the score page."""
    messages = _calculator_messages()
    assert len(messages) == 4 and all(len(m) > 30 for m in messages.values())
    found = {lang: [f for text in texts for f in _found(text)] for lang, texts in messages.items()}
    assert {k: v for k, v in found.items() if v} == {}


# A saved tally's own words: an encoding, a field, a value type or the state file it is read from
# (« un fichier texte UTF-8 », „unbekanntes Feld“, 「整数を入力してください」, 「状態ファイル」).
FORMAT = re.compile(r"UTF-8|\bfields?\b|\bchamps?\b|unbekanntes Feld|benannte Felder|項目|\bentier|ganze Zahl|整数"
                    r"|\bthe state\b|tie_order|données saisies|Spielstand nennt|状態ファイル|終了状態")


def test_the_calculator_speaks_of_the_tally_not_of_its_format():
    found = {lang: [t for t in texts if FORMAT.search(t)] for lang, texts in _calculator_messages().items()}
    assert {k: v for k, v in found.items() if v} == {}


@pytest.mark.parametrize("text", ["pnp calibrate --lang fr", "cards/tournay/", "events.yaml", "true ou false",
                                  "Spell cards (2 / 32)", "客カード（0／34）"])
def test_the_scan_sees_each_kind_of_developer_word(text):
    assert _found(text)


# the cutting step names the shapes the file holds: Taverna's tokens are round, no game has
# hexagonal pieces (it said "round and hexagonal", 「円形と六角形のコマ」: issue 51, ja review 3)
ROUND = {"en": "round pieces", "fr": "pièces rondes", "ja": "円形の部品"}
HEXAGONAL = {"en": "hexagonal", "fr": "hexagonales", "ja": "六角形"}


@pytest.mark.parametrize("game, shaped", [("tournay", False), ("san-gimignano", False), ("taverna", True)])
def test_the_instructions_speak_of_round_pieces_only_where_there_are_some(full_build, game, shaped):
    """Issue 51: the cutting step told Tournay players to cut round and hexagonal pieces, which it
    has none of."""
    for lang in ("en", "fr", "ja"):
        first = pdf_text(full_build / game / lang / "cards.pdf").split("\f")[0]
        assert "white frame" in first or "cadre blanc" in first or "白い枠" in first    # the cutting step is there
        flat = " ".join(first.split()).replace(" ", "" if lang == "ja" else " ")
        assert (ROUND[lang].replace(" ", "" if lang == "ja" else " ") in flat) is shaped
        assert HEXAGONAL[lang] not in flat
        assert "カードやタイル" not in flat          # Tournay has no tiles: 「部品」, as en "pieces"
