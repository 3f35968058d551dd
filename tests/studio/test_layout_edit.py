"""A layout edit on a large deck (issue 52: a Squib port's 111 cards took 4-10 s before the page
showed anything): the faces on screen are drawn first, the others follow in the page's order and
are marked as updating until then, a newer save stops the rest of a redraw, an undone edit shows
its earlier images again without drawing, and only the deck of the edited layout is drawn.
How fast is measured by `benchmarks/studio.py layout`, not here."""
from __future__ import annotations

import json

import pytest

from generator.studio.session import Studio
from tests.studio.conftest import EDITOR, wait_for
from tests.studio.spreadsheet_game import big_body_size, big_faces, spreadsheet_game

BATCH = 4                 # faces per drawing here (a few cards make several batches: a short test)
ROWS = 10


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    monkeypatch.setattr("generator.studio.schedule.BATCH", BATCH)
    monkeypatch.setattr("generator.studio.session.BATCH", BATCH)


@pytest.fixture
def big(tmp_path):
    """A studio with the 10-card deck drawn, and the faces it draws from then on, in order."""
    layouts = spreadsheet_game(tmp_path / "project", ROWS)
    studio = Studio(tmp_path / "project", None, None, EDITOR)
    studio.reload()
    studio.layouts, studio.drawn, studio.states = layouts, [], []
    store, bump = studio.faces._store, studio._bump

    def counted(fid, *args):
        studio.drawn.append(fid)
        store(fid, *args)

    def seen(**changes):         # every state the page could fetch
        bump(**changes)
        studio.states.append(json.loads(studio.state_json())["faces"])

    studio.faces._store, studio._bump = counted, seen
    return studio


def pngs(studio: Studio) -> dict[str, str]:
    return {fid: face["png"] for fid, face in json.loads(studio.state_json())["faces"].items()}


def test_the_faces_on_screen_are_drawn_first_and_the_others_marked_until_drawn(big):
    deck, before = big_faces(ROWS), pngs(big)
    on_screen = deck[6:9]
    big.look_at(on_screen)
    big_body_size(big.layouts, 8.5)       # one box of the layout only the big deck uses
    big.reload()
    assert big.drawn[:3] == on_screen
    assert big.drawn[3:] == [fid for fid in deck if fid not in on_screen]      # then in the page's order
    after = pngs(big)
    assert {fid for fid in after if after[fid] != before[fid]} == set(deck)    # not the other deck, no back
    # the page never shows an image of the old layout as if it were current
    steps = [state for state in big.states if any(state[fid]["png"] != before[fid] for fid in deck)]
    assert len(steps) >= 2        # the faces on screen, then the others (more steps on a slow machine)
    for state in steps:
        assert all((state[fid]["png"] != before[fid]) != state[fid]["stale"] for fid in deck)
    assert not any(face["stale"] for face in big.states[-1].values())


def test_a_newer_save_stops_the_rest_of_a_redraw(big):
    deck = big_faces(ROWS)
    store = big.faces._store

    def then_saved_again(fid, *args):      # the designer saves again while the first batch is drawn
        store(fid, *args)
        if len(big.drawn) == 1:
            big_body_size(big.layouts, 8)

    big.faces._store = then_saved_again
    big_body_size(big.layouts, 8.5)
    big.reload()
    assert len(big.drawn) == BATCH and big.cancelled == ROWS - BATCH
    assert sum(big.states[-1][fid]["stale"] for fid in deck) == ROWS - BATCH     # still marked
    big.reload()                           # what the watch does next
    assert len(big.drawn) == BATCH + ROWS       # the first save's other faces were never drawn
    final = json.loads(big.state_json())["faces"]
    assert not any(final[fid]["stale"] for fid in deck)
    assert big.faces.stale(big.faces.plan(big.project, None)) == []


def test_an_undone_edit_shows_the_earlier_images_without_drawing(big):
    deck, before = big_faces(ROWS), pngs(big)
    big_body_size(big.layouts, 8.5)
    big.reload()
    edited = pngs(big)
    assert len(big.drawn) == ROWS and all(edited[fid] != before[fid] for fid in deck)
    big_body_size(big.layouts, 9)          # back as it was
    big.reload()
    assert len(big.drawn) == ROWS and pngs(big) == before
    faces = json.loads(big.state_json())["faces"]
    assert all(faces[fid]["previous"] == edited[fid] for fid in deck)       # the diff: with the edit
    big_body_size(big.layouts, 8.5)        # and redone
    big.reload()
    assert len(big.drawn) == ROWS and pngs(big) == edited


