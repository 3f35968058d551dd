"""Fuzz every shipped YAML kind, the locale catalogues and the score states (issue 13): each
case is one random mutation of one file, run through `pnp validate` / `i18n status` / `score`
(and, for one case in twenty, a small build) in a forked child with a time limit. Whatever the
mutation, pnp must answer with success or one-line problems naming the file: no traceback, no
hang, no leaked secret, and a failed build leaves nothing behind.

The mutations come from a random generator seeded per part (the same one `benchmarks/fuzz.py`
draws from), so a run is reproducible: hypothesis, used here before, also draws from the constants
of every module the process has loaded, so a part's cases changed with the tests its xdist worker
happened to run first. Each kind's cases are split into parts of at most PART cases, so that
pytest-xdist spreads them over the cores (one 100-case test would hold one core to the end of the
run); every case still runs. `python benchmarks/fuzz.py` is the larger, slower run.
"""
from __future__ import annotations

import random

import pytest

from .fuzz_server import CaseServer
from .fuzzing import random_mutation, targets

pytestmark = pytest.mark.slow   # 700 cases in forked children

# 700 mutated files here, and 1,200 mutated score states in test_score_states.py (in-process: fast)
CASES = {"deck": 170, "game": 40, "layout": 80, "aid": 80, "rules": 80, "locale": 100, "state": 150}
PART = 25          # cases in one test
TIME_LIMIT = 8.0   # seconds for one case (four times that with a build); a healthy one takes well under one


@pytest.fixture(scope="session")
def sandbox():
    # the cases fork from a lean process of their own, warm from one `pnp validate` of the sandbox
    # (fuzz_server.py): a fork of this pytest worker would copy all it holds, 700 times. Kept for
    # the session: under --dist worksteal a worker may run other modules between two parts, and a
    # module-scoped server was started again (5-12 s each time)
    server = CaseServer()
    yield server
    server.close()


def _cases(kind: str, part: int, count: int):
    """(target, mutation, build?) of one part: a seed of its own (a text seed is hashed the same way
    in every process)."""
    rng = random.Random(f"fuzz {kind} {part}")
    pool = [t for t in targets() if t.kind == kind]
    for _ in range(count):
        target = rng.choice(pool)
        mutation = random_mutation(rng, kind)
        yield target, mutation, rng.randrange(20) == 0 and kind != "state"


PARTS = [(kind, part, min(PART, count - part * PART))
         for kind, count in CASES.items() for part in range(-(-count // PART))]


@pytest.mark.parametrize("kind, part, count", PARTS, ids=[f"{k}-{p + 1}" for k, p, _ in PARTS])
def test_mutations_never_crash(kind, part, count, sandbox):
    bad: list[str] = []
    cases: list[str] = []
    for target, mutation, build in _cases(kind, part, count):
        outcome = sandbox.run_case(target, mutation, build=build, timeout=TIME_LIMIT, part=f"{kind}-{part}")
        cases.append(outcome.status)
        wrong = [label for label in (outcome.status, *outcome.flags)
                 if label in ("traceback", "hang", "leak", "unclear")]   # "partial": atomic builds, issue 13 item 6
        if wrong:
            bad.append(f"{'/'.join(wrong)}: {target.path} {mutation.describe()} -> {' '.join(outcome.command)}\n"
                       f"    {outcome.detail.strip()[:400]}")
    assert len(cases) == count
    assert not bad, f"{len(bad)} of {count} cases went wrong:\n" + "\n".join(bad[:10])
