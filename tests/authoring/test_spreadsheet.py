"""Decks read from spreadsheets (issue 14): `cards_from: goods.csv` / `.xlsx`, one card per row;
problems name file, row and column."""
from __future__ import annotations

import re

import pytest

from generator.loading.catalog import load_project
from generator.loading.spreadsheet import column_letter
from tests.conftest import pnp

from .helpers import add_deck, cards_text, new_game

DECK = """deck: goods
name: {en: Goods}
size: poker
layout: spice-road/card
back: {layout: spice-road/back}
properties:
  cost: {type: int, min: 0, max: 9, required: true}
  tags: {type: list, items: {type: str}}
  subtitle: {type: text}
cards_from: %s
"""


@pytest.fixture
def game(tmp_path):
    return new_game(tmp_path)


def goods(project_root):
    return load_project(project_root, ["spice-road"]).games["spice-road"].deck("goods")


def test_csv_rows_become_cards(game, tmp_path):
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text(
        "id,copies,name,text.en,props.cost,props.tags,props.subtitle.en\n"
        "saffron,2,Saffron,Gain 1 :coin:.,4,rare;red,The red gold\n"
        ",,,,,,\n"                                   # an empty row is skipped
        "pepper,,Pepper,\"Draw 1 :card:, then pass.\",2,,\n", encoding="utf-8")
    deck = goods(tmp_path)
    assert [(c.id, c.copies, c.props["cost"]) for c in deck.cards] == [("saffron", 2, 4), ("pepper", 1, 2)]
    assert deck.cards[0].props["tags"] == ["rare", "red"]
    assert deck.cards[0].props["subtitle"].get("en") == "The red gold"
    assert deck.cards[1].text.get("en") == "Draw 1 :card:, then pass."
    text = cards_text(tmp_path)
    assert text.count("Saffron") == 2 and text.count("Pepper") == 1


def test_excel_semicolons_and_bom(game, tmp_path):
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("\ufeffid;name;props.cost\nsaffron;Saffron;3\n", encoding="utf-8")
    assert [c.name.get("en") for c in goods(tmp_path).cards] == ["Saffron"]