def test_the_page_gets_the_on_screen_faces_first(tmp_path, running, page_factory):
    layouts = spreadsheet_game(tmp_path / "project", ROWS)
    studio = running(tmp_path / "project")
    page, errors = page_factory(900, 500, bypass_csp=True)
    page.goto(studio.url)
    faces = len(studio.state()["faces"])        # the first drawing shown: every face (none before the page's state)
    page.wait_for_function(f"() => {{ const i = [...document.querySelectorAll('img[data-face]')];"
                           f" return i.length === {faces} && i.every(i => i.complete && !i.hidden); }}")
    looked = "demo/big/card-8/en"
    page.locator(f"figure[data-face='{looked}']").scroll_into_view_if_needed()
    # the page's report after the scroll: an earlier one (the top of the page) arriving later is dropped
    assert wait_for(lambda: looked in studio.session.focus, 10)
    on_screen = set(studio.session.focus)
    assert len(on_screen) < ROWS
    # the images each update of the page changed (one update: one MutationObserver call; within it,
    # page order, shown at once), and whether a face with its old image was ever shown as current
    page.evaluate("""() => {
      window.changes = []; window.updates = []; window.unmarked = [];
      const first = new Map([...document.querySelectorAll('img[data-face]')].map(i => [i.dataset.face, i.src]));
      new MutationObserver((records) => {
        const changed = records.filter(r => r.attributeName === 'src').map(r => r.target.dataset.face);
        if (changed.length) { window.changes.push(...changed); window.updates.push(changed); }
        const deck = [...document.querySelectorAll('figure[data-face^="demo/big/card-"]')];
        const fresh = deck.filter(f => f.querySelector('img').src !== first.get(f.dataset.face));
        if (fresh.length) window.unmarked.push(...deck.filter(f => !fresh.includes(f) && !f.hasAttribute('aria-busy'))
                                                   .map(f => f.dataset.face));
      }).observe(document.getElementById('decks'), {subtree: true, attributes: true,
                                                    attributeFilter: ['src', 'aria-busy']});
    }""")
    drawn, store = [], studio.session.faces._store          # the order the studio draws in
    studio.session.faces._store = lambda fid, *args: drawn.append(fid) or store(fid, *args)
    big_body_size(layouts, 8.5)
    page.wait_for_function(f"() => new Set(window.changes.filter(f => f.startsWith('demo/big/card-'))).size"
                           f" === {ROWS}", timeout=60_000)
    # the faces on screen drawn first, and no face off screen shown before them. Not "the first src
    # set on the page": that failed once under load (card-1 first, on_screen 7-9) when the page's
    # fetch of the state was slow enough that the studio had drawn card-1 too, and one update set
    # both in page order (forced: /state.json held 0.6 s); or when a report sent before the scroll
    # reached the studio after it (forced: held; now dropped, test_server.py)
    updates = page.evaluate("window.updates")
    shown = {fid: n for n, update in reversed(list(enumerate(updates))) for fid in update}
    first_off_screen = min(n for fid, n in shown.items() if fid.startswith("demo/big/card-") and fid not in on_screen)
    assert set(drawn[:len(on_screen)]) == on_screen and all(shown[fid] <= first_off_screen for fid in on_screen), \
        (drawn[:5], updates[:3], sorted(on_screen), list(studio.session.focus), page.evaluate("window.scrollY"))
    assert page.evaluate("window.unmarked") == []
    assert page.locator("figure[aria-busy]").count() == 0
    assert errors == []


def test_a_rows_languages_are_drawn_together_each_language_in_one_pdf(tmp_path):
    """Page order puts a row's languages side by side: batches of BATCH faces would make a PDF of
    BATCH / languages faces (one per language and row group); a batch is BATCH rows instead."""
    rows = 6
    layouts = spreadsheet_game(tmp_path / "project", rows, "en,de")
    studio = Studio(tmp_path / "project", None, None, EDITOR)
    studio.reload()
    pdfs, render = [], studio.faces._render
    studio.faces._render = lambda project, game, lang, todo, *rest: pdfs.append([s.id for s in todo]) or \
        render(project, game, lang, todo, *rest)
    big_body_size(layouts, 8.5)
    studio.reload()
    deck = big_faces(rows, ("en", "de"))
    assert sorted(fid for pdf in pdfs for fid in pdf) == sorted(deck)
    assert [len(pdf) for pdf in pdfs] == [4, 4, 2, 2]        # BATCH rows, then the last two
    assert pdfs[0] + pdfs[1] == [f"demo/big/card-{i}/{lang}" for lang in ("en", "de") for i in range(1, 5)]


def test_a_save_ends_the_batch_being_drawn_and_keeps_its_drawn_faces(big, monkeypatch):
    """The files are looked at between two faces of a batch too (every CHECK seconds; here at
    each face): a save during a batch ends it, the faces drawn so far are shown."""
    monkeypatch.setattr("generator.studio.schedule.CHECK", 0)
    looks, snapshot = [], big.snapshot

    def saved_during_the_third_face():
        looks.append(1)
        # the reload's own look, its look once the files are read, then a face each
        return snapshot() + (("saved",) if len(looks) >= 5 else ())

    big.snapshot = saved_during_the_third_face
    big_body_size(big.layouts, 8.5)
    big.reload()
    assert big.drawn == big_faces(ROWS)[:3] and big.cancelled == ROWS - 3


def test_a_scroll_during_a_batch_draws_the_faces_scrolled_to_next(big, monkeypatch):
    monkeypatch.setattr("generator.studio.schedule.CHECK", 0)
    deck, looks, snapshot = big_faces(ROWS), [], big.snapshot

    def scrolled_while_the_second_face_is_due():
        looks.append(1)
        if len(looks) == 3:            # after the reload's two looks (before and after reading)
            big.look_at([deck[8]])
        return snapshot()

    big.snapshot = scrolled_while_the_second_face_is_due
    big_body_size(big.layouts, 8.5)
    big.reload()
    assert big.drawn == [deck[0], deck[8], *deck[1:8], deck[9]] and big.cancelled == 0
