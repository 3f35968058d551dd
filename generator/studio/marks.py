"""What the studio draws on a face: `pnp check`'s findings placed in the box they concern.

While a face is drawn, the preflight (products/preflight.py) collects its findings and fits, and
`Watch` notes what the preflight does not keep: the box a face was in when its drawing failed
(an error names no box), the images it read (a changed picture draws the face again) and the
interface strings that had no translation (drawn in English here, refused by a build). `marks_for`
turns both into `Mark`s: a level, a message, a short label for the face, the box in mm and
where the cause is written (the card's YAML field, the layout's region) for links.py.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable

from ..reading.i18n import SOURCE_LANGUAGE
from ..card_layout.layouts import Layout, Region
from ..card_layout.resolved import bleed_extent
from ..model.model import Size
from ..card_layout.templates import used_paths
from ..products.preflight import Fit, Finding

LEVELS = ("error", "warning", "info")
SHORT = {"overflow": "does not fit", "glyph": "missing glyph", "image": "image", "safe-zone": "safe zone",
         "bleed": "in the bleed", "build": "error"}


@dataclass
class Mark:
    level: str                     # error | warning | info
    code: str                      # the preflight's code, or shrunk, translation
    message: str
    short: str                     # the label drawn on the face
    box: list[float] | None        # x, y, width, height in mm from the trim's top-left corner
    data: tuple | None = None      # the YAML field it comes from: ("card"|"deck", key, ...)
    layout: tuple | None = None    # (layout id, region name, field) of the box
    image: str | None = None       # the picture concerned, relative to the game folder


def face_key(face) -> tuple[str, str | None]:
    """(deck, card id), None for the deck's back ("back" may also be a card's id)."""
    return face.deck.deck, face.card.id if face.card else None


class Watch:
    """Hooks wrapped around the preflight's for one drawing (one game, one language)."""

    def __init__(self):
        self.region: dict[tuple, Region] = {}
        self.failed_in: dict[tuple, Region | None] = {}
        self.images: dict[tuple, list[str]] = defaultdict(list)
        self.untranslated: dict[tuple, list[tuple[Region | None, str]]] = defaultdict(list)

    def observe(self, inner: Callable | None) -> Callable:
        def for_face(face):
            hook, key = inner(face) if inner else None, face_key(face)

            def report(event: str, region, **facts):
                if event == "region":
                    self.region[key] = region
                elif event == "image":
                    self.images[key].append(facts["path"])
                if hook:
                    hook(event, region, **facts)
            return report
        return for_face

    def failed(self, inner: Callable | None) -> Callable:
        def on_error(face, exc):
            self.failed_in[face_key(face)] = self.region.get(face_key(face))
            if inner:
                inner(face, exc)
            else:
                raise exc
        return on_error

    def context(self, inner: Callable | None) -> Callable:
        def wrap(face, ctx: dict) -> dict:
            ctx = dict(inner(face, ctx) if inner else ctx)
            labels, key = ctx.get("_"), face_key(face)
            if labels is None or getattr(labels, "lang", SOURCE_LANGUAGE) == SOURCE_LANGUAGE:
                return ctx

            def translate(msgid: str) -> str:
                text = labels(msgid)
                if msgid in labels.missing:      # the Translator fell back to English
                    self.untranslated[key].append((self.region.get(key), msgid))
                return text
            ctx["_"] = translate
            return ctx
        return wrap


def region_box(region: Region | None, size: Size, bleed: float) -> list[float] | None:
    if region is None:
        return None
    x0, y0, x1, y1 = bleed_extent(region, size.width, size.height, bleed)
    return [x0, y0, x1 - x0, y1 - y0]


def data_path(region: Region | None, lang: str) -> tuple | None:
    """The YAML field a box shows: `{{ card.text }}` -> ("card", "text", lang); None when the
    box reads no card, deck or back data (then the layout is where to look)."""
    if region is None or not region.text or "{" not in region.text:
        return None
    try:
        paths = [path for path, _ in used_paths(region.text)]
    except Exception:  # noqa: BLE001 - a template the loader accepted parses; never fail a mark on it
        return None
    for path in sorted(paths, key=lambda p: p[0] != "card"):
        if path[0] == "card" and len(path) > 1:
            return ("card", *path[1:], lang)
        if path[0] == "back" and len(path) > 1:
            return ("deck", "back", "props", *path[1:], lang)
        if path[0] == "deck" and len(path) > 1 and path[1] in ("name", "props"):
            return ("deck", *path[1:], lang)
    return None


def marks_for(key: tuple, lang: str, layout: Layout, size: Size, bleed: float, findings: list[Finding],
              fits: list[Fit], watch: Watch) -> list[Mark]:
    """The marks of one face: `findings` and `fits` are the preflight's for this face."""
    regions = {r.name: r for r in layout.regions}
    marks: list[Mark] = []

    def mark(level, code, message, short, region, field="text", image=None):
        data = None if code in ("safe-zone", "bleed") else data_path(region, lang)
        origin = (layout.id, region.name, field) if region is not None else None
        marks.append(Mark(level, code, message, short, region_box(region, size, bleed), data, origin, image))

    legible = set()
    for f in findings:
        if f.level == "note":
            continue
        region = regions.get(f.box) if f.box else watch.failed_in.get(key)
        if f.code == "legibility":
            legible.add(f.box)
            short = f"{f.value:g} pt"
        elif f.code == "dpi":
            short = f"{f.value:g} dpi"
        elif f.code == "build" and "unknown icon" in f.message:
            short = "unknown icon"
        else:
            short = SHORT.get(f.code, f.code)
        image = _image_of(f.message) if f.code in ("dpi", "image") else None
        field = "x" if f.code in ("safe-zone", "bleed") else "text"
        mark(f.level, f.code, f.message, short, region, field, image)
    for fit in fits:
        if fit.used < fit.preferred - 1e-6 and fit.box not in legible:
            mark("info", "shrunk", f"box '{fit.box}': text set at {fit.used:g} pt, below the layout's "
                 f"{fit.preferred:g} pt (it was shrunk to fit)", f"{fit.used:g}/{fit.preferred:g} pt",
                 regions.get(fit.box))
    seen = set()
    for region, msgid in watch.untranslated.get(key, []):
        if msgid not in seen:
            seen.add(msgid)
            mark("warning", "translation", f"no {lang} translation for '{msgid}' in locales/{lang}/LC_MESSAGES/*.po: "
                 f"English is shown; a build stops here unless --allow-missing", f"no {lang}", region)
    marks.sort(key=lambda m: LEVELS.index(m.level))
    return marks


def _image_of(message: str) -> str | None:
    """The picture a dpi or image finding names (`image 'art/knight.png' prints at ...`)."""
    start = message.find("image '")
    if start < 0:
        return None
    end = message.find("'", start + 7)
    return message[start + 7:end] if end > start else None
