"""`pnp export png|tts|printshop`: images and files checked for size, order, ids and for being
the same drawing as cards.pdf."""
from __future__ import annotations

import json
import subprocess

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from tests.conftest import pnp
from tests.designer.helpers import example_project
from tests.print.sheet_geometry import trims

MM = 72 / 25.4


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return example_project(tmp_path_factory.mktemp("export"))


def export(root, *args) -> tuple:
    out = root / "output"
    result = pnp("export", *args, "--lang", "en", "--out", str(out), root=root)
    return result, out / "art-demo" / "en"


def px(mm: float, dpi: float) -> int:
    return round(mm / 25.4 * dpi)


def test_png_one_image_per_face_with_and_without_bleed(demo):
    result, out = export(demo, "png", "art-demo")
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out / "png").as_posix() for p in (out / "png").rglob("*.png"))
    assert files == ["coins/coin.png", "heroes/archer.png", "heroes/back.png", "heroes/knight.png"]
    image = Image.open(out / "png" / "heroes" / "knight.png")
    assert image.size == (px(69, 300), px(94, 300))             # 63x88 mm + 3 mm bleed, at 300 dpi
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    result, out = export(demo, "png", "art-demo", "--no-bleed", "--dpi", "150")
    assert result.exit_code == 0, result.output
    assert Image.open(out / "png" / "heroes" / "knight.png").size == (px(63, 150), px(88, 150))
    assert Image.open(out / "png" / "coins" / "coin.png").size == (px(30, 150), px(30, 150))


def test_png_is_the_same_drawing_as_the_card_sheet(demo, tmp_path):
    """The knight cut out of cards.pdf (rendered by poppler) and knight.png (PDFium) agree."""
    result, out = export(demo, "png", "art-demo", "--no-bleed", "--dpi", "100")
    assert result.exit_code == 0, result.output
    assert pnp("build", "art-demo", "--only", "cards", "--lang", "en", "--out", str(tmp_path), root=demo).exit_code == 0
    cards = tmp_path / "art-demo" / "en" / "cards.pdf"
    subprocess.run(["pdftoppm", "-r", "100", "-png", "-f", "3", "-l", "3", str(cards), str(tmp_path / "sheet")],
                   check=True)                                # the first card sheet, after the instructions
    sheet = Image.open(next(tmp_path.glob("sheet*.png"))).convert("RGB")
    reader = PdfReader(cards)
    knight = trims(reader, reader.pages[2])[0]                # where the sheet placed the first knight
    assert knight.form.endswith(".knight")
    left = round(knight.x0 / 72 * 100)
    top = round((float(reader.pages[2].mediabox.height) - knight.y1) / 72 * 100)
    png = Image.open(out / "png" / "heroes" / "knight.png").convert("RGB")
    # inside the sheet's white frame (3 mm, issue 50: neighbours share a white cut), which the
    # image of the card alone does not have
    inset = round(3 / 25.4 * 100) + 1
    inner = (inset, inset, png.size[0] - inset, png.size[1] - inset)
    cut = sheet.crop((left, top, left + png.size[0], top + png.size[1])).crop(inner)
    difference = ImageStat.Stat(ImageChops.difference(cut, png.crop(inner))).mean
    assert max(difference) < 6, difference                      # anti-aliasing only
    other = Image.open(out / "png" / "heroes" / "archer.png").convert("RGB").crop(inner)
    assert max(ImageStat.Stat(ImageChops.difference(cut, other)).mean) > 10   # the test can tell cards apart


