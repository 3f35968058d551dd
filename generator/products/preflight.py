"""`pnp check`: preflight before printing, per card, face and language.

Every face is drawn exactly as a build draws it (exports/faces.py, nothing written) while the
renderer reports what it did: the text size each box ended at against the layout's size
(the fit report), images and their effective dpi, icons drawn, template properties read.
Errors (what a build refuses: overflow, missing glyphs, unreadable or too coarse images)
and warnings (below the legibility floor or 300 dpi, boxes crossing the safe zone or
entering the bleed) are findings; unused icons and properties are notes.
"""
from __future__ import annotations

import re
import string
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Callable

from datafile.errors import BuildError

from ..data.project import GameData, Project
from ..data.templates import View
from ..paper.face import CONTENT
from ..paper.images import DPI_ERROR, DPI_WARN
from ..paper.shapes import footprint
from .exports.faces import Face, draw_faces

LEGIBLE_PT = 6.5          # smallest size most readers manage on a card at arm's length
ICON_REF = re.compile(r":([a-z][a-z0-9-]*):")
PLACED = {"text", "icon", "image"}   # region kinds whose content must stay in the safe zone


@dataclass
class Finding:
    level: str            # error | warning | note
    code: str             # overflow, glyph, legibility, safe-zone, bleed, dpi, image, unused-icon, ...
    game: str
    message: str
    lang: str = ""
    deck: str = ""
    card: str = ""
    face: str = ""        # front | back
    box: str = ""
    summary: str = ""     # the message without this card's specifics: the human table groups by it
    value: float | None = None   # the size (pt) or dpi measured
    file: str = ""        # a data problem (code 'data', 'language'): where it is
    line: int = 0
    field: str = ""


@dataclass
class Fit:
    game: str
    lang: str
    deck: str
    card: str
    face: str
    box: str
    preferred: float
    used: float

    @property
    def shrink(self) -> float:
        return round(self.preferred - self.used, 2)


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    fits: list[Fit] = field(default_factory=list)

    def count(self, level: str) -> int:
        return sum(1 for f in self.findings if f.level == level)

    def fit_summary(self) -> list[dict]:
        """Per game and language: boxes drawn, how many shrank, the largest shrink, the smallest size."""
        groups: dict[tuple, list[Fit]] = defaultdict(list)
        for fit in self.fits:
            groups[(fit.game, fit.lang)].append(fit)
        rows = []
        for (game, lang), fits in groups.items():
            shrunk = [f for f in fits if f.shrink > 0]
            worst = max(shrunk, key=lambda f: (f.shrink / f.preferred, f.shrink), default=None)
            rows.append({"game": game, "lang": lang, "boxes": len(fits), "shrunk": len(shrunk),
                         "largest_shrink_pt": worst.shrink if worst else 0.0,
                         "largest_shrink_pct": round(100 * worst.shrink / worst.preferred) if worst else 0,
                         "where": f"{worst.deck}/{worst.card} {worst.face} '{worst.box}'" if worst else "",
                         "smallest_pt": min(f.used for f in fits)})
        return rows

    def as_json(self) -> dict:
        return {"summary": {"errors": self.count("error"), "warnings": self.count("warning"),
                            "notes": self.count("note")},
                "findings": [asdict(f) for f in self.findings],
                "fit": self.fit_summary(),
                "shrunk": [{**asdict(f), "shrink": f.shrink} for f in self.fits if f.shrink > 0]}


def problem_findings(problems, code: str = "data", game: str = "") -> list[Finding]:
    """Data problems (file:line: field: …) as error findings, so `--json` reports them too."""
    return [Finding("error", code, game, str(p), file=p.file, line=p.line, field=p.field) for p in problems]


class _Reading(View):
    """A props mapping that remembers which keys a template read."""

    def __init__(self, data, seen: set):
        super().__init__(data)
        self._seen = seen

    def __getitem__(self, key):
        self._seen.add(key)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        self._seen.add(key)
        return dict.get(self, key, default)


