"""A Squib port's spreadsheets and translations (issue 52, newcomer 8: space-octopus): a lookup
table keeps the row rule of every sheet, an empty cell prints nothing through `_()`, a column the
layout reads is accepted as it is, a slip is said where it was made, and a plain text column
printed in a second language without its translation is said once."""
from __future__ import annotations


from tests.conftest import pnp

from .helpers import add_deck, add_layouts, cards_text, lines_of, new_game, refused_line

DECK = """deck: tactics
name: {en: Tactics, de: Taktiken}
size: poker
layout: spice-road/tactic
back: {layout: spice-road/back}
cards_from: tactics.csv
lookups: {Positioning: positioning.csv}
"""
CARDS = "Name,Name.de,Positioning,Picket bonus\nAmbush,Hinterhalt,Together,+1 speed\nFeint,Finte,Ahead,\n"
TABLE = "Positioning,Colour,Label,Label.de\nTogether,#ff0000,Together,Geschlossen\nAhead,#1e6fb0,Ahead,Voraus\n"
TACTIC = """  tactic:
    regions:
      title: {kind: text, x: 5, y: 5, width: 53, height: 10, text: "{{ card.name }}"}
      band: {kind: rect, x: 0, y: 20, width: 63, height: 10, fill: "{{ card.props.positioning.colour }}"}
      place: {kind: text, x: 5, y: 35, width: 53, height: 10, text: "{{ card.props.positioning.label }}"}
      picket: {kind: text, x: 5, y: 50, width: 53, height: 10, text: "{{ _(card.props.picket_bonus) }}"}
"""
PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "+1 speed"\nmsgstr "+1 Tempo"\n'


def tactics(tmp_path, cards: str = CARDS, table: str = TABLE, tactic: str = TACTIC, po: str | None = PO):
    game = new_game(tmp_path, "spice-road", "--lang", "en,de")
    add_deck(game, "tactics", DECK)
    (game / "tactics.csv").write_text(cards, encoding="utf-8")
    (game / "positioning.csv").write_text(table, encoding="utf-8")
    add_layouts(tmp_path, tactic)
    if po is not None:
        (tmp_path / "locales/de/LC_MESSAGES").mkdir(parents=True)
        (tmp_path / "locales/de/LC_MESSAGES/spice-road.po").write_text(po, encoding="utf-8")
    return game


def test_the_port_validates_and_builds_in_both_languages(tmp_path):
    tactics(tmp_path)
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    text = cards_text(tmp_path, "de")
    assert "+1 Tempo" in text and "Geschlossen" in text and "speed" not in text


def test_an_empty_cell_through_the_translation_function_prints_nothing(tmp_path):
    # Feint's picket bonus is empty: `_('')` once failed with "no de translation for ''"
    tactics(tmp_path)
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    assert "translation for ''" not in result.output


def test_a_lookup_row_with_an_extra_cell_is_refused_as_a_deck_row_is(tmp_path):
    tactics(tmp_path, table=TABLE.replace("Geschlossen\n", "Geschlossen,extra\n"))
    assert refused_line(tmp_path) == ("cards/spice-road/positioning.csv:2: 5 cells in this row, 4 columns in the header "
                                      "(expected one cell per column (a quote or a separator inside a cell: put the whole "
                                      "cell in double quotes))")


def test_a_short_lookup_row_is_the_same_cell_count_line(tmp_path):
    tactics(tmp_path, table=TABLE.replace(",Geschlossen\n", "\n"))
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/positioning.csv:2: 3 cells in this row, 4 columns in the header"), line


SHIP = TACTIC.replace("tactic:", "ship:").replace("_(card.props.picket_bonus)", "card.props.text1")


def test_a_header_the_layout_reads_is_accepted_as_it_is(tmp_path):
    # Squib's Text1 is like the card's `text`: it was refused ("unknown column; did you mean 'text'?")
    tactics(tmp_path, cards=CARDS.replace("Picket bonus", "Text1"), tactic=SHIP)
    (tmp_path / "cards/spice-road/tactics.yaml").write_text(DECK.replace("spice-road/tactic", "spice-road/ship"),
                                                            encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    assert "did you mean" not in result.output and "unknown column" not in result.output


def test_a_header_like_a_known_column_that_no_layout_reads_is_a_note(tmp_path):
    tactics(tmp_path, cards=CARDS.replace("Picket bonus", "Txt"), tactic=TACTIC.replace(
        "_(card.props.picket_bonus)", "card.text"))
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if line.startswith("note:")]
    assert notes == ["note: cards/spice-road/tactics.csv:1: column D 'Txt' gives card.props.txt, which no layout "
                     "reads; did you mean 'text'? (rename the header to read it as text)"], result.output


