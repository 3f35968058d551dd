"""The studio's faces and marks, without a browser: which faces an edit draws again, where each
finding is drawn and which file and line it links to, and what a broken edit leaves shown."""
from __future__ import annotations

import json
import shutil

from PIL import Image

from generator.studio.session import Studio
from tests.conftest import ROOT
from tests.designer.helpers import example_project
from tests.pipeline.helpers import replace_in
from tests.studio.conftest import EDITOR, game_project

NOBLE = "san-gimignano/nobles/via-francigena"
PORTRAIT = 'text: "{{ card.props.portrait }}"'


def loaded(root, games=None, langs=None) -> Studio:
    studio = Studio(root, games, langs, EDITOR)
    studio.reload()
    return studio


def state(studio: Studio) -> dict:
    return json.loads(studio.state_json())


def stale_after_reload(studio: Studio) -> list[str]:
    """The faces a reload would draw: planned from the files as they are now."""
    from generator.loading.catalog import load_project
    project = load_project(studio.root, studio.games)
    return sorted(s.id for s in studio.faces.stale(studio.faces.plan(project, studio.langs)))


def line_of(path, text: str) -> int:
    return path.read_text(encoding="utf-8").split(text)[0].count("\n") + 1


def test_an_edit_draws_again_only_the_faces_it_changes(tmp_path):
    root = game_project(tmp_path)
    studio = loaded(root, langs=["en", "de"])
    assert len(state(studio)["faces"]) == 30 and stale_after_reload(studio) == []
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    replace_in(nobles, "en: Draw from the tower pile", "en: Draw (again) from the tower pile")
    assert stale_after_reload(studio) == [f"{NOBLE}/en"]          # not de: its text did not change
    before = state(studio)["faces"]
    studio.reload()
    after = state(studio)["faces"]
    assert [fid for fid in after if after[fid]["png"] != before[fid]["png"]] == [f"{NOBLE}/en"]
    assert after[f"{NOBLE}/en"]["previous"] == before[f"{NOBLE}/en"]["png"]     # what the diff compares
    first = before[f"{NOBLE}/en"]["png"].split("/")[-1][:-4]
    replace_in(nobles, "en: Draw (again) from the tower pile", "en: Draw (twice) from the tower pile")
    studio.reload()
    twice = state(studio)["faces"][f"{NOBLE}/en"]
    assert twice["previous"] == after[f"{NOBLE}/en"]["png"] and twice["since"].startswith(f"/diff/{first}/")
    assert before[f"{NOBLE}/de"]["since"] is None and state(studio)["faces"][f"{NOBLE}/de"]["since"] is None
    after = state(studio)["faces"]
    # a comment above a card draws nothing again, but its links follow the lines
    lines = card_lines(after)
    assert lines
    towers = root / "cards" / "san-gimignano" / "towers.yaml"
    towers.write_text("# a note\n" + towers.read_text(encoding="utf-8"), encoding="utf-8")
    assert stale_after_reload(studio) == []
    studio.reload()
    assert card_lines(state(studio)["faces"]) == {fid: line + 1 for fid, line in lines.items()}


def card_lines(faces: dict) -> dict[str, int]:
    """Face -> the line its first mark links to in towers.yaml (the shrunk texts)."""
    return {fid: int(m["links"][0]["label"].rsplit(":", 1)[1]) for fid, f in faces.items() for m in f["marks"][:1]
            if m["links"] and "towers.yaml" in m["links"][0]["label"]}


def test_a_layout_edit_draws_the_faces_of_that_layout(tmp_path):
    root = game_project(tmp_path)
    (root / "layouts").mkdir()
    layout = root / "layouts" / "san-gimignano.yaml"
    shutil.copy(ROOT / "layouts" / "san-gimignano.yaml", layout)
    studio = loaded(root, langs=["en"])
    replace_in(layout, 'text: tower, color: "#3a1620"', 'text: tower, color: "#3a1621"')   # the nobles' back
    assert stale_after_reload(studio) == ["san-gimignano/nobles/+back/en"]


