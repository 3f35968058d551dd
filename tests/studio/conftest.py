"""Fixtures for `pnp studio`: a throw-away project holding one bundled game (the layouts, fonts
and locales come from the bundled data), and a studio served in this process on a free port."""
from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

EDITOR = "vscode://file{path}:{line}"


def game_project(tmp_path: Path, game: str = "san-gimignano") -> Path:
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    shutil.copytree(ROOT / "cards" / game, root / "cards" / game)
    return root


def wait_for(condition, seconds: float = 60, step: float = 0.02) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(step)
    return False


class Running:
    """A Studio watching its project and served on 127.0.0.1 (what `pnp studio` runs)."""

    def __init__(self, root: Path, games=None, langs=None, interval: float = 0.05):
        from generator.studio.server import StudioServer
        from generator.studio.session import Studio
        self.root = root
        self.session = Studio(root, games, langs, EDITOR)
        self.server = StudioServer(self.session, "127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.server.port}/"
        self.threads = [threading.Thread(target=self.session.watch, args=(interval,), daemon=True),
                        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)]
        for thread in self.threads:
            thread.start()
        assert wait_for(self.drawn, 120), "the studio did not draw every face"

    def state(self) -> dict:
        import json
        return json.loads(self.session.state_json())

    def drawn(self) -> bool:
        state = self.state()
        return not state["busy"] and bool(state["faces"]) and all(f["png"] for f in state["faces"].values())

    def caught_up(self) -> bool:
        """The studio has loaded the files as they are now and drawn them: right after a save,
        drawn() alone is still true of the state before it."""
        return self.session.loaded == self.session.snapshot() and self.drawn()

    def stop(self) -> None:
        self.session.stop()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def running():
    """running(root, games=None, langs=None) -> Running; stopped after the test."""
    started = []

    def start(root: Path, games=None, langs=None) -> Running:
        started.append(Running(root, games, langs))
        return started[-1]

    yield start
    for studio in started:
        studio.stop()


@pytest.fixture(scope="module")
def sg_studio(tmp_path_factory):
    """San Gimignano in its four languages, served for the module's tests (each restores what
    it edits)."""
    studio = Running(game_project(tmp_path_factory.mktemp("studio")))
    yield studio
    studio.stop()
