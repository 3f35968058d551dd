"""Taverna's printables, checked against the French rulebook (seeds/004) and the component
counts of gamedata/taverna.yaml with real PDF tools. Expected facts are typed here from those
sources, not read from our YAML."""
from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter

import pytest

from tests.conftest import pnp
from tests.pipeline.helpers import project_copy, replace_in
from tests.pdfs import open_pdf

MM = 72 / 25.4
LANGS = ["fr", "en", "de", "ja"]

# Rulebook, "Faveurs Royales": ten kinds, five of them "(2 tuiles)"; 15 tiles in all.
# Keys: the name each kind bears on our English tiles.
ROYAL_FAVOURS = {"Change of guild": 2, "Mask symbol": 1, "Guild crest": 1, "Second spell": 2, "Beer symbol": 1,
                 "Change of tavern": 2, "Grimoire symbol": 1, "Disguise": 2, "Lyre symbol": 1, "Popularity": 2}
# Rulebook names (French) and our translations.
NOTABLES = {"fr": ["Notaire", "Gob'Trotter", "Princesse", "Ambassadrice"],
            "en": ["Notary", "Gob'Trotter", "Princess", "Ambassador"],
            "de": ["Notar", "Gob'Trotter", "Prinzessin", "Botschafterin"],
            "ja": ["公証人", "ゴブトロッター", "王女", "大使"]}
CASTLE = {"fr": ["Roy", "Reine", "Grand Argentier", "Archiduc", "Archimage"],
          "en": ["King", "Queen", "Lord Treasurer", "Archduke", "Archmage"],
          "de": ["König", "Königin", "Großschatzmeister", "Erzherzog", "Erzmagier"],
          "ja": ["王", "女王", "大蔵卿", "大公", "大魔導師"]}
SPELLS = {"fr": ["Métamorphose", "Feu d'artifice"], "en": ["Metamorphosis", "Fireworks"],
          "de": ["Verwandlung", "Feuerwerk"], "ja": ["変身術", "花火"]}
# Rulebook, "Décompte Royal": VP for at least N of the counted thing.
CASTLE_TABLES = {"Queen": ([0, 2, 3, 4, 5], [3, 6, 9, 12, 15]),
                 "Lord Treasurer": ([0, 6, 9, 12, 15], [3, 6, 9, 12, 15]),
                 "Archduke": ([1, 2, 3, 4, 5], [3, 6, 9, 12, 15]),
                 "Archmage": ([0, 2, 3, 4, 5], [3, 6, 9, 12, 15])}
PEOPLE_TRACK = ["−3", "−1", "0", "1", "2", "4", "7", "10"]   # rulebook, "Décompte Peuple"
# gamedata/taverna.yaml
CLIENT_TILES, PRIVILEGE_TOKENS, GUILD_TOKENS, SPELL_CARDS, CLIENT_CARDS = 36, 15, 12, 32, 34


def normalise(text: str) -> str:
    return text.replace("\u2019", "'").replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture(scope="module")
def out(built):
    return built("taverna") / "taverna"      # the session's build: every language's cards.pdf


@pytest.fixture(scope="module")
def texts(out):
    pages = {}
    for lang in LANGS:
        with open_pdf(out / lang / "cards.pdf") as pdf:
            # the card sheets (after the instructions sheet), without the labels in their margins
            pages[lang] = [normalise(page.crop(page.trimbox).extract_text() or "") for page in pdf.pages[2:]]
    return pages


def test_every_language_is_built(out):
    for lang in LANGS:
        assert (out / lang / "cards.pdf").stat().st_size > 10_000


