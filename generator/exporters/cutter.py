"""`pnp export cutter --machine NAME`: print sheets laid out for a home cutting machine, and its
cut files (SVG and/or DXF, in mm, the sheet's own size) per sheet, from the same face drawing as cards.pdf.

Per piece size (pieces of different shapes never share a sheet): `<size>.pdf`, each sheet's
fronts page with the machine's marks (paper/cutter.py), then its backs page where pieces have
backs, mirrored for a flip over the sheet's left or right side and without marks; `<size>-NN.svg`
and/or `<size>-NN.dxf` (the machine file's `cut_files`; cutter_dxf.py), one closed outline per
piece, in the same frame as the marks; for a machine whose software prints
the sheet itself (Cricut), `<size>-NN.png` and `<size>-NN-backs.png` to upload; and
`how-to-cut.pdf`, the machine's guide in the export's language.
"""
from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from datafile.errors import BuildError

from ..model.cutters import Cutter
from ..reading.i18n import Translator
from ..model.model import Card, Deck, Size
from ..card_layout.project import GameData, Project
from ..paper.canvas import CompactCanvas
from ..paper.cutter import CutLayout, Rect, layout
from ..card_face.face import FaceRenderer
from ..paper.output import Staging
from ..card_face.shapes import corners
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.text import decimal, typeset
from .cutter_dxf import cut_dxf
from .faces import Face, _draw, rasterise


def size_key(deck: Deck, size: Size) -> str:
    if isinstance(deck.size, str):
        return deck.size
    return f"{size.width:g}x{size.height:g}{'' if size.shape == 'rect' else '-' + size.shape}"


def export_cutter(project: Project, game: GameData, lang: str, out: Path, staging: Staging, cutter: Cutter,
                  allow_missing: bool = False, decks: list[Deck] | None = None,
                  cards: set[str] | None = None, paper: str | None = None) -> list[Path]:
    """Write the machine's sheets, cut files and guide for `lang` on `paper` (None: the
    language's, as a build chooses it); return the files written."""
    paper = project.sheets.papers[paper or project.sheets.paper_for(lang)]
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons, base=game.directory)
    labels = Translator(project.root, lang, allow_missing)
    targets: list[Path] = []
    counts: list[tuple[Size, int, int]] = []     # per piece size: sheets, pieces per sheet
    any_backs = False
    for key, plan, sheets in cut_sheets(project, game, cutter, paper, decks, cards):
        counts.append((plan.size, len(sheets), plan.per_sheet))
        pdf = out / f"{key}.pdf"
        page_kinds = _draw_sheets(project, game, lang, staging.temporary(pdf), plan, sheets, fonts, renderer,
                                  labels, cutter)
        any_backs |= "backs" in page_kinds
        targets.append(pdf)
        for n, sheet in enumerate(sheets, 1):
            for kind in cutter.cut_files:     # the formats the machine's software opens
                cut = out / f"{key}-{n:02d}.{kind}"
                if kind == "svg":
                    staging.temporary(cut).write_text(cut_svg(plan, len(sheet), cutter), encoding="utf-8")
                else:
                    staging.temporary(cut).write_bytes(cut_dxf(plan, len(sheet)))
                targets.append(cut)
        if cutter.raster_dpi:
            targets += _raster(staging.temporary(pdf), out, key, page_kinds, staging, cutter.raster_dpi)
    guide = out / "how-to-cut.pdf"
    write_guide(paper, fonts, lang, staging.temporary(guide), cutter, game.game.name.get(lang), counts, any_backs)
    return targets + [guide]


def cut_sheets(project: Project, game: GameData, cutter: Cutter, paper, decks: list[Deck] | None = None,
               cards: set[str] | None = None) -> list[tuple[str, CutLayout, list[list[tuple[Deck, Card]]]]]:
    """Per piece size: its files' name, its layout on `paper` (a sheets.yaml paper) and the
    pieces of each of its sheets, as the export writes them."""
    groups: dict[str, list[tuple[Deck, Card]]] = {}
    sizes: dict[str, Size] = {}
    for deck in decks if decks is not None else game.decks:
        if deck.component != "cards":
            continue
        size = project.size_of(deck)
        key = size_key(deck, size)
        sizes[key] = size
        for card in deck.cards:
            if cards is None or card.id in cards:
                groups.setdefault(key, []).extend([(deck, card)] * card.copies)
    found = []
    for key, pieces in groups.items():
        plan = layout(cutter, sizes[key], (paper.width, paper.height))
        found.append((key, plan, [pieces[i:i + plan.per_sheet] for i in range(0, len(pieces), plan.per_sheet)]))
    return found