def test_xlsx_formulas(game, tmp_path):
    """A formula gives the result Excel or LibreOffice saved with it; one written by a script has
    none, and that is said (it was reported as an empty cell)."""
    import zipfile
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["id", "name.en", "props.cost"])
    book.active.append(["saffron", "Saffron", "=1+2"])
    book.active.append(["pepper", "Pepper", "=2*2"])
    book.save(game / "goods.xlsx")
    add_deck(game, "goods", DECK % "goods.xlsx")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    # one line for the file, at its first formula (issue 52: 97 lines for a script's workbook)
    said = [line for line in result.output.splitlines() if "goods.xlsx" in line]
    assert len(said) == 1, result.output
    assert said[0].startswith("cards/spice-road/goods.xlsx:2: column C 'props.cost': formula =1+2 has no saved "
                              "value, nor has 1 more formula cell") and "open the file in Excel or LibreOffice " \
        "and save it" in said[0]
    assert "empty cell" not in result.output
    # what Excel writes: the formula and its last result (<v>)
    with zipfile.ZipFile(game / "goods.xlsx") as source:
        files = {name: source.read(name) for name in source.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    files[sheet] = files[sheet].replace(b"<f>1+2</f><v></v>", b"<f>1+2</f><v>3</v>").replace(
        b"<f>2*2</f><v></v>", b"<f>2*2</f><v>4</v>")
    with zipfile.ZipFile(game / "goods.xlsx", "w") as target:
        for name, data in files.items():
            target.writestr(name, data)
    assert [(c.id, c.props["cost"]) for c in goods(tmp_path).cards] == [("saffron", 3), ("pepper", 4)]


def test_xlsx_sheet(game, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    sheet = book.create_sheet("Goods")
    sheet.append(["id", "copies", "name.en", "props.cost"])
    sheet.append(["saffron", 3, "Saffron", 4.0])     # Excel numbers come back as floats
    sheet.append(["pepper", None, "Pepper", None])
    book.save(game / "goods.xlsx")
    add_deck(game, "goods", DECK % "goods.xlsx#Goods")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert "cards/spice-road/goods.xlsx:3: column D 'props.cost': empty cell" in result.output
    sheet.delete_rows(3)
    book.save(game / "goods.xlsx")
    assert [(c.id, c.copies, c.props["cost"]) for c in goods(tmp_path).cards] == [("saffron", 3, 4)]


@pytest.mark.parametrize("rows, expected", [
    # pydantic words the reason: the line names file, row, column and (for a bound) the bound
    ("id,name,props.cost\nsaffron,Saffron,four\n", "cards/spice-road/goods.csv:2: column C 'props.cost': "),
    ("id,name,props.cost\nsaffron,Saffron,3\npepper,Pepper,12\n",
     "cards/spice-road/goods.csv:3: column C 'props.cost': .*\\b9\\b"),
    ("id,name,props.cost\nsaffron,Saffron,3\nsaffron,Pepper,2\n",
     "cards/spice-road/goods.csv:3: column A 'id': card id 'saffron' repeats in rows 2–3"),
    ("id,name.fr,name.en,props.cost\nsaffron,Safran,,3\n",
     "cards/spice-road/goods.csv:2: column C 'name.en': empty cell: no 'en' text (expected the en text, as this row has one in fr)"),
    ("id,name.en,props.cost\nsaffron,,3\n",
     "cards/spice-road/goods.csv:2: column B 'name.en': empty cell"),
    # a typo of a declared property written with props. is refused (a plain one is a note: test_newcomer8_sheets)
    ("id,name,props.cost,props.Tgas\nsaffron,Saffron,3,x\n",
     "cards/spice-road/goods.csv:1: column D 'props.Tgas': unknown column; did you mean 'tags'?"),
    # a required column missing is said once, on the header, never blamed on a column that is there
    ("id,name.en,props.tags\nsaffron,Saffron,rare\npepper,Pepper,red\n",
     "cards/spice-road/goods.csv:1: no column 'props.cost' (expected a column props.cost: every card needs it)"),
    # a card id of another deck: the row and cell of the spreadsheet, the line of the YAML
    ("id,name,props.cost\nsaffron,Saffron,3\nmarket,Market,2\n",
     "cards/spice-road/goods.csv:3: column A 'id': card id 'market' is also used in cards/spice-road/cards.yaml:"),
])
def test_errors_name_file_row_and_column(game, tmp_path, rows, expected):
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text(rows, encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    if ".*" in expected:
        assert re.search(expected, result.output), result.output
    else:
        assert expected in result.output, result.output
    assert "Traceback" not in result.output
    assert "column C 'props.tags'" not in result.output and "goods.yaml" not in result.output
    assert len(result.output.strip().splitlines()) == 2   # the problem, then the count


def test_a_missing_language_names_the_column_to_add(game, tmp_path):
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("languages: [en]",
                                                                             "languages: [en, fr]"))
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name.en,props.cost\nsaffron,Saffron,3\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert ("cards/spice-road/goods.csv:1: no column name.fr beside column B 'name.en' (expected a column name.fr "
            "(each language of the game has its own))") in result.output


def test_file_not_found_and_outside_the_game(game, tmp_path):
    add_deck(game, "goods", DECK % "good.csv")
    (game / "goods.csv").write_text("id,name,props.cost\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert "cards/spice-road/goods.yaml:10: cards_from: file 'good.csv' not found; did you mean 'goods.csv'?" \
        in result.output
    (game / "goods.yaml").write_text(DECK % "../../secret.csv")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert "cards_from: '../../secret.csv' is outside the game folder" in result.output


def test_column_letters():
    assert [column_letter(i) for i in (0, 25, 26, 27, 701, 702)] == ["A", "Z", "AA", "AB", "ZZ", "AAA"]


def test_an_unknown_icon_in_a_row_names_its_cell(game, tmp_path):
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name,props.cost,text.en\nsaffron,Saffron,3,Gain 1 :coin:.\n"
                                    "pepper,Pepper,2,Gain 1 :cion:.\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert "cards/spice-road/goods.csv:3: column D 'text.en': unknown icon ':cion:'; did you mean ':coin:'?" \
        in result.output, result.output


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_spreadsheet_holds_at_most_a_deck(game, tmp_path, kind):
    """A spreadsheet of a million rows is not read whole: past a deck's 500 cards it is one
    problem naming the row (and own cards plus the sheet's count together)."""
    rows = [f"c{n},C{n},1" for n in range(5000)]
    if kind == "csv":
        (game / "goods.csv").write_text("id,name,props.cost\n" + "\n".join(rows) + "\n", encoding="utf-8")
    else:
        openpyxl = pytest.importorskip("openpyxl")
        book = openpyxl.Workbook(write_only=True)
        sheet = book.create_sheet("Goods")
        sheet.append(["id", "name", "props.cost"])
        for row in rows:
            sheet.append(row.split(","))
        book.save(game / "goods.xlsx")
    add_deck(game, "goods", DECK % f"goods.{kind}")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"cards/spice-road/goods.{kind}:502: more than 500 card rows" in result.output, result.output
    (game / "goods.csv").write_text("id,name,props.cost\n" + "\n".join(rows[:300]) + "\n", encoding="utf-8")
    own = "".join(f"  - {{id: own{n}, name: {{en: Own {n}}}, props: {{cost: 1}}}}\n" for n in range(250))
    add_deck(game, "goods", (DECK % "goods.csv") + "cards:\n" + own)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert "cards_from: 550 cards with the spreadsheet's (expected at most 500 cards in a deck)" in result.output


def test_a_csv_over_the_file_limit_is_refused(game, tmp_path):
    (game / "goods.csv").write_text("id,name,props.cost\n" + "x" * 2_100_000 + "\n", encoding="utf-8")
    add_deck(game, "goods", DECK % "goods.csv")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert "cards/spice-road/goods.csv: file larger than 2000 kB" in result.output, result.output


def test_a_csv_not_in_utf8_names_its_row_and_the_export_to_choose(game, tmp_path):
    (game / "goods.csv").write_bytes("id,name,props.cost\nsafran,Safran épicé,3\n".encode("latin-1"))
    add_deck(game, "goods", DECK % "goods.csv")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert "cards/spice-road/goods.csv:2: byte 0xe9 is not UTF-8 text (expected a CSV saved as UTF-8 " \
           "(\"CSV UTF-8\" in Excel / LibreOffice))" in result.output, result.output


def test_a_text_too_long_for_its_box_is_named_at_its_cell(game, tmp_path):
    """validate fits a spreadsheet card's text as the build does, and names its row and column."""
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name,text.en,props.cost\n"
                                    "saffron,Saffron,Gain 1 :coin:.,4\n"
                                    "pepper,Pepper,\"" + "Draw 1 :card:, then pass. " * 40 + "\",2\n",
                                    encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    problems = [line for line in result.output.splitlines() if line.strip()][:-1]
    assert len(problems) == 1 and problems[0].startswith("cards/spice-road/goods.csv:3: column C 'text.en': text "
                                                         "does not fit"), problems


@pytest.mark.parametrize("row, count", [
    ('cumin,Cumin,2,When you float it, "look at the top."\n', 5),   # a comma outside quotes
    ("cumin,Cumin,2,Sweet,extra\n", 5),
    ("cumin,Cumin\n", 2),
])
def test_row_longer_or_shorter_than_header(game, tmp_path, row, count):
    """A row whose cells do not match the header is refused on one line (issue 52: a stray quote
    shifted the German text into the English column and the build printed it)."""
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name,props.cost,props.subtitle.en\nsaffron,Saffron,3,Red\n" + row,
                                    encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "goods.csv:3" in line]
    assert len(lines) == 1 and f"{count} cells" in lines[0] and "4 columns" in lines[0], result.output


def test_a_row_shifted_into_its_empty_last_column_is_refused(game, tmp_path):
    """A comma outside quotes in a row whose last cell is empty shifted the row by a cell and left
    the extra cell empty: validate said ok and the card printed ' hot' as its tags (newcomer 10)."""
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name,props.cost,props.subtitle.en,props.tags\nsaffron,Saffron,3,Red,\n"
                                    "cumin,Cumin,2,Sweet, hot,\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "goods.csv:3" in line]
    assert len(lines) == 1 and "6 cells" in lines[0] and "5 columns" in lines[0], result.output


def test_trailing_separators_on_every_row_shift_nothing(game, tmp_path):
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name,props.cost\nsaffron,Saffron,3,\ncumin,Cumin,2,\n", encoding="utf-8")
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0


def test_squibs_range_is_answered_with_where(game, tmp_path):
    add_deck(game, "goods", DECK % "goods.csv" + "range: 0..1\n")
    (game / "goods.csv").write_text("id,name,props.cost\nsaffron,Saffron,3\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    lines = [line for line in result.output.splitlines() if "goods.yaml" in line]
    assert result.exit_code == 1 and len(lines) == 1 and "did you mean 'where'?" in lines[0], result.output


def test_xlsx_cell_beyond_header(game, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.append(["id", "name.en", "props.cost"])
    book.active.append(["saffron", "Saffron", 3, "stray"])
    book.save(game / "goods.xlsx")
    add_deck(game, "goods", DECK % "goods.xlsx")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1 and "goods.xlsx:2: 4 cells in this row, 3 columns" in result.output, result.output


SQUIB = """deck: goods
name: {en: Goods}
size: poker
layout: spice-road/card
back: {layout: spice-road/back}
properties:
  cost: {type: int, min: 0, max: 9}
cards_from: goods.csv
"""


def test_a_squib_spreadsheet_as_it_is(game, tmp_path):
    """Issue 52: plain column names (props. optional, case aside), a quantity column, ids made
    from the names (unique within the deck), and columns the deck does not declare become
    properties of their own: whole numbers, or text."""
    add_deck(game, "goods", SQUIB)
    (game / "goods.csv").write_text(
        "Name,Qty,Cost,Attack Power,Flavor\n"
        "Fire Mage,2,3,4,Hot\n"
        "Fire Mage,1,2,5,Hotter\n"
        "Élan,0,1,1,Never printed\n"
        "Élan,1,1,1,\n", encoding="utf-8")
    deck = goods(tmp_path)
    assert [(c.id, c.copies) for c in deck.cards] == [("fire-mage", 2), ("fire-mage-2", 1), ("elan", 1)]
    assert deck.cards[0].props == {"cost": 3, "attack_power": 4, "flavor": "Hot"}
    assert deck.properties["attack_power"].type == "int" and deck.properties["flavor"].type == "str"
    assert "flavor" not in deck.cards[2].props


def test_the_deck_names_its_quantity_column(game, tmp_path):
    add_deck(game, "goods", SQUIB + "quantity: Anzahl\n")
    (game / "goods.csv").write_text("Name,Anzahl,Cost\nFire Mage,3,1\n", encoding="utf-8")
    assert [(c.id, c.copies) for c in goods(tmp_path).cards] == [("fire-mage", 3)]


def test_a_quantity_column_the_sheet_lacks_is_one_line_at_the_deck(game, tmp_path):
    """Issue 52: `quantity: Qtty` naming no column printed every row once, silently."""
    deck = add_deck(game, "goods", SQUIB + "quantity: Qtty\n")
    (game / "goods.csv").write_text("Name,Qty,Cost\nFire Mage,3,1\n", encoding="utf-8")
    line = deck.read_text(encoding="utf-8").splitlines().index("quantity: Qtty") + 1
    for command in ("validate", "build"):
        result = pnp(command, "spice-road", root=tmp_path)
        found = [l for l in result.output.splitlines() if l.startswith(f"cards/spice-road/goods.yaml:{line}: quantity")]
        assert result.exit_code == 1 and len(found) == 1 and "'Qty'" in found[0], result.output


def test_a_header_slip_of_what_another_deck_gives_is_one_line_at_the_header(game, tmp_path):
    """Issue 52: a Squib-style header `Cots` where a shared layout reads card.props.cost, which the
    game's other deck gives: the header is the slip, so one line at the header, in validate, build
    and check. (Where no deck gives what the layout reads, the layout is the slip: said at the box,
    test_newcomer8_sheets.)"""
    add_deck(game, "goods", SQUIB.replace("properties:\n  cost: {type: int, min: 0, max: 9}\n", ""))
    (game / "goods.csv").write_text("Name,Qty,Cots\nFire Mage,3,1\n", encoding="utf-8")
    for command in ("validate", "build", "check"):
        result = pnp(command, "spice-road", root=tmp_path)
        lines = [l for l in result.output.splitlines() if "Cots" in l or "cots" in l]
        assert result.exit_code == 1 and len(lines) == 1, result.output
        assert lines[0].startswith("cards/spice-road/goods.csv:1: column C 'Cots'") and \
            "header renamed 'cost'" in lines[0], lines[0]


def test_a_box_empty_on_every_card_is_one_warning_at_its_line(game, tmp_path):
    """Issue 52: a text box whose template gives no text on any card (a column left empty in
    every row) was silent: one warning per box, at the box's text line, in validate, build and
    check, which still succeed."""
    add_deck(game, "goods", SQUIB.replace("layout: spice-road/card", "layout: spice-road/goods"))
    (game / "goods.csv").write_text("Name,Qty,Cost,Flavor\nFire Mage,3,1,\nIce Wall,1,2,\n", encoding="utf-8")
    layouts = tmp_path / "layouts" / "spice-road.yaml"
    text = layouts.read_text(encoding="utf-8").rstrip() + (
        "\n  goods:\n    regions:\n"
        "      title: {kind: text, x: 5, y: 5, width: 53, height: 9, text: \"{{ card.name }}\"}\n"
        "      flavor: {kind: text, x: 5, y: 60, width: 53, height: 9, text: \"{{ card.props.flavor }}\"}\n")
    layouts.write_text(text, encoding="utf-8")
    line = len(text.splitlines())
    for command in ("validate", "build", "check"):
        result = pnp(command, "spice-road", root=tmp_path)
        lines = [l for l in result.output.splitlines() if "flavor" in l]
        assert result.exit_code == 0 and len(lines) == 1, (command, result.output)
        assert f"layouts/spice-road.yaml:{line}: " in lines[0] and "title" not in lines[0], lines[0]


def test_an_empty_cell_prints_nothing(game, tmp_path):
    """A Squib deck: no `properties:`, no ids; an empty cell leaves its box empty (it stopped the
    build: "no field 'flavor' here"), and the quantity column sets the copies (issue 52)."""
    (game / "cards.yaml").write_text("deck: cards\nname: {en: Cards}\nsize: poker\nlayout: spice-road/card\n"
                                     "back: {layout: spice-road/back}\ncards_from: cards.csv\n", encoding="utf-8")
    (game / "cards.csv").write_text("Name,Qty,Cost,Flavor\nMarket,2,1,Busy stalls\nHarbour,1,3,\n", encoding="utf-8")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace("{{ card.text }}", "{{ card.props.flavor }}"))
    text = cards_text(tmp_path)
    assert text.count("Busy stalls") == 2 and text.count("Harbour") >= 1


def test_no_pydantic_phrase_reaches_the_designer(game, tmp_path):
    """`Input should be less than or equal to 9`, `unable to parse string as an integer` (issue 52)."""
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text("id,name,props.cost\nsaffron,Saffron,four\npepper,Pepper,12\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert "goods.csv:2: column C 'props.cost': 'four' is not a whole number" in result.output
    assert "goods.csv:3: column C 'props.cost': '12' is more than 9 (expected at most 9)" in result.output
    assert "Input should" not in result.output and "unable to parse" not in result.output


def test_the_deck_names_its_name_column(game, tmp_path):
    """Squib's player.csv names its cards in `Action`: refused as "no column 'name'" (issue 52)."""
    add_deck(game, "goods", SQUIB + "name_column: Action\n")
    (game / "goods.csv").write_text("Action,Hint,Cost\nready!,,1\nfire,Deal 1 damage.,2\n", encoding="utf-8")
    deck = goods(tmp_path)
    assert [(c.id, c.name.get("en")) for c in deck.cards] == [("ready", "ready!"), ("fire", "fire")]
    assert "action" not in deck.properties
    (game / "goods.csv").write_text("Move,Cost\nready!,1\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1 and "goods.csv:1: no column 'Action'" in result.output, result.output


def test_a_sheet_without_names(game, tmp_path):
    """No name column at all: ids from the row (stable), names from the deck and the place."""
    add_deck(game, "goods", SQUIB)
    (game / "goods.csv").write_text("Title,Cost\nboss rush,1\n,\nmetal man,2\n", encoding="utf-8")
    deck = goods(tmp_path)
    assert [(c.id, c.name.get("en")) for c in deck.cards] == [("row-2", "Goods 1"), ("row-4", "Goods 2")]
    assert deck.cards[1].props["title"] == "metal man"


def test_made_ids_do_not_collide_across_decks(game, tmp_path):
    """`jump` in two decks' sheets: each unique within its deck, the second qualified with its
    deck (it was `card id 'jump' is also used in ...`); a written id keeps the game-wide rule."""
    add_deck(game, "goods", SQUIB)
    (game / "goods.csv").write_text("Name,Cost\nJump,1\nMarket,2\n", encoding="utf-8")
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("cards:\n", "cards_from: more.csv\ncards:\n"))
    (game / "more.csv").write_text("Name,Cost\nJump,1\nJump,3\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    project = load_project(tmp_path, ["spice-road"]).games["spice-road"]
    assert [[c.id for c in d.cards] for d in project.decks] == [["market", "harbour", "jump", "jump-2"],
                                                                ["goods-jump", "goods-market"]]


def test_a_negative_quantity_asks_for_zero_or_more(game, tmp_path):
    """0 keeps a row out of print, so "expected at least 1" sent the designer the wrong way."""
    (game / "cards.yaml").write_text("deck: cards\nname: {en: Cards}\nsize: poker\nlayout: spice-road/card\n"
                                     "back: {layout: spice-road/back}\ncards_from: cards.csv\n", encoding="utf-8")
    (game / "cards.csv").write_text("Name,Qty,Cost\nMarket,-1,1\nHarbour,0,3\nDock,1,2\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "problem(s)" not in line]
    assert lines == ["cards/spice-road/cards.csv:2: column B 'Qty': '-1' is less than 0 "
                     "(expected 0 (the row is not printed) or more)"], result.output


def test_a_doubled_quote_is_one_quote_as_excel_writes_it(game, tmp_path):
    """RFC 4180, as Excel and Google Sheets save a quote inside a quoted cell (issue 52: the
    header alone was sniffed, and "Say ""hi"" now." printed as Say “hi”“ now.”)."""
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text('id,name,text.en,props.cost\nlamp,Lamp,"Say ""hi"" now.",1\n'
                                    'oil,Oil,"A; B",2\n', encoding="utf-8")
    assert [c.text.get("en") for c in goods(tmp_path).cards] == ['Say "hi" now.', "A; B"]
    (game / "goods.csv").write_text('id;name;text.en;props.cost\nlamp;Lamp;"Say ""hi""; now.";1\n',
                                    encoding="utf-8")
    assert [c.text.get("en") for c in goods(tmp_path).cards] == ['Say "hi"; now.']


@pytest.mark.parametrize("cell, expected", [
    ('"Say "hi" now."', "goods.csv:3: column C 'text.en': a quote inside a quoted cell is not doubled"),
    ('5" tall', "goods.csv:3: column C 'text.en': a quote inside a cell that does not start with one"),
    ('"Say hi now.', "goods.csv:3: column C 'text.en': a quoted cell is never closed"),
])
def test_a_quote_the_csv_rules_do_not_allow_names_row_and_column(game, tmp_path, cell, expected):
    add_deck(game, "goods", DECK % "goods.csv")
    (game / "goods.csv").write_text(f"id,name,text.en,props.cost\nsaffron,Saffron,Red,3\nlamp,Lamp,{cell},1\n",
                                    encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "goods.csv:" in line]
    assert len(lines) == 1 and lines[0].startswith("cards/spice-road/" + expected), result.output
