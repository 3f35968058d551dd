"""`pnp check`: preflight before printing, per card, face and language.

Every face is drawn exactly as a build draws it (exports/faces.py, nothing written) while the
renderer reports what it did: the text size each box ended at against the layout's size
(the fit report), images and their effective dpi, icons drawn, template properties read.
Errors (what a build refuses: overflow, missing glyphs, unreadable or too coarse images)
and warnings (below the legibility floor or 300 dpi, boxes crossing the safe zone or
entering the bleed) are findings; unused icons and properties are notes.
"""
from __future__ import annotations

import math
import re
import string
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from typing import Callable

from datafile.errors import BuildError, DataError

from ..face_checks.box_reach import in_canvas_bleed
from ..reading.locate import read_input
from ..card_layout.project import GameData, Project
from ..card_layout.templates import Props, View
from ..card_face.shapes import CONTENT, footprint
from ..card_face.images import DPI_ERROR, DPI_WARN
from ..paper.cut_paths import inside_shape
from ..exporters.faces import Face, draw_faces
from .text_landing import text_lands

LEGIBLE_PT = 6.5          # smallest size most readers manage on a card at arm's length
ICON_REF = re.compile(r":([a-z][a-z0-9-]*):")
PLACED = {"text", "icon", "image", "rect", "circle", "line"}   # region kinds whose place is checked


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
    aid_pages: list[dict] = field(default_factory=list)    # aid_pages(): one row per game and language

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
                "aid_pages": self.aid_pages,
                "shrunk": [{**asdict(f), "shrink": f.shrink} for f in self.fits if f.shrink > 0]}


def aid_page_sizes(project: Project, game: GameData, langs: list[str]) -> dict:
    """Each language's one-page player aid as the build sets it (aids/page.PageSize), those that
    can be set; fitting them also answers validate's aid_page_fit, which then packs nothing."""
    from ..player_aids.page import aid_page_size
    sizes = {}
    for lang in langs if (game.directory / "aid").is_dir() else ():
        try:
            sizes[lang] = aid_page_size(project, game, lang, project.sheets.paper_for(lang))
        except (DataError, BuildError, KeyError):
            continue        # what the build refuses is reported as such (validate's checks)
    return sizes


def aid_pages(project: Project, game: GameData, sizes: dict, report: Report) -> None:
    """Each language's one-page player aid (`sizes`, aid_page_sizes): the body size the build sets
    it at, and how far the next size up misses the page (what a writer who wants larger text has
    to cut): both columns that many points short, so about that much text when a block kept whole
    ends the first column, up to twice that when the text runs on freely. A page below the
    legibility floor is a warning."""
    from ..player_aids.shared import LINE_SPACING
    for lang, fit in sizes.items():
        paper = project.sheets.paper_for(lang)
        if fit.size is None:
            continue        # validate's aid_page_fit refuses it
        line = LINE_SPACING * fit.next if fit.next else 1.0
        report.aid_pages.append({"game": game.id, "lang": lang, "paper": paper, "size_pt": fit.size,
                                 "next_pt": fit.next, "over_pt": fit.over, "too_wide": fit.too_wide,
                                 "cut_lines": [math.ceil(fit.over / line), math.ceil(2 * fit.over / line)]
                                 if fit.over else None})
        if fit.size < LEGIBLE_PT:
            report.findings.append(Finding(
                "warning", "legibility", game.id, f"player aid set at {fit.size:g} pt, below the {LEGIBLE_PT} pt "
                f"legibility floor: shorten cards/{game.directory.name}/aid/{lang}.yaml",
                lang=lang, value=fit.size, file=f"cards/{game.directory.name}/aid/{lang}.yaml"))


def problem_findings(problems, code: str = "data", game: str = "") -> list[Finding]:
    """Data problems (file:line: field: …) as error findings, so `--json` reports them too."""
    return [Finding("error", code, game, str(p), file=p.file, line=p.line, field=p.field) for p in problems]