def _draw_sheets(project, game, lang, path: Path, plan: CutLayout, sheets, fonts, renderer, labels,
                 cutter: Cutter) -> list[str]:
    """Write the sheets PDF; return each page's kind ('fronts' or 'backs') in order."""
    initial = fonts.face(fonts.typography(lang).roles["body"]).name
    canvas = CompactCanvas(str(path), invariant=1, pageCompression=1, lang=lang, initialFontName=initial)
    canvas.setCreator("pnp-studio")
    canvas.setTitle(f"{game.game.name.get(lang)} — {cutter.name}")
    W, H = plan.page
    drawn: set[str] = set()
    kinds = []

    def form(deck: Deck, card: Card | None, of: Card | None = None) -> str:
        """The form of a card's front, or (card None) of its deck's back, or of the back of `of`."""
        face = Face(deck, card, plan.size, 0, of)
        name = f"{deck.deck}.{face.key}"
        if name not in drawn:
            drawn.add(name)
            _draw(canvas, project, game, deck, card, lang, labels, renderer, plan.size, plan.bleed, name, face, None)
        return name

    def place(name: str, trim: Rect) -> None:
        canvas.saveState()
        canvas.translate(trim.x0 * mm, (H - trim.y1) * mm)    # y upwards from the page's bottom
        canvas.doForm(name)
        canvas.restoreState()

    for sheet in sheets:
        canvas.setPageSize((W * mm, H * mm))
        names = [form(deck, card) for deck, card in sheet]
        for name, trim in zip(names, plan.slots):
            place(name, trim)
        canvas.setFillColorRGB(0, 0, 0)
        for stroke in plan.marks:
            r = stroke.rect
            canvas.rect(r.x0 * mm, (H - r.y1) * mm, (r.x1 - r.x0) * mm, (r.y1 - r.y0) * mm, stroke=0, fill=1)
        canvas.showPage()
        kinds.append("fronts")
        if any(deck.printed_back for deck, _ in sheet):
            canvas.setPageSize((W * mm, H * mm))
            for (deck, card), trim in zip(sheet, plan.slots):
                if deck.printed_back:   # at the mirror of its front: the sheet turns over its left or right side
                    own = card if project.back_per_card(deck) else None    # the card's own back
                    place(form(deck, None, own), Rect(W - trim.x1, trim.y0, W - trim.x0, trim.y1))
            canvas.showPage()
            kinds.append("backs")
    canvas.save()
    return kinds


def _raster(pdf: Path, out: Path, key: str, kinds: list[str], staging: Staging, dpi: float) -> list[Path]:
    targets, n = [], 0
    for index, image in rasterise(pdf, dpi=dpi):
        n += kinds[index] == "fronts"
        target = out / f"{key}-{n:02d}{'-backs' if kinds[index] == 'backs' else ''}.png"
        image.save(staging.temporary(target), format="PNG", dpi=(dpi, dpi))
        targets.append(target)
    return targets


# ---------------------------------------------------------------- cut files


def _n(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def outline(size: Size, trim: Rect) -> str:
    """The SVG path of one piece's trim (mm, y downwards): a rounded rectangle with the size's
    corner radius, a circle, or a flat-topped hexagon."""
    x0, y0, x1, y1 = trim.x0, trim.y0, trim.x1, trim.y1
    if size.shape == "round":
        r, cx, cy = (x1 - x0) / 2, (x0 + x1) / 2, (y0 + y1) / 2
        return (f"M{_n(cx - r)} {_n(cy)}A{_n(r)} {_n(r)} 0 1 0 {_n(cx + r)} {_n(cy)}"
                f"A{_n(r)} {_n(r)} 0 1 0 {_n(cx - r)} {_n(cy)}Z")
    if size.shape == "hex":
        points = corners("hexagon", x1 - x0, y1 - y0)
        return "M" + "L".join(f"{_n(x0 + px)} {_n(y0 + py)}" for px, py in points) + "Z"
    r = min(size.radius, (x1 - x0) / 2, (y1 - y0) / 2)
    if r <= 0:
        return f"M{_n(x0)} {_n(y0)}H{_n(x1)}V{_n(y1)}H{_n(x0)}Z"
    a = f"A{_n(r)} {_n(r)} 0 0 1 "
    return (f"M{_n(x0 + r)} {_n(y0)}H{_n(x1 - r)}{a}{_n(x1)} {_n(y0 + r)}V{_n(y1 - r)}{a}{_n(x1 - r)} {_n(y1)}"
            f"H{_n(x0 + r)}{a}{_n(x0)} {_n(y1 - r)}V{_n(y0 + r)}{a}{_n(x0 + r)} {_n(y0)}Z")


def cut_svg(plan: CutLayout, count: int, cutter: Cutter) -> str:
    """The cut file of a sheet holding `count` pieces: the sheet's size in mm, one path per piece
    on a layer named Cut; the marks, when the machine's file asks, on a layer named Regmarks."""
    W, H = plan.page
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
             f'width="{_n(W)}mm" height="{_n(H)}mm" viewBox="0 0 {_n(W)} {_n(H)}">']
    if cutter.svg_marks and plan.marks:
        lines.append('<g id="regmarks" inkscape:groupmode="layer" inkscape:label="Regmarks" fill="#000000">')
        for s in plan.marks:
            r = s.rect
            lines.append(f'<rect x="{_n(r.x0)}" y="{_n(r.y0)}" width="{_n(r.x1 - r.x0)}" height="{_n(r.y1 - r.y0)}"/>')
        lines.append("</g>")
    lines += [cut_layer(plan, count, cutter), "</svg>", ""]
    return "\n".join(lines)


