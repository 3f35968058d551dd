"""`pnp` runs for projects.bounded, each a child forked from one process that has imported pnp.

A `pnp` process spends ~0.25 s of CPU starting Python and importing click, pydantic and
ReportLab before it reads the project; the forty-odd bounded runs of the hostile tests paid it
each time, most of what a small project's validate or build costs. This launcher imports once
(and nothing else: it never loads a project, so a child starts as a new process does, with
empty memos); a child then runs `pnp` with the run's arguments, folder, environment and memory
cap, and its own CPU time and peak memory are measured (wait4) as before. A peak includes the
modules the launcher imported for every command (about what a build imports itself).

Requests and answers are one JSON line each (helper_process.py); a child's output goes to a file
(a child that writes much cannot block on a full pipe).
"""
from __future__ import annotations

import atexit
import os
import resource
import select
import signal
import sys
import tempfile
import time
from pathlib import Path

from .helper_process import HelperProcess, answer_requests


class Launcher(HelperProcess):
    """The test side: the launcher of this test process."""

    name = "pnp launcher"

    def __init__(self):
        super().__init__("tests.hostile.launcher")

    def run(self, args: list[str], cwd: Path, env: dict, cap_mb: int, timeout: float) -> dict:
        return self.ask({"args": args, "cwd": str(cwd), "env": env, "cap_mb": cap_mb, "timeout": timeout})


_launcher: list[Launcher] = []


def launcher() -> Launcher:
    """This test process's launcher, started at the first run."""
    if not _launcher:
        _launcher.append(Launcher())
        atexit.register(_launcher[0].close, 30)
    return _launcher[0]


def _child(request: dict, output: int) -> None:
    """In the forked child: become `pnp ARGS` run in CWD with ENV, under the memory cap."""
    from generator.cli import main
    code = 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (request["cap_mb"] * 2 ** 20, request["cap_mb"] * 2 ** 20))
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(output, 1)
        os.dup2(output, 2)
        try:
            main(request["args"], prog_name="pnp")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - nothing more can be said
                pass
        os._exit(code)


def run(request: dict) -> dict:
    """One `pnp` run in a forked child: its exit code (None if killed), output, time and usage."""
    with tempfile.TemporaryFile() as output:
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            _child(request, output.fileno())
        waiting = os.pidfd_open(pid)
        killed = not select.select([waiting], [], [], request["timeout"])[0]
        if killed:
            os.kill(pid, signal.SIGKILL)
        _, status, usage = os.wait4(pid, 0)
        os.close(waiting)
        output.seek(0)
        text = output.read().decode("utf-8", "replace")
    return {"code": None if killed or os.WIFSIGNALED(status) else os.waitstatus_to_exitcode(status),
            "output": text, "seconds": time.monotonic() - start,
            "cpu": usage.ru_utime + usage.ru_stime, "megabytes": usage.ru_maxrss / 1024}


def serve(requests_fd: int, answers_fd: int) -> None:
    import generator.cli  # noqa: F401 - what every pnp command imports, once
    from generator.planning.workers import PRELOAD
    for module in PRELOAD:          # and what a build imports (the build's own forkserver list)
        __import__(module)
    answer_requests(requests_fd, answers_fd, run)


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