def check_game(project: Project, game: GameData, langs: list[str], report: Report, bleed: float = 3.0,
               allow_missing: bool = False, draw: Callable[..., object] = draw_faces,
               geometry_once: bool = True) -> None:
    """Draw every face of `game` in `langs` with `draw` (draw_faces, nothing written) and add
    what was seen to `report`. The studio passes a `draw` that also writes the PDF it rasterises
    (and draws only the faces an edit changed), and geometry_once=False to have a box's safe-zone
    and bleed findings on every face that draws it instead of once per layout."""
    drawn_icons: set[str] = set()
    read_props: dict[str, set] = defaultdict(set)
    places: set[tuple] = set()
    sheets = project.sheets

    def where(face: Face, lang: str, region=None) -> dict:
        return dict(game=game.id, lang=lang, deck=face.deck.deck, card=face.card.id if face.card else "",
                    face="front" if face.card else "back", box=region.name if region else "")

    for lang in langs:
        def observe(face: Face, lang=lang):
            layout_id = project.layout_for(face.deck, face.card).id if face.card else face.deck.back.layout

            def hook(event: str, region, **facts):
                at = where(face, lang, region)
                place = (layout_id, region.name) + (() if geometry_once else (face.deck.deck, face.key, lang))
                if event == "region" and region.kind in PLACED and place not in places:
                    places.add(place)   # geometry is the layout's: `pnp check` reports it once
                    _geometry(report, face, region, sheets.safe, at, layout_id)
                elif event == "text":
                    report.fits.append(Fit(game.id, lang, at["deck"], at["card"], at["face"], region.name,
                                           facts["preferred"], facts["size"]))
                    drawn_icons.update(ICON_REF.findall(facts["source"]))
                    if facts["size"] < LEGIBLE_PT:
                        report.findings.append(Finding(
                            "warning", "legibility", message=f"text set at {facts['size']:g} pt, below the "
                            f"{LEGIBLE_PT} pt legibility floor (layout size {facts['preferred']:g} pt): "
                            f"shorten the text or enlarge the box",
                            summary=f"text below the {LEGIBLE_PT} pt legibility floor (layout size "
                                    f"{facts['preferred']:g} pt)", value=facts["size"], **at))
                elif event == "icon":
                    drawn_icons.add(facts["name"])
                elif event == "image" and facts["dpi"] is not None and facts["dpi"] < DPI_WARN:
                    coarse = facts["dpi"] < DPI_ERROR
                    if coarse and not region.allow_low_dpi:
                        return   # an error, which the build refuses: reported once, as the error
                    report.findings.append(Finding(
                        "warning", "dpi", message=f"image '{facts['path']}' prints at {facts['dpi']:.0f} dpi "
                        f"(below {DPI_ERROR if coarse else DPI_WARN}{', allowed by allow_low_dpi' if coarse else ''}):"
                        f" a larger image prints sharper",
                        summary=f"{_generalised(repr_path(facts['path']), at['card'])} prints below "
                                f"{DPI_ERROR if coarse else DPI_WARN} dpi"
                                f"{' (allowed by allow_low_dpi)' if coarse else ''}: a larger image prints sharper",
                        value=round(facts["dpi"]), **at))
            return hook

        def failed(face: Face, exc: BuildError, lang=lang):
            text = str(exc)
            code = ("overflow" if "does not fit" in text else "glyph" if "no glyph" in text
                    else "dpi" if "dpi" in text else "image" if "image" in text or "SVG" in text else "build")
            at = where(face, lang)
            placed = PLACE.match(text)
            if placed:   # the same cause on many cards is one line of the table
                at["box"] = placed.group("box")
                cause = placed.group("cause")
                summary = _generalised(cause, at["card"])
            else:
                summary = ""
            report.findings.append(Finding("error", code, message=text, summary=summary, **at))

        def reading(face: Face, ctx: dict) -> dict:
            if "card" in ctx:
                ctx = dict(ctx)
                card = View(ctx["card"])
                card["props"] = _Reading(card["props"], read_props[face.deck.deck])
                ctx["card"] = card
            return ctx

        draw(project, game, lang, None, bleed, allow_missing=allow_missing, observe=observe,
             on_error=failed, context=reading)

    _unused(project, game, report, drawn_icons, read_props)


