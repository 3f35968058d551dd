"""Aid cards led by icons (issue 25), read back from the built PDFs, and their data checks: a turn
flow whose icon groups are set at 12 pt or more and never broken, body text at 8 pt or more in
every language, texts of their own in cards/<game>/aid-card/<lang>.yaml checked with file and line;
score pads that print each row's formula, count boxes and the tie-break from the same data."""
from __future__ import annotations

import re

import pytest

from generator.typeset.formulas import glue
from tests.conftest import pnp
from tests.pipeline.helpers import project_copy, replace_in
from tests.pdfs import open_pdf

GAMES = ["san-gimignano", "tournay", "taverna"]
LANGS = ["fr", "en", "de", "ja"]
SIGNS = "+×→="


def icon_sizes(pdf) -> list[float]:
    with open_pdf(pdf) as doc:
        return [c["size"] for p in doc.pages for c in p.chars if "icons" in c["fontname"] and c["text"].strip()]


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_turn_flow_icons_are_large_and_no_group_is_broken(full_build, game, lang):
    pdf = full_build / game / lang / "player-aid-card.pdf"
    big = [s for s in icon_sizes(pdf) if s >= 12 - 1e-6]
    assert len(big) >= 8, f"{game}/{lang}: the turn flow's icons are not set at 12 pt"
    from tests.print.japanese_lines import lines_of
    for line in lines_of(pdf):
        if line.size >= 12 - 1e-6:
            continue          # an icon group of the turn flow, in its own column ("→")
        # a sign only ever stands inside an icon group or formula: at a line's edge it was broken
        # (a sign that ends a word, as in "2+", is not one)
        assert not re.search(r"\s[+×→=]$", line.text), (game, lang, line.text)
        assert not re.match(r"[+×→=]\s", line.text), (game, lang, line.text)


def test_glue_keeps_formulas_and_icon_groups_whole():
    assert glue("3 × 10 = 30") == "3\u00a0×\u00a010\u00a0=\u00a030"
    assert glue("1 :denier: + 1 :denier: per coin") == "1 :denier:\u00a0+\u00a01 :denier: per coin"
    assert glue("(:grimoire: :lyre: :beer:)") == "(:grimoire:\u00a0:lyre:\u00a0:beer:)"
    assert glue("players + 1 Town Criers") == "players\u00a0+\u00a01 Town Criers"
    assert glue("Pay 2, then draw") == "Pay 2, then draw"


@pytest.mark.parametrize("game", GAMES)
def test_the_a4_aid_opens_with_the_turn_flow(full_build, game):
    """The same steps as the card, their icons large, in a band above the two columns."""
    with open_pdf(full_build / game / "en" / "player-aid.pdf") as doc:
        page = doc.pages[0]
        flow = [c for c in page.chars if "icons" in c["fontname"] and c["size"] >= 14.9]
        assert len(flow) >= 4
        assert max(c["top"] for c in flow) < page.height * 0.3


def test_aid_card_errors_name_file_line_and_field(tmp_path):
    root = project_copy(tmp_path)
    folder = root / "cards" / "san-gimignano" / "aid-card"
    typo = replace_in(folder / "fr.yaml", "      - steps:", "      - stepz:")
    group = replace_in(folder / "de.yaml", 'icons: "2 :card:"', 'icons: "2 cards"')
    key = replace_in(folder / "en.yaml", "key: completed", "key: completedd")
    section = replace_in(folder / "ja.yaml", "reference: donazione", "reference: donazion")
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1
    out = result.output
    assert f"cards/san-gimignano/aid-card/fr.yaml:{typo}: sides[0].blocks[0].stepz: unknown field 'stepz'; " \
           f"did you mean 'steps'?" in out
    assert f"cards/san-gimignano/aid-card/de.yaml:{group}: sides[0].blocks[0].steps.items[0].icons: '2 cards' " \
           f"is not an icon group" in out
    assert f"cards/san-gimignano/aid-card/en.yaml:{key}: " in out and "no score category 'completedd'" in out
    assert f"cards/san-gimignano/aid-card/ja.yaml:{section}: " in out and "no section 'donazion'" in out
    for line in out.splitlines():
        if "aid-card/" in line:
            assert re.match(r"cards/san-gimignano/aid-card/\w\w\.yaml:\d+: ", line), line


def test_every_language_has_the_same_structure(tmp_path):
    root = project_copy(tmp_path)
    path = root / "cards" / "san-gimignano" / "aid-card" / "de.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("            - icons: \"–\"")
    end = text.index("\n", text.index("text:", start)) + 1
    path.write_text(text[:start] + text[end:], encoding="utf-8")      # the last step, gone
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1
    assert re.search(r"cards/san-gimignano/aid-card/de\.yaml:\d+: sides\[0\]\.blocks\[0\]: steps block differs "
                     r"from cards/san-gimignano/aid-card/fr\.yaml's \(icons: ", result.output), result.output


