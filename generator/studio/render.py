"""The studio's images: every face of the chosen games in each language, drawn again only when
what it is drawn from changed.

A face's key hashes its inputs: the resolved layout, the card size, the template context in
its language (card, deck and game data), the game's icons, the fonts, the language's interface
strings, bleed and dpi; the pictures it read are compared by their stat. A face is drawn as
`pnp export png` draws it (exporters/faces.py -> one PDF -> PDFium), inside `pnp check`'s
preflight (products/preflight.check_game with a `draw` of ours), so an image and its findings
come from one drawing. Images are kept in memory, named by the hash of their PNG bytes.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import tempfile
import threading
import zlib
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from ..reading.i18n import SOURCE_LANGUAGE, load_catalogue
from ..card_layout.layouts import Layout
from ..model.model import Card, Deck
from ..card_layout.project import GameData, Project
from ..card_layout.templates import card_context
from ..exporters.faces import draw_faces, rasterise
from ..products.preflight import Report, check_game
from .marks import Mark, Watch, face_key, marks_for

BACK = "+back"      # a face id's card part for the deck's back (never a card id: ids start a-z0-9)


@dataclass(frozen=True)
class Spec:
    """One face in one language, and the hash of what it is drawn from."""
    id: str
    game: str
    deck: str
    card: str | None
    lang: str
    key: str


@dataclass
class Entry:
    key: str                       # the inputs it was drawn from
    png: str                       # the image shown: the last one drawn without an error
    previous: str | None           # the image before the last change (the page's diff)
    first: str                     # the first image drawn in this session (the diff "since start")
    pixels: tuple[int, int]
    marks: list[Mark]
    failed: bool                   # the last drawing stopped at an error (drawn again on any change)
    images: dict[str, tuple] = field(default_factory=dict)   # pictures read -> their stat
    earlier: "Entry | None" = None  # the last good drawing of other inputs: an edit undone shows it again

    def kept(self) -> "Entry":
        """This drawing as another entry's `earlier` (one step back is enough for an undo)."""
        return replace(self, earlier=None)


def face_id(game: str, deck: str, card: str | None, lang: str) -> str:
    return f"{game}/{deck}/{card or BACK}/{lang}"


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def _stat(path: Path) -> tuple:
    try:
        st = os.stat(path)
        return st.st_ino, st.st_size, st.st_mtime_ns
    except OSError:
        return ()


def layout_of(project: Project, deck: Deck, card: Card | None) -> Layout:
    return project.layout_for(deck, card) if card is not None else project.back_layout(deck)


