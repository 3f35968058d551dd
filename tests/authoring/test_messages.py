"""The messages a newcomer met in their first hour (issue 29): each one line, with file:line,
field and a did-you-mean where it helps; no Python reprs, lists or class names."""
from __future__ import annotations

import json
import os
import re

import pytest
from PIL import Image

from tests.conftest import pnp

from .helpers import new_game

REPR = re.compile(r"<[a-zA-Z_.]+ object at 0x|@0x[0-9a-f]+|\['|Traceback|Error:? [A-Z][a-z]+Error")


def one_line_each(result) -> list[str]:
    out = [line for line in result.output.splitlines() if line.strip()]
    assert not any(REPR.search(line) for line in out), result.output
    return out


@pytest.mark.parametrize("only, guess", [("bogus", None), ("aids", "player-aid"), ("rule", "rules")])
def test_an_unknown_product_is_one_line_and_refused(tmp_path, only, guess):
    new_game(tmp_path)
    result = pnp("build", "--only", only, "--out", str(tmp_path / "out"), root=tmp_path)
    assert result.exit_code == 2
    out = one_line_each(result)
    assert len(out) == 1 and out[0].startswith(f"pnp build: --only: unknown product '{only}'")
    assert (f"did you mean '{guess}'?" in out[0]) if guess else "did you mean" not in out[0]
    assert "cards, cards-fold-over, cards-ink-saver, calibration-page, player-aid-card, player-aid, rules, score-pad" in out[0]
    assert not (tmp_path / "out").exists()


def test_the_progress_bar_shows_no_eta(tmp_path, monkeypatch):
    """click extrapolates its ETA from the first pages, which wait for the workers: 12:50 for 5 s."""
    import click

    from generator.cli import build
    seen = []
    real = click.progressbar
    monkeypatch.setattr(build.click, "progressbar", lambda *a, **k: seen.append(k) or real(*a, **k))
    monkeypatch.setattr(build, "_terminal", lambda: True)   # the bar is drawn on a terminal only
    new_game(tmp_path)
    assert pnp("build", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path).exit_code == 0
    assert seen and all(k.get("show_eta") is False for k in seen)


@pytest.mark.parametrize("file, old, new, expected", [
    ("cards/spice-road/cards.yaml", "size: poker ", "size: pokr ",
     r"cards/spice-road/cards\.yaml:4: size: unknown card size 'pokr'; did you mean 'poker'\? \(expected one of bridge, "),
    ("layouts/spice-road.yaml", "align: center", "align: centre",
     r"layouts/spice-road\.yaml:\d+: layouts\.card\.regions\.\w+\.align: 'centre' is not one of the choices; "
     r"did you mean 'center'\? \(expected one of: left, center, right, justify\)"),
    ("cards/spice-road/game.yaml", "minutes: 30", "minutes: 30\n\tage: 8",
     r"cards/spice-road/game\.yaml:6: a tab character at column 1: YAML indents with spaces"),
    ("cards/spice-road/game.yaml", "minutes: 30", "minutes: 30: 40",
     r"cards/spice-road/game\.yaml:5: ': ' inside a value that is not quoted \(expected the value in quotes"),
])
def test_a_typo_gets_its_line_and_a_guess(tmp_path, file, old, new, expected):
    new_game(tmp_path)
    path = tmp_path / file
    path.write_text(path.read_text().replace(old, new, 1))
    result = pnp("validate", root=tmp_path)
    assert result.exit_code == 1
    out = one_line_each(result)
    assert len(out) == 2 and re.match(expected, out[0]), out


# ---------------------------------------------------------------- images: pnp check and pnp build

ART = 'art: {kind: image, x: 21.5, y: 20, width: 20, height: 20, text: "art/{{ card.id }}.png"%s}'


def game_with_art(root, pixels: int, allow: bool = False, cards: int = 0):
    game = new_game(root)
    layout = root / "layouts" / "spice-road.yaml"
    text = re.sub(r"art: \{kind: icon[^}]*\}", ART % (", allow_low_dpi: true" if allow else ""), layout.read_text())
    layout.write_text(text)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text() + "".join(
        f"  - id: extra-{i}\n    name: Extra {i}\n    props: {{cost: 1}}\n" for i in range(cards)))
    (game / "art").mkdir()
    for card in ["market", "harbour"] + [f"extra-{i}" for i in range(cards)]:
        Image.new("RGB", (pixels, pixels), "red").save(game / "art" / f"{card}.png")
    return game