def test_a_side_that_does_not_fit_names_it(tmp_path):
    root = project_copy(tmp_path)
    path = root / "cards" / "san-gimignano" / "aid-card" / "en.yaml"
    replace_in(path, "text: \"**Pass**. Two passes in a row end the game at once, in any phase.\"",
               "text: \"**Pass**. " + "Two passes in a row end the game. " * 30 + "\"")
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "player-aid-card",
                 "--out", str(tmp_path / "out"), root=root)
    assert result.exit_code == 1
    assert "player aid card san-gimignano/en, side front: its blocks do not fit at 8 pt" in result.output


# ---------------------------------------------------------------- score pads

PAD = {"san-gimignano": {"en": ["towers × 5", "floors × 2", "Tie: the marker's holder wins"],
                         "fr": ["tours × 5", "Égalité"], "de": ["Türme × 5", "Gleichstand"],
                         "ja": ["塔の数×5", "同点なら"]},
       "taverna": {"en": ["tokens × 1", "3/6/9/12/15", "birthday"], "fr": ["jetons × 1", "anniversaire"],
                   "de": ["Marker × 1", "Geburtstag"], "ja": ["トークンの数×1点", "誕生日"]},
       "tournay": {"en": ["(builder 4 / others 2) × items, 12 at most", "ramparts × 1"], "fr": ["remparts × 1"],
                   "de": ["Wälle × 1"], "ja": ["城壁1枚につき1", "ほかのプレイヤー2"]}}


def squash(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f’']+", "", text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_pads_print_formulas_count_boxes_and_tie_break(full_build, game, lang):
    pdf = full_build / game / lang / "score-pad.pdf"
    with open_pdf(pdf) as doc:
        page = doc.pages[0]
        text = squash(page.extract_text())
        for expected in PAD[game][lang]:
            assert squash(expected) in text, (game, lang, expected)
        # on the rows that multiply: a count, then a framed result box in each player's box
        results = [r for r in page.rects if r["stroke"] and not r["fill"] and r["height"] < 12 * 72 / 25.4]
        assert len(results) >= 2 * 2, f"{game}/{lang}: no result boxes"
        # the title holds on one line: all its glyphs on one baseline
        sizes = sorted({round(c["size"], 2) for c in page.chars}, reverse=True)
        title = [c for c in page.chars if round(c["size"], 2) == sizes[0]]
        per_pad = len(title) // len({round(c["top"]) for c in title} or {0})
        assert len({round(c["top"]) for c in title}) <= 2, f"{game}/{lang}: the title wraps"
        assert per_pad >= 3


def test_pad_formulas_come_from_the_aid_card(tmp_path):
    root = project_copy(tmp_path)
    replace_in(root / "cards" / "san-gimignano" / "aid-card" / "en.yaml", 'pad: "towers × 5"',
               'pad: "finished towers × 5"')
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "score-pad", "--out", str(tmp_path / "out"),
                 root=root)
    assert result.exit_code == 0, result.output
    with open_pdf(tmp_path / "out" / "san-gimignano" / "en" / "score-pad.pdf") as doc:
        assert "finishedtowers×5" in squash(doc.pages[0].extract_text())


def test_aid_text_is_hyphenated_only_where_it_saves_a_line():
    """Issue 28: no hyphen where a rebalance avoids it (the same lines with whole words)."""
    import pyphen
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from generator.player_aids.shared import _fewest_breaks, _unhyphenated

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=9, leading=11, embeddedHyphenation=1,
                           hyphenationLang=pyphen.Pyphen(lang="de_DE").iterate, hyphenationMinWordLength=4)
    text = "Jeder Urkundenbesitzer dieser Taverne erhält drei Münzen aus dem Vorrat"

    def chosen(width):
        para = _fewest_breaks(Paragraph(text, style), lambda: Paragraph(text, _unhyphenated(style)), width)
        return para.style.hyphenationLang is not None, len(para.blPara.lines)

    outcomes = {width: chosen(width) for width in range(60, 200, 4)}
    assert {hyphen for hyphen, _ in outcomes.values()} == {True, False}    # both cases occur
    for width, (hyphen, lines) in outcomes.items():
        whole = Paragraph(text, _unhyphenated(style))
        whole.wrap(width, 999)
        if hyphen:                  # kept only where whole words take more lines
            assert len(whole.blPara.lines) > lines, width
        else:
            assert lines == len(whole.blPara.lines)


MAGIC = '"**Magie**: Ziehe 1 :spell:.'   # an item of the back of Taverna's German aid card


def _german_back_changed(tmp_path, new: str):
    """Taverna with one item of its German aid card's back replaced: (root, the back's `side:` line)."""
    root = project_copy(tmp_path, ("taverna",))
    target = root / "cards" / "taverna" / "aid-card" / "de.yaml"
    text = target.read_text(encoding="utf-8")
    replace_in(target, MAGIC + '"', new)
    return root, text[:text.index("side: back")].count("\n") + 1