class _Reading(Props):
    """A props mapping that remembers which keys a template read; a declared property a card
    leaves empty reads as nothing, as in the build (templates.Props)."""

    def __init__(self, data, seen: set):
        super().__init__(data, data.__dict__.get("_blanks", {}) if isinstance(data, Props) else {})
        self._seen = seen

    def __getitem__(self, key):
        self._seen.add(key)
        return dict.__getitem__(self, key)

    def __getattr__(self, key):
        if not key.startswith("_"):
            self._seen.add(key)
        return super().__getattr__(key)

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
    sheets, landing = project.sheets, []   # text_lands, made when first asked

    def where(face: Face, lang: str, region=None, key: str = "") -> dict:
        file, line = _box_line(region, key) if region else _card_line(face, game)
        return dict(game=game.id, lang=lang, deck=face.deck.deck, card=face.card.id if face.card else "",
                    face="front" if face.card else "back", box=region.name if region else "",
                    file=file, line=line)

    for lang in langs:
        def observe(face: Face, lang=lang):
            layout = project.layout_for(face.deck, face.card) if face.card else project.back_layout(face.deck)
            layout_id = layout.id if face.card else face.deck.back.layout

            def on_purpose(r) -> bool | None:   # `bleed: true`, or in its canvas's bleed (validate's box_reach) unless
                if r.bleed or not in_canvas_bleed(face.size, layout, r):   # a text or an icon prints past the trim
                    return r.bleed
                landing[:] = landing or [text_lands(project, langs)]   # None: what it prints is in the bleed too
                return r.kind not in ("text", "icon") or (not landing[0](game, face.deck, layout_id, r, 0.0) or None)

            def hook(event: str, region, **facts):
                at = where(face, lang, region)
                # a box several layouts extend, where it lies the same on the same card: once, at its line
                box = (*_box_line(region, "x"), region.x, region.y, region.width, region.height, face.size.width,
                       face.size.height) if _box_line(region, "x")[1] else (layout_id, region.name)
                place = box + (() if geometry_once else (face.deck.deck, face.key, lang))
                if event == "region" and region.kind in PLACED and place not in places:
                    places.add(place)   # geometry is the layout's: `pnp check` reports it once
                    _geometry(report, face, region, sheets.safe, where(face, lang, region, "x"), layout_id,
                              on_purpose(region))
                elif event == "text":
                    at = where(face, lang, region, "text")   # a text's size: its box's text line
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
                # compared as said, in whole dpi: 299.96 (a 744 px picture in a 63 mm box) is 300
                elif event == "image" and facts["dpi"] is not None and round(facts["dpi"]) < DPI_WARN:
                    coarse = round(facts["dpi"]) < DPI_ERROR
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
                region = _region_named(project, face, at["box"])
                if region is not None:
                    at["file"], at["line"] = _box_line(region, "text")
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


def _box_line(region, key: str = "") -> tuple[str, int]:
    """Where a box (or its field `key`) is written: the file and line a finding names."""
    origin = region.origin or {}
    return origin.get(key) or origin.get("") or ("", 0)


def _card_line(face: Face, game: GameData) -> tuple[str, int]:
    """Where a card is written: its spreadsheet row, else its deck file (a card keeps no YAML line)."""
    sheet = getattr(face.card, "_sheet", None) if face.card else None
    if sheet:
        return sheet[0], sheet[1]
    return game.deck_files.get(face.deck.deck, ""), 0


def _property_line(deck, prop: str, game: GameData) -> dict:
    """Where a property is declared: its spreadsheet header (row 1), else the deck file."""
    column = getattr(deck.properties[prop], "_column", None)
    return dict(file=column[0], line=1) if column else dict(file=game.deck_files.get(deck.deck, ""))


def _region_named(project: Project, face: Face, name: str):
    try:
        layout = project.layout_for(face.deck, face.card) if face.card else project.layouts[face.deck.back.layout]
    except (KeyError, DataError):
        return None
    return next((r for r in layout.regions if r.name == name), None)


PLACE = re.compile(r"^.*?, language [a-z]{2}, box '(?P<box>[^']*)' \(layout [^)]*\): (?P<cause>.*)$")


def repr_path(path: str) -> str:
    return f"image '{path}'"


def _generalised(cause: str, card: str) -> str:
    """A build error's cause without what belongs to one card (its id in a file name), so the
    table groups `image 'art/market.png' not found` on ten cards as `image 'art/*.png' not found`."""
    if not card:
        return cause
    return re.sub(r"'[^']*'", lambda m: m.group(0).replace(card, "*") if card in m.group(0) else m.group(0), cause)


