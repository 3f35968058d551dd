"""`pnp serve` serves the site on localhost and rebuilds it when a YAML file changes."""
from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from tests.pipeline.helpers import project_copy, replace_in, saved_during_reads


def _wait_for(pattern: str, lines: list[str], proc, timeout: float = 60) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for line in lines:
            match = re.search(pattern, line)
            if match:
                return match
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"'{pattern}' not seen; output: {lines}")


@pytest.mark.slow      # a `pnp serve` process, waits for its rebuilds
def test_serve_rebuilds_on_change(tmp_path):
    root = project_copy(tmp_path)
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(root), "serve", "san-gimignano",
                             "--port", "0", "--interval", "0.2", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []

    threading.Thread(target=lambda: [lines.append(line) for line in proc.stdout], daemon=True).start()
    try:
        port = _wait_for(r"http://localhost:(\d+)/", lines, proc).group(1)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/san-gimignano/en.html", timeout=10).read().decode()
        assert "Buona Pietra" in page and "Mura" in page
        rebuilt = sum("site rebuilt" in line for line in lines)
        replace_in(root / "cards" / "san-gimignano" / "nobles.yaml", "en: Mura,", "en: Mura Nuova,")
        deadline = time.monotonic() + 60
        while sum("site rebuilt" in line for line in lines) == rebuilt and time.monotonic() < deadline:
            time.sleep(0.2)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/san-gimignano/en.html", timeout=10).read().decode()
        assert "Mura Nuova" in page
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_save_during_the_first_build_is_rebuilt(tmp_path, monkeypatch):
    """The watch compares with the files as the first build read them: a save while that build
    runs (or before the watch's first look) is rebuilt, not taken as the state already served.
    In this process, the build and the server stood in for (a short test)."""
    import generator.cli.serve as command
    from generator.cli import main
    cards = tmp_path / "cards" / "demo" / "cards.yaml"       # a game's files: only their stats are read
    cards.parent.mkdir(parents=True)
    (cards.parent / "game.yaml").write_text("id: demo\n", encoding="utf-8")
    cards.write_text("deck: cards\n", encoding="utf-8")
    builds, done = [], threading.Event()

    def rebuild(*args):
        builds.append(cards.read_text(encoding="utf-8"))
        if len(builds) == 1:                       # saved while the first build runs
            cards.write_text(builds[0] + "\n# saved\n", encoding="utf-8")
        else:
            done.set()

    class Server:
        server_address = ("127.0.0.1", 1)

        def __init__(self, *args):
            pass

        def serve_forever(self):
            done.wait(10)

        def server_close(self):
            pass

    monkeypatch.setattr(command, "rebuild", rebuild)
    monkeypatch.setattr(command, "PreviewServer", Server)
    monkeypatch.setattr(command, "_has_calculator", lambda *args: False)
    main(["--root", str(tmp_path), "serve", "--interval", "0.1", "--out", str(tmp_path / "out")],
         standalone_mode=False)
    assert len(builds) == 2 and builds[1].endswith("# saved\n")


def test_a_rebuild_that_read_a_save_under_way_says_nothing(tmp_path, monkeypatch, capsys):
    """A save may begin while a rebuild reads the files: what it read may be half of it (a
    truncated deck: `deck: Field required`), so that rebuild prints nothing and the watch builds
    the saved files once they have settled. The loader and the server stood in for (a short
    test): read 1 (the first build) and read 2 (the watch's) meet a save, read 3 the saved file."""
    import generator.cli.serve as command
    import generator.site.serve as site
    from generator.cli import main
    reads, load_project = saved_during_reads(tmp_path)
    rebuilds = []

    class Server:
        server_address = ("127.0.0.1", 1)

        def __init__(self, *args):
            pass

        def serve_forever(self):
            end = time.monotonic() + 10                 # until the watch's rebuild has printed
            while len(rebuilds) < 3 and time.monotonic() < end:
                time.sleep(0.05)

        def server_close(self):
            pass

    monkeypatch.setattr(site, "load_project", load_project)
    monkeypatch.setattr(command, "rebuild", lambda *args: rebuilds.append(site.rebuild(*args)))
    monkeypatch.setattr(command, "PreviewServer", Server)
    monkeypatch.setattr(command, "_has_calculator", lambda *args: False)
    main(["--root", str(tmp_path), "serve", "--interval", "0.1", "--out", str(tmp_path / "out")],
         standalone_mode=False)
    said = capsys.readouterr().err
    assert len(reads) == 3 and "copeis" in said and "Field required" not in said and "first build" not in said
    assert said.count("site not rebuilt") == 1
