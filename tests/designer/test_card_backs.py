"""A back per card (issue 52, Squib's and nanDECK's per-card backs): a back layout that reads
`card` draws each card its own back, at the mirror of its front on the backs page; a back that
does not stays one drawing for the deck; validate renders it for each card as the build does;
the Tabletop Simulator export gives a sheet of backs laid out like the fronts."""
from __future__ import annotations

import json
import re

from PIL import Image
from pypdf import PdfReader

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project, CARDS
from tests.designer.test_squib_extras import SHIPS
from tests.pdfs import open_pdf
from tests.print.sheet_geometry import trims, words_behind

SEA, LAND = (20, 40, 140), (120, 140, 20)     # the back's colour per realm: navy, olive


def ships(tmp_path, back_text="{{ card.name | upper }}"):
    """`pnp new`'s game with a deck of ships whose back reads the card: its name in capitals,
    on the colour of its realm."""
    game = project(tmp_path, """\
      title: {kind: text, x: 5, y: 10, width: 53, height: 10, size: 12, align: center, text: "{{ card.name }}"}
""")
    (game / "ships.csv").write_text(SHIPS)
    (game / "ships.yaml").write_text("deck: ships\nname: {en: Ships}\nsize: poker\nlayout: shapes/card\n"
                                     "back: {layout: shapes/ship-back}\nname_column: title\ncards_from: ships.csv\n")
    game_file = game / "game.yaml"
    game_file.write_text(game_file.read_text().replace("decks: [cards]", "decks: [cards, ships]"))
    layout = tmp_path / "layouts" / "shapes.yaml"
    fill = "{{ '%s' if card.props.realm == 'Sea' else '%s' }}" % tuple("#%02x%02x%02x" % c for c in (SEA, LAND))
    layout.write_text(layout.read_text() + f"  ship-back:\n    extends: back\n    background: \"{fill}\"\n"
                      f"    regions:\n      name: {{text: \"{back_text}\"}}\n")
    return game


