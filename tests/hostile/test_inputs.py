"""Each hostile input named in issue 13, refused with one line naming file, line and field (the
fuzz suite, test_fuzz.py, covers the same ground at random)."""
from __future__ import annotations

import errno
import os
import re
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import pnp
from tests.pipeline.helpers import project_copy, replace_in

TOWERS = "cards/san-gimignano/towers.yaml"


def _one_line_problems(result, file: str) -> list[str]:
    """The problem lines of a failed run; each names `file` and a line."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith(file)]
    assert lines, result.output
    assert all(re.match(re.escape(file) + r":\d+: ", line) for line in lines), lines
    return lines


def _write(path, text: bytes | str):
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))


# ---------------------------------------------------------------- the YAML loader

@pytest.mark.parametrize("bad, message", [
    (b"\xff", "byte 0xff is not UTF-8"),
    (b"\x00", "control character U+0000"),
    (b"\x1b[31m", "control character U+001B"),
    ("caf\u00e9".encode()[:-1], "is not UTF-8"),                    # cut inside a multi-byte character
    (b"\n? [a, b]\n: 1\n", "a list or mapping used as a mapping key"),
    (b"\nbig: " + b"9" * 5000 + b"\n", "out of range"),
    # 3,000 levels: refused by libyaml, by the pure-Python loader's recursion or by the project's
    # own depth check, depending on the PyYAML build; the user gets the same one line
    (b"\ndeep: " + b"[" * 3000 + b"]" * 3000 + b"\n", None),
])
def test_the_loader_refuses_what_used_to_crash_it(tmp_path, bad, message):
    root = project_copy(tmp_path)
    towers = root / TOWERS
    text = towers.read_bytes()
    _write(towers, text.replace(b"deck: towers\n", b"deck: towers\n" + bad + b"\n", 1) if bad[:1] == b"\n"
           else text[:200] + bad + text[200:])
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), TOWERS)
    if message:
        assert any(message in line for line in lines), lines
    else:   # one problem, on the line of the deep value
        written = towers.read_bytes()
        deep = written[:written.index(b"deep:")].count(b"\n") + 1
        assert [line.split(":")[1] for line in lines] == [str(deep)], lines


def test_an_alias_bomb_is_refused_quickly(tmp_path):
    root = project_copy(tmp_path)
    bomb = "".join(f"  l{i}: &l{i} [" + ", ".join([f"*l{i - 1}" if i else "x"] * 9) + "]\n" for i in range(9))
    text = (root / TOWERS).read_text().replace("deck: towers\n", "deck: towers\nbomb_holder:\n" + bomb, 1)
    (root / TOWERS).write_text(text)
    start = time.monotonic()
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), TOWERS)
    assert time.monotonic() - start < 5
    assert any("aliases" in line for line in lines), lines


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_the_shipped_aliases_still_load():
    assert pnp("validate", "tournay").exit_code == 0       # cards/tournay/rules/ja.yaml uses &activity


# ---------------------------------------------------------------- data never runs code nor reads files

def test_a_layout_id_cannot_reach_attributes(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_TEST_SECRET", "s3cr3t-value")
    root = project_copy(tmp_path, ("tournay",))
    deck = root / "cards" / "tournay" / "yellow-1.yaml"
    replace_in(deck, 'layout: "tournay/{type}"',
               'layout: "tournay/{cost.model_dump.__globals__[sys].modules[os].environ[PNP_TEST_SECRET]}"')
    result = pnp("validate", "tournay", root=root)
    assert result.exit_code == 1 and "s3cr3t-value" not in result.output
    assert "unknown layout 'tournay/{cost.model_dump" in result.output


def test_a_format_width_in_a_layout_id_allocates_nothing(tmp_path):
    root = project_copy(tmp_path, ("tournay",))
    replace_in(root / "cards" / "tournay" / "yellow-1.yaml", 'layout: "tournay/{type}"', 'layout: "tournay/{type:>999999999}"')
    result = pnp("validate", "tournay", root=root)
    assert result.exit_code == 1 and "unknown layout" in result.output


def test_deck_names_stay_in_the_game_folder(tmp_path):
    root = project_copy(tmp_path)
    (tmp_path / "elsewhere.yaml").write_text((root / TOWERS).read_text())
    replace_in(root / "cards" / "san-gimignano" / "game.yaml", "decks: [towers, nobles]",
               "decks: [../../../elsewhere, nobles]")
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1
    assert "cards/san-gimignano/game.yaml:" in result.output and "decks[0]" in result.output


def test_a_symlinked_deck_leading_outside_is_refused(tmp_path):
    root = project_copy(tmp_path)
    outside = tmp_path / "outside.yaml"
    outside.write_text((root / TOWERS).read_text())
    (root / TOWERS).unlink()
    (root / TOWERS).symlink_to(outside)
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1 and "is not a file of the game's folder" in result.output


def test_links_in_a_game_folder_to_devices_and_loops_are_not_read(tmp_path):
    """The cache hashes every file of a game's folder: a link there to /dev/zero (never ends)
    or to a parent folder (a loop) is skipped, and the build is unaffected."""
    root = project_copy(tmp_path)
    game = root / "cards" / "san-gimignano"
    (game / "zero").symlink_to("/dev/zero")
    (game / "loop").symlink_to("..")
    os.mkfifo(game / "pipe")
    start = time.monotonic()
    result = pnp("build", "san-gimignano", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "o"), root=root)
    assert result.exit_code == 0, result.output
    assert time.monotonic() - start < 30


def test_a_link_to_a_large_folder_is_one_line(tmp_path, monkeypatch):
    from generator.reading import locate
    monkeypatch.setattr(locate, "MAX_INPUT_FILES", 50)
    root = project_copy(tmp_path)
    system = root / "system"     # inside the project: a link out of it is not even walked (below)
    system.mkdir()
    for n in range(60):
        (system / f"f{n}").write_text("x")
    (root / "cards" / "san-gimignano" / "evil").symlink_to(system)
    (root / "cards" / "san-gimignano" / "everything").symlink_to("/")
    result = pnp("build", "san-gimignano", "--only", "cards", "--lang", "en", "--out", str(tmp_path / "o"), root=root)
    assert result.exit_code == 1 and "Traceback" not in result.output
    failed = [line for line in result.output.splitlines() if line.startswith("build failed:")]
    assert len(failed) == 1 and "cards/san-gimignano holds more than 50 files" in failed[0], result.output
    assert "remove the link" in failed[0]


def test_a_deck_file_that_is_a_pipe_is_one_line(tmp_path):
    """Opening a pipe waits for a writer: it is refused before it is opened."""
    root = project_copy(tmp_path)
    (root / TOWERS).unlink()
    os.mkfifo(root / TOWERS)
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if line.startswith(TOWERS)]
    assert lines == [f"{TOWERS}: not a regular file (a device, pipe, socket or system file) (expected a UTF-8 text file)"]


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
@pytest.mark.parametrize("path, message", [("/etc/passwd", "leaves layouts/fonts/"),
                                           ("/proc/self/environ", "leaves layouts/fonts/"),
                                           ("../../cards/san-gimignano/towers.yaml", "leaves layouts/fonts/"),
                                           ("Nope-Regular.ttf", "not found")])
def test_font_paths_are_confined_and_checked(tmp_path, path, message):
    root = project_copy(tmp_path)
    line = replace_in(root / "layouts" / "fonts.yaml", "regular: Cardo-Regular.ttf", f"regular: {path}")
    result = pnp("validate", root=root)
    lines = _one_line_problems(result, "layouts/fonts.yaml")
    assert lines == [l for l in lines if l.startswith(f"layouts/fonts.yaml:{line}: families.cardo.regular:")]
    assert message in lines[0]


@pytest.mark.parametrize("old, new, field", [
    ("roles: {title: cardo, body: cardo, ui: cardo}", "roles: {title: cardo, body: cardoo, ui: cardo}",
     "default.roles.body: unknown family 'cardoo'; did you mean 'cardo'?"),
    ("roles: {title: gothic, body: gothic, ui: gothic}", "roles: {title: gothic, body: \"bell\\a\", ui: gothic}",
     "languages.ja.roles.body: language ja: a control character U+0007"),   # refused once decoded, never rung
])
def test_a_role_naming_an_unknown_family_is_a_validate_problem(tmp_path, old, new, field):
    """Found by benchmarks/fuzz.py (--seed 8): `pnp validate` passed and the build failed with
    a bare KeyError."""
    root = project_copy(tmp_path)
    line = replace_in(root / "layouts" / "fonts.yaml", old, new)
    result = pnp("validate", root=root)
    lines = _one_line_problems(result, "layouts/fonts.yaml")
    assert lines[0].startswith(f"layouts/fonts.yaml:{line}: {field}"), lines


@pytest.mark.parametrize("template, message", [
    ("{{ lipsum(10**7) }}", "'lipsum' is undefined"),
    ("{{ range(100001)|list|length }}", "more than"),
    ("{{ cycler }}", "'cycler' is undefined"),
    ("{{ 'x' * 10**10 }}", "made with '*'"),
    ("{{ '{:>999999999}'.format(1) }}", "str.format is not available"),
    ("{{ 'x'.center(10**9) }}", "not available"),
    ("{{ 10**(10**10) }}", "power too large"),
    ("{% for i in range(5000) %}{% for j in range(5000) %}{% endfor %}{% endfor %}", "more than"),
    ("{{ ''.__class__.__mro__ }}", "not available"),
])
def test_aid_templates_are_bounded(tmp_path, template, message):
    root = project_copy(tmp_path)
    aid = root / "cards" / "san-gimignano" / "aid" / "en.yaml"
    text = aid.read_text()
    heading = re.search(r"heading: (.*)\n", text).group(1)
    line = replace_in(aid, f"heading: {heading}\n", f"heading: \"{template}\"\n")
    start = time.monotonic()
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), "cards/san-gimignano/aid/en.yaml")
    assert time.monotonic() - start < 10
    assert any(line_.startswith(f"cards/san-gimignano/aid/en.yaml:{line}:") and message in line_ for line_ in lines), lines


def test_a_rules_summary_error_is_a_validate_problem(tmp_path):
    root = project_copy(tmp_path)
    rules = root / "cards" / "san-gimignano" / "rules" / "en.yaml"
    line = replace_in(rules, "  towers: ", "  towers: \"{{ card.props.nope }}\"\n  ignored: ")
    text = rules.read_text()
    rules.write_text(text.replace("\n  ignored: ", "\n#", 1))
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), "cards/san-gimignano/rules/en.yaml")
    assert any(line_.startswith(f"cards/san-gimignano/rules/en.yaml:{line}: cards.towers:") for line_ in lines), lines


def test_an_error_in_the_aid_layouts_is_not_a_key_error(tmp_path):
    root = project_copy(tmp_path)
    replace_in(root / "layouts" / "aids.yaml", "layouts:", "layouts:\n  broken: {regions: {a: {x: nope}}}")
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1 and "KeyError" not in result.output and "layouts/aids.yaml:" in result.output


# ---------------------------------------------------------------- limits

@pytest.mark.parametrize("old, new, field", [
    ("    copies: 5\n", "    copies: 1000000000\n", "copies"),
    ("size: poker", "size: {width: 100000, height: 88}", "size.width"),
])
def test_limits_are_enforced_with_a_clear_message(tmp_path, old, new, field):
    root = project_copy(tmp_path)
    line = replace_in(root / TOWERS, old, new)
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), TOWERS)
    assert any(re.match(rf"{TOWERS}:{line}: (cards\[\d+\]\.)?{re.escape(field)}: ", l) for l in lines), lines


def test_a_huge_text_is_refused(tmp_path):
    root = project_copy(tmp_path)
    replace_in(root / TOWERS, "name: {fr: Cartes tour", "name: {xx: " + "x" * 30_000 + ", fr: Cartes tour")
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), TOWERS)
    assert any("a text of 30000 characters" in l for l in lines), lines


# ---------------------------------------------------------------- characters

@pytest.mark.parametrize("char, kind", [("\ue000", "private-use"), ("\u0378", "unassigned"),
                                        ("\u202e", "bidirectional override")])
def test_unprintable_characters_name_card_language_and_code_point(tmp_path, char, kind):
    root = project_copy(tmp_path)
    text = (root / TOWERS).read_text()
    en = re.search(r"\n      en: (.*)\n", text)
    (root / TOWERS).write_text(text.replace(en.group(0), en.group(0).replace("en: ", f"en: {char}", 1), 1))
    lines = _one_line_problems(pnp("validate", "san-gimignano", root=root), TOWERS)
    assert any(f"card 'tower-" in l and "language en" in l and f"U+{ord(char):04X}" in l and kind in l
               for l in lines), lines


def test_a_broken_catalogue_is_one_line(tmp_path):
    root = project_copy(tmp_path)
    po = root / "locales" / "fr" / "LC_MESSAGES" / "pnp.po"
    po.write_bytes(po.read_bytes() + b'\nmsgid "x"\nmsgstr "\x85"\n')
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1 and "locales/fr/LC_MESSAGES/pnp.po:" in result.output
    result = pnp("i18n", "status", "san-gimignano", root=root)
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_a_translation_cannot_format_attributes(tmp_path):
    root = project_copy(tmp_path)
    po = root / "locales" / "fr" / "LC_MESSAGES" / "checks.po"
    text = po.read_text()
    po.write_text(text.replace('msgstr "joueurs\u00a0: {count}"', 'msgstr "{count.__class__:>99999999}"'))
    result = pnp("validate", "san-gimignano", root=root)
    assert result.exit_code == 1 and "placeholders differ" in result.output


# ---------------------------------------------------------------- the environment

def test_unwritable_out_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "cards", "--out", str(blocker / "sub"))
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"cannot write to --out {blocker / 'sub'}: Not a directory"]


def test_a_full_disk_is_one_line(tmp_path, monkeypatch):
    import generator.paper.output as output

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "cards.pdf")
    monkeypatch.setattr(output, "_swap_in", full)   # where the finished set goes into place
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "cards", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "build failed: cannot write cards.pdf: No space left on device" in result.output


def test_a_busy_port_is_one_line(tmp_path):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = pnp("serve", "san-gimignano", "--port", str(port), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert f"cannot serve on port {port}: it is already in use" in result.output
    assert "Traceback" not in result.output


def test_the_preview_server_lists_no_directory(tmp_path):
    import functools
    import threading
    from http.server import ThreadingHTTPServer

    from generator.site.serve import QuietHandler
    from tests.conftest import list_as_written
    (tmp_path / "site" / "assets").mkdir(parents=True)
    (tmp_path / "site" / "assets" / "site.css").write_text("body {}")
    list_as_written(tmp_path)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path / "site")))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        assert urllib.request.urlopen(f"{base}/assets/site.css", timeout=5).read() == b"body {}"
        with pytest.raises(urllib.error.HTTPError) as listing:
            urllib.request.urlopen(f"{base}/assets/", timeout=5)
        assert listing.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
