"""Player aids (issue 6): read back from the PDFs with pdfplumber and poppler.

Expected wording comes from the rulebooks' own vocabulary (seeds 000-004), not from our YAML:
each heading below is a term a player of that language looks for on an aid.
"""
from __future__ import annotations

import re
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tests.conftest import ROOT, pnp
from tests.pipeline.helpers import project_copy, replace_in
from tests.pdfs import open_pdf

GAMES = [g for g in ("san-gimignano", "tournay", "taverna") if (ROOT / "cards" / g / "aid").is_dir()]
LANGS = ["fr", "en", "de", "ja"]

# Headings a reader expects, per game and language (rulebook terms; case-insensitive).
HEADINGS = {
    "san-gimignano": {
        "fr": ["Mise en place", "7 actions", "Donazione", "Phase de fin", "Décompte", "Nobles", "Légende"],
        "en": ["Setup", "7 actions", "Donazione", "End phase", "Scoring", "Nobles", "Icon legend"],
        "de": ["Spielaufbau", "7 Aktionen", "Donazione", "Endphase", "Wertung", "Adelskarten", "Symbol"],
        "ja": ["準備", "アクション", "ドナツィオーネ", "終了フェイズ", "得点計算", "貴族", "アイコン"],
    },
    "tournay": {
        "fr": ["Mise en place", "deux phases", "Actions", "Limite de main", "Crieurs", "Fin de partie",
               "Décompte final", "Légende"],
        "en": ["Setup", "two phases", "Actions", "Hand limit", "Town Criers", "End of the game",
               "Final scoring", "Icon legend"],
        "de": ["Spielaufbau", "zwei Phasen", "Aktionen", "Handkartenlimit", "Ausrufer", "Spielende",
               "Schlusswertung", "Symbol"],
        "ja": ["準備", "2つのフェイズ", "アクション", "手札の上限", "廷吏", "ゲームの終了", "最終得点", "アイコン"],
    },
    "taverna": {
        "fr": ["Mise en place", "Votre tour", "Symboles de guilde", "notables", "Sorts", "Faveurs royales",
               "Fin de partie", "Décompte royal", "Décompte des peuples", "Légende"],
        "en": ["Setup", "Your turn", "Guild symbols", "notables", "Spells", "Royal favours", "End of the game",
               "Royal scoring", "People scoring", "Icon legend"],
        "de": ["Spielaufbau", "Dein Zug", "Gildensymbole", "Würdenträger", "Zauber", "Gunstplättchen",
               "Spielende", "Schlosswertung", "Volkswertung", "Symbol"],
        "ja": ["準備", "手番", "ギルド記号", "名士", "呪文", "王の恩寵", "ゲームの終了", "城の得点計算", "種族の得点計算",
               "アイコン"],
    },
}

# Kinsoku: characters a Japanese line may not start / end with (JIS X 4051), written out here
# independently of generator/kinsoku.py.
NO_START = set("、。，．・：；？！）］｝」』】〕〉》ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ…‥")
NO_END = set("（［｛「『【〔〈《")


def text_of(pdf_path: Path, page: int | None = None) -> str:
    with open_pdf(pdf_path) as pdf:
        pages = pdf.pages if page is None else [pdf.pages[page]]
        return "\n".join(p.extract_text() or "" for p in pages)


def squash(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f\u00ad-]+", "", text).lower()


class _Lazy(dict):
    def __init__(self, built):
        super().__init__()
        self.built = built

    def __missing__(self, game):
        self[game] = self.built(game)
        return self[game]


@pytest.fixture(scope="module")
def out(built):
    """game -> output folder, each game built (once) when a test first needs it."""
    return _Lazy(built)


BAND = (0xF6 / 255, 0xEF / 255, 0xDF / 255)     # the turn flow's background (aids/page.py turn_flow)