def test_findings_sit_in_their_box_and_link_to_their_lines(tmp_path):
    root = example_project(tmp_path)
    heroes, layout = root / "cards" / "art-demo" / "heroes.yaml", root / "layouts" / "art-demo.yaml"
    replace_in(layout, "x: 48, y: 5, width: 10", "x: 55, y: 5, width: 10")   # past the right edge
    replace_in(heroes, "fr: Tirez sur n’importe quel héros en ligne droite.",
               "fr: " + "Tirez sur n’importe quel héros en ligne droite, même caché derrière un mur. " * 3)
    faces = state(loaded(root))["faces"]
    archer = {m["code"]: m for m in faces["art-demo/heroes/archer/fr"]["marks"]}
    # the coarse picture: the art box, the portrait's line, the region's line, the picture itself
    dpi = archer["dpi"]
    assert dpi["level"] == "warning" and dpi["short"] == "184 dpi" and dpi["box"] == [5, 14, 53, 40]
    assert [link["label"] for link in dpi["links"]] == \
        [f"cards/art-demo/heroes.yaml:{line_of(heroes, 'props: {portrait: art/archer.jpg')}",
         f"layouts/art-demo.yaml:{line_of(layout, PORTRAIT)}"]
    assert dpi["links"][0]["href"] == f"vscode://file{heroes}:{line_of(heroes, 'props: {portrait: art/archer.jpg')}"
    assert dpi["image"] == "/project/art-demo/art/archer.jpg"
    # French text shrunk to fit: its box, its French line
    shrunk = archer["shrunk"]
    assert shrunk["level"] == "info" and shrunk["box"] == [6, 57, 51, 25]
    assert shrunk["links"][0]["label"] == f"cards/art-demo/heroes.yaml:{line_of(heroes, 'fr: Tirez')}"
    assert "shrunk" not in {m["code"] for m in faces["art-demo/heroes/archer/en"]["marks"]}
    # a box in the bleed: on every face of the layout, linked to the layout's line
    for fid in ("art-demo/heroes/knight/en", "art-demo/heroes/archer/fr"):
        bleed = [m for m in faces[fid]["marks"] if m["code"] == "bleed"]
        assert [(m["box"], [link["label"] for link in m["links"]]) for m in bleed] == \
            [([55, 5, 10, 8], [f"layouts/art-demo.yaml:{line_of(layout, 'x: 55, y: 5')}"])]


def test_unknown_icon_and_missing_translation_are_marked_in_their_box(tmp_path):
    root = example_project(tmp_path)
    layout = root / "layouts" / "art-demo.yaml"
    replace_in(layout, "      body: {kind: text, x: 6, y: 57,",
               "      badge: {kind: icon, x: 50, y: 15, width: 6, height: 6, "
               "text: \"{{ 'shield' if card.id == 'knight' else '' }}\"}\n"
               "      label: {kind: text, x: 6, y: 82, width: 40, height: 3, size: 6.5, "
               "text: \"{{ _('A label nobody translated') }}\"}\n"
               "      body: {kind: text, x: 6, y: 57,")
    studio = loaded(root)
    faces = state(studio)["faces"]
    icon = [m for m in faces["art-demo/heroes/knight/en"]["marks"] if m["level"] == "error"]
    assert [(m["short"], m["box"]) for m in icon] == [("unknown icon", [50, 15, 6, 6])]
    assert "unknown icon 'shield'" in icon[0]["message"]
    assert any("unknown icon 'shield'" in e["text"] and e["text"].startswith("cards/art-demo/heroes.yaml:")
               for e in state(studio)["errors"])
    missing = [m for m in faces["art-demo/heroes/archer/fr"]["marks"] if m["code"] == "translation"]
    assert [(m["level"], m["short"], m["box"]) for m in missing] == [("warning", "no fr", [6, 82, 40, 3])]
    assert "'A label nobody translated'" in missing[0]["message"]
    assert not [m for m in faces["art-demo/heroes/archer/en"]["marks"] if m["code"] == "translation"]


def test_a_changed_picture_draws_its_faces_again(tmp_path):
    root = example_project(tmp_path)
    studio = loaded(root)
    knight = root / "cards" / "art-demo" / "art" / "knight.png"
    with Image.open(knight) as image:
        Image.new("RGB", image.size, "red").save(knight)
    assert stale_after_reload(studio) == ["art-demo/heroes/knight/en", "art-demo/heroes/knight/fr"]