def test_royal_favours_by_kind(texts):
    page = next(p for p in texts["en"] if "Change of guild" in p)
    counts = {name: len(re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", page)) for name in ROYAL_FAVOURS}
    assert counts == ROYAL_FAVOURS
    assert sum(counts.values()) == 15


@pytest.mark.parametrize("lang", LANGS)
def test_names_in_every_language(texts, lang):
    whole = "\n".join(texts[lang])
    for name in NOTABLES[lang] + CASTLE[lang] + SPELLS[lang]:   # as a whole word: 王 is not 王女
        assert re.search(rf"(?<!\w){re.escape(name)}(?!\w)", whole), f"{name!r} missing from the {lang} cards"


def test_four_notables_and_five_castle_scorings(texts):
    whole = "\n".join(texts["en"])
    assert len(re.findall(r"\bNotable\b", whole)) == 4       # one subtitle per notable card
    assert len(re.findall(r"\bCastle scoring\b", whole)) == 5


def _card_text(pdf_path, name: str) -> str:
    """Text of the poker card whose title is `name` (a 63x88 mm box around the title)."""
    with open_pdf(pdf_path) as pdf:
        for page in pdf.pages[2:]:                     # on the cards, not the labels in the margins
            for hit in page.crop(page.trimbox).search(re.escape(name)):
                if hit["chars"][0]["size"] < 12:       # the card's title, not a mention in a text
                    continue
                centre = (hit["x0"] + hit["x1"]) / 2
                box = (max(0, centre - 31 * MM), max(0, hit["top"] - 20 * MM),
                       min(page.width, centre + 31 * MM), min(page.height, hit["top"] + 66 * MM))
                return normalise(page.crop(box).extract_text() or "")
    raise AssertionError(f"no card titled {name!r}")


@pytest.mark.parametrize("name", sorted(CASTLE_TABLES))
def test_castle_thresholds(out, name):
    text = _card_text(out / "en" / "cards.pdf", name)
    rows = [(int(a), int(b)) for a, b in re.findall(r"(\d+)\+\D*?→\s*(\d+)", text)]
    thresholds, points = CASTLE_TABLES[name]
    assert rows == list(zip(thresholds, points))


def test_king_scoring(out):
    text = _card_text(out / "en" / "cards.pdf", "King")
    assert "5" in text and "one step on each of" in text.replace("\n", " ")


def test_people_track_values(out):
    text = _card_text(out / "en" / "cards.pdf", "People tracks")
    values = [v for v in re.findall(r"^(−?\d+)$", text, re.M)]
    assert sorted(values, key=lambda v: int(v.replace("−", "-"))) == PEOPLE_TRACK


def test_tiles_and_tokens_counts(texts):
    whole = "\n".join(texts["en"])
    tiles = sum(len(re.findall(rf"\b{n}\b", whole)) for n in ("Human", "Dwarf", "Elf", "Orc"))
    assert tiles == CLIENT_TILES
    assert len(re.findall(r"\bPrivilege\b", whole)) == PRIVILEGE_TOKENS
    guild = sum(len(re.findall(rf"\b{n}\b(?! symbol)", whole)) for n in ("Grimoire", "Lyre", "Beer"))   # not the favours
    assert guild == GUILD_TOKENS


def test_round_tokens_have_cut_circles(out):
    """The sheet draws a black cut circle on a white halo round every round piece (21:1 against
    the line, whatever the token's colour; issue 50): 27 of 25 mm (15 privilege + 12 guild
    tokens) and 2 of 35 mm (King, Queen); square tiles get none."""
    sizes = {(0.0, 0.0, 0.0): Counter(), (1.0, 1.0, 1.0): Counter()}
    with open_pdf(out / "en" / "cards.pdf") as pdf:
        for page in pdf.pages:
            for curve in page.curves:
                colour = tuple(round(float(c), 2) for c in (curve.get("stroking_color") or ()))
                if colour in sizes and curve.get("stroke"):
                    sizes[colour][round(curve["width"] / MM)] += 1
    expected = Counter({25: PRIVILEGE_TOKENS + GUILD_TOKENS, 35: 2})
    assert sizes[(0.0, 0.0, 0.0)] == expected and sizes[(1.0, 1.0, 1.0)] == expected


@pytest.mark.skipif(not shutil.which("pdffonts"), reason="needs poppler-utils")
@pytest.mark.parametrize("lang", LANGS)
def test_fonts_embedded(out, lang):
    lines = subprocess.run(["pdffonts", str(out / lang / "cards.pdf")], capture_output=True, text=True,
                           check=True).stdout.splitlines()[2:]
    assert lines
    for line in lines:
        assert line.split()[-5] == "yes", f"not embedded: {line}"   # columns: ... emb sub uni id gen


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_list_and_validate_report_the_shortfall():
    listing = pnp("list", "taverna")
    assert listing.exit_code == 0, listing.output
    assert f"2 of {SPELL_CARDS} defined" in listing.output
    assert f"0 of {CLIENT_CARDS} defined" in listing.output
    assert re.search(r"royal-favours\s+15 cards\s+10 kinds", listing.output)
    assert re.search(r"guild-tokens\s+12 cards.*round", listing.output)
    checked = pnp("validate", "taverna")
    assert checked.exit_code == 0, checked.output
    assert f"spells: 2 of {SPELL_CARDS} defined" in checked.output


def test_overlong_text_fails_naming_the_card(tmp_path):
    root = project_copy(tmp_path, ("taverna",))
    replace_in(root / "cards/taverna/royal-favours.yaml", "en: Cast a second spell this turn.",
               "en: " + "Cast a second spell this turn, and then another one, and so on. " * 12)
    result = pnp("build", "taverna", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "o"), root=root)
    assert result.exit_code == 1
    assert "card 'second-spell'" in result.output and "does not fit" in result.output
    assert not (tmp_path / "o" / "taverna" / "en" / "cards.pdf").exists()


@pytest.mark.slow      # two builds of a changed copy
def test_a_missing_card_is_one_yaml_entry(tmp_path):
    """Adding a spell and two client cards (one double) takes one entry each, no layout change."""
    root = project_copy(tmp_path, ("taverna",))
    spells = root / "cards/taverna/spells.yaml"
    spells.write_text(spells.read_text(encoding="utf-8") + """
  - id: test-spell
    name: {fr: Sort d'essai, en: Test spell, de: Testzauber, ja: 試しの呪文}
    props: {lightning: true}
    text: {fr: Rien., en: Nothing., de: Nichts., ja: なし。}
""", encoding="utf-8")
    clients = root / "cards/taverna/clients.yaml"
    clients.write_text(clients.read_text(encoding="utf-8").replace("cards: []", """cards:
  - id: test-elf
    name: {fr: Essai, en: Trial, de: Probe, ja: 試し}
    props: {players: "2+", clients: [{people: elf, guild: grimoire}]}
  - id: test-double
    name: {fr: Duo, en: Pair, de: Paar, ja: 二人組}
    props: {players: "4+", clients: [{people: orc, guild: mask}, {people: dwarf}]}
"""), encoding="utf-8")
    listing = pnp("list", "taverna", root=root)
    assert f"3 of {SPELL_CARDS} defined" in listing.output and f"2 of {CLIENT_CARDS} defined" in listing.output
    result = pnp("build", "taverna", "--only", "cards", "--out", str(tmp_path / "o"), root=root)
    assert result.exit_code == 0, result.output
    for lang, words in {"en": ["Test spell", "Elf", "Orc", "Dwarf", "4+"], "ja": ["試しの呪文", "エルフ", "オーク"]}.items():
        with open_pdf(tmp_path / "o" / "taverna" / lang / "cards.pdf") as pdf:
            whole = "\n".join(page.extract_text() or "" for page in pdf.pages)
        for word in words:
            assert word in whole