def test_a_slip_in_the_layout_is_said_at_the_box_with_the_column_that_exists(tmp_path):
    # was: tactics.csv:1: column D 'Picket bonus': … did you mean the header 'picket_bonnus'?
    tactics(tmp_path, tactic=TACTIC.replace("card.props.picket_bonus", "card.props.picket_bonnus"))
    line = next(n for n, text in enumerate((tmp_path / "layouts/spice-road.yaml").read_text().splitlines(), 1)
                if "picket_bonnus" in text)
    for command in ("validate", "build"):
        result = pnp(command, "spice-road", root=tmp_path)
        assert result.exit_code == 1
        [said] = lines_of(result)
        assert said.startswith(f"layouts/spice-road.yaml:{line}: spice-road/tactic regions.picket.text: unknown "
                               "property 'card.props.picket_bonnus'; did you mean 'Picket bonus' (card.props.picket_bonus, "
                               "column D 'Picket bonus' of cards/spice-road/tactics.csv)?"), said


def test_a_slip_of_a_table_key_is_one_line_at_the_table_suggesting_the_sheet_value(tmp_path):
    # was: a line per card row (three), each suggesting the table's misspelt key
    tactics(tmp_path, cards=CARDS + "Raid,Überfall,Together,\nStorm,Sturm,Together,\n",
            table=TABLE.replace("Together,#", "Togther,#"))
    assert refused_line(tmp_path) == (
        "cards/spice-road/positioning.csv:2: column A 'Positioning': key 'Togther' is used by no card, while column "
        "C 'Positioning' of cards/spice-road/tactics.csv holds 'Together' (rows 2, 4, 5); did you mean 'Together'? "
        "(expected the key as the sheet writes it, 'Together', or those cells changed to 'Togther')")


def test_a_value_several_rows_misspell_is_one_line_at_its_first_row(tmp_path):
    # Feint (row 3) has the table's 'Ahead': the sheet's 'Ahaed' is the slip, said once
    tactics(tmp_path, cards=CARDS + "Raid,Überfall,Ahaed,\nStorm,Sturm,Ahaed,\n")
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/tactics.csv:4: column C 'Positioning': 'Ahaed' is no row of "
                           "cards/spice-road/positioning.csv; did you mean 'Ahead'? (on rows 4, 5)"), line


FLAVOR = TACTIC.replace('      picket:', '      flavor: {kind: text, x: 5, y: 65, width: 53, height: 10, '
                        'text: "{{ card.props.flavor }}"}\n      picket:')


def _warned(result) -> list[str]:
    return [line for line in result.output.splitlines() if "print as written" in line]


def test_a_plain_text_column_printed_in_english_on_german_cards_is_one_warning_at_its_header(tmp_path):
    tactics(tmp_path, cards=CARDS.replace("Picket bonus\n", "Picket bonus,Flavor,Cost\n")
            .replace("+1 speed\n", "+1 speed,Close the ranks,3\n").replace("Ahead,\n", "Ahead,,,+1\n"),
            tactic=FLAVOR.replace("card.props.flavor", "card.props.flavor }} {{ card.props.cost"))
    for command in (("validate",), ("build", "--only", "cards", "--out", str(tmp_path / "out")), ("check",)):
        result = pnp(command[0], "spice-road", *command[1:], root=tmp_path)
        assert result.exit_code == 0, (command, result.output)
        [line] = _warned(result)   # Flavor, not Cost (numbers), nor Picket bonus (through _())
        assert "cards/spice-road/tactics.csv:1: column E 'Flavor': its words print as written on the de cards " \
               "('Close the ranks', box 'flavor' at layouts/spice-road.yaml:" in line, (command, result.output)
    # said language-free: quiet; a name the sheet lacks is one line at that entry
    deck = tmp_path / "cards/spice-road/tactics.yaml"
    deck.write_text(DECK + "language_free: [Flavor]\n", encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0 and not _warned(result), result.output
    deck.write_text(DECK + "language_free: [Flavour]\n", encoding="utf-8")
    line = refused_line(tmp_path)
    assert line.startswith("cards/spice-road/tactics.yaml:8: language_free: no column 'Flavour' in "
                           "cards/spice-road/tactics.csv; did you mean 'Flavor'?"), line