def test_a_broken_edit_names_its_line_and_keeps_the_last_images(tmp_path):
    root = game_project(tmp_path)
    studio = loaded(root, langs=["en", "de"])
    good = state(studio)["faces"]
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    line = replace_in(nobles, "    copies: 3\n", "    copeis: 3\n")
    studio.reload()
    broken = state(studio)
    assert [e["label"] for e in broken["errors"]] == [f"cards/san-gimignano/nobles.yaml:{line}"]
    assert broken["errors"][0]["text"].startswith(f"cards/san-gimignano/nobles.yaml:{line}: ")
    assert "did you mean 'copies'" in broken["errors"][0]["text"] and "\n" not in broken["errors"][0]["text"]
    assert {fid: f["png"] for fid, f in broken["faces"].items()} == {fid: f["png"] for fid, f in good.items()}
    assert broken["faces"]["san-gimignano/nobles/buona-pietra/en"]["marks"][0]["short"] == "not loaded"
    replace_in(nobles, "    copeis: 3\n", "    copies: 3\n")
    studio.reload()
    assert state(studio)["errors"] == []


def test_a_missing_text_is_marked_on_that_language_only(tmp_path):
    root = game_project(tmp_path)
    studio = loaded(root, langs=["en", "de"])
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    replace_in(nobles, "      de: Ziehe vom Turm", "      it: Ziehe vom Turm")
    studio.reload()
    faces = state(studio)["faces"]
    assert faces[f"{NOBLE}/de"]["marks"][0]["short"] == "not loaded"
    assert "no 'de' text" in faces[f"{NOBLE}/de"]["marks"][0]["message"]
    assert all(m["code"] != "data" for m in faces[f"{NOBLE}/en"]["marks"])


def test_a_text_too_long_keeps_the_last_good_image(tmp_path):
    root = game_project(tmp_path)
    studio = loaded(root, langs=["en"])
    good = state(studio)["faces"][f"{NOBLE}/en"]["png"]
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    line = replace_in(nobles, "en: Draw from the tower pile", "en: " + "Draw from the tower pile " * 30)
    studio.reload()
    face = state(studio)["faces"][f"{NOBLE}/en"]
    assert face["png"] == good
    assert [(m["level"], m["short"]) for m in face["marks"]] == [("error", "does not fit")]
    assert face["marks"][0]["links"][0]["label"] == f"cards/san-gimignano/nobles.yaml:{line}"


def test_a_finding_of_files_since_changed_is_not_shown_beside_a_load_error(tmp_path):
    """"does not fit" stayed after the text was shortened, beside a later YAML error (issue 52)."""
    root = game_project(tmp_path)
    studio = loaded(root, langs=["en"])
    nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
    replace_in(nobles, "en: Draw from the tower pile", "en: " + "Draw from the tower pile " * 30)
    studio.reload()
    assert [m["short"] for m in state(studio)["faces"][f"{NOBLE}/en"]["marks"]] == ["does not fit"]
    replace_in(nobles, "en: " + "Draw from the tower pile " * 30, "en: Draw from the tower pile")
    replace_in(nobles, "    copies: 3\n", "    copeis: 3\n")
    studio.reload()
    now = state(studio)
    assert now["errors"] and all(m["short"] != "does not fit" for f in now["faces"].values() for m in f["marks"])


def test_files_read_while_a_save_was_under_way_are_never_shown(tmp_path, monkeypatch):
    """The watch reads the files once they have settled, but a save may begin while they are
    read: what was read may be half of it (a truncated deck: `deck: missing`), so it is dropped
    and the watch loads the saved files next. No drawing here (a short test)."""
    from datafile.errors import DataError, Problem
    deck = tmp_path / "cards" / "demo" / "cards.yaml"
    deck.parent.mkdir(parents=True)
    (deck.parent / "game.yaml").write_text("id: demo\n", encoding="utf-8")
    deck.write_text("deck: cards\n", encoding="utf-8")
    studio = Studio(tmp_path, None, None, EDITOR)

    def read_during_a_save(*args):
        deck.write_text("", encoding="utf-8")          # the editor has emptied the file, not written it yet
        raise DataError([Problem("cards/demo/cards.yaml", 1, "deck", "missing")])

    monkeypatch.setattr("generator.studio.session.load_project", read_during_a_save)
    version = studio.version
    studio.reload(studio.snapshot())
    assert studio.problems == [] and studio.version == version
