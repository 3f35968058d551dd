"""Boxes that printed wrong on every card while validate said ok and the build exited 0 (issue 52,
newcomer 11's t/72, t/73, t/74): each is now said at the box's line, in validate and build."""
from __future__ import annotations

from tests.authoring.helpers import one_warning, sheet_game, warnings_of
from tests.conftest import pnp


def _project(tmp_path, regions: str, sheet: str = "Name,Icon\nArcher,quick\nSmith,slow\n"):
    """A spreadsheet deck of two cards drawn with a layout of `regions` (indented for regions:)."""
    game = sheet_game(tmp_path, sheet, regions)
    (game / "img").mkdir()
    (game / "img" / "frame.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                            '<rect width="10" height="10" fill="#000"/></svg>')
    return game


def _line(tmp_path, text: str) -> int:
    rows = (tmp_path / "layouts" / "spice-road.yaml").read_text().splitlines()
    return next(n for n, row in enumerate(rows, 1) if text in row)


def test_an_image_file_name_in_a_box_without_kind_is_said_at_the_box_in_validate_build_and_check(tmp_path):
    """t/72: Squib's box has no kind, so pnp's default, a text box, printed 'img/frame.svg'."""
    game = _project(tmp_path, "      frame: {x: 0, y: 0, width: 63, height: 88, text: img/frame.svg}\n"
                              "      back: {x: 0, y: 0, width: 63, height: 88, text: art/missing.png}\n"
                              "      gem: {x: 0, y: 0, width: 63, height: 88, text: img/red gem.png}\n"
                              "      note: {x: 0, y: 0, width: 63, height: 88, text: Save it as cards.png}\n"
                              '      title: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.name }}"}\n')
    (game / "img" / "red gem.png").write_bytes((game / "img" / "frame.svg").read_bytes())   # only its name is read
    frame, back, gem = _line(tmp_path, "frame: {"), _line(tmp_path, "back: {x: 0"), _line(tmp_path, "gem: {")
    for command in (("validate", "spice-road"), ("build", "spice-road", "--lang", "en", "--only", "cards"),
                    ("check", "spice-road", "--lang", "en")):
        result = pnp(*command, root=tmp_path)
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
        assert "cards.png" not in result.output, result.output      # a sentence that ends in a name
        for line, name in ((frame, "img/frame.svg"), (back, "art/missing.png"), (gem, "img/red gem.png")):
            said = [row for row in result.output.splitlines() if f"layouts/spice-road.yaml:{line}: " in row
                    and f"prints the file name '{name}'" in row]
            assert len(said) == 1 and "kind: is a text box" in said[0], (command, result.output)


def test_a_when_false_for_every_card_is_a_warning_in_validate_and_build(tmp_path):
    """t/73: `== 'Quick'` where the cells say `quick` dropped the box from every card. A when true
    for one card, or reading a column no card fills (a box for cards to come), stays quiet."""
    _project(tmp_path, '      title: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.name }}"}\n'
                       "      mark: {kind: icon, x: 5, y: 5, width: 10, height: 10, text: coin,\n"
                       "             when: \"card.props.icon == 'Quick'\"}\n"
                       "      some: {kind: icon, x: 20, y: 5, width: 10, height: 10, text: coin,\n"
                       "             when: \"card.props.icon == 'quick'\"}\n"
                       "      later: {kind: icon, x: 35, y: 5, width: 10, height: 10, text: coin,\n"
                       "              when: \"card.props.rare\"}\n", sheet="Name,Icon,Rare\nArcher,quick,\nSmith,slow,\n")
    line = _line(tmp_path, "when: \"card.props.icon == 'Quick'\"")
    for command in (("validate", "spice-road"), ("build", "spice-road", "--lang", "en", "--only", "cards")):
        result = pnp(*command, root=tmp_path)
        assert result.exit_code == 0, result.output
        said = warnings_of(result)
        assert len(said) == 1 and said[0].startswith(f"warning: layouts/spice-road.yaml:{line}: "), result.output
        assert "box 'mark'" in said[0] and "deck 'heroes' (2 cards)" in said[0] and "'quick'" in said[0], said


def test_a_text_box_without_text_is_a_warning_at_the_box(tmp_path):
    """t/74: a box whose `text:` was left out printed nothing, without a word."""
    _project(tmp_path, '      title: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.name }}"}\n'
                       "      price: {kind: text, x: 5, y: 5, width: 10, height: 10, size: 12}\n")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    assert (f"warning: layouts/spice-road.yaml:{_line(tmp_path, 'price: {')}: spice-road/hero regions.price.text: "
            f"box 'price' is a text box without a text") in result.output, result.output


def test_squibs_bold_tag_in_a_cell_prints_bold_and_other_tags_are_said_once_per_column(tmp_path):
    """t/51: `<b>Gain</b> $2` (Squib's `markup: true`) printed its tags as words. <b>, <i> and <br>
    are read as pnp's markup; a tag pnp has none for is one warning at its column's first cell."""
    import pdfplumber
    _project(tmp_path, '      title: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.props.effect }}"}\n',
             sheet="Name,Effect\nArcher,<b>Plunder</b> 2\nSmith,<u>Lose</u> 1\nScout,<u>Lose</u> 3\n")
    said = one_warning(tmp_path, "build")
    assert said.startswith("warning: cards/spice-road/heroes.csv:3: column B 'Effect': "), said
    assert "<u>" in said, said
    with pdfplumber.open(tmp_path / "out" / "spice-road" / "en" / "cards.pdf") as pdf:
        words = [w for page in pdf.pages for w in page.extract_words(extra_attrs=["fontname"])]
    gain = [w for w in words if w["text"] == "Plunder"]
    assert gain and all("Bold" in w["fontname"] for w in gain), gain
    assert not any("<b>" in w["text"] or "</b>" in w["text"] for w in words)
    checked = pnp("check", "spice-road", "--lang", "en", root=tmp_path)      # the same line, no internal error
    assert checked.exit_code == 0 and "heroes.csv:3: column B 'Effect': markup <u>" in checked.output, \
        checked.output


def test_an_empty_quantity_cell_is_one_note_at_its_row(tmp_path):
    """t/22: Squib prints a row whose qty cell is empty no time (nil.to_i); pnp prints it once: said."""
    _project(tmp_path, '      title: {kind: text, x: 5, y: 60, width: 53, height: 10, text: "{{ card.name }}"}\n',
             sheet="Name,Qty\nArcher,2\nSmith,\nScout,3\n")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 0, result.output
    said = [row for row in result.output.splitlines() if "is empty in row" in row]
    assert len(said) == 1 and said[0].startswith("note: cards/spice-road/heroes.csv:3: column B 'Qty' "), result.output
    assert "spice-road: ok (2 decks, 9 cards" in result.output, result.output    # 3 + 2 + 1 + 3
