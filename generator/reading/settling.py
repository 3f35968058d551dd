"""Waiting for a file being saved to be whole before it is read (`pnp studio`, `build --watch`,
`serve`): an editor may truncate a file and write it in several steps, and a watcher that reads
in between shows a state no save produced."""
from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")
QUIET = 0.25      # seconds a changed snapshot (each file's size and mtime) must hold before it counts


def settled(take: Callable[[], T], first: T, wait: Callable[[float], object] = time.sleep,
            quiet: float = QUIET) -> T:
    """`take()` (a snapshot of the inputs' stats) once two readings `quiet` apart agree, `first`
    being the reading that saw the change."""
    now = first
    while True:
        if wait(quiet):         # an Event's wait: True when the watcher is being stopped
            return now
        again = take()
        if again == now:
            return now
        now = again