PLACE = re.compile(r"^.*?, language [a-z]{2}, box '(?P<box>[^']*)' \(layout [^)]*\): (?P<cause>.*)$")


def repr_path(path: str) -> str:
    return f"image '{path}'"


def _generalised(cause: str, card: str) -> str:
    """A build error's cause without what belongs to one card (its id in a file name), so the
    table groups `image 'art/market.png' not found` on ten cards as `image 'art/*.png' not found`."""
    if not card:
        return cause
    return re.sub(r"'[^']*'", lambda m: m.group(0).replace(card, "*") if card in m.group(0) else m.group(0), cause)


def _geometry(report: Report, face: Face, region, safe: float, at: dict, layout_id: str) -> None:
    size = face.size
    if region.bleed:
        return
    x0, y0, x1, y1 = region.x, region.y, region.x + region.width, region.y + region.height
    if region.rotate and not (region.kind in CONTENT and region.rotate % 180 == 90):
        x0, y0, x1, y1 = (round(v, 2) for v in footprint(x0, y0, x1, y1, region.rotate))   # what the turned box covers
    at = {**at, "lang": ""}   # the layout's geometry: the same in every language
    label = f"box '{region.name}' of layout {layout_id} ({x0:g},{y0:g})–({x1:g},{y1:g}) mm"
    if x0 < 0 or y0 < 0 or x1 > size.width or y1 > size.height:
        report.findings.append(Finding("warning", "bleed", message=f"{label} enters the bleed "
                                       f"(the card is {size.width:g}x{size.height:g} mm): it will be cut", **at))
    elif region.kind != "image" and _outside_safe(size, safe, x0, y0, x1, y1):
        report.findings.append(Finding("warning", "safe-zone", message=f"{label} leaves the {safe:g} mm safe zone: "
                                       f"a slightly off cut may touch it", **at))


def _outside_safe(size, safe: float, x0, y0, x1, y1) -> bool:
    if size.shape == "round":
        cx, cy, r = size.width / 2, size.height / 2, min(size.width, size.height) / 2 - safe
        mids = [((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1), (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)]
        return any((x - cx) ** 2 + (y - cy) ** 2 > r ** 2 + 1e-6 for x, y in mids)
    return x0 < safe - 1e-6 or y0 < safe - 1e-6 or x1 > size.width - safe + 1e-6 or y1 > size.height - safe + 1e-6


def _unused(project: Project, game: GameData, report: Report, drawn: set[str], read: dict[str, set]) -> None:
    # icons of the game's own layout file that no face draws and no aid or rules text names
    elsewhere = set()
    for path in sorted(game.directory.rglob("*.yaml")):
        elsewhere.update(ICON_REF.findall(path.read_text(encoding="utf-8")))
    for name in sorted(project.layouts.icons(game.id)):
        if name not in drawn and name not in elsewhere:
            report.findings.append(Finding("note", "unused-icon", game.id,
                                           f"icon '{name}' (layouts/{game.id}.yaml) is drawn on no card and "
                                           f"named in no text: remove it or use it"))
    for deck in game.decks:
        named = {f for source in [deck.layout] + [c.layout or "" for c in deck.cards]
                 for _, f, _, _ in string.Formatter().parse(source) if f}
        for prop in deck.properties:
            if prop not in read[deck.deck] and prop not in named:
                report.findings.append(Finding(
                    "note", "unused-property", game.id, f"property '{prop}' is declared but no face shows it "
                    f"(fine if the rules, aids or scoring use it)", deck=deck.deck))

