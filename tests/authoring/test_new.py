"""`pnp new NAME` (issue 14): a game folder that builds at once, in one language; a game without
aids, rules or a calculator builds what it has and says what it skipped."""
from __future__ import annotations

import shutil

import pytest
from pypdf import PdfReader

from tests.conftest import pnp
from tests.pdfs import open_pdf

from .helpers import new_game

# the card sheets and the files their instructions name (issue 50)
SHIPPED_CARDS = ["calibration-page.pdf", "cards-fold-over.pdf", "cards-ink-saver.pdf", "cards.pdf"]


def build(root, *args):
    result = pnp("build", "spice-road", "--out", str(root / "out"), *args, root=root)
    assert result.exit_code == 0, result.output
    return root / "out" / "spice-road", result


def test_new_creates_the_files_and_builds_at_once(tmp_path):
    game = new_game(tmp_path)
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.yaml")) == [
        "cards/spice-road/aid-card/en.yaml", "cards/spice-road/aid/en.yaml", "cards/spice-road/cards.yaml",
        "cards/spice-road/game.yaml",
        "cards/spice-road/rules/en.yaml", "layouts/spice-road.yaml"]
    assert "game: spice-road" in (game / "game.yaml").read_text()
    assert "name: {en: Spice Road}" in (game / "game.yaml").read_text()
    out, result = build(tmp_path, "-v")
    assert "skipped: spice-road: no score-pad.pdf (scoring/ has no calculator for it)" in result.output
    assert sorted(p.name for p in (out / "en").iterdir()) == SHIPPED_CARDS + ["player-aid-card.pdf",
                                                                            "player-aid.pdf", "rules.pdf"]
    cards = PdfReader(out / "en" / "cards.pdf")
    # the instructions sheet, then 3 cards (2 + 1 copies) on one sheet, then their backs
    assert len(cards.pages) == 4
    fronts = cards.pages[2].extract_text()
    assert fronts.count("Market") == 2 and fronts.count("Harbour") == 1
    assert cards.pages[3].extract_text().count("Spice Road") == 3 + 1      # 3 backs, and the sheet's label
    with open_pdf(out / "en" / "rules.pdf") as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "Goal of the game" in text and "Harbour" in text and "Cost 3" in text
    aid = PdfReader(out / "en" / "player-aid.pdf").pages[0].extract_text()
    assert "Shuffle the 3 cards" in aid


def test_new_in_another_language(tmp_path):
    game = new_game(tmp_path, "spice-road", "--lang", "fr", "--title", "La Route des épices")
    assert "languages: [fr]" in (game / "game.yaml").read_text()
    assert (game / "aid" / "fr.yaml").exists() and (game / "rules" / "fr.yaml").exists()
    out, _ = build(tmp_path)
    assert "La Route des épices" in PdfReader(out / "fr" / "cards.pdf").pages[3].extract_text()   # the backs


def test_a_game_builds_what_it_has(tmp_path):
    game = new_game(tmp_path)
    shutil.rmtree(game / "aid")
    shutil.rmtree(game / "rules")
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    status = pnp("i18n", "status", "spice-road", "--check", root=tmp_path)
    assert status.exit_code == 0 and "player aid none" in status.output
    out, result = build(tmp_path, "-v")
    assert "skipped: spice-road: no player-aid-card.pdf (it has no cards/spice-road/aid/ folder)" in result.output
    assert "skipped: spice-road: no player-aid.pdf" in result.output
    assert "note: spice-road has no rules/ folder: its rules.pdf and site page list the cards only" in result.output
    assert sorted(p.name for p in (out / "en").iterdir()) == SHIPPED_CARDS + ["rules.pdf"]   # rules: the card index
    assert "Market" in "".join(p.extract_text() for p in PdfReader(out / "en" / "rules.pdf").pages)


