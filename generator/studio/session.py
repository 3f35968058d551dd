"""One studio session: the project as last loaded, its faces, and the watch that keeps them current.

The watch polls the files of the chosen games and the layouts/ and locales/ folders (their
stat: no extra dependency) and, on any change that has settled (reading/settling.py), loads the project again (catalog.load_project
keeps what did not change in this process), keys every face and draws only the stale ones.
A load that fails keeps the last good project and images and shows its problems, each one line
with file:line. `version` grows with every change; the server's event stream waits on it.
"""
from __future__ import annotations

import json
import os
import re
import threading
import time
from pathlib import Path

from datafile.errors import BuildError, DataError, Problem

from ..loading.catalog import load_project
from ..card_layout.project import Project
from ..reading.settling import inputs_stamp, settled
from .links import Links, problem_card
from .marks import Mark
from .render import BACK, Faces, Spec
from .schedule import BATCH, SHOW, Halt, next_batch, page_order

MISSING_TEXT = re.compile(r"no '([a-z]{2})' text")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(getattr(exc, "strerror", None) or exc).split())


class Studio:
    def __init__(self, root: Path, games: list[str] | None, langs: list[str] | None, editor: str,
                 dpi: float = 192, bleed: float = 3.0):
        self.root, self.games, self.langs, self.editor = root, games, langs, editor
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.faces = Faces(dpi, bleed, self.lock)
        self.version = 0
        self.project: Project | None = None      # the last project that loaded
        self.specs: list[Spec] = []
        self.problems: list[Problem] = []         # why the files as they are now do not load
        self.unloaded = False                     # the files changed and did not load: old findings are stale
        self.busy = "loading the project"
        self.stopping = threading.Event()
        self.last_reload = 0.0                    # seconds the last reload took (the status line)
        self.focus: list[str] = []                # the faces on the page's screen: drawn first
        self._report: tuple[str, int] | None = None   # which page's report set `focus`, its number
        self.loaded: tuple | None = None          # the files' snapshot the watch last loaded (and drew)
        self.pending: set[str] = set()            # faces stale and not drawn yet: shown as updating
        self.cancelled = 0                        # faces a newer save left undrawn (tests count them)
        self._state: tuple[int, bytes] | None = None

    # ------------------------------------------------------------ watching

    def snapshot(self) -> tuple:
        return inputs_stamp(self.root, self.games)

    def watch(self, interval: float) -> None:
        """Reload whenever a watched file changes, until stop()."""
        seen = None
        while not self.stopping.is_set():
            now = self.snapshot()
            if now != seen:
                seen = settled(self.snapshot, now, self.stopping.wait)   # a file being saved: read once whole
                self.reload(seen)
                self.loaded = seen
            self.stopping.wait(interval)

    def stop(self) -> None:
        self.stopping.set()
        with self.changed:
            self.changed.notify_all()

    # ------------------------------------------------------------ loading and drawing

    def reload(self, stamp: tuple | None = None) -> None:
        """Load the files as they are (`stamp`: their snapshot, as the watch saw them settle) and
        draw the stale faces, on-screen ones first; a change of the files while they are read, or
        between two batches, drops what was read or stops the drawing: the watch loads again at
        once and draws what is then stale."""
        started = time.perf_counter()
        stamp = stamp if stamp is not None else self.snapshot()
        try:
            project = load_project(self.root, self.games)
            specs = self.faces.plan(project, self.langs)
        except (DataError, BuildError) as exc:     # BuildError: a refused input folder (input_files)
            if self.snapshot() != stamp:           # read during a save: maybe half of it, never shown
                return
            problems = exc.problems if isinstance(exc, DataError) else [Problem("", 0, "", str(exc))]
            return self._bump(problems=problems, busy="", unloaded=True)
        if self.snapshot() != stamp:
            return
        self.faces.forget(specs)
        recalled = self.faces.recall(specs)     # an edit undone: its images are still here
        todo = self.faces.stale(specs)
        # shown at once when the page has something to show before drawing: a new structure, a
        # banner to clear, images recalled, more than one batch (its faces marked as updating);
        # a one-card edit waits for its image (one update, not three)
        early = self.problems or recalled or [s.id for s in specs] != [s.id for s in self.specs] \
            or len(todo) > BATCH
        with self.lock:
            self.project, self.specs, self.problems, self.unloaded = project, specs, [], False
            self.pending = {s.id for s in todo}
        if not todo:
            self.last_reload = time.perf_counter() - started
            return self._bump(busy="")
        if early:
            self._bump(busy=f"drawing {len(todo)} face(s)")
        done, order, left, shown = 0, page_order(specs), list(todo), time.perf_counter()
        try:
            while left:
                with self.lock:
                    focus = set(self.focus)
                batch = next_batch(left, order, focus, first=done == 0)
                looked = any(s.id in focus for s in batch)
                halt, got = Halt(lambda: self.snapshot() != stamp or self._scrolled(focus, batch)), set()
                for updated in self.faces.render(project, batch, halt):
                    got.update(updated)
                    done += len(updated)
                    with self.lock:
                        self.pending.difference_update(updated)
                    # the faces on screen at once, the others at most every SHOW seconds: each
                    # update is a round trip of the page that the drawing shares the process with
                    if left and (looked or time.perf_counter() - shown >= SHOW):
                        self._bump(busy=f"drawing {len(todo)} face(s): {done} done")
                        shown = time.perf_counter()
                if halt.stopped:      # ended early: the faces it did not reach wait with the others
                    left.extend(s for s in batch if s.id not in got)
                if left and self.snapshot() != stamp:     # a newer save: its faces, not these
                    self.cancelled += len(left)
                    # left stale (their key is not the one drawn), marked so until the next load draws them
                    return self._bump(busy="files changed: drawing again", pending=set())
            self.last_reload = time.perf_counter() - started
            self._bump(busy="", pending=set())
        except (BuildError, DataError, OSError) as exc:   # beyond one face: fonts, icons, the temporary PDF
            problems = exc.problems if isinstance(exc, DataError) else [Problem("", 0, "", _one_line(exc))]
            self._bump(problems=problems, busy="", pending=set())
        except Exception as exc:  # noqa: BLE001 - the watch must outlive a bug; PNP_DEBUG=1 shows the traceback
            if os.environ.get("PNP_DEBUG"):
                raise
            self._bump(problems=[Problem("", 0, "", f"internal error: {type(exc).__name__}: {_one_line(exc)[:200]} "
                                         "(please report it; PNP_DEBUG=1 shows the traceback)")], busy="",
                       pending=set())

    def _scrolled(self, focus: set[str], batch: list[Spec]) -> bool:
        """The page shows other faces than when `batch` began, some of them still to draw."""
        with self.lock:
            now, pending = set(self.focus), set(self.pending)
        drawing = {s.id for s in batch}
        return now != focus and any(fid in pending and fid not in drawing for fid in now)

    def look_at(self, faces: list[str], report: tuple[str, int] | None = None) -> None:
        """The faces the page has on screen (drawn first). `report` (page, number): a page's
        earlier report that arrives after a later one is dropped (the page scrolled since)."""
        with self.lock:
            if report and self._report and report[0] == self._report[0] and report[1] <= self._report[1]:
                return
            self.focus, self._report = faces, report

    def _bump(self, **changes) -> None:
        with self.changed:
            for name, value in changes.items():
                setattr(self, name, value)
            self.version += 1
            self.changed.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The version, once it differs from `seen` (or after `timeout` seconds)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != seen or self.stopping.is_set(), timeout)
            return self.version

    # ------------------------------------------------------------ what the page shows

    def state_json(self) -> bytes:
        """The page's state; built outside the lock from a snapshot (entries are replaced, never
        changed in place), so drawing never waits for a page's request."""
        with self.lock:
            if self._state is not None and self._state[0] == self.version:
                return self._state[1]
            version = self.version
            snapshot = (self.project, list(self.specs), dict(self.faces.entries), list(self.problems), self.busy,
                        self.last_reload, self.unloaded, set(self.pending))
        data = json.dumps(self._state_dict(version, *snapshot), ensure_ascii=False).encode()
        with self.lock:
            if self._state is None or self._state[0] < version:
                self._state = (version, data)
        return data

    def _state_dict(self, version, project, specs, entries, problems, busy, seconds, unloaded=False,
                    pending=frozenset()) -> dict:
        links = Links(project, self.editor) if project else None
        broken = self._broken_cards(project, problems)
        banner = [links.problem(p) if links else {"text": str(p), "label": "", "href": ""} for p in problems]
        games, shown = [], {}
        for spec in specs:
            entry = entries.get(spec.id)
            game = project.games[spec.game]
            # findings of the last good files, not of these (a text since shortened "does not fit")
            marks = list(entry.marks) if entry and not unloaded else []
            out = [self._mark(m, links, game, spec) for m in marks]
            for problem in broken.get((spec.game, spec.deck, spec.card), []):
                lang = MISSING_TEXT.search(problem.message)
                if not lang or lang.group(1) == spec.lang:      # a missing text: on that language's face
                    out.insert(0, {"level": "error", "code": "data", "message": str(problem), "short": "not loaded",
                                   "box": None, "image": None, "links": [links.link(problem.file, problem.line)]})
            if entry and entry.failed:
                banner += [{**link, "text": f"{link['label']}: {m['message']}" if link["label"] else m["message"]}
                           for m in out if m["level"] == "error" and m["code"] != "data"
                           for link in [m["links"][0] if m["links"] else {"label": "", "href": ""}]]
            shown[spec.id] = {
                "png": f"/face/{entry.png}.png" if entry else None,
                "previous": f"/face/{entry.previous}.png" if entry and entry.previous else None,
                "diff": f"/diff/{entry.previous}/{entry.png}.png" if entry and entry.previous else None,
                "since": f"/diff/{entry.first}/{entry.png}.png" if entry and entry.first != entry.png else None,
                "stale": entry is None or entry.key != spec.key or spec.id in pending,
                "marks": out,
            }
        for game in (project.games.values() if project else []):
            langs = [lang for lang in game.game.languages if not self.langs or lang in self.langs]
            decks = []
            for deck in game.decks:
                size = project.size_of(deck)
                decks.append({"id": deck.deck, "name": deck.name.preferred("en"),
                              "size": {"width": size.width, "height": size.height, "shape": size.shape,
                                       "radius": size.radius},
                              "cards": [{"id": c.id, "name": c.name.preferred("en")} for c in deck.cards],
                              "back": BACK if deck.back else None})
            games.append({"id": game.id, "name": game.game.name.preferred("en"), "languages": langs,
                          "decks": decks})
        return {"version": version, "busy": busy, "seconds": round(seconds, 3), "errors": banner, "games": games,
                "faces": shown, "bleed": self.faces.bleed, "safe": project.sheets.safe if project else 0,
                "dpi": self.faces.dpi}

    def _mark(self, mark: Mark, links: Links | None, game, spec: Spec) -> dict:
        image = f"/project/{spec.game}/{mark.image}" if mark.image else None
        return {"level": mark.level, "code": mark.code, "message": mark.message, "short": mark.short,
                "box": mark.box, "image": image,
                "links": links.for_mark(mark, game, spec.deck, spec.card) if links else []}

    def _broken_cards(self, project: Project | None, problems: list[Problem]) -> dict[tuple, list[Problem]]:
        """The loader's problems that name a card: marked on that card's faces (last good images)."""
        found: dict[tuple, list[str]] = {}
        for problem in problems if project else []:
            for game in project.games.values():
                card = problem_card(self.root, game, problem)
                if card:
                    found.setdefault((game.id, *card), []).append(problem)
        return found
