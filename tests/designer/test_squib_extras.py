"""What a Squib or nanDECK designer still missed (issue 52, the newcomer's port of Plunder): a
one-colour SVG recoloured, colour inside a line of text, `y: += N` on a box that extends
another, a deck's cards picked from a spreadsheet by a column's value, and nine poker cards on a
Letter sheet when the deck's grid asks for three rows."""
from __future__ import annotations

import shutil

from PIL import Image
from pypdf import PdfReader

from generator.loading.catalog import load_project
from tests.authoring.helpers import new_game, warnings_of
from tests.conftest import pnp
from tests.designer.test_shapes_fonts import build, card_origin, project, raster, MM, CARDS
from tests.pdfs import open_pdf
from tests.print.sheet_geometry import trims, words_behind

ICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<path d="M10 10 H90 V60 H10 Z" fill="#000000"/>
<path d="M10 80 H90" stroke="#000000" stroke-width="10" fill="none"/></svg>"""


def pixel_at(pdf, x_mm, y_mm):
    image = raster(pdf)
    with open_pdf(pdf) as doc:
        left, top = card_origin(doc.pages[CARDS])
    scale = 100 / 72
    return image.getpixel((round((left + x_mm * MM) * scale), round((top + y_mm * MM) * scale)))


def near(colour, rgb, tolerance=8):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, rgb))


def test_a_one_colour_svg_is_recoloured_by_fill_and_stroke(tmp_path):
    game = project(tmp_path, """\
      icon: {kind: image, x: 10, y: 10, width: 40, height: 40, text: art/icon.svg, fit: stretch, fill: "#c0392b", stroke: navy}
""")
    (game / "art").mkdir()
    (game / "art" / "icon.svg").write_text(ICON)
    pdf = build(tmp_path)
    assert near(pixel_at(pdf, 30, 20), (0xc0, 0x39, 0x2b))        # the filled shape: the fill
    assert near(pixel_at(pdf, 30, 42), (0, 0, 0x80))              # the outline: the stroke
    again = pnp("build", "shapes", "--only", "cards", "--bleed", "0", "--duplex", "none", "--no-cache",
                "--out", str(tmp_path / "again"), root=tmp_path)
    assert again.exit_code == 0, again.output
    assert (tmp_path / "again" / "shapes" / "en" / "cards.pdf").read_bytes() == pdf.read_bytes()   # byte for byte


def test_recolouring_a_png_is_one_line_at_its_box(tmp_path):
    game = project(tmp_path, """\
      art: {kind: image, x: 10, y: 10, width: 40, height: 40, text: art/icon.png, fill: "#c0392b"}
""")
    (game / "art").mkdir()
    Image.new("RGB", (400, 400), (0, 0, 0)).save(game / "art" / "icon.png")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if "layouts/shapes.yaml:" in line]
    assert len(lines) == 1 and ".art.fill" in lines[0], result.output


BODY = """\
      body: {kind: text, x: 5, y: 40, width: 53, height: 20, size: 10, color: ink, text: "{{ card.text }}"}
