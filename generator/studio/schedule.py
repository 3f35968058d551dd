"""In what order the studio draws the faces an edit made stale: the faces the page has on screen
first, then the others in the page's order (deck by deck, card by card, a row's languages side
by side), a few at a time. Between two batches the session looks at the files again, so a newer
save stops the rest of a redraw instead of waiting behind it (session.py), and at the page's
latest scroll position, so what the designer scrolled to comes next."""
from __future__ import annotations

import time
from collections import Counter
from typing import Callable

from .render import Spec

# faces of one language per drawing: one PDF (about one face's CPU more: its fonts, the check's
# setup); a save or a scroll ends a batch early (Halt), so its size delays neither
BATCH = 24
LOOKED = 24        # at most this many on-screen faces in the first drawing (a zoomed-out page of four languages)
# seconds between two looks at the files and the page while a batch is drawn: a save is read once
# it has held for 0.25 s anyway (reading/settling.py), and a look at the files costs 2-7 ms
CHECK = 0.25
SHOW = 0.5         # seconds between two updates of the page for faces off its screen
MAX_FOCUS = 400    # ids the page may name; more is a page of no use to put first anyway


def page_order(specs: list[Spec]) -> dict[str, tuple]:
    """Face id -> its place on the page. The specs come game by game, language by language,
    deck by deck; the page shows a game's decks, each card a row, its languages side by side."""
    seen: dict[tuple, int] = {}

    def place(key: tuple) -> int:
        return seen.setdefault(key, len(seen))

    return {s.id: (place(("game", s.game)), place(("deck", s.game, s.deck)),
                   place(("card", s.game, s.deck, s.card)), place(("lang", s.game, s.lang))) for s in specs}


def next_batch(pending: list[Spec], order: dict[str, tuple], focus: set[str], first: bool) -> list[Spec]:
    """The faces to draw next: the pending ones on screen (in the page's order), else the next
    BATCH in the page's order. `pending` is left with the rest."""
    looked = sorted((s for s in pending if s.id in focus), key=lambda s: order[s.id])
    if looked:
        batch = looked[:LOOKED if first else BATCH]
    else:
        # the next rows, up to BATCH faces of each language: a row's languages side by side are
        # drawn together, and each language's faces in one PDF of about BATCH
        pending.sort(key=lambda s: order[s.id])
        batch, counts = [], Counter()
        for spec in pending:
            if counts[(spec.game, spec.lang)] == BATCH:
                break
            counts[(spec.game, spec.lang)] += 1
            batch.append(spec)
    taken = {s.id for s in batch}
    pending[:] = [s for s in pending if s.id not in taken]
    return batch


def focus_ids(query: str) -> list[str]:
    """The faces named by the page's /focus?faces=a,b,… (ids as the page has them)."""
    return [fid for fid in query.split(",") if fid and len(fid) < 300][:MAX_FOCUS]


def focus_report(query: dict[str, list[str]]) -> tuple[str, int] | None:
    """Which report of which page a /focus is (`page`, `n`): requests travel on connections of
    their own and may arrive out of order; the session keeps the latest one sent, not the last
    one received. None for a request that does not say."""
    page, number = query.get("page", [""])[0], query.get("n", [""])[0]
    return (page[:64], int(number)) if page and number.isdigit() and len(number) < 16 else None


class Halt:
    """Asked before each face of a batch: True once `changed()` (the files changed, the page
    scrolled to faces the batch lacks), and from then on; the batch then ends with the faces
    drawn so far, which are kept. Looks every CHECK seconds; a batch's first face is always drawn."""

    def __init__(self, changed: Callable[[], bool]):
        self.changed, self.stopped, self.asked, self.checked = changed, False, 0, time.perf_counter()

    def __call__(self) -> bool:
        self.asked += 1
        if not self.stopped and self.asked > 1 and time.perf_counter() - self.checked >= CHECK:
            self.checked = time.perf_counter()
            self.stopped = self.changed()
        return self.stopped