def test_a_coarse_image_is_an_error_only_and_allowed_it_is_a_warning(tmp_path):
    game_with_art(tmp_path, 40)   # 40 px over 20 mm: 51 dpi
    result = pnp("check", "spice-road", "--json", root=tmp_path)
    findings = [f for f in json.loads(result.output)["findings"] if f["code"] == "dpi"]
    assert result.exit_code == 1
    assert {f["level"] for f in findings} == {"error"}       # not also a warning "allowed by allow_low_dpi"
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace('.png"}', '.png", allow_low_dpi: true}'))
    result = pnp("check", "spice-road", "--json", root=tmp_path)
    findings = [f for f in json.loads(result.output)["findings"] if f["code"] == "dpi"]
    assert result.exit_code == 0 and {f["level"] for f in findings} == {"warning"}
    assert all("allowed by allow_low_dpi" in f["message"] for f in findings)
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert built.exit_code == 0
    warned = [line for line in built.output.splitlines() if line.startswith("warning: image")]
    assert warned == [f"warning: image 'art/{card}.png' prints at 51 dpi, below the 150 dpi minimum (allowed by "
                      f"allow_low_dpi: it will look blurred)" for card in ("market", "harbour")]


def test_nine_cards_with_the_same_error_are_one_line(tmp_path):
    game = game_with_art(tmp_path, 400, cards=7)
    for card in game.joinpath("art").iterdir():
        card.unlink()
    result = pnp("check", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error")]
    layout = (tmp_path / "layouts" / "spice-road.yaml").read_text(encoding="utf-8").splitlines()
    art = next(n for n, line in enumerate(layout, 1) if line.strip().startswith("art:"))   # the box's line
    assert errors == [f"error   layouts/spice-road.yaml:{art}: spice-road/cards front 'art': image 'art/*.png' not "
                      "found in spice-road/ (paths are relative to the game folder) [9 card(s): market, harbour, "
                      "extra-0, extra-1, …; en]"]
    assert "9 error(s)" in result.output


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_image_is_one_plain_line(tmp_path, damage):
    game = game_with_art(tmp_path, 400)
    image = game / "art" / "market.png"
    data = image.read_bytes()
    image.write_bytes(b"\x89PNG\r\n\x1a\n" + os.urandom(300) if damage == "garbage" else data[:300])
    expected = ("cannot read image 'art/market.png': the file is damaged or is not really a PNG image (open it in "
                "an image editor and save it again)")
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=tmp_path)
    assert built.exit_code == 1
    assert [line for line in one_line_each(built) if line.startswith("build failed")] == [
        f"build failed: layouts/spice-road.yaml:32: card 'market' (deck cards), language en, box 'art' "
        f"(layout spice-road/card): {expected}"]
    checked = pnp("check", "spice-road", root=tmp_path)
    assert checked.exit_code == 1 and expected.replace("market", "*") in checked.output
    one_line_each(checked)


def test_check_json_reports_a_data_error_as_json(tmp_path):
    game = new_game(tmp_path)
    deck = game / "cards.yaml"
    deck.write_text(deck.read_text().replace("copies: 2", "copeis: 2"))
    result = pnp("check", "spice-road", "--json", root=tmp_path)
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["summary"]["errors"] == 1
    finding = report["findings"][0]
    assert (finding["level"], finding["code"], finding["file"], finding["field"]) == \
        ("error", "data", "cards/spice-road/cards.yaml", "cards[0].copeis")
    assert finding["line"] > 0 and "did you mean 'copies'?" in finding["message"]


def test_counts_read_as_words(tmp_path):
    """"1 deck", not "1 decks"; "2 players", not "2-2 players" (a newcomer's walk-through, stop 46)."""
    new_game(tmp_path)
    assert "spice-road: ok (1 deck, " in pnp("validate", "spice-road", root=tmp_path).output
    listed = pnp("list", "san-gimignano").output
    assert "(2 players, " in listed and "2-2" not in listed


def test_a_reader_that_stops_early_gets_no_error(tmp_path):
    """`pnp list | head -3` printed "error: Broken pipe": the reader has what it wanted."""
    import subprocess
    import sys

    from tests.conftest import ROOT
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(ROOT), "list"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()               # before the first line is written
    _out, err = process.communicate(timeout=60)
    assert err.decode() == ""


@pytest.mark.parametrize("args, words", [
    (["build", "--foo"], ["pnp build: no such option '--foo'", "--help"]),
    (["serve", "--lang", "en"], ["pnp serve: no such option '--lang'", "--help"]),
    (["build", "--jobs", "0"], ["pnp build: ", "'--jobs'", "1<=x<=256"]),
    (["nosuch"], ["pnp: no such command 'nosuch'"]),
], ids=["option", "serve-option", "range", "command"])
def test_a_command_line_mistake_click_catches_is_one_line(tmp_path, args, words):
    """click said these in four lines: its usage, a hint, a blank and the error."""
    new_game(tmp_path)
    result = pnp(*args, root=tmp_path)
    assert result.exit_code == 2
    out = one_line_each(result)
    assert len(out) == 1 and all(w in out[0] for w in words), result.output
    assert not out[0].startswith("Usage:")