class Faces:
    """Every face's entry and the images they show."""

    def __init__(self, dpi: float, bleed: float, lock=None):
        self.dpi, self.bleed = dpi, bleed
        self.lock = lock or threading.RLock()     # held while entries change (the server reads them)
        self.entries: dict[str, Entry] = {}
        self.images: dict[str, bytes] = {}

    # ------------------------------------------------------------ what to draw

    def plan(self, project: Project, langs: list[str] | None) -> list[Spec]:
        """Every face of the project's games in their languages (`langs` narrows them), keyed.
        Raises DataError when a language's catalogue cannot be read."""
        specs, layouts = [], {}
        for game in project.games.values():
            icons = {name: icon.model_dump() for name, icon in sorted(project.icons_for(game.id).items())}
            for lang in [lang for lang in game.game.languages if not langs or lang in langs]:
                catalogue = load_catalogue(project.root, lang) if lang != SOURCE_LANGUAGE else {}
                shared = _digest([icons, project.fonts.model_dump(), catalogue, project.sheets.safe,
                                  self.bleed, self.dpi])
                for deck in game.decks:
                    size = project.size_of(deck).model_dump()
                    # a back per card: the studio shows the first card's (draw_faces one_back)
                    first = deck.cards[0] if deck.cards and project.back_per_card(deck) else None
                    for card in [*deck.cards, *([None] if deck.back else [])]:
                        layout = layout_of(project, deck, card)
                        if id(layout) not in layouts:
                            layouts[id(layout)] = _layout_digest(layout)
                        specs.append(Spec(face_id(game.id, deck.deck, card.id if card else None, lang), game.id,
                                          deck.deck, card.id if card else None, lang,
                                          _digest([shared, layouts[id(layout)], size,
                                                   _context(game, deck, card, lang, layout, first)])))
        return specs

    def recall(self, specs: list[Spec]) -> list[str]:
        """Show again, without drawing, the faces whose inputs are back to those of their earlier
        drawing (an edit undone, a value tried and put back); returns their ids."""
        recalled = []
        with self.lock:
            for spec in specs:
                entry = self.entries.get(spec.id)
                was = entry.earlier if entry else None
                if was is None or entry.key == spec.key or was.key != spec.key or not _same_pictures(was):
                    continue
                previous = entry.png if entry.png != was.png else entry.previous
                self.entries[spec.id] = replace(was, previous=previous, first=entry.first,
                                                earlier=entry.kept() if not entry.failed else entry.earlier)
                recalled.append(spec.id)
        return recalled

    def stale(self, specs: list[Spec]) -> list[Spec]:
        """The faces to draw: new ones, changed ones, failed ones, and those whose pictures changed."""
        return [s for s in specs if (entry := self.entries.get(s.id)) is None or entry.key != s.key
                or entry.failed or not _same_pictures(entry)]

    # ------------------------------------------------------------ drawing

    def render(self, project: Project, specs: list[Spec], halt=None) -> Iterator[list[str]]:
        """Draw `specs`, one game and language at a time; yield the ids updated by each. `halt()`,
        asked before each face, ends the drawing when true (the faces drawn so far are kept)."""
        groups: dict[tuple, list[Spec]] = defaultdict(list)
        for spec in specs:
            groups[(spec.game, spec.lang)].append(spec)
        for index, ((gid, lang), todo) in enumerate(groups.items()):
            if index and halt is not None and halt():
                return
            yield self._render(project, project.games[gid], lang, todo, halt)

    def _render(self, project: Project, game: GameData, lang: str, todo: list[Spec], halt=None) -> list[str]:
        wanted = {(s.deck, s.card) for s in todo}
        keys = {(s.deck, s.card): s.key for s in todo}
        watch, report, drawn = Watch(), Report(), []
        with tempfile.TemporaryDirectory(prefix="pnp-studio-") as tmp:
            pdf = Path(tmp) / "faces.pdf"

            def draw(project, game, lang, _path, bleed, observe=None, on_error=None, context=None, **_):
                # interface strings without a translation are drawn in English and marked
                drawn.extend(draw_faces(project, game, lang, pdf, bleed, allow_missing=True,
                                        observe=watch.observe(observe), on_error=watch.failed(on_error),
                                        context=watch.context(context),
                                        one_back=True,    # a back per card: the first card's stands for them
                                        select=lambda deck, card: (deck.deck, card.id if card else None) in wanted
                                        and not (halt is not None and halt())))
            check_game(project, game, [lang], report, self.bleed, allow_missing=True, draw=draw,
                       geometry_once=False)
            pictures = [(index, _png(image)) for index, image in rasterise(pdf, dpi=self.dpi)] if drawn else []
        findings, fits = defaultdict(list), defaultdict(list)
        for finding in report.findings:
            findings[(finding.deck, finding.card or None, finding.face)].append(finding)
        for fit in report.fits:
            fits[(fit.deck, fit.card or None, fit.face)].append(fit)
        updated = []
        for index, (data, pixels) in pictures:
            face = drawn[index]
            key = face_key(face)
            side = (*key, "front" if face.card else "back")
            marks = marks_for(key, lang, layout_of(project, face.deck, face.card), face.size, self.bleed,
                              findings[side], fits[side], watch)
            images = {str(game.directory / p): _stat(game.directory / p) for p in watch.images.get(key, [])}
            fid = face_id(game.id, *key, lang)
            with self.lock:
                self._store(fid, keys[key], data, pixels, marks, key in watch.failed_in, images)
            updated.append(fid)
        return updated

    def _store(self, fid: str, key: str, data: bytes, pixels, marks, failed: bool, images: dict) -> None:
        digest = hashlib.sha256(data).hexdigest()[:32]
        old = self.entries.get(fid)
        if old is not None and failed and not old.failed:
            png, previous, pixels = old.png, old.previous, old.pixels    # keep the last good image
        else:
            self.images[digest] = data
            changed = old is not None and old.png != digest
            png, previous = digest, (old.png if changed else old.previous if old else None)
        # the drawing replaced stays at hand, for an undo (an earlier failed one is not worth keeping)
        earlier = old.kept() if old is not None and not old.failed and old.key != key else old.earlier if old else None
        self.entries[fid] = Entry(key, png, previous, old.first if old else png, pixels, marks, failed, images, earlier)

    def forget(self, specs: list[Spec]) -> None:
        """Drop the faces no longer in the project, and the images no face shows."""
        ids = {s.id for s in specs}
        with self.lock:
            self._forget(ids)

    def _forget(self, ids: set[str]) -> None:
        for fid in [fid for fid in self.entries if fid not in ids]:
            del self.entries[fid]
        kept = {digest for e in self.entries.values()
                for digest in (e.png, e.previous, e.first, e.earlier.png if e.earlier else None)}
        for digest in [d for d in self.images if d not in kept]:
            del self.images[digest]


def _same_pictures(entry: Entry) -> bool:
    return all(_stat(Path(p)) == st for p, st in entry.images.items())


def _png(image) -> tuple[bytes, tuple[int, int]]:
    out = io.BytesIO()
    # local only: speed over size; run-length matching suits flat card art (a demo face: 9 ms and
    # 22 KiB against 10 ms and 27 KiB for zlib's default strategy)
    image.save(out, format="PNG", compress_level=1, compress_type=zlib.Z_RLE)
    return out.getvalue(), image.size


def _layout_digest(layout: Layout) -> str:
    # without `origin` (file and line): a comment added above a layout does not redraw it
    return _digest([layout.id, layout.background, layout.colors,
                    [{k: v for k, v in vars(r).items() if k != "origin"} for r in layout.regions]])


def _context(game: GameData, deck: Deck, card: Card | None, lang: str, layout: Layout,
             first: Card | None = None) -> dict:
    """What the face reads; a back (card None) drawn for the deck's `first` card reads that card."""
    ctx = card_context(game.game, deck, card or first, lang, layout.colors, None,
                       deck.back.props if card is None else None)
    ctx.pop("_")
    return ctx