def test_each_card_gets_its_own_back_at_the_mirror_of_its_front(tmp_path):
    ships(tmp_path)
    result = pnp("build", "shapes", "--only", "cards", "--bleed", "0", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "shapes" / "en" / "cards.pdf"
    names = ("Galleon", "Raft", "Junk", "Cart")
    behind = words_behind(pdf, names, CARDS)
    for word, labels in behind:
        assert labels == [word.upper()], (word, labels)
    seen = [word for word, _ in behind]
    reader = PdfReader(pdf)
    shared = {t.form for back in range(CARDS + 1, len(reader.pages), 2) for t in trims(reader, reader.pages[back])
              if not t.form.endswith(".back") or ".ships." not in t.form}
    assert sorted(seen) == sorted(["Galleon", "Galleon", "Junk", "Raft", "Cart"])
    # the other deck's back reads no card: one drawing for all its cards, as before
    assert {re.sub(r"^.*\.(\w+)$", r"\1", f) for f in shared} == {"back"}
    assert len({f for f in shared if ".cards." in f}) == 1, shared


def test_a_back_failing_for_one_card_is_one_line_at_the_layout_naming_the_card(tmp_path):
    ships(tmp_path, back_text="{{ card.name }} {{ 10 // (card.props.cost | int - 1) }}")   # Raft costs 1
    validate = pnp("validate", "shapes", root=tmp_path)
    build = pnp("build", "shapes", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    for result in (validate, build):
        assert result.exit_code != 0 and "Traceback" not in result.output
        lines = [row for row in result.output.splitlines() if "division by zero" in row]
        assert len(lines) == 1, result.output
        assert re.search(r"layouts/shapes\.yaml:\d+: ", lines[0]) and "back of card 'raft'" in lines[0], lines[0]
    line = re.search(r"shapes\.yaml:(\d+)", validate.output).group(1)
    assert f"shapes.yaml:{line}:" in build.output        # validate and build name the same line


def test_tts_gives_a_sheet_of_backs_laid_out_like_the_fronts(tmp_path):
    ships(tmp_path)
    result = pnp("export", "tts", "shapes", "--dpi", "60", "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    tts = tmp_path / "out" / "shapes" / "en" / "tts"
    saved = json.loads((tts / "shapes.json").read_text())
    deck = next(o for o in saved["ObjectStates"] if o.get("Nickname") == "Ships")
    custom = deck["CustomDeck"]
    (key, sheet), = custom.items()
    assert sheet["UniqueBack"] is True and sheet["BackURL"] == (tts / "ships-1.back.png").resolve().as_uri()
    assert not (tts / "ships-back.png").exists()
    fronts, backs = Image.open(tts / "ships-1.png").convert("RGB"), Image.open(tts / "ships-1.back.png").convert("RGB")
    assert fronts.size == backs.size
    cell_w, cell_h = fronts.size[0] // sheet["NumWidth"], fronts.size[1] // sheet["NumHeight"]
    realms = {c["Nickname"]: c["CardID"] for c in deck["ContainedObjects"]}
    for name, realm in (("Galleon", SEA), ("Raft", LAND), ("Junk", SEA), ("Cart", LAND)):
        index = realms[name] % 100
        corner = backs.getpixel(((index % sheet["NumWidth"]) * cell_w + 4, (index // sheet["NumWidth"]) * cell_h + 4))
        assert all(abs(a - b) <= 8 for a, b in zip(corner, realm)), (name, corner)
    # the pnp new deck's back reads no card: its one back image, as before
    other = next(o for o in saved["ObjectStates"] if o is not deck)
    other_custom = other.get("CustomDeck") or {}
    assert all(not s["UniqueBack"] and s["BackURL"].endswith("cards-back.png") for s in other_custom.values())


def test_print_shop_and_png_files_carry_each_cards_back(tmp_path):
    ships(tmp_path)
    out = tmp_path / "out" / "shapes" / "en"
    result = pnp("export", "printshop", "shapes", "--preset", "drivethrucards", "--deck", "ships",
                 "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    with open_pdf(out / "drivethrucards" / "ships.pdf") as doc:
        words = [" ".join(w["text"] for w in page.extract_words()) for page in doc.pages]
    fronts, backs = words[:len(words) // 2], words[len(words) // 2:]
    assert fronts == ["Galleon", "Galleon", "Raft", "Junk", "Cart"]      # a front per copy, then a back per copy
    assert backs == [name.upper() for name in fronts]                     # each its own card's, in that order
    result = pnp("export", "png", "shapes", "--card", "junk", "--dpi", "40", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (out / "png" / "ships").iterdir()) == ["junk.back.png", "junk.png"]
    corner = Image.open(out / "png" / "ships" / "junk.back.png").convert("RGB").getpixel((2, 2))
    assert all(abs(a - b) <= 8 for a, b in zip(corner, SEA)), corner


def test_cutter_sheets_print_each_back_at_the_mirror_of_its_front(tmp_path):
    ships(tmp_path)
    out = tmp_path / "out" / "shapes" / "en" / "cutter-generic"
    result = pnp("export", "cutter", "shapes", "--machine", "generic", "--deck", "ships", "--out",
                 str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 0, result.output
    pdf = next(p for p in out.glob("*.pdf") if p.name != "how-to-cut.pdf")
    seen = []
    with open_pdf(pdf) as doc:
        for front, back in zip(doc.pages[::2], doc.pages[1::2]):
            width = float(front.width)
            backs = [w for w in back.extract_words() if w["text"].isupper()]
            for word in front.extract_words():
                if word["text"] not in ("Galleon", "Raft", "Junk", "Cart"):
                    continue
                # both texts are centred on their card: the back's centre is the front's mirrored
                x, top = width - (word["x0"] + word["x1"]) / 2, word["top"]
                mirror = min(backs, key=lambda w: abs((w["x0"] + w["x1"]) / 2 - x) + abs(w["top"] - top) / 10)
                assert abs((mirror["x0"] + mirror["x1"]) / 2 - x) < 2 and mirror["text"] == word["text"].upper(), \
                    (word["text"], mirror["text"])
                seen.append(word["text"])
    assert sorted(seen) == sorted(["Galleon", "Galleon", "Junk", "Raft", "Cart"])
