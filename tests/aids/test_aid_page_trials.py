"""The one-page aid's balanced columns (player_aids/page.py _balanced) try heights on one set of
blocks, made once: a trial must answer as a fresh set would, even after an earlier trial split a
bullet across the columns (a split that left its paragraph altered would make the later trials,
and the height chosen, stale)."""
from __future__ import annotations

from generator.loading.catalog import load_project
from generator.player_aids import page, shared
from tests.conftest import ROOT

GAME, LANG = "tournay", "en"


def _seen(placed) -> list | None:
    """What a pack decided: each block's column, place, height and lines."""
    if placed is None:
        return None
    return [(col, round(y, 3), round(h, 3), type(f).__name__,
             [str(line) for line in getattr(getattr(f, "blPara", None), "lines", [])]) for col, y, f, h in placed]


def test_the_trials_make_the_blocks_once_and_answer_as_fresh_blocks(monkeypatch):
    project = load_project(ROOT)
    made, trials = [], []
    real_groups, real_pack = page.reference_groups, page.pack

    def groups(*args, **kwargs):
        made.append(args[5])      # the size
        return real_groups(*args, **kwargs)

    def pack(blocks, width, height, columns=1):
        placed = real_pack(blocks, width, height, columns)
        if isinstance(blocks, list):       # a trial on the blocks made once
            trials.append((height, bool(placed)))
        return placed

    monkeypatch.setattr(page, "reference_groups", groups)
    monkeypatch.setattr(page, "pack", pack)
    ref = page._reference(project, project.games[GAME], LANG, project.sheets.paper_for(LANG), True)
    assert ref.placed and len(trials) >= 5
    assert made.count(ref.size) <= 3      # the size's fit, the trials, the blocks drawn (was one per trial)
    for height, fitted in trials:
        assert bool(real_pack(ref.groups(ref.size), ref.column, height, page.COLUMNS)) == fitted, height

    # a split bullet: at some height pack() cuts one across the columns (and finds no fit); the
    # blocks it was cut from answer every later height as fresh ones do
    kept = list(ref.groups(ref.size))
    splits, cut = [], False
    real_split = shared._split_item
    monkeypatch.setattr(shared, "_split_item", lambda *a: splits.append(real_split(*a)) or splits[-1])
    for height in [ref.top * f / 40 for f in range(16, 40)]:
        before = len(splits)
        seen = _seen(real_pack(kept, ref.column, height, page.COLUMNS))
        assert seen == _seen(real_pack(ref.groups(ref.size), ref.column, height, page.COLUMNS)), height
        cut = cut or any(splits[before:])
    assert cut, "no height cuts a bullet across the columns: the test needs another page"
