"""Newcomer 7 (a Squib designer porting project-spider-monkey): the slips that printed a wrong
card silently, or whose advice changed the card."""
from __future__ import annotations

from tests.conftest import pnp

from .helpers import new_game
from .test_languages import add_language, lines

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def test_a_po_value_without_quotes_is_one_line_at_validate_and_build(tmp_path):
    """`msgstr Leiter` was read by Babel as "eite" (first and last letters cut), silently; any
    line that is not a keyword and one quoted text is now one line at its file and line, in a
    game's catalogue and in the project's interface catalogue alike."""
    game = new_game(tmp_path)
    add_language(game, "de")
    folder = tmp_path / "locales" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "spice-road.po"
    po.write_text(HEADER + 'msgid "Ladder"\nmsgstr "Leiter"\n', encoding="utf-8")
    assert pnp("validate", "spice-road", root=tmp_path).exit_code == 0
    for slip in ('msgstr Leiter', 'msgstr "Leiter', 'msgstr Leiter"'):
        po.write_text(HEADER + f'msgid "Ladder"\n{slip}\n', encoding="utf-8")
        build = ("build", "spice-road", "--lang", "de", "--only", "cards", "--out", str(tmp_path / "out"))
        for command in (("validate", "spice-road"),) + ((build,) if slip == "msgstr Leiter" else ()):
            result = pnp(*command, root=tmp_path)
            assert result.exit_code == 1, (slip, result.output)
            assert "locales/de/LC_MESSAGES/spice-road.po:6: " in result.output, result.output
            assert '(expected a quoted text: msgstr "Leiter")' in result.output, result.output
            assert "Traceback" not in result.output
    assert not (tmp_path / "out" / "spice-road").exists()
    po.unlink()
    (folder / "pnp.po").write_text(HEADER + 'msgid "Rules"\nmsgstr "Regeln"\nmsgctxt Karte\n', encoding="utf-8")
    result = pnp("validate", "spice-road", root=tmp_path)
    assert result.exit_code == 1
    assert [line for line in lines(result) if "pnp.po" in line] == [
        'locales/de/LC_MESSAGES/pnp.po:7: msgctxt Karte is not one quoted text '
        '(expected a quoted text: msgctxt "Karte")'], result.output


def test_an_image_takes_no_fill_from_a_shape_and_null_clears_a_field(tmp_path):
    """`wood_icon: {extends: wood_rect, kind: image, …}` took the rect's fill and painted the whole
    SVG in it (the icon vanished on its band), and `fill: null` did not clear it. A fill or stroke
    an image would take from a box of another kind is not taken (a style without a kind still
    recolours); `null` clears any inherited field."""
    from tests.designer.test_shapes_fonts import build, project
    from tests.designer.test_squib_extras import ICON, near, pixel_at

    game = project(tmp_path, """\
      band: {kind: rect, x: 0, y: 10, width: 40, height: 40, fill: "#553200"}
      icon: {extends: band, kind: image, x: 10, width: 40, text: art/icon.svg, fit: stretch}
      ink: {fill: "#c0392b"}
      red: {extends: [band, ink], kind: image, x: 10, y: 55, width: 40, height: 20, text: art/icon.svg, fit: stretch}
      plate: {extends: band, x: 52, y: 10, width: 10, fill: null, stroke: "#000000"}
""")
    (game / "art").mkdir()
    (game / "art" / "icon.svg").write_text(ICON)
    pdf = build(tmp_path)
    assert near(pixel_at(pdf, 30, 20), (0, 0, 0))                 # the SVG's own black, not the band's brown
    assert near(pixel_at(pdf, 30, 60), (0xc0, 0x39, 0x2b))        # a style's fill still recolours
    assert near(pixel_at(pdf, 57, 30), (0xf6, 0xee, 0xdb))        # fill: null: the paper shows through


def test_check_does_not_advise_bleed_for_a_rounded_box(tmp_path):
    """A rounded band running off the left edge (as Squib prints it): `pnp check` said "give it
    `bleed: true`", which pulls the rounded end in to the bleed's edge so the rounded corners show
    inside the trim. For a box with a radius it now says what bleed would do instead."""
    from tests.designer.test_shapes_fonts import project

    project(tmp_path, """\
      band: {kind: rect, x: -10, y: 15, width: 34, height: 8, radius: 4, fill: "#553200"}
      plain: {kind: rect, x: -10, y: 40, width: 34, height: 8, fill: "#553200"}
""")
    check = pnp("check", "shapes", root=tmp_path)
    band = [line for line in check.output.splitlines() if "box 'band'" in line]
    plain = [line for line in check.output.splitlines() if "box 'plain'" in line]
    assert band and plain, check.output
    assert all("give it `bleed: true`" not in line and "rounded corners inside the trim" in line
               for line in band), band
    assert any("give it `bleed: true`" in line for line in plain), plain


def test_pnps_own_cache_is_never_a_leftover(tmp_path):
    """After a stopped `pnp build --watch` (or studio), `pnp export tts` said `output/: left out 16
    file(s) pnp did not write (.pnp-cache/made-…` in a 400-character line: an entry of pnp's
    own cache it cannot vouch for is dropped quietly; a stranger's file elsewhere is still said."""
    new_game(tmp_path)
    out = tmp_path / "output"
    assert pnp("build", "spice-road", "--only", "cards", "--out", str(out), root=tmp_path).exit_code == 0
    entry = out / ".pnp-cache" / f"made-{'a' * 64}-{'b' * 64}"
    entry.write_bytes(b"a page a killed studio made in place")
    (out / "stray.txt").write_text("mine")
    result = pnp("export", "tts", "spice-road", "--out", str(out), root=tmp_path)
    assert result.exit_code == 0, result.output
    assert ".pnp-cache" not in result.output, result.output
    assert "left out 1 file(s) pnp did not write (stray.txt)" in result.output, result.output
    assert not entry.exists()


def test_export_takes_several_cards(tmp_path):
    """`pnp export png --card a --card b` exported only b, silently: --card (and --deck) are
    repeatable, as --lang and --only are; an unknown one among them is one line."""
    new_game(tmp_path)
    out = tmp_path / "out"
    result = pnp("export", "png", "spice-road", "--card", "market", "--card", "harbour", "--lang", "en",
                 "--out", str(out), root=tmp_path)
    assert result.exit_code == 0, result.output
    faces = sorted(p.name for p in (out / "spice-road" / "en" / "png" / "cards").glob("*.png"))
    assert faces == ["back.png", "harbour.png", "market.png"], faces
    wrong = pnp("export", "png", "spice-road", "--card", "market", "--card", "harbor", "--out", str(out), root=tmp_path)
    assert wrong.exit_code != 0 and "--card: unknown card 'harbor'; did you mean 'harbour'?" in wrong.output
    assert "Traceback" not in wrong.output