def _geometry(report: Report, face: Face, region, safe: float, at: dict, layout_id: str,
              on_purpose: bool | None) -> None:
    """Everything on a face keeps `safe` mm inside the trim (a cut or a duplex shift of up to that
    much never touches it) unless it is cut on purpose (`on_purpose`; None: a box in its canvas's
    bleed whose print runs past the trim, told so)."""
    size = face.size
    if on_purpose:
        return
    x0, y0, x1, y1 = _extent(region)
    at = {**at, "lang": ""}   # the layout's geometry: the same in every language
    label = f"box '{region.name}' of layout {layout_id} ({x0:g},{y0:g})–({x1:g},{y1:g}) mm"
    # `bleed: true` carries only the edges on or past the trim out (model/resolved.bleed_extent),
    # and never a text's or an icon's: it is advised only for a drawn box that reaches the trim
    drawn = region.kind not in ("text", "icon")
    if drawn and not (getattr(region, "radius", 0) or 0) and x0 < -1e-6 and y0 < -1e-6 \
            and x1 > size.width + 1e-6 and y1 > size.height + 1e-6:
        return   # the whole card's ground (Squib's art on its canvas with the bleed): cut through on purpose
    if x0 < -1e-6 or y0 < -1e-6 or x1 > size.width + 1e-6 or y1 > size.height + 1e-6:
        fix = ("give it `bleed: true` to carry its edges past the trim out to the bleed's edge, or move it inside"
               if drawn else "move it inside" if on_purpose is False else
               "what it prints reaches past the trim: narrow the box to the card, or align it away from that edge")
        if drawn and (getattr(region, "radius", 0) or 0) > 0:   # bleed: true would bring its round ends in
            fix = (f"not `bleed: true`, which pulls its edges to the bleed's edge and shows its {region.radius:g} mm "
                   f"rounded corners inside the trim; keep it if it runs off the card on purpose, or move it inside")
        report.findings.append(Finding("warning", "bleed", message=f"{label} enters the bleed "
                                       f"(the card is {size.width:g}x{size.height:g} mm): it will be cut; {fix}", **at))
    elif region.kind != "image" and _outside_safe(size, safe, region, x0, y0, x1, y1):
        fix = f"keep it {safe:g} mm inside the trim" + (
            ", or carry its edge to the trim and give it `bleed: true`" if drawn else "")
        report.findings.append(Finding("warning", "safe-zone", message=f"{label} leaves the {safe:g} mm safe zone: "
                                       f"a slightly off cut or a duplex shift shows it at the edge; {fix}", **at))
    elif at["face"] == "back" and region.kind == "rect" and region.stroke and not region.fill \
            and _outside_safe(size, 2 * safe, region, x0, y0, x1, y1):
        report.findings.append(Finding("warning", "back-frame", message=f"{label} is a thin frame near the cut of a "
                                       f"back: a duplex shift of 1 mm makes it visibly lopsided; leave backs full-bleed "
                                       f"(no frame within {2 * safe:g} mm of the trim)", **at))


def _extent(region) -> tuple[float, float, float, float]:
    """The box a region paints (mm from the top-left corner): a turned shape covers its turned box
    (text, icons and images turned a quarter are laid out in the box itself), a stroke reaches half
    its width beyond the outline."""
    x0, y0, x1, y1 = region.x, region.y, region.x + region.width, region.y + region.height
    if region.kind == "line":
        x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    if region.rotate and not (region.kind in CONTENT and region.rotate % 180 == 90):
        x0, y0, x1, y1 = (round(v, 2) for v in footprint(x0, y0, x1, y1, region.rotate))
    if region.stroke and region.kind in ("rect", "circle", "line", "hexagon", "star", "polygon"):
        half = region.stroke_width / 2
        x0, y0, x1, y1 = x0 - half, y0 - half, x1 + half, y1 + half
    return x0, y0, x1, y1


def _outside_safe(size, safe: float, region, x0, y0, x1, y1) -> bool:
    if size.shape in ("round", "hex"):
        if region.kind == "circle":      # its own outline, sampled round
            cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
            points = [(cx + rx * math.cos(a * math.pi / 8), cy + ry * math.sin(a * math.pi / 8)) for a in range(16)]
        elif region.kind == "text":      # set text stays near its box's middle lines, not in its corners
            points = [((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1), (x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)]
        else:
            points = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        return not all(inside_shape(size, x, y, safe) for x, y in points)
    return x0 < safe - 1e-6 or y0 < safe - 1e-6 or x1 > size.width - safe + 1e-6 or y1 > size.height - safe + 1e-6


def _unused(project: Project, game: GameData, report: Report, drawn: set[str], read: dict[str, set]) -> None:
    # icons of the game's own layout file that no face draws and no aid or rules text names
    elsewhere = set()
    for path in sorted(game.directory.rglob("*.yaml")):
        try:   # by the project's rule (never a pipe, /dev/zero or a file outside it)
            elsewhere.update(ICON_REF.findall(read_input(project.root, path).decode("utf-8", "replace")))
        except DataError:
            continue
    for name in sorted(project.layouts.icons(game.id)):
        if name not in drawn and name not in elsewhere:
            file, line = project.layouts.origin(game.id, ("icons", name))
            report.findings.append(Finding("note", "unused-icon", game.id,
                                           f"icon '{name}' (layouts/{game.id}.yaml) is drawn on no card and "
                                           f"named in no text: remove it or use it", file=file, line=line))
    for deck in game.decks:
        named = {f for source in [deck.layout] + [c.layout or "" for c in deck.cards]
                 for _, f, _, _ in string.Formatter().parse(source) if f}
        for prop in deck.properties:
            if prop not in read[deck.deck] and prop not in named:
                report.findings.append(Finding(
                    "note", "unused-property", game.id, f"property '{prop}' is declared but no face shows it "
                    f"(fine if the rules, aids or scoring use it)", deck=deck.deck,
                    **_property_line(deck, prop, game)))

