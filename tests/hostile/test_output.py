"""A shipped output/ is untrusted (issue 30, items 2, 3, 4b, 7, 9d): pnp never writes through a
link, never carries a link into the new output nor lists what it leads to, checks games.json
before it uses it, and `export` is all or nothing as `build` is."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import pnp

from .projects import demo, edit


def _victim(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir(mode=0o700)
    (victim / "id_rsa").write_text("key")
    return victim, (victim.stat().st_ino, victim.stat().st_mode, sorted(os.listdir(victim)))


def _untouched(victim, before) -> bool:
    return (victim.stat().st_ino, victim.stat().st_mode, sorted(os.listdir(victim))) == before


@pytest.mark.parametrize("command", [("build", "demo", "--only", "cards"), ("export", "png", "demo", "--dpi", "36"),
                                     ("calibrate",), ("serve", "demo", "--port", "0")])
def test_a_linked_output_is_refused_with_one_line(tmp_path, command):
    """`output -> ~/.ssh` used to be swapped for a new folder (new inode, mode 700 -> 755)."""
    root = demo(tmp_path)
    victim, before = _victim(tmp_path)
    (root / "output").symlink_to(victim)
    result = pnp(*command, root=root)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "output: a link" in result.output and "never writes through a link" in result.output, result.output
    assert _untouched(victim, before)


@pytest.mark.parametrize("folder", ["demo/en", "site/demo", "site/fs", ".pnp-cache"])
def test_a_linked_folder_below_output_is_refused(tmp_path, folder):
    """`output/demo/en -> ~/Documents` was hard-linked into the site as downloads;
    `output/site/demo -> /dir` made serve write pages into /dir."""
    root = demo(tmp_path)
    victim, before = _victim(tmp_path)
    (root / "output" / folder).parent.mkdir(parents=True, exist_ok=True)
    (root / "output" / folder).symlink_to(victim)
    for command in (("build", "demo", "--only", "rules"), ("export", "png", "demo", "--dpi", "36"),
                    ("serve", "demo", "--port", "0")):
        result = pnp(*command, root=root)
        assert result.exit_code == 1 and "Traceback" not in result.output, result.output
        assert f"{folder}: a link to a folder" in result.output, result.output
        assert _untouched(victim, before)


def test_links_and_pipes_in_a_shipped_output_are_dropped_never_listed(tmp_path):
    root = demo(tmp_path)
    secret = tmp_path / "tax-return.pdf"
    secret.write_bytes(b"%PDF-1.4 private")
    lang = root / "output" / "demo" / "en"
    lang.mkdir(parents=True)
    (lang / "tax-return.pdf").symlink_to(secret)
    (lang / "environ.json").symlink_to("/proc/self/environ")
    os.mkfifo(lang / "pipe.pdf")
    result = pnp("build", "demo", "--only", "rules", root=root)
    assert result.exit_code == 0, result.output
    site = root / "output" / "site"
    assert not any(name in page.read_text() for page in site.rglob("*.html") for name in ("tax-return", "environ",
                                                                                          "pipe.pdf"))
    assert not any(p.is_symlink() or not (p.is_file() or p.is_dir()) for p in (root / "output").rglob("*"))


def _games_json(root, pages: list[dict]) -> None:
    site = root / "output" / "site"
    (site / "other").mkdir(parents=True)
    (site / "other" / "en.html").write_text("<p>other</p>")
    (site / "games.json").write_text(json.dumps({"games": [
        {"id": "other", "name": "Other", "players": {"min": 1, "max": 2}, "minutes": 5, "pages": pages}]}))


def test_a_shipped_games_json_cannot_put_a_script_link_in_the_index(tmp_path):
    root = demo(tmp_path)
    _games_json(root, [{"lang": "en", "language": "English", "href": "javascript:alert(1)//", "name": "Other",
                        "description": "x", "files": ["https://evil.example/x.js", "other/en.html"]}])
    assert pnp("build", "demo", "--only", "rules", root=root).exit_code == 0
    index = (root / "output" / "site" / "index.html").read_text()
    # pnp did not write that list nor that page (issue 48): neither is carried into the new site
    assert "other/en.html" not in index and not (root / "output" / "site" / "other").exists()
    assert "javascript:" not in index
    games = json.loads((root / "output" / "site" / "games.json").read_text())["games"]
    assert all("evil" not in f for g in games for p in g["pages"] for f in p.get("files", []))


@pytest.mark.parametrize("text", ['{"games": [{"id": 1, "pages": [{"lang": "en"}]}]}', '{"games": 7}', "[1, 2]",
                                  '{"games": [{"id": "x", "name": "X", "players": {"min": 1, "max": 2}, '
                                  '"minutes": 5, "pages": [{"lang": "en"}]}]}', "{", "\ud800"])
def test_a_malformed_games_json_is_left_aside(tmp_path, text):
    """It was an internal error (KeyError: 'href') on every build."""
    root = demo(tmp_path)
    (root / "output" / "site").mkdir(parents=True)
    (root / "output" / "site" / "games.json").write_text(text, errors="surrogatepass")
    result = pnp("build", "demo", "--only", "rules", root=root)
    assert result.exit_code == 0, result.output
    assert [g["id"] for g in json.loads((root / "output" / "site" / "games.json").read_text())["games"]] == ["demo"]


def _faces(root):
    folder = root / "output" / "demo" / "en" / "png"
    return {str(p.relative_to(folder)): p.stat().st_ino for p in folder.rglob("*.png")}


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_killed_export_leaves_the_old_set_or_the_new_one(tmp_path):
    """A kill -9 used to leave 160 old and 140 new PNGs and 2,312 .tmp files."""
    root = demo(tmp_path)
    deck = root / "cards" / "demo" / "cards.yaml"
    deck.write_text(deck.read_text() + "".join(f"  - id: c{i}\n    name: {{en: C{i}}}\n    props: {{cost: 1}}\n"
                                               for i in range(60)))
    assert pnp("export", "png", "demo", "--dpi", "36", root=root).exit_code == 0
    old = _faces(root)
    child = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(root), "export", "png", "demo",
                              "--dpi", "40"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:    # kill it once it has written half the set
        written = list(tmp_path.glob("project/.output.staging-*/demo/en/png/**/*.png")) \
            + [p for p in (root / "output").rglob("*") if p.name.endswith(".tmp")]   # staged, or beside the old
        if len(written) > len(old) // 2:
            break
        time.sleep(0.005)
    assert child.poll() is None, "the export ended before it could be killed"
    child.send_signal(signal.SIGKILL)
    child.wait()
    now = _faces(root)
    assert now == old or (set(now) == set(old) and not set(now.values()) & set(old.values()))
    leftovers = [p for p in root.rglob("*") if p.name.endswith(".tmp")]
    assert not leftovers
    assert pnp("export", "png", "demo", "--dpi", "42", root=root).exit_code == 0
    assert not list(root.glob(".output.*")) and not [p for p in root.rglob("*") if p.name.endswith(".tmp")]


def test_an_export_replaces_its_folder_whole(tmp_path):
    """Faces of cards removed since the last export do not stay behind, nor does a file pnp did
    not write (issue 48: output/ is exactly what pnp writes)."""
    root = demo(tmp_path)
    assert pnp("export", "png", "demo", "--dpi", "36", root=root).exit_code == 0
    stale = root / "output" / "demo" / "en" / "png" / "stale.png"
    stale.write_bytes(b"old")
    keep = root / "output" / "notes.txt"
    keep.write_text("mine")
    assert pnp("export", "png", "demo", "--dpi", "36", root=root).exit_code == 0
    assert not stale.exists() and not keep.exists()
    assert (root / "output" / "demo" / "en" / "png").is_dir()


def test_calibrate_removes_what_a_killed_run_left(tmp_path):
    root = demo(tmp_path)
    (root / "output").mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    left = root / "output" / f".calibration.pdf.{dead.stdout.strip()}.tmp"
    left.write_bytes(b"half a PDF")
    assert pnp("calibrate", root=root).exit_code == 0
    assert not left.exists() and (root / "output" / "calibration.pdf").is_file()


def test_an_icon_colour_is_a_colour(tmp_path):
    """`color: '#b8860b"/></symbol></svg><img src=x onerror=alert(1)>'` passed validate and ran in
    the legend page; `not-a-colour` was a ValueError in the aid legend."""
    root = demo(tmp_path)
    for colour in ['#b8860b"/></symbol></svg><img src=x onerror=alert(1)>', "not-a-colour", "#12345"]:
        layout = root / "layouts" / "demo.yaml"
        text = layout.read_text()
        line = text[:text.index('color: "#b8860b"')].count("\n") + 1
        layout.write_text(text.replace('color: "#b8860b"', f"color: {json.dumps(colour)}"))
        result = pnp("validate", "demo", root=root)
        assert result.exit_code == 1 and f"layouts/demo.yaml:{line}: icons.coin.color: '" in result.output, result.output
        assert "is not a colour" in result.output
        layout.write_text(text)
    edit(root / "layouts" / "demo.yaml", 'color: "#b8860b"', 'color: "#b86"')
    assert pnp("build", "demo", "--only", "player-aid", root=root).exit_code == 0