"""


def with_text(game, text: str):
    deck = game / "cards.yaml"
    old = 'en: "Gain 2 :coin:. **Bold**, *italic* and icons work in every text."'
    deck.write_text(deck.read_text().replace(old, f"en: {text!r}"))
    return deck


def test_colour_inside_a_line_of_text(tmp_path):
    game = project(tmp_path, BODY)
    with_text(game, "Pay [#c0392b|two coins] or [accent|**one card**] here")
    pdf = build(tmp_path)
    with open_pdf(pdf) as doc:
        chars = doc.pages[CARDS].chars
    chars = [c for c in chars if c["text"].strip()]
    text = "".join(c["text"] for c in chars)
    start = text.index("Paytwocoinsoronecardhere")           # no [ or |: the span's words alone
    colour = {c["text"]: tuple(round(v * 255) for v in c["non_stroking_color"]) for c in chars[start:start + 24]}
    assert colour["w"] == (0xc0, 0x39, 0x2b)          # "two" in the span's #rrggbb
    assert colour["d"] == (0x2d, 0x6a, 0x8a)          # "card": the layout's colour 'accent', and bold
    assert colour["P"] == (0x2b, 0x21, 0x18)          # the box's own colour ('ink') around them


def test_a_span_asks_no_glyph_of_its_brackets_or_bar():
    """The glyph check reads what a player sees: a font without '|' or '[' can set a span."""
    from generator.typeset.text import plain_text
    assert plain_text("Pay [#c0392b|two **coins**] :coin:") == "Pay two coins "


def test_a_span_of_unknown_colour_or_not_closed_is_one_line_at_the_card(tmp_path):
    game = project(tmp_path, BODY)
    deck = with_text(game, "Pay [acent|two coins] now, [red|then draw.")
    line = next(i for i, row in enumerate(deck.read_text().splitlines(), 1) if "acent" in row) - 1   # its text:
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0 and "Traceback" not in result.output
    said = [row for row in result.output.splitlines() if row.startswith(f"cards/shapes/cards.yaml:{line}:")]
    assert len(said) == 2, result.output
    assert "'acent'" in said[0] + said[1] and "'accent'" in said[0] + said[1]     # and what it may mean


def test_relative_positions_add_to_the_box_they_extend(tmp_path):
    """Squib's `y: += 198`: the value of the box it extends plus this, in that value's unit when
    it names none; down a chain of boxes, and on a box of the layout a layout extends."""
    project(tmp_path, """\
      slot: {kind: rect, x: 75 px, y: 87 px, width: 175 px, height: 50 px, fill: "#c0392b"}
      slot2: {extends: slot, y: += 198}
      slot3: {extends: slot2, y: += 198, x: -= 1 mm}
      card_y: {kind: rect, x: 5, y: 20, width: 10, height: 10, fill: "#c0392b"}
      lower: {extends: card_y, y: += 0.5 in, height: -= 2}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    text = layout.read_text().replace("  card:\n    background: paper\n", "  card:\n    dpi: 300\n    background: paper\n")
    layout.write_text(text + "  other:\n    extends: card\n    regions:\n      lower: {y: += 10}\n")
    layouts = load_project(tmp_path, ["shapes"]).layouts
    boxes = {r.name: r for r in layouts["shapes/card"].regions}
    px = 25.4 / 300
    assert round(boxes["slot2"].y, 3) == round(285 * px, 3)              # 87 px + 198 px
    assert round(boxes["slot3"].y, 3) == round(483 * px, 3)
    assert round(boxes["slot3"].x, 3) == round(75 * px - 1, 3)          # px and mm, added in mm
    assert (round(boxes["lower"].y, 3), boxes["lower"].height) == (32.7, 8)
    assert round(next(r for r in layouts["shapes/other"].regions if r.name == "lower").y, 3) == 42.7


def test_a_bare_relative_position_in_a_child_layout_keeps_the_unit_its_box_was_written_in(tmp_path):
    """Newcomer 5: in a layout that extends another, `c: {extends: a, y: += 300}` added 300 mm to
    a box written in px (its value had come through in mm): 300 px, as in the parent layout."""
    project(tmp_path, """\
      slot: {kind: rect, x: 75 px, y: 87 px, width: 175 px, height: 50 px, fill: "#c0392b"}
""")
    layout = tmp_path / "layouts" / "shapes.yaml"
    text = layout.read_text().replace("  card:\n    background: paper\n", "  card:\n    dpi: 300\n    background: paper\n")
    layout.write_text(text + "  other:\n    extends: card\n    regions:\n      lower: {extends: slot, y: += 198}\n"
                             "      slot: {y: += 198}\n")
    boxes = {r.name: r for r in load_project(tmp_path, ["shapes"]).layouts["shapes/other"].regions}
    px = 25.4 / 300
    assert round(boxes["slot"].y, 3) == round(285 * px, 3)        # 87 px + 198 px, not + 198 mm
    assert round(boxes["lower"].y, 3) == round(483 * px, 3)       # this layout's slot + 198 px


