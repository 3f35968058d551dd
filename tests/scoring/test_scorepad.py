"""score-pad.pdf: the calculator's categories as rows, in every language, fonts embedded."""
from __future__ import annotations

import subprocess

import pytest


ROWS = {"en": ["Completed towers", "Coloured towers", "Total"],
        "fr": ["Tours terminées", "Tours colorées", "Total"],
        "de": ["Vollendete Türme", "Bunte Türme", "Summe"],
        "ja": ["完成した塔", "多色の塔", "合計"]}


@pytest.fixture(scope="module")
def pads(built):
    return built("san-gimignano") / "san-gimignano"    # the session's build, score pads among it


@pytest.mark.parametrize("lang", ["en", "fr", "de", "ja"])
def test_rows_and_fonts(pads, lang):
    pdf = pads / lang / "score-pad.pdf"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True).stdout
    for row in ROWS[lang]:
        assert row in text
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout.splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts   # emb column
    if lang == "ja":
        assert any("BIZUDPGothic" in line for line in fonts)


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_too_many_players_for_a_legible_pad_is_refused_by_validate_first(tmp_path):
    """A pad gets a column per player; 60 of them do not fit one page legibly, so the build
    refuses the pad, and validate refuses it first, at the game's `players:` line (issue 23, item 3)."""
    from tests.conftest import pnp
    from tests.pipeline.helpers import project_copy, replace_in
    root = project_copy(tmp_path, ("tournay",))
    line = replace_in(root / "cards" / "tournay" / "game.yaml", "players: {min: 2, max: 4}",
                      "players: {min: 2, max: 60}")
    result = pnp("validate", "tournay", root=root)
    assert result.exit_code == 1
    problems = [text for text in result.output.splitlines() if text.strip()][:-1]
    assert len(problems) == 1 and problems[0].startswith(f"cards/tournay/game.yaml:{line}: players: "), problems
    checked = pnp("check", "tournay", root=root)                    # the preflight refuses it too
    assert checked.exit_code == 1 and f"game.yaml:{line}: players: " in checked.output
    built = pnp("build", "tournay", "--lang", "en", "--only", "score-pad", "--out", str(tmp_path / "out"),
                root=root)
    assert built.exit_code == 1 and "60 players do not fit" in built.output
    replace_in(root / "cards" / "tournay" / "game.yaml", "max: 60}", "max: 5}")   # five columns fit
    assert pnp("validate", "tournay", root=root).exit_code == 0


@pytest.mark.parametrize("game", ["taverna", "tournay"])
def test_japanese_pad_subtitle_is_not_joined_to_its_note_by_a_middle_dot(built, game):
    """Japanese editor: 「得点表・各列の上に…」 read as a list; a title and its sentence take 「：」."""
    pdf = built(game) / game / "ja" / "score-pad.pdf"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "得点表：各列" in text and "得点表・" not in text


@pytest.mark.parametrize("lang", ["ja"])    # kinsoku lines: the paragraph most apt to keep state between wraps
def test_a_pad_label_is_parsed_once_per_size_and_measures_as_a_new_one(monkeypatch, lang):
    """Choosing the grid tries up to 5 grids x 2 label columns x 6 sizes (issue 49's CPU line):
    each label is parsed at most once per size, and every label size chosen is the one freshly
    parsed paragraphs give (Taverna: labels of up to 4 lines; Japanese breaks by kinsoku)."""
    from pathlib import Path
    from xml.sax.saxutils import escape

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm

    from generator.loading.catalog import load_project
    from generator.products import scorepad
    from generator.typeset.fonts import FontBook
    project = load_project(Path(__file__).resolve().parents[2])
    pad, _title = scorepad._pad(project, project.games["taverna"], lang, True, FontBook(project.root, project.fonts))
    parsed, label = [], pad.label
    monkeypatch.setattr(pad, "label", lambda row, style: parsed.append((row.title, style.fontSize)) or label(row, style))
    paper = project.sheets.papers[project.sheets.paper_for(lang)]
    page = (paper.width * mm, paper.height * mm)
    _size, _cols, _rows, w, h = scorepad._arranged(pad, page, scorepad.shared_space(project, page))
    assert pad.fits(w, h)
    assert parsed and len(parsed) == len(set(parsed))

    def fresh(column: float, row: float) -> float | None:
        for size in scorepad.LABEL_SIZES:
            style = ParagraphStyle("l", parent=pad.styles["label"], fontSize=size, leading=size * 1.15)
            labels = [label(r, style) for r in pad.rows] + \
                [pad.para(escape(t), style) for t in (pad.styles["player"], pad.styles["total"])]
            if all(p.wrap(column - 4 * mm, 1000)[1] <= min(row - 2 * scorepad.CLEAR - 1.5, size * 4.3) for p in labels):
                return size
        return None
    asked = [key[1:] for key in pad._measured if key[0] == "size"]
    assert len(asked) > 2
    assert [pad.label_size(*a) for a in asked] == [fresh(*a) for a in asked]