def _build_de_aid_card(tmp_path, root):
    return pnp("build", "taverna", "--lang", "de", "--only", "player-aid-card", "--out", str(tmp_path / "out"),
               root=root)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_validate_refuses_an_aid_card_side_that_does_not_fit(tmp_path):
    """What the build refuses (a side over the card at the smallest size), validate refuses
    first, naming the file, the side's line and the side (issue 23 item 3)."""
    root, side_line = _german_back_changed(tmp_path, MAGIC + " Und noch mehr Text" * 40 + '"')
    result = pnp("validate", "taverna", root=root)
    assert result.exit_code == 1
    assert f"cards/taverna/aid-card/de.yaml:{side_line}: sides[1]: side back:" in result.output
    checked = pnp("check", "taverna", root=root)                   # the preflight refuses it too
    assert checked.exit_code == 1 and f"de.yaml:{side_line}: sides[1]:" in checked.output
    assert _build_de_aid_card(tmp_path, root).exit_code != 0


def test_validate_refuses_a_phrase_wider_than_its_aid_card_column(tmp_path):
    """A word no size and no hyphen fits in its column fails the build; validate says so first,
    at the side's line (issue 23 item 3: every input the build refuses)."""
    root, side_line = _german_back_changed(tmp_path, '"**Magie**: Ziehe ' + "X" * 60 + '."')
    result = pnp("validate", "taverna", root=root)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "aid-card/de.yaml" in line]
    assert len(lines) == 1 and lines[0].startswith(f"cards/taverna/aid-card/de.yaml:{side_line}: sides[1]: side back:")
    assert "X" * 30 in lines[0] and "Traceback" not in result.output
    built = _build_de_aid_card(tmp_path, root)
    assert built.exit_code == 1 and "Traceback" not in built.output


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_validate_refuses_a_player_aid_that_does_not_fit_its_page(tmp_path):
    """The one-page player aid is set from 10 pt down to 6 pt; one that does not fit even then
    fails the build, and validate says so first, at the file's `sections:` line (issue 23 item 3)."""
    root = project_copy(tmp_path, ("taverna",))
    target = root / "cards" / "taverna" / "aid" / "de.yaml"
    text = target.read_text(encoding="utf-8")
    item = re.search(r'^(\s+- )"([^"\n]{20,})"$', text, re.M)         # a plain bullet, made 60 times longer
    target.write_text(text.replace(item.group(0), f'{item.group(1)}"{(item.group(2) + " ") * 60}"', 1),
                      encoding="utf-8")
    line = text[:text.index("\nsections:") + 1].count("\n") + 1
    result = pnp("validate", "taverna", root=root)
    assert result.exit_code == 1
    problems = [text for text in result.output.splitlines() if text.strip()][:-1]
    assert len(problems) == 1 and problems[0].startswith(f"cards/taverna/aid/de.yaml:{line}: sections: "), problems
    built = pnp("build", "taverna", "--lang", "de", "--only", "player-aid", "--out", str(tmp_path / "out"), root=root)
    assert built.exit_code == 1 and "does not fit on one" in built.output


def test_a_part_filled_only_sheet_of_aid_cards_says_why(tmp_path):
    """A sheet with empty places says why, also when it is the only one: the labels compared a
    sheet with the fullest sheet, so one sheet holding 2 aid cards of 4 said nothing."""
    root = project_copy(tmp_path)
    replace_in(root / "cards" / "san-gimignano" / "game.yaml", "players: {min: 2, max: 2}", "players: {min: 1, max: 1}")
    out = tmp_path / "out"
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "player-aid-card", "--out", str(out), root=root)
    assert result.exit_code == 0, result.output
    with open_pdf(out / "san-gimignano" / "en" / "player-aid-card.pdf") as pdf:
        fronts = pdf.pages[0].extract_text()
    assert "sheet 1 of 1" in fronts and "This sheet is not full" in fronts


# what each language's part-filled sheet said (issue 51: read as a puzzle by all three editors)
OLD_NOTE = {"fr": "cartes sur 4", "de": "von 4 Karten", "ja": "4枚分のうち", "en": "cards of 4"}
NEW_NOTE = {"fr": "n’est pas pleine", "de": "ist nicht voll", "ja": "空きがあります", "en": "is not full"}
# each Taverna player gets two aid cards (1/2 and 2/2 are separate cards): the note says so
# (ja said 「1人1枚ずつ」, one card each; issue 51)
TWO_CARDS = {"fr": "2cartesd’aideparjoueur", "de": "2Spielhilfekartenpro", "ja": "1人2枚ずつ", "en": "2aidcardsperplayer"}


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("lang", ["fr", "en", "de", "ja"])
def test_the_part_filled_sheet_says_plainly_why(full_build, lang):
    """Taverna's last aid-card sheet holds 2 of 4 (2 aid cards × 5 players)."""
    with open_pdf(full_build / "taverna" / lang / "player-aid-card.pdf") as pdf:
        text = "".join("".join(page.extract_text().split()) for page in pdf.pages)
        # the note is a margin label on one line: it stays on the page (a longer French note ran off it)
        outside = [c["text"] for page in pdf.pages for c in page.chars if c["x0"] < 0 or c["x1"] > page.width]
    assert NEW_NOTE[lang].replace(" ", "") in text and OLD_NOTE[lang].replace(" ", "") not in text
    assert outside == []
    assert TWO_CARDS[lang] in text