@pytest.mark.parametrize("args, message", [
    (("Spice Road",), "'Spice Road' cannot name a game: use lowercase letters, digits and dashes (e.g. 'spice-road')"),
    (("tournay",), "a game 'tournay' is bundled with pnp ("),      # then its folder, "); choose another NAME"
    (("spice-road", "--lang", "french"), "--lang: 'french' is not a language code (two lowercase letters, ISO 639-1); "
                                         "did you mean 'fr'?"),
    (("spice-road", "--lang", "fr,english"), "--lang: 'english' is not a language code"),
    (("spice-road", "--lang", "en,jp"), "--lang: 'jp' is not a language code (two lowercase letters, ISO 639-1); "
                                         "did you mean 'ja'?"),
])
def test_new_refuses_with_one_line(tmp_path, args, message):
    result = pnp("new", *args, root=tmp_path)
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "cards").exists()


def test_new_never_overwrites(tmp_path):
    new_game(tmp_path)
    result = pnp("new", "spice-road", root=tmp_path)
    assert result.exit_code == 1 and "exists in" in result.output
    (tmp_path / "layouts" / "silk.yaml").write_text("layouts: {}\n")
    result = pnp("new", "silk", root=tmp_path)
    assert result.exit_code == 1 and "layouts/silk.yaml already exists" in result.output
    assert not (tmp_path / "cards" / "silk").exists()


def test_new_in_four_languages_checks_without_a_warning_and_builds(tmp_path):
    """The scaffold keeps its own promises in every language it lists: no text below 6.5 pt (its
    copies line was 5.5 pt with min_size 4), nothing in the safe zone, a label for its icon."""
    import json
    game = new_game(tmp_path, "spice-road", "--lang", "fr,en,de,ja")
    assert "languages: [fr, en, de, ja]" in (game / "game.yaml").read_text()
    assert "name: {fr: Marché, en: Market, de: Markt, ja: 市場}" in (game / "cards.yaml").read_text()
    assert sorted(p.name for p in (game / "aid").iterdir()) == ["de.yaml", "en.yaml", "fr.yaml", "ja.yaml"]
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    result = pnp("check", "spice-road", "--json", root=tmp_path)
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["summary"] == {"errors": 0, "warnings": 0, "notes": 0}, report["findings"]
    assert {row["lang"] for row in report["fit"]} == {"fr", "en", "de", "ja"}
    assert min(row["smallest_pt"] for row in report["fit"]) >= 6.5
    out, _ = build(tmp_path)
    for lang, word in (("fr", "Marché"), ("en", "Market"), ("de", "Markt"), ("ja", "市場")):
        assert sorted(p.name for p in (out / lang).iterdir()) == SHIPPED_CARDS + ["player-aid-card.pdf",
                                                                                "player-aid.pdf", "rules.pdf"]
        assert word in PdfReader(out / lang / "cards.pdf").pages[2].extract_text()     # after the instructions


def test_new_writes_a_guide_beside_the_game(tmp_path):
    """The installed tool has no docs/ folder: the new game's README.md is its guide."""
    game = new_game(tmp_path, "spice-road")
    guide = (game / "README.md").read_text()
    assert guide.startswith("# Spice Road") and "pnp validate spice-road" in guide
    assert "layouts/spice-road.yaml" in guide and "${" not in guide
    result = pnp("new", "other", root=tmp_path)
    assert "cards/other/README.md explains them" in result.output.replace(str(tmp_path) + "/", "")
    assert "docs/" not in result.output


def test_a_game_in_a_language_pnp_does_not_speak_builds_at_once(tmp_path):
    """`pnp new dice --lang en,es`, then build --allow-missing: refused, because the icons pnp
    ships (card, points) have no 'es' label; the new game now has its own copies, labelled in its
    languages. Its first sheet points at the calibration page shipped next to it, which is built
    too (in English where pnp's texts lack the language), and names no command (issue 50)."""
    new_game(tmp_path, "spice-road", "--lang", "es,en")
    out, _result = build(tmp_path, "--allow-missing", "--lang", "es", "--only", "cards,calibration-page")
    first = " ".join(PdfReader(out / "es" / "cards.pdf").pages[0].extract_text().split())
    assert "calibration-page.pdf" in first and "pnp" not in first
    assert len(PdfReader(out / "es" / "calibration-page.pdf").pages) == 2


