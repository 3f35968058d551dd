"""`pnp build --watch`: builds, then rebuilds what an edit changed, and keeps watching after a
failed build."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.pipeline.helpers import project_copy, replace_in, saved_during_reads


def wait_for(condition, seconds: float = 60) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.slow      # a `--watch` process, waits for its rebuilds
def test_watch_rebuilds_on_change(tmp_path):
    root = project_copy(tmp_path)
    out = tmp_path / "out"
    pdf = out / "san-gimignano" / "en" / "cards.pdf"
    log = (tmp_path / "log").open("w")
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(root), "build", "san-gimignano",
                                "--lang", "en", "--only", "cards", "--out", str(out), "--watch"],
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        assert wait_for(pdf.exists), (tmp_path / "log").read_text()
        first = pdf.read_bytes()
        nobles = root / "cards" / "san-gimignano" / "nobles.yaml"
        good = nobles.read_text(encoding="utf-8")
        replace_in(nobles, "en: Draw from the tower pile", "en: Draw from the pile")
        assert wait_for(lambda: pdf.read_bytes() != first), (tmp_path / "log").read_text()
        second = pdf.read_bytes()
        nobles.write_text(good.replace("    copies: 3\n", "    copeis: 3\n"), encoding="utf-8")
        assert wait_for(lambda: "did you mean 'copies'" in (tmp_path / "log").read_text())
        assert pdf.read_bytes() == second and process.poll() is None     # still watching
        nobles.write_text(good, encoding="utf-8")
        assert wait_for(lambda: pdf.read_bytes() == first), (tmp_path / "log").read_text()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        log.close()


def test_a_rebuild_that_read_a_save_under_way_prints_nothing(tmp_path, monkeypatch, capsys):
    """A save may begin while a watched rebuild reads the files: what it read may be half of it
    (a truncated deck: `deck: Field required`), so nothing that rebuild printed is shown and the
    watch rebuilds once the save has settled. In this process, the loader stood in for (a short
    test): read 1 (the first build) is saved over, read 2 meets a save under way, read 3 the
    saved file; the watch is stopped at its next pause."""
    import types
    import generator.cli.build as command
    from generator.cli import main
    reads, load_project = saved_during_reads(tmp_path)

    def sleep(seconds):
        if len(reads) >= 3:
            raise KeyboardInterrupt
        time.sleep(0.05)                            # the watch's pause between looks, shortened

    monkeypatch.setattr("generator.cli.common.load_project", load_project)
    monkeypatch.setattr(command, "time", types.SimpleNamespace(sleep=sleep, strftime=time.strftime,
                                                               perf_counter=time.perf_counter))
    main(["--root", str(tmp_path), "build", "--watch", "--out", str(tmp_path / "out")], standalone_mode=False)
    said = capsys.readouterr().err
    assert len(reads) == 3 and "first build" in said and "copeis" in said and "Field required" not in said
    assert said.count("nothing was written") == 2