@pytest.mark.parametrize("game", GAMES)
def test_the_turn_flow_keeps_each_icon_group_on_one_line(out, game):
    """A turn-flow icon group too wide for its step's cell is set smaller, on one line: San
    Gimignano's "card → card" broke in two in Japanese (a full-width arrow), its second card
    under the first."""
    from generator.loading.catalog import load_project
    from generator.player_aids.page import _card_blocks
    project = load_project(ROOT, [game])
    rows = {lang: sum(b.kind == "steps" and b.reference == "top"
                      for b in _card_blocks(project, project.games[game], lang)) for lang in LANGS}
    for lang in LANGS:
        with open_pdf(out[game] / game / lang / "player-aid.pdf") as pdf:
            page = pdf.pages[0]
            band = max((r for r in page.rects if r.get("non_stroking_color") and len(r["non_stroking_color"]) == 3
                        and all(abs(a - b) < 0.01 for a, b in zip(r["non_stroking_color"], BAND))),
                       key=lambda r: r["width"] * r["height"], default=None)
            assert band is not None or rows[lang] == 0, f"{game}/{lang}: no turn flow"
            icons = [c for c in page.chars
                     if band and "icons" in c["fontname"] and band["top"] <= c["top"] <= band["bottom"]]
        lines = []          # the icons' lines, top to bottom: one per steps row of the band
        for middle in sorted((c["top"] + c["bottom"]) / 2 for c in icons):   # a smaller group sits centred
            if not lines or middle - lines[-1] > 2:
                lines.append(middle)
        assert len(lines) == rows[lang], f"{game}/{lang}: {len(lines)} lines of icons in {rows[lang]} row(s)"
        assert all(10 <= c["size"] <= 15 for c in icons)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_both_aids_exist_with_every_heading(out, game, lang):
    folder = out[game] / game / lang
    reference, card = folder / "player-aid.pdf", folder / "player-aid-card.pdf"
    assert reference.exists() and card.exists()
    with open_pdf(reference) as pdf:
        assert len(pdf.pages) == 1, "the reference is one page"
        body = Counter(round(c["size"], 2) for c in pdf.pages[0].chars if c["text"].strip())
    # read at arm's length on the table: the body (the size most glyphs have) at 8 pt or more
    assert body.most_common(1)[0][0] >= 8.0, f"{game}/{lang}: the one-page aid is set at {body.most_common(1)[0][0]} pt"
    text = squash(text_of(reference))
    missing = [h for h in HEADINGS[game][lang] if squash(h) not in text]
    assert not missing, f"{game}/{lang}: headings not found: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_card_aids_are_tarot_sized_readable_and_one_per_player(out, game):
    """70 x 120 mm aids (4 per A4 sheet), one of each aid card per player (rulebook player counts),
    body text at 8 pt or more; each game holds on two cards."""
    players = {"san-gimignano": 2, "tournay": 4, "taverna": 5}[game]
    cards = {"san-gimignano": 2, "tournay": 2, "taverna": 2}[game]
    for lang in ["fr", "en", "de", "ja"]:
        path = out[game] / game / lang / "player-aid-card.pdf"
        with open_pdf(path) as pdf:
            fronts = pdf.pages[0::2]
            # on the cards, inside the trim: the sheet labels in the margin name the game too
            assert sum(squash(p.within_bbox(p.trimbox).extract_text()).count(squash(game_title(game, lang)))
                       for p in fronts) == players * cards
            sizes = [c["size"] for p in pdf.pages for c in p.chars if c["text"].strip()]
            assert min(sizes) >= 6.5, f"{game}/{lang}: a glyph at {min(sizes)} pt"
            body = Counter(round(c["size"], 2) for p in pdf.pages for c in p.within_bbox(p.trimbox).chars
                           if c["text"].strip())       # the cards' text, not the sheet labels
            assert min(size for size, n in body.items() if n > 50) >= 8, f"{game}/{lang}: body below 8 pt"
            for page in pdf.pages:   # one or two aids each way (and the gutter between two)
                x0, y0, x1, y1 = (float(v) for v in page.trimbox)
                assert (x1 - x0) / (70 * 72 / 25.4) == pytest.approx(1, abs=0.001) or \
                    2 <= (x1 - x0) / (70 * 72 / 25.4) <= 2.1
                assert (y1 - y0) / (120 * 72 / 25.4) == pytest.approx(1, abs=0.001) or \
                    2 <= (y1 - y0) / (120 * 72 / 25.4) <= 2.1