def cut_layer(plan: CutLayout, count: int, cutter: Cutter, stroke_width: str = "0.1") -> str:
    """The layer named Cut of a sheet holding `count` pieces: one path per piece."""
    lines = [f'<g id="cut" inkscape:groupmode="layer" inkscape:label="Cut" fill="none" '
             f'stroke="{cutter.cut_colour}" stroke-width="{stroke_width}">']
    for i, trim in enumerate(plan.slots[:count], 1):
        lines.append(f'<path id="piece-{i}" d="{outline(plan.size, trim)}"/>')
    return "\n".join(lines + ["</g>"])


# ---------------------------------------------------------------- the guide


def write_guide(paper, fonts: FontBook, lang: str, path: Path, cutter: Cutter, game_name: str,
                counts: list[tuple[Size, int, int]], backs: bool) -> None:
    """One page in the export's language (English where the machine's file has no guide in it):
    the sheets to print, then the machine's steps, settings and, where pieces have backs, duplex."""
    guide = cutter.guide.get(lang) or cutter.guide.get("en") or next(iter(cutter.guide.values()))

    def mm_(v: float) -> str:
        return decimal(f"{v:g}", lang)

    try:
        lines = [guide.sheets.format(what=guide.shapes[size.shape].format(width=mm_(size.width), height=mm_(size.height)),
                                     count=count, per_sheet=per) for size, count, per in counts]
    except (KeyError, IndexError, ValueError) as exc:
        raise BuildError(f"layouts/cutters: the guide's sheets or shapes line in {lang} uses an unknown "
                         f"placeholder ({exc}); use {{what}}, {{count}}, {{per_sheet}}, {{width}}, {{height}}") from None
    typo = fonts.typography(lang)
    font, bold = fonts.face(typo.roles["ui"]).name, fonts.face(typo.roles["ui"], bold=True).name
    wrap = "CJK" if typo.cjk else None
    cls = KinsokuParagraph if typo.cjk else Paragraph
    styles = {
        "title": ParagraphStyle("c-title", fontName=bold, fontSize=17, leading=21, wordWrap=wrap, spaceAfter=4),
        "lead": ParagraphStyle("c-lead", fontName=font, fontSize=10, leading=13, wordWrap=wrap, spaceAfter=10),
        "sheet": ParagraphStyle("c-sheet", fontName=font, fontSize=10, leading=13.5, wordWrap=wrap, spaceAfter=2),
        "last": ParagraphStyle("c-last", fontName=font, fontSize=10, leading=13.5, wordWrap=wrap, spaceAfter=12),
        "step": ParagraphStyle("c-step", fontName=font, fontSize=10, leading=13.5, wordWrap=wrap, leftIndent=16,
                               bulletFontName=bold, spaceBefore=0, spaceAfter=5),
        "body": ParagraphStyle("c-body", fontName=font, fontSize=10, leading=13.5, wordWrap=wrap, spaceBefore=6,
                               spaceAfter=5),
    }
    canvas = CompactCanvas(str(path), pagesize=(paper.width * mm, paper.height * mm), invariant=1,
                           pageCompression=1, lang=lang, initialFontName=font)
    canvas.setCreator("pnp-studio")
    canvas.setTitle(f"{game_name} — {guide.title}")
    left, right, y = 20 * mm, (min(paper.width, 210) - 20) * mm, (paper.height - 20) * mm
    blocks = [(guide.title, "title", None), (f"{game_name} · {cutter.name}", "lead", None)]
    blocks += [(line, "sheet", None) for line in lines[:-1]] + [(line, "last", None) for line in lines[-1:]]
    blocks += [(step, "step", f"{i}.") for i, step in enumerate(guide.steps, 1)]
    blocks += [(guide.settings, "body", None)] + ([(guide.backs, "body", None)] if backs else [])
    for text, style, bullet in blocks:
        para = cls(escape(typeset(text, lang)), styles[style])
        if bullet:
            para.bulletText = bullet
        _, h = para.wrap(right - left, y)
        y -= styles[style].spaceBefore + h
        para.drawOn(canvas, left, y)
        y -= styles[style].spaceAfter
    canvas.showPage()
    canvas.save()
