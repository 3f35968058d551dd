"""Fuzz every shipped YAML kind, the locale catalogues and the score states (issue 13): each
case is one random mutation of one file, run through `pnp validate` / `i18n status` / `score`
(and, for one case in twenty, a small build) in a forked child with a time limit. Whatever the
mutation, pnp must answer with success or one-line problems naming the file: no traceback, no
hang, no leaked secret, and a failed build leaves nothing behind.

Hypothesis drives the mutations with a fixed seed per part, so a CI run is reproducible. Each
kind's cases are split into parts of at most PART cases, so that pytest-xdist spreads them over
the cores (one 100-case test would hold one core to the end of the run); every case still runs.
`python benchmarks/fuzz.py` is the larger, slower run.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from .fuzz_server import CaseServer
from .fuzzing import OPS, Mutation, targets

pytestmark = pytest.mark.slow   # 700 cases in forked children

# 700 mutated files here, and 1,200 mutated score states in test_score_states.py (in-process: fast)
CASES = {"deck": 170, "game": 40, "layout": 80, "aid": 80, "rules": 80, "locale": 100, "state": 150}
PART = 25          # cases in one test
TIME_LIMIT = 8.0   # seconds for one case (four times that with a build); a healthy one takes well under one


@pytest.fixture(scope="module")
def sandbox():
    from click.testing import CliRunner

    from generator.cli import main
    # the cases fork from a lean process of their own, warm from one `pnp validate` of the sandbox
    # (fuzz_server.py): a fork of this pytest worker would copy all it holds, 700 times
    server = CaseServer()
    # hypothesis also draws from the constants of the modules loaded in this process, so this
    # process still runs the validate it ran when the cases forked from it: the same seeds give
    # the same cases as before
    CliRunner().invoke(main, ["--root", str(server.root), "validate"])
    yield server
    server.close()


def _ops(kind: str) -> tuple[str, ...]:
    return OPS + (("po_line", "po_line") if kind == "locale" else ()) + (("other_game",) if kind == "state" else ())


def _case(kind: str):
    return st.tuples(st.sampled_from([t for t in targets() if t.kind == kind]),
                     st.builds(Mutation, st.sampled_from(_ops(kind)), st.integers(0, 1 << 30),
                               st.integers(0, 1 << 30)),
                     st.integers(0, 19))


PARTS = [(kind, part, min(PART, count - part * PART))
         for kind, count in CASES.items() for part in range(-(-count // PART))]


@pytest.mark.parametrize("kind, part, count", PARTS, ids=[f"{k}-{p + 1}" for k, p, _ in PARTS])
def test_mutations_never_crash(kind, part, count, sandbox):
    bad: list[str] = []
    cases: list[str] = []

    @seed(list(CASES).index(kind) * 1000 + part)
    @settings(max_examples=count, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), phases=("generate",))
    @given(_case(kind))
    def run(case):
        target, mutation, dice = case
        outcome = sandbox.run_case(target, mutation, build=(dice == 0 and kind != "state"), timeout=TIME_LIMIT)
        cases.append(outcome.status)
        wrong = [label for label in (outcome.status, *outcome.flags)
                 if label in ("traceback", "hang", "leak", "unclear")]   # "partial": atomic builds, issue 13 item 6
        if wrong:
            bad.append(f"{'/'.join(wrong)}: {target.path} {mutation.describe()} -> {' '.join(outcome.command)}\n"
                       f"    {outcome.detail.strip()[:400]}")

    run()
    assert len(cases) >= count * 0.9            # hypothesis ran (nearly) every case asked
    assert not bad, f"{len(bad)} of {count} cases went wrong:\n" + "\n".join(bad[:10])