def game_title(game: str, lang: str) -> str:
    import yaml
    name = yaml.safe_load((ROOT / "cards" / game / "game.yaml").read_text(encoding="utf-8"))["name"]
    return name[lang] if isinstance(name, dict) else name


def test_numbers_come_from_the_cards(out):
    """Rulesheet: 45 tower cards (5x5 ... 10x10) and 10 noble cards; Donazione names per rank."""
    text = squash(text_of(out["san-gimignano"] / "san-gimignano" / "en" / "player-aid.pdf"))
    assert squash("45 tower cards") in text and squash("the 10 nobles") in text
    for rank, name in [(5, "Guard"), (6, "Contract"), (7, "Blessing"), (8, "Income"), (9, "Trade"),
                       (10, "Conspiracy")]:
        assert squash(f"{rank} {name}") in text     # the Donazione table: rank, then name
    fr = squash(text_of(out["san-gimignano"] / "san-gimignano" / "fr" / "player-aid.pdf"))
    assert squash("les 45 cartes tour") in fr


# ---------------------------------------------------------------- Japanese line breaking

def lines_of(pdf_path: Path):
    """Visual lines: characters grouped by page and baseline (the text matrix's origin, so an inline
    icon of another font stays on its line), split where a wide gap separates two boxes."""
    with open_pdf(pdf_path) as pdf:
        for number, page in enumerate(pdf.pages):
            rows = defaultdict(list)
            for ch in page.chars:
                if ch["text"].strip() and ch["upright"]:    # a sheet label turned up a margin: no lines
                    rows[round(ch["matrix"][5], 1)].append(ch)
            for top, chars in rows.items():
                chars.sort(key=lambda c: c["x0"])
                run = [chars[0]]
                for ch in chars[1:]:
                    if ch["x0"] - run[-1]["x1"] > 2.5 * ch["size"]:
                        yield number, top, "".join(c["text"] for c in run)
                        run = []
                    run.append(ch)
                yield number, top, "".join(c["text"] for c in run)


def kinsoku_faults(pdf_path: Path) -> list:
    faults = []
    for page, top, line in lines_of(pdf_path):
        if line[0] in NO_START or line[-1] in NO_END:
            faults.append((page, top, line))
    return faults


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("product", ["player-aid.pdf", "player-aid-card.pdf", "cards.pdf"])
def test_no_japanese_line_breaks_kinsoku(out, game, product):
    path = out[game] / game / "ja" / product
    assert sum(1 for _ in lines_of(path)) > 10
    assert kinsoku_faults(path) == []


