"""The fuzz cases of tests/hostile/test_fuzz.py run from a lean process of their own (issue 23).

A case runs in a fork (fuzzing.run_case: the plain cases of a part in one fork, the others in
one each), and a fork costs what the forking process holds: its page tables are copied, and torn
down again when the child exits. A pytest worker holds what no case needs (pytest and, far into
the suite, other tests' fixtures); this server holds the project's code, the sandbox and the
caches of one `pnp validate` of it, so each fork is cheaper. (gc.freeze() before the forks was
measured as well: no gain.) The test process keeps the choice of cases (seeded) and the
assertions; the server runs a case and says what happened, as fuzzing.run_case does.

Requests and answers are one JSON line each (helper_process.py).
"""
from __future__ import annotations

import dataclasses
import gc
import sys
from pathlib import Path

from .helper_process import HelperProcess, answer_requests


class CaseServer(HelperProcess):
    """The test side: starts the server, sends it cases, reads the outcomes."""

    name = "fuzz server"

    def __init__(self):
        super().__init__("tests.hostile.fuzz_server")
        self.root = Path(self.read()["root"])   # once the sandbox is made and warm

    def run_case(self, target, mutation, build: bool, timeout: float, part: str):
        """A case of `part`: the plain cases of one part run one after another in one child
        forked from the server's warm state (fuzzing.WarmChild), so a part's outcomes do not
        depend on the parts run before it."""
        from .fuzzing import Outcome
        return Outcome(**self.ask({"target": dataclasses.astuple(target), "mutation": dataclasses.astuple(mutation),
                                   "build": build, "timeout": timeout, "part": part}))


def serve(requests_fd: int, answers_fd: int) -> None:
    from click.testing import CliRunner

    from generator.cli import main

    from .fuzzing import Mutation, Sandbox, Target, WarmChild, run_case

    gc.set_threshold(10_000, *gc.get_threshold()[1:])   # as tests/conftest.py: 700 cases 72 -> 68 CPU-s
    box = Sandbox()
    # warm the caches the forked children share (catalogues, templates, fonts, the loaded project)
    CliRunner().invoke(main, ["--root", str(box.root), "validate"])
    warm, part = WarmChild(box), None

    def run(request: dict) -> dict:
        nonlocal part
        if request["part"] != part:       # a new part starts again from this process's state
            warm.close()
            part = request["part"]
        return dataclasses.asdict(run_case(box, Target(*request["target"]), Mutation(*request["mutation"]),
                                           build=request["build"], timeout=request["timeout"], warm=warm))
    try:
        answer_requests(requests_fd, answers_fd, run, first={"root": str(box.root)})
    finally:
        warm.close()
        box.close()


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
