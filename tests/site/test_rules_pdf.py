"""rules.pdf: bookmarks for every section, every card in the index, fonts embedded."""
from __future__ import annotations

import re
import subprocess
import unicodedata

import pdfplumber
import pytest
import yaml
from pypdf import PdfReader

from generator.data.catalog import list_game_ids, load_project
from tests.conftest import ROOT, pnp

LANGS = ["fr", "en", "de", "ja"]

# From the San Gimignano rulesheet (seeds/001): 7 actions, the end phase, 5 scoring
# categories, the nobles (advanced game) and the multi-deal variant; 10 nobles by name.
NOBLES = ["Buona Pietra", "Via Francigena", "Monumento", "Giostra", "Cappella di Santa Fina",
          "Palazzo Comunale", "Mura"]


def outline_titles(path) -> list[str]:
    reader = PdfReader(path)
    titles = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)
    walk(reader.outline)
    return titles


def flat_sections(sections):
    for s in sections:
        yield s
        yield from flat_sections(s.get("sections", []))


def squash(text: str) -> str:
    """Compare text ignoring spacing and line breaks (PDF extraction splits lines and words)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).replace("\u2019", "'")


def pdf_text(path) -> str:
    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


@pytest.mark.parametrize("lang", LANGS)
def test_bookmark_for_every_section(sg_out, lang):
    rules = yaml.safe_load((ROOT / "cards/san-gimignano/rules" / f"{lang}.yaml").read_text(encoding="utf-8"))
    titles = outline_titles(sg_out / "san-gimignano" / lang / "rules.pdf")
    sections = list(flat_sections(rules["sections"]))
    assert len(sections) >= 10
    # titles are typeset (’ apostrophes, French no-break spaces): compare them without that
    plain = {t.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ") for t in titles}
    for section in sections:
        assert section["title"] in plain, f"no bookmark for section {section['id']!r}"
    # the card index and one bookmark per deck
    assert len(titles) >= len(sections) + 1 + 2


def test_rulebook_parts_are_covered():
    ids = {lang: [s["id"] for s in flat_sections(yaml.safe_load(
        (ROOT / "cards/san-gimignano/rules" / f"{lang}.yaml").read_text(encoding="utf-8"))["sections"])]
        for lang in LANGS}
    for lang in LANGS:
        assert ids[lang] == ids["en"], f"{lang} sections differ from en"
    for needed in ["setup", "buy", "exchange", "build", "extend", "finish", "close", "pass", "end-phase",
                   "donazione", "scoring", "nobles", "multi-deal", "glossary"]:
        assert needed in ids["en"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_in_index(sg_out, lang):
    text = squash(pdf_text(sg_out / "san-gimignano" / lang / "rules.pdf"))
    for name in (NOBLES if lang != "ja" else []):   # Japanese prints the names in katakana
        assert squash(name) in text
    for copies in range(5, 11):   # the rulesheet: rank N appears N times
        assert f"×{copies}" in text
    project = load_project(ROOT, ["san-gimignano"])
    for deck in project.games["san-gimignano"].decks:
        for card in deck.cards:
            assert squash(card.name.get(lang)) in text, card.id
            if card.text:
                before_icon = re.split(r":[a-z-]+:", card.text.get(lang))[0]
                words = squash(before_icon.replace("*", ""))[:12]
                assert words in text, card.id


@pytest.mark.parametrize("lang", LANGS)
def test_fonts_embedded(sg_out, lang):
    out = subprocess.run(["pdffonts", str(sg_out / "san-gimignano" / lang / "rules.pdf")], capture_output=True,
                         text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines()[2:] if line.strip()]
    assert rows
    for row in rows:
        assert row[-5] == "yes", f"font not embedded: {row[0]}"
    names = " ".join(r[0] for r in rows)
    assert ("BIZ" in names or "gothic" in names.lower()) if lang == "ja" else "Cardo" in names
    assert "icons-san-gimignano" in names   # the game's own icon font, as on the cards


def test_japanese_wraps_inside_lines(sg_out):
    """CJK wrapping: long Japanese paragraphs break between characters, filling the line."""
    with pdfplumber.open(sg_out / "san-gimignano" / "ja" / "rules.pdf") as pdf:
        page = pdf.pages[0]
        lines = [line for line in (page.extract_text() or "").splitlines() if len(line) > 30]
    assert len(lines) >= 3


@pytest.mark.slow      # two builds
def test_deterministic(tmp_path):
    for run in ("a", "b"):
        result = pnp("build", "san-gimignano", "--lang", "en,ja", "--only", "rules", "--out", str(tmp_path / run))
        assert result.exit_code == 0, result.output
    for relative in ("san-gimignano/en/rules.pdf", "san-gimignano/ja/rules.pdf", "site/index.html",
                     "site/san-gimignano/en.html", "site/san-gimignano/ja.html"):
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes(), relative


@pytest.mark.parametrize("game", [g for g in list_game_ids(ROOT) if g != "san-gimignano"])
def test_other_games_card_index(game, site_all):
    """Tournay and Taverna: every card of cards/<game>/ appears in the index, page and PDF."""
    project = load_project(ROOT, [game])
    text = squash(pdf_text(site_all / game / "en" / "rules.pdf"))
    html = (site_all / "site" / game / "en.html").read_text(encoding="utf-8")
    for deck in project.games[game].decks:
        for card in deck.cards:
            assert f'id="card-{card.id}"' in html
            assert squash(card.name.get("en")) in text, card.id
    fonts = subprocess.run(["pdffonts", str(site_all / game / "en" / "rules.pdf")], capture_output=True,
                           text=True, check=True).stdout
    assert f"icons-{game}" in fonts   # not another game's icons (fonts of one process alias by face name)


def test_bad_card_reference_fails(tmp_path):
    import shutil
    root = tmp_path / "root"
    shutil.copytree(ROOT / "cards", root / "cards", ignore=shutil.ignore_patterns("tournay", "taverna"))
    shutil.copytree(ROOT / "layouts", root / "layouts")
    shutil.copytree(ROOT / "locales", root / "locales")
    path = root / "cards/san-gimignano/rules/en.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("[[mura]]", "[[muraa]]", 1), encoding="utf-8")
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "rules", "--out", str(tmp_path / "o"),
                 root=root)
    assert result.exit_code == 1
    assert "unknown card 'muraa'" in result.output
    assert not (tmp_path / "o" / "site").exists()