def test_tts_sheets_and_saved_object(demo):
    result, out = export(demo, "tts", "art-demo")
    assert result.exit_code == 0, result.output
    saved = json.loads((out / "tts" / "art-demo.json").read_text())
    heroes, coins = saved["ObjectStates"]
    assert heroes["Name"] == "DeckCustom" and heroes["Nickname"] == "Heroes"
    assert heroes["DeckIDs"] == [100, 100, 101]                 # knight twice, then the archer
    assert [c["CardID"] for c in heroes["ContainedObjects"]] == heroes["DeckIDs"]
    assert [c["Nickname"] for c in heroes["ContainedObjects"]] == ["Knight", "Knight", "Archer"]
    deck = heroes["CustomDeck"]["1"]
    assert (deck["NumWidth"], deck["NumHeight"], deck["UniqueBack"]) == (2, 1, False)
    assert deck["FaceURL"] == (out / "tts" / "heroes-1.png").resolve().as_uri()
    assert deck["BackURL"].endswith("/heroes-back.png")
    sheet = Image.open(out / "tts" / "heroes-1.png")
    back = Image.open(out / "tts" / "heroes-back.png")
    assert back.size == (744, 1039)                             # 63x88 mm at 300 dpi, whole pixels
    assert sheet.size == (2 * 744, 1039)
    assert coins["CustomDeck"]["2"]["Type"] == 4                # a round token: TTS circle
    assert coins["DeckIDs"] == [200] * 6
    assert max(Image.open(out / "tts" / "art-demo.png").size) == 256    # the saved object's thumbnail


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_tts_splits_large_decks_into_sheets_of_69(tmp_path):
    root = example_project(tmp_path)
    deck = root / "cards" / "art-demo" / "coins.yaml"
    cards = "".join(f"  - id: coin-{i}\n    name: Coin {i}\n" for i in range(75))
    deck.write_text(deck.read_text().split("cards_from:")[0] + "cards:\n" + cards)   # rows in YAML instead of the CSV
    result, out = export(root, "tts", "art-demo", "--dpi", "400", "--url-base", "https://example.org/x/")
    assert result.exit_code == 0, result.output
    coins = json.loads((out / "tts" / "art-demo.json").read_text())["ObjectStates"][1]
    assert sorted(coins["CustomDeck"]) == ["2", "3"]
    first, second = coins["CustomDeck"]["2"], coins["CustomDeck"]["3"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7) and (second["NumWidth"], second["NumHeight"]) == (6, 1)
    assert first["FaceURL"] == "https://example.org/x/coins-1.png"
    assert coins["DeckIDs"] == [200 + i for i in range(69)] + [300 + i for i in range(6)]
    big = Image.open(out / "tts" / "coins-1.png")
    assert max(big.size) <= 4096 and big.size[0] == 10 * (big.size[0] // 10)   # 400 dpi would be 4724 px


def test_drivethrucards_pdf(demo):
    result, out = export(demo, "printshop", "art-demo", "--preset", "drivethrucards")
    assert result.exit_code == 0, result.output
    assert "skipped deck coins: 30x30 mm round" in result.output
    reader = PdfReader(out / "drivethrucards" / "heroes.pdf")
    assert len(reader.pages) == 6                               # 3 fronts (knight x2, archer), 3 backs
    texts = [page.extract_text() for page in reader.pages]
    assert ["Knight" in t for t in texts[:3]] == [True, True, False] and "Archer" in texts[2]
    assert all(t.strip() == "" for t in texts[3:])              # backs: the SVG, no text
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(2.75 * 72, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(3.75 * 72, abs=0.01)
        assert float(page.trimbox.left) == pytest.approx(72 / 8, abs=0.01)   # 1/8 in bleed
    fonts = subprocess.run(["pdffonts", str(out / "drivethrucards" / "heroes.pdf")], capture_output=True,
                           text=True).stdout.splitlines()[2:]
    assert fonts and all(" yes " in row for row in fonts)


def test_thegamecrafter_pngs(demo):
    result, out = export(demo, "printshop", "art-demo", "--preset", "thegamecrafter")
    assert result.exit_code == 0, result.output
    for name in ("knight", "archer", "back"):
        assert Image.open(out / "thegamecrafter" / "heroes" / f"{name}.png").size == (825, 1125)


@pytest.mark.parametrize("args, names", [(("printshop",), "drivethrucards, thegamecrafter"),
                                         (("printshop", "--preset", "drivethru"), "drivethrucards"),
                                         (("cutter",), "cricut, generic, silhouette")])
def test_a_missing_preset_or_machine_is_one_line_naming_them(tmp_path, args, names):
    """Issue 52: `pnp export printshop` without --preset printed click's usage block (3 lines
    and a blank); one line names the presets (or machines), exit 2."""
    result = pnp("export", *args, root=tmp_path)
    lines = [l for l in result.output.splitlines() if l.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("pnp export: "), result.output
    assert names in lines[0]


def test_unknown_preset_and_failed_export_write_nothing(tmp_path):
    root = example_project(tmp_path)
    result = pnp("export", "printshop", "art-demo", "--preset", "mpc", root=root)
    assert result.exit_code == 2 and "unknown preset 'mpc'" in result.output and "drivethrucards" in result.output
    (root / "cards" / "art-demo" / "art" / "coin.svg").unlink()
    result, out = export(root, "png", "art-demo")
    assert result.exit_code == 1
    assert "image 'art/coin.svg' not found" in result.output and "Nothing was written." in result.output
    assert not out.exists() or not list(out.rglob("*.png"))


def test_exports_are_reproducible(demo, tmp_path):
    outs = []
    for run in ("a", "b"):
        out = tmp_path / run
        for args in (["png", "--dpi", "100"], ["printshop", "--preset", "drivethrucards"]):
            result = pnp("export", *args, "art-demo", "--lang", "en", "--out", str(out), root=demo)
            assert result.exit_code == 0, result.output
        outs.append({p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()})
    assert outs[0] == outs[1] and len(outs[0]) == 6       # five files and the list of what pnp wrote


def test_clip_to_the_card_outline(tmp_path):
    """clip: card rounds a full-card picture to the card's corners (3 mm radius)."""
    root = example_project(tmp_path)
    Image.new("RGB", (800, 1100), (255, 0, 0)).save(root / "cards" / "art-demo" / "art" / "red.png")
    layout = root / "layouts" / "art-demo.yaml"
    layout.write_text(layout.read_text().replace(
        "      art: {kind: image, text: art/back.svg, x: 0, y: 0, width: 63, height: 88, bleed: true, fit: cover,\n"
        "            clip: none}",
        "      art: {kind: image, text: art/red.png, x: 0, y: 0, width: 63, height: 88, fit: stretch, clip: card}"))
    result, out = export(root, "png", "art-demo", "--no-bleed", "--dpi", "100")
    assert result.exit_code == 0, result.output
    back = Image.open(out / "png" / "heroes" / "back.png").convert("RGB")
    assert back.getpixel((back.size[0] // 2, back.size[1] // 2)) == (255, 0, 0)
    assert back.getpixel((1, 1)) == (255, 255, 255)             # outside the rounded corner
    assert back.getpixel((back.size[0] // 2, 1)) == (255, 0, 0)  # the straight edge is covered


def test_one_deck_or_one_card(demo, tmp_path):
    """`--deck D --card C` exports that card (and its deck's back) only, drawn as in the whole
    export; an unknown id is one line with a guess, and nothing is written."""
    whole = tmp_path / "whole"
    assert pnp("export", "png", "art-demo", "--lang", "en", "--out", str(whole), root=demo).exit_code == 0
    def export(root, *args):
        out = tmp_path / "-".join(args)
        result = pnp("export", *args, "--lang", "en", "--out", str(out), root=root)
        return result, out / "art-demo" / "en"

    result, out = export(demo, "png", "art-demo", "--deck", "heroes", "--card", "knight")
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out / "png").as_posix() for p in (out / "png").rglob("*.png"))
    assert files == ["heroes/back.png", "heroes/knight.png"]
    same = whole / "art-demo" / "en" / "png" / "heroes" / "knight.png"
    assert (out / "png" / "heroes" / "knight.png").read_bytes() == same.read_bytes()
    result, out = export(demo, "png", "art-demo", "--deck", "coins")
    assert sorted(p.name for p in (out / "png").rglob("*.png")) == ["coin.png"]
    result, out = export(demo, "tts", "art-demo", "--card", "archer")
    assert result.exit_code == 0, result.output
    saved = json.loads((out / "tts" / "art-demo.json").read_text())
    (archer,) = saved["ObjectStates"]                            # one copy: a lone card, not a deck
    assert (archer["Name"], archer["Nickname"], archer["CardID"]) == ("Card", "Archer", 100)
    assert sorted(p.name for p in (out / "tts").iterdir()) == ["art-demo.json", "art-demo.png", "heroes-1.png",
                                                                "heroes-back.png"]
    for args, line in ((("--deck", "heroe"), "pnp export: --deck: unknown deck 'heroe'; did you mean 'heroes'?"),
                       (("--card", "knigt"), "pnp export: --card: unknown card 'knigt'; did you mean 'knight'?"),
                       (("--deck", "coins", "--card", "knight"), "pnp export: --card: unknown card 'knight' of "
                                                                 "deck coins")):
        result = pnp("export", "png", "art-demo", *args, "--out", str(tmp_path / "refused"), root=demo)
        assert result.exit_code == 2 and result.output.strip().startswith(line), result.output
        assert len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "refused").exists()


def test_a_printshop_that_takes_no_deck_is_a_failure(tmp_path):
    """Every deck another size than the shop's: it said "0 file(s)" and exited 0 (issue 52)."""
    from tests.authoring.helpers import new_game
    game = new_game(tmp_path, "shop")
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("size: poker ", "size: {width: 69.85, height: 95.25} ", 1))
    result = pnp("export", "printshop", "shop", "--preset", "thegamecrafter", "--out", str(tmp_path / "out"),
                 root=tmp_path)
    assert result.exit_code == 1
    assert "deck cards: 69.85x95.25 mm" in result.output and "Nothing was written." in result.output
    assert not (tmp_path / "out" / "shop").exists()
