"""The bounded runs' launcher (launcher.py) can fail: a run that does not end is killed at its
time and said so, and each run's CPU time is its own, not the launcher's."""
from __future__ import annotations

import pytest

from .projects import MEGABYTES, bounded, demo

pytestmark = pytest.mark.slow      # `pnp serve` is let run for two seconds


def test_a_run_that_does_not_end_is_killed_at_its_time(tmp_path):
    root = demo(tmp_path)
    run = bounded(root, "serve", "demo", "--port", "0", "--out", str(tmp_path / "out"), timeout=2)
    assert run.code is None and 2 <= run.seconds < 20
    after = bounded(root, "validate", "demo")       # and the launcher goes on
    assert after.code == 0 and 0 < after.megabytes < MEGABYTES


def test_each_run_is_measured_alone(tmp_path):
    root = demo(tmp_path)
    times = [bounded(root, "validate", "demo").cpu for _ in range(3)]
    assert all(0 < cpu < 2 for cpu in times)
    assert times[2] < times[0] + times[1]            # not the sum of the runs before it