def test_a_relative_position_with_nothing_to_add_to_is_one_line(tmp_path):
    project(tmp_path, """\
      alone: {kind: rect, x: 5, y: += 10, width: 10, height: 10, fill: "#c0392b"}
      style: {kind: rect, x: 5, width: 10, height: 10}
      child: {extends: style, y: += 10, fill: "#c0392b"}
""")
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0 and "Traceback" not in result.output
    rows = result.output.splitlines()
    lines = [i for i, row in enumerate((tmp_path / "layouts" / "shapes.yaml").read_text().splitlines(), 1)
             if "alone:" in row or "child:" in row]
    for line, box in zip(lines, ("alone", "child")):
        said = [row for row in rows if row.startswith(f"layouts/shapes.yaml:{line}:") and f".{box}.y" in row]
        assert len(said) == 1, result.output
        # the cause, not "not a length": it extends no box, or the box it extends sets no y
        assert ("extends none" if box == "alone" else "'style' sets no y") in said[0]


SHIPS = """qty,title,realm,cost
2,Galleon,Sea,3
1,Raft,Land,1
1,Junk,Sea,2
1,Cart,Land,2
"""


def realm_decks(tmp_path, sea_where="{realm: Sea}"):
    """`pnp new`'s game with one spreadsheet split into two decks by its realm column, each with
    its own back."""
    game = project(tmp_path, """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 10, size: 12, text: "{{ card.name }}"}
""")
    (game / "ships.csv").write_text(SHIPS)
    for deck, where in (("sea", sea_where), ("land", "{realm: [Land]}")):
        add = f"deck: {deck}\nname: {{en: {deck.title()}}}\nsize: poker\nlayout: shapes/card\n" \
              f"back: {{layout: shapes/{deck}-back}}\nname_column: title\ncards_from: ships.csv\nwhere: {where}\n"
        (game / f"{deck}.yaml").write_text(add)
    game_file = game / "game.yaml"
    game_file.write_text(game_file.read_text().replace("decks: [cards]", "decks: [cards, sea, land]"))
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text() + "".join(
        f"  {deck}-back:\n    extends: back\n    regions:\n      name: {{text: {label}}}\n"
        for deck, label in (("sea", "SEABACK"), ("land", "LANDBACK"))))
    return game


def test_a_row_filter_splits_one_spreadsheet_into_decks_with_their_own_backs(tmp_path):
    realm_decks(tmp_path)
    decks = {d.deck: d for d in load_project(tmp_path, ["shapes"]).games["shapes"].decks}
    assert [(c.name.get("en"), c.copies) for c in decks["sea"].cards] == [("Galleon", 2), ("Junk", 1)]
    assert [c.name.get("en") for c in decks["land"].cards] == ["Raft", "Cart"]
    result = pnp("build", "shapes", "--only", "cards", "--bleed", "0", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "shapes" / "en" / "cards.pdf"
    realm = {"Galleon": "SEABACK", "Junk": "SEABACK", "Raft": "LANDBACK", "Cart": "LANDBACK"}
    behind = words_behind(pdf, realm, CARDS)
    for word, labels in behind:         # each card's back is its realm's, at the mirror of its front
        assert labels == [realm[word]], (word, labels)
    seen = [word for word, _ in behind]
    assert sorted(seen) == sorted(["Galleon", "Galleon", "Junk", "Raft", "Cart"])


def test_a_row_filter_naming_no_column_or_no_row_is_one_line(tmp_path):
    for where, said in (("{relm: Sea}", "did you mean 'realm'"), ("{realm: Sae}", "Land, Sea")):
        realm_decks(tmp_path, where)
        result = pnp("validate", "shapes", root=tmp_path)
        assert result.exit_code != 0 and "Traceback" not in result.output
        rows = [row for row in result.output.splitlines() if row.startswith("cards/shapes/sea.yaml:8: where.")]
        assert len(rows) == 1 and said in rows[0], result.output
        shutil.rmtree(tmp_path / "cards"), shutil.rmtree(tmp_path / "layouts")


def test_nine_squib_cards_on_letter_when_the_grid_asks_for_three_rows(tmp_path):
    """Squib prints nine 2.5 x 3.5 in cards on Letter; their three rows need 266.7 mm, 2.3 mm more
    than the paper leaves inside full-length crop marks: the deck's grid gets them, with shorter
    marks above and below and one warning line saying so at the grid's line."""
    game = new_game(tmp_path, "nine")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: {width: 2.5 in, height: 3.5 in}\nsheet: {rows: 3}", 1)
                    .replace("copies: 2", "copies: 9"))
    line = next(i for i, row in enumerate(deck.read_text().splitlines(), 1) if row.startswith("sheet: {rows: 3}"))
    result = pnp("build", "nine", "--lang", "en", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    warned = warnings_of(result)
    assert len(warned) == 1 and warned[0].startswith(f"warning: cards/nine/cards.yaml:{line}: sheet.rows: "), warned
    pdf = tmp_path / "out" / "nine" / "en" / "cards.pdf"
    reader = PdfReader(pdf)
    cells = trims(reader, reader.pages[CARDS])
    assert len(cells) == 9 and {(round((t.x1 - t.x0) / MM, 1), round((t.y1 - t.y0) / MM, 1)) for t in cells} == \
        {(63.5, 88.9)}
    top = max(t.y1 for t in cells)
    with open_pdf(pdf) as doc:
        page = doc.pages[CARDS]
        height = float(page.height)
        # the vertical crop marks above the cards: on white paper, at least 1.5 mm long, inside the 4 mm margin
        above = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.1 and height - ln["bottom"] > top]
    assert len(above) >= 4
    assert all(1.5 * MM - 0.01 <= abs(ln["bottom"] - ln["top"]) and ln["top"] >= 4 * MM - 0.01 for ln in above)
    checked = pnp("validate", "nine", root=tmp_path)        # validate says it as the build does
    assert checked.exit_code == 0 and warnings_of(checked) \
        == warned, checked.output