def test_new_in_spanish_builds_with_the_command_it_prints(tmp_path):
    """`pnp new juego --lang es` ends with "Next: pnp build juego", which stopped on 63 untranslated
    interface strings (issue 52): pnp has no Spanish catalogue, so they print in English."""
    made = pnp("new", "juego", "--lang", "es", root=tmp_path)
    assert "Next: pnp build juego" in made.output
    result = pnp("build", "juego", "--only", "cards,calibration-page", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    text = " ".join(PdfReader(tmp_path / "out" / "juego" / "es" / "cards.pdf").pages[0].extract_text().split())
    assert "calibration-page.pdf" in text   # the instructions sheet, in English (none of it Spanish),
    # naming the calibration page built beside it


def test_a_build_is_quiet_by_default(tmp_path):
    """About 55 lines a build, every calculator runtime file among them (issue 52): now a summary
    of at most five lines; `-v` lists every file."""
    new_game(tmp_path)
    _out, result = build(tmp_path)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) <= 5, result.output
    assert any("PDF(s) in" in line and "spice-road/en" in line for line in lines)
    verbose = pnp("build", "spice-road", "--out", str(tmp_path / "out"), "--no-cache", "-v", root=tmp_path)
    assert verbose.exit_code == 0 and len(verbose.output.splitlines()) > 20


def test_the_example_aid_and_rules_left_behind_are_one_line_naming_what_to_delete(tmp_path):
    """Issue 52: the designer's spreadsheet replaced the example cards; pnp new's aid, aid card
    and rules still read `card.props.cost` and `:coin:`, and failed on 8 lines of their own
    (pnp check said nothing). One line names the folders to delete; once deleted, it validates."""
    game = new_game(tmp_path)
    (game / "cards.yaml").write_text("deck: cards\nname: {en: Cards}\nsize: poker\nlayout: spice-road/card\n"
                                     "back: {layout: spice-road/back}\ncards_from: cards.csv\n", encoding="utf-8")
    (game / "cards.csv").write_text("Name,Qty,Power,Text\nMarket,2,1,Gain 2.\n", encoding="utf-8")
    layouts = tmp_path / "layouts" / "spice-road.yaml"
    layouts.write_text(layouts.read_text(encoding="utf-8").replace("card.props.cost", "card.props.power")
                       .replace("Gain 2 :coin:", "Gain 2"), encoding="utf-8")
    for command in ("validate", "build", "check"):
        result = pnp(command, "spice-road", root=tmp_path)
        lines = [l for l in result.output.splitlines() if l.startswith("cards/")]
        assert result.exit_code == 1 and len(lines) == 1, (command, result.output)
        assert lines[0].startswith("cards/spice-road/aid/en.yaml: ") and all(
            f"cards/spice-road/{f}/" in lines[0] for f in ("aid", "aid-card", "rules")), lines[0]
    for folder in ("aid", "aid-card", "rules"):
        shutil.rmtree(game / folder)
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0


def test_a_product_whose_folder_is_removed_leaves_the_output_and_the_site(tmp_path):
    # newcomer 4: the aid folders removed, the build said "skipped" yet kept the old PDFs and offered them
    game = new_game(tmp_path)
    out, _ = build(tmp_path, "--only", "player-aid,rules")
    assert (out / "en" / "player-aid.pdf").exists()
    shutil.rmtree(game / "aid")
    out, result = build(tmp_path, "--only", "player-aid,rules")
    assert "removed 1 old file(s) the game no longer makes: spice-road/en/player-aid.pdf" in result.output
    assert sorted(p.name for p in (out / "en").iterdir()) == ["rules.pdf"]
    site = tmp_path / "out" / "site"
    assert not [p for p in site.rglob("*") if "player-aid" in p.name or
                (p.suffix == ".html" and "player-aid" in p.read_text(encoding="utf-8"))]
