"""In what order the studio draws the faces an edit made stale: the faces the page has on screen
first, then the others in the page's order (deck by deck, card by card, a row's languages side
by side), a few at a time. Between two batches the session looks at the files again, so a newer
save stops the rest of a redraw instead of waiting behind it (session.py), and at the page's
latest scroll position, so what the designer scrolled to comes next."""
from __future__ import annotations

from .render import Spec

# faces per drawing: one PDF, one update of the page, one look at the files (a save waits for at
# most one batch, ~0.3 s); each batch costs about one face more (its PDF's fonts, the check's setup)
BATCH = 12
LOOKED = 24        # at most this many on-screen faces in the first drawing (a zoomed-out page of four languages)
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
        pending.sort(key=lambda s: order[s.id])
        batch = pending[:BATCH]
    taken = {s.id for s in batch}
    pending[:] = [s for s in pending if s.id not in taken]
    return batch


def focus_ids(query: str) -> list[str]:
    """The faces named by the page's /focus?faces=a,b,… (ids as the page has them)."""
    return [fid for fid in query.split(",") if fid and len(fid) < 300][:MAX_FOCUS]
