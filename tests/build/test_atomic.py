"""Whole-set atomic builds: a build killed at any moment leaves OUT exactly as it was before or
exactly as the new build makes it; the next build removes what the killed one left; a failed
build creates nothing in OUT."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, pnp
from tests.pipeline.helpers import project_copy, replace_in

ARGS = ("build", "san-gimignano", "--lang", "en,fr", "--only", "cards,score-pad,player-aid")
KILLS = 15


def contents(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and ".pnp-cache" not in p.parts and p.name != ".pnp-written"}   # it lists the cache


def start(root: Path, out: Path, jobs: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(root), *ARGS, "--out", str(out),
                             "--no-cache", "--jobs", jobs], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)   # its own process group: the kill takes its workers too


@pytest.mark.slow      # fifteen builds killed at random moments
def test_killed_builds_leave_the_old_or_the_new_output(tmp_path):
    root = project_copy(tmp_path)
    out = tmp_path / "out"
    assert pnp(*ARGS, "--out", str(out), root=root).exit_code == 0
    old = contents(out)
    (out / "notes.txt").write_text("kept")    # a file pnp did not write: kept until a build commits (issue 48)
    old["notes.txt"] = b"kept"
    replace_in(root / "cards" / "san-gimignano" / "nobles.yaml", "en: Draw from the tower pile",
               "en: Draw from the pile")
    began = time.perf_counter()
    assert start(root, tmp_path / "reference", "1").wait() == 0
    duration = time.perf_counter() - began
    new = contents(tmp_path / "reference")
    assert new != old

    rng = random.Random(17)
    seen = set()
    for i in range(KILLS):
        process = start(root, out, "2" if i % 3 == 0 else "1")
        time.sleep(rng.uniform(0.05, duration * 1.1))
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        now = contents(out)
        assert now in (old, new), f"kill {i}: a mix of the two outputs"
        seen.add("new" if now == new else "old")
    # leftovers of the killed builds are there, and the next build removes them
    assert pnp(*ARGS, "--out", str(out), root=root).exit_code == 0
    assert contents(out) == new
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.")] == []
    assert not [p for p in out.rglob("*.tmp")]
    print("states seen after kills:", seen)


@pytest.mark.slow      # several builds
def test_stale_temporaries_are_removed_and_failed_builds_create_nothing(tmp_path):
    root = project_copy(tmp_path)
    out = tmp_path / "out"
    (out / "san-gimignano" / "en").mkdir(parents=True)
    stale_file = out / "san-gimignano" / "en" / ".cards.pdf.999999.tmp"
    stale_file.write_bytes(b"half a pdf")
    stale_dir = tmp_path / ".out.staging-999999"
    (stale_dir / "san-gimignano").mkdir(parents=True)
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "cards", "--out", str(out), root=root)
    assert result.exit_code == 0, result.output
    assert not stale_file.exists() and not stale_dir.exists()
    assert (out / "san-gimignano" / "en" / "cards.pdf").exists()

    # a build that fails while rendering: OUT is as it was, and no empty folder appears
    replace_in(root / "cards" / "san-gimignano" / "nobles.yaml", "en: Draw from the tower pile",
               "en: " + "Build a very tall tower of many many floors. " * 40)
    before = contents(out)
    fresh = tmp_path / "fresh"
    for target in (out, fresh):
        result = pnp("build", "san-gimignano", "--lang", "fr,en", "--out", str(target), root=root)
        assert result.exit_code == 1 and "Nothing was written" in result.output
    assert contents(out) == before and not (out / "san-gimignano" / "fr").exists()
    assert not fresh.exists()   # --out is asked whether it can be written, not made before the build ends
    assert [p.name for p in tmp_path.iterdir() if ".staging-" in p.name] == []


def test_ctrl_c_during_a_build_is_one_line_exit_130_and_nothing_written(tmp_path):
    """Issue 52: Ctrl-C printed click's "Aborted!" (exit 1). Interrupted once its files are being
    staged, the build says so on one line, exits 130, and leaves no file and no staging folder."""
    from tests.authoring.helpers import new_game
    new_game(tmp_path / "project", "demo")
    out = tmp_path / "out"
    # the build holds at its first staged file until interrupted: a small build on a busy machine
    # could stage and finish between two looks at the folder (seen once in a fresh-clone run)
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(
        "import time\nfrom generator.paper import output\n_staged = output.Staging.temporary\n"
        "def temporary(self, target):\n"
        "    if self.folder is not None and not getattr(output, '_held', False):\n"
        "        output._held = True\n        time.sleep(30)\n"
        "    return _staged(self, target)\noutput.Staging.temporary = temporary\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(hook), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(tmp_path / "project"), "build",
                                "demo", "--no-cache", "--jobs", "1", "--out", str(out)], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               # as from a terminal: a test runner's worker may ignore SIGINT, and a child
                               # inherits that (seen in a full run: the build slept, then finished)
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    while process.poll() is None and not list(tmp_path.glob(".out.staging-*")):
        time.sleep(0.01)   # not a timing: waits for the build to begin staging its files (it then holds)
    os.killpg(process.pid, signal.SIGINT)    # as a terminal's Ctrl-C: the whole process group
    _, err = process.communicate()
    assert process.returncode == 130, err
    assert [l for l in err.splitlines() if "stopped" in l or "Aborted" in l or "Traceback" in l] == \
        ["stopped; nothing was written"], err
    assert list(tmp_path.glob(".out.*")) == [] and not list(out.rglob("*.pdf"))