def test_a_games_own_grid_is_one_warning_not_one_per_deck(tmp_path):
    """Newcomer 5: `sheet: {rows: 3}` in game.yaml printed the same warning once per deck (5 lines)."""
    game = new_game(tmp_path, "nine")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: poker", "size: {width: 2.5 in, height: 3.5 in}", 1))
    (game / "more.yaml").write_text(deck.read_text().replace("deck: cards", "deck: more", 1)
                                    .replace("id: ", "id: more-"))
    meta = game / "game.yaml"
    meta.write_text(meta.read_text().replace("decks: [cards]", "decks: [cards, more]\nsheet: {rows: 3}"))
    checked = pnp("validate", "nine", root=tmp_path)
    warned = warnings_of(checked)
    assert checked.exit_code == 0 and len(warned) == 1 and "game.yaml" in warned[0], checked.output


def test_a_coloured_span_quoted_in_the_rules_and_on_the_site_keeps_its_words(tmp_path):
    game = new_game(tmp_path, "spans")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("Gain 2 :coin:. **Bold**", "Gain [accent|two] :coin:. [#c0392b|**Bold**]"))
    result = pnp("build", "spans", "--only", "rules", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    rules = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "spans" / "en" / "rules.pdf").pages)
    site = (tmp_path / "out" / "site" / "spans" / "en.html").read_text()
    assert "Gain two" in rules and "Gain two" in site
    assert not any(mark in text for text in (rules, site) for mark in ("[accent|", "[#c0392b|", "|**"))


def test_a_span_written_in_a_layout_box_is_checked_by_validate_as_the_build_draws_it(tmp_path):
    project(tmp_path, """\
      label: {kind: text, x: 5, y: 40, width: 53, height: 10, text: "[acent|Cost:] {{ card.props.cost }}"}
""")
    line = next(i for i, row in enumerate((tmp_path / "layouts" / "shapes.yaml").read_text().splitlines(), 1)
                if "acent" in row)
    result = pnp("validate", "shapes", root=tmp_path)
    assert result.exit_code != 0, result.output
    said = [row for row in result.output.splitlines() if row.startswith("layouts/shapes.yaml:")]
    assert len(said) == 1 and said[0].startswith(f"layouts/shapes.yaml:{line}: ") and "'accent'" in said[0], \
        result.output
