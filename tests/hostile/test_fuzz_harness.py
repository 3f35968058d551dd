"""The fuzz harness itself can fail: a plain case that hangs, spins or dies in the shared child
(fuzzing.WarmChild) is reported as a hang, and the next case runs in a new child."""
from __future__ import annotations

import os
import signal
import time

import pytest

from . import fuzzing

pytestmark = pytest.mark.slow   # the fuzz harness: with the fuzz tests


def _fake_pnp(cmds, kind, sandbox):
    """Stands for `pnp` in the child: what the command's first word asks."""
    what = cmds[0][0]
    if what == "sleep":
        time.sleep(60)
    elif what == "spin":
        while True:
            pass
    elif what == "die":
        os.kill(os.getpid(), signal.SIGTERM)
    return {"results": [{"cmd": cmds[0], "code": 0, "output": str(os.getpid()), "error": None, "seconds": 0}]}


@pytest.fixture
def child(monkeypatch):
    monkeypatch.setattr(fuzzing, "_run_in_child", _fake_pnp)    # before the fork: the child runs it
    warm = fuzzing.WarmChild(sandbox=None, memory_mb=2000)
    yield warm
    warm.close()


def _pid(answer) -> int:
    report, why = answer
    assert why == "" and report is not None
    return int(report["results"][0]["output"])


@pytest.mark.parametrize("trouble, timeout, why", [("sleep", 0.1, "no answer within 1 s"),
                                                   ("spin", 0.5, "more than 1 s of CPU"),
                                                   ("die", 0.1, "child died (signal 15)")])
def test_a_case_that_hangs_or_dies_is_reported_and_the_next_gets_a_new_child(child, monkeypatch, trouble, timeout,
                                                                            why):
    if trouble == "spin":      # the CPU limit must come first, however busy the machine (a 200 s ceiling)
        monkeypatch.setattr(fuzzing, "WALL_PER_CPU", 400)
    first = _pid(child.run([["ok"]], "deck", timeout=0.1))
    assert _pid(child.run([["ok"]], "deck", timeout=0.1)) == first       # plain cases share the child
    report, said = child.run([[trouble]], "deck", timeout=timeout)
    assert report is None
    assert said == why
    assert _pid(child.run([["ok"]], "deck", timeout=0.1)) not in (first, os.getpid())