def test_kinsoku_checker_sees_faults_in_plain_reportlab(tmp_path):
    """The same check finds faults in ReportLab's own CJK wrapping: it is not vacuous, and the fix
    in generator/kinsoku.py is what makes the Japanese PDFs pass."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

    from generator.typeset.fonts import FontBook
    from generator.typeset.kinsoku import KinsokuParagraph
    from generator.model.sheets_file import FontsFile
    from datafile.validate import validate
    from datafile.source import load_yaml

    book = FontBook(ROOT, validate(FontsFile, load_yaml(ROOT / "layouts" / "fonts.yaml"), "fonts.yaml"))
    face = book.face("gothic")
    text = "山札と市場は閉じます。「買う」「交換する」はできません。建てる・伸ばすことはできます（ドナツィオーネなし）。"
    found = {}
    for name, cls in (("plain", Paragraph), ("kinsoku", KinsokuParagraph)):
        path = tmp_path / f"{name}.pdf"
        canvas = Canvas(str(path))
        y = 800
        for width in range(60, 260, 3):
            style = ParagraphStyle("t", fontName=face.name, fontSize=9, leading=11, wordWrap="CJK")
            para = cls(text, style)
            _w, h = para.wrap(width, 1000)
            if y - h < 20:
                canvas.showPage()
                y = 800
            para.drawOn(canvas, 20, y - h)
            y -= h + 6
        canvas.save()
        found[name] = kinsoku_faults(path)
    assert found["plain"], "plain ReportLab wrapping was expected to break a kinsoku rule"
    assert found["kinsoku"] == []


# ---------------------------------------------------------------- icon legend

def icon_chars(page, below: float | None = None, left: float | None = None, right: float | None = None):
    return {c["text"] for c in page.chars if "pnp-icons" in c["fontname"]
            and (below is None or c["top"] > below) and (left is None or left <= c["x0"] < right)}


def legend_icons(reference: Path) -> set[str]:
    with open_pdf(reference) as pdf:
        page = pdf.pages[0]
        words = page.extract_words()
        heads = [w for w in words if w["text"].lower() in ("legend", "legende", "légende", "symbolübersicht")
                 or "アイコンの説明" in w["text"]]
        assert heads, "no legend heading"
        head = heads[-1]
        half = float(page.width) / 2
        left, right = (0, half) if head["x0"] < half else (half, float(page.width))
        return icon_chars(page, below=head["bottom"], left=left, right=right)


@pytest.mark.slow      # ~1 s a PDF pair: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_legend_lists_exactly_the_icons_printed_on_the_cards(out, game, lang):
    folder = out[game] / game / lang
    with open_pdf(folder / "cards.pdf") as pdf:
        on_cards = set().union(*(icon_chars(p) for p in pdf.pages))
    assert on_cards, "the cards show icons"
    assert legend_icons(folder / "player-aid.pdf") == on_cards


def test_unused_icon_is_not_listed_and_unlabelled_icon_fails(tmp_path):
    root = project_copy(tmp_path)
    icons = root / "layouts" / "icons.yaml"
    icons.write_text(icons.read_text(encoding="utf-8") + (
        "  lantern:\n    path: \"M300 100 H700 V800 H300 Z\"\n"
        "    label: {fr: lanterne, en: lantern, de: Laterne, ja: ランタン}\n"), encoding="utf-8")
    out = tmp_path / "out"
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "player-aid", "--out", str(out), root=root)
    assert result.exit_code == 0, result.output
    text = text_of(out / "san-gimignano" / "en" / "player-aid.pdf")
    assert "victory points" in text and "lantern" not in text

    replace_in(icons, "label: {fr: carte, en: card, de: Karte, ja: カード}", "label: {fr: carte, en: card, de: Karte}")
    result = pnp("build", "san-gimignano", "--lang", "ja", "--only", "player-aid", "--out", str(out), root=root)
    assert result.exit_code == 1
    assert "card" in result.output and "ja" in result.output and "label" in result.output


# ---------------------------------------------------------------- fonts

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_fonts_embedded(out, game, lang):
    for name in ("player-aid.pdf", "player-aid-card.pdf"):
        report = subprocess.run(["pdffonts", str(out[game] / game / lang / name)], capture_output=True,
                                text=True, check=True).stdout.splitlines()[2:]
        assert report, "no fonts listed"
        for line in report:
            assert line.split()[-5] == "yes", f"{name}: font not embedded: {line}"
        if lang == "ja":
            assert any("BIZUDPGothic" in line or "gothic" in line.lower() for line in report)


# ---------------------------------------------------------------- catalogues and data files

def test_i18n_status_is_complete():
    result = pnp("i18n", "status", *GAMES, "--check")
    assert result.exit_code == 0, result.output
    for game in GAMES:
        for lang in LANGS:
            assert re.search(rf"^{game}\s+{lang}\s+(\d+)/\1\s+100 %", result.output, re.M), result.output


def test_missing_translation_fails_or_falls_back_with_a_warning(tmp_path):
    root = project_copy(tmp_path)
    replace_in(root / "locales" / "de" / "LC_MESSAGES" / "aids.po", 'msgstr "Symbolübersicht"', 'msgstr ""')
    status = pnp("i18n", "status", "san-gimignano", "--check", root=root)
    assert status.exit_code == 1 and "'Icon legend'" in status.output
    out = tmp_path / "out"
    args = ("build", "san-gimignano", "--lang", "de", "--only", "player-aid", "--out", str(out))
    failed = pnp(*args, root=root)
    assert failed.exit_code == 1 and "Icon legend" in failed.output
    allowed = pnp(*args, "--allow-missing", root=root)
    assert allowed.exit_code == 0, allowed.output
    assert "warning" in allowed.output and "'Icon legend'" in allowed.output
    assert "Icon legend" in text_of(out / "san-gimignano" / "de" / "player-aid.pdf")


def test_aid_file_errors_name_file_and_line(tmp_path):
    root = project_copy(tmp_path)
    aid = root / "cards" / "san-gimignano" / "aid" / "fr.yaml"
    line = replace_in(aid, "    heading: Phase de fin\n", "    heading: Phase de fin\n    cards: back\n") + 1
    result = pnp("build", "san-gimignano", "--only", "player-aid", "--out", str(tmp_path / "o"), root=root)
    assert result.exit_code == 1
    assert f"cards/san-gimignano/aid/fr.yaml:{line}" in result.output and "'cards'" in result.output
    assert not (tmp_path / "o" / "san-gimignano").exists() or not any((tmp_path / "o").rglob("*.pdf"))


def test_aid_template_typo_is_reported(tmp_path):
    root = project_copy(tmp_path)
    aid = root / "cards" / "san-gimignano" / "aid" / "en.yaml"
    line = replace_in(aid, "{{ decks.towers.count }}", "{{ decks.tower.count }}")
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "player-aid", "--out", str(tmp_path / "o"),
                 root=root)
    assert result.exit_code == 1
    assert f"cards/san-gimignano/aid/en.yaml:{line}" in result.output and "tower" in result.output


@pytest.mark.slow      # two whole-process builds
def test_a_game_built_after_another_is_byte_identical(tmp_path):
    from tests.conftest import pnp_process
    alone, together = tmp_path / "alone", tmp_path / "together"
    # two icon fonts in one process must not be confused (each set has its own face name)
    args = ("--lang", "en", "--only", "player-aid,cards")
    assert pnp_process("build", "tournay", *args, "--out", str(alone)).returncode == 0
    assert pnp_process("build", "san-gimignano", "tournay", *args, "--out", str(together)).returncode == 0
    for product in ("player-aid.pdf", "cards.pdf"):
        assert (alone / "tournay" / "en" / product).read_bytes() == \
            (together / "tournay" / "en" / product).read_bytes()


def test_a_plain_line_of_several_words_squeezed_a_point_is_not_one_too_wide_word():
    """The aid's 'too wide' check counted a plain line's words joined without spaces, so every line
    ReportLab squeezed by more than a point was 'one word wider than its column', and the page or
    side fell back a size (San Gimignano French, at 9.5 pt: an eleven-word line 1.09 pt over)."""
    from generator.player_aids.blocks import _one_word
    assert not _one_word((-1.09, ["marché.", "Placez", "le", "marqueur", "«\u00a0la", "plus", "haute\u00a0»",
                                  "près", "de", "la", "pioche."]))
    assert _one_word((-1.09, ["1\u00a0Zauberspruch"]))        # a glued group is one word
    assert _one_word((-20.0, ["Ein", "Wort"]))                 # more than squeezed spaces can take


@pytest.mark.parametrize("game", GAMES)
def test_each_step_of_the_turn_flow_is_named_as_an_action(game):
    """The turn-flow band prints each step's bold lead alone, under its icons: Taverna's read "a
    notable", "cast 1 spell" (fragments of a sentence, one without a verb) beside "Choose a client
    card" (review of stop 46). A name starts with a capital (or a number) in the Latin-script
    languages."""
    import yaml

    from generator.player_aids.blocks import lead
    for lang in ("fr", "en", "de"):
        card = yaml.safe_load((ROOT / "cards" / game / "aid-card" / f"{lang}.yaml").read_text(encoding="utf-8"))
        names = [lead(item["text"]) for side in card["sides"] for block in side["blocks"] if "steps" in block
                 for item in block["steps"]["items"]]
        assert names and [n for n in names if not (n[0].isupper() or n[0].isdigit())] == [], lang


def test_japanese_legend_lists_card_pictures_with_commas(out):
    """The San Gimignano nobles' names hold 「・」 (「ブオナ・ピエトラ」): the list of them runs on with 「、」,
    never with 「・」, which would read as one more name joint (Japanese editor, fourth reading)."""
    text = subprocess.run(["pdftotext", str(out["san-gimignano"] / "san-gimignano" / "ja" / "player-aid.pdf"), "-"],
                          capture_output=True, text=True).stdout
    assert "ヴィア・フランチジェナ、" in text and "ヴィア・フランチジェナ・" not in text
