"""Imposition: packed sheets (packing.py) drawn as pages. Drawn faces (PDF form XObjects) are
placed on their slots; a duplex sheet's fronts page is followed by its backs page, each back at
the mirror of its front for the flip edge; a fold sheet holds fronts and their mirrored backs on
one page, either side of a fold line; a single-sided sheet is one page. Crop marks are drawn
for filled slots only, and every page carries a small label in its margin (what, which sheet,
which side)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError

from ..model.model import Size
from ..model.sheets_file import SheetsFile
from ..card_layout.project import Project
from ..typeset.fonts import FontBook
from . import board
from .colophon import credits, set_title, stamp
from .ink import canvas_class
from .labels import draw_labels
from .packing import Piece, Sheet, lane, pack_all, tallest_sheets
from . import folding
from .cut_paths import draw_cut_paths, hexagon
from .sheet_options import SheetOptions
from .sheets import (MIN_MARK, Box, Frame, GridError, content, crop_marks, draw_marks, framed, label_room, make_frame,
                     reserve, trim_area)

Progress = Callable[[int], None]
def new_canvas(path: Path, options: SheetOptions, project: Project, title: str, lang: str,
               fonts: FontBook, game=None) -> Canvas:
    """A deterministic canvas (ReportLab invariant mode) whose default font is embedded too; with
    `game` (game.yaml), its credits as author and the build date as the PDF's dates."""
    options = options.for_language(project.sheets, lang)
    paper = project.sheets.papers[options.paper]
    initial = fonts.face(fonts.typography(lang).roles["body"]).name
    canvas = canvas_class(options.ink_saver)(str(path), pagesize=(paper.width * mm, paper.height * mm),
                                             invariant=1, pageCompression=1, lang=lang, initialFontName=initial)
    set_title(canvas, title)
    canvas.setCreator("pnp-studio")
    canvas.setAuthor("pnp-studio")
    canvas.setSubject(f"language: {lang}")
    if game is not None:
        stamp(canvas, project.root, credits(game) or None)
    return canvas


# ---------------------------------------------------------------- packing a file


class Layout:
    """Where a file's sheets go on its paper: frames per piece size, and for fold sheets the
    half of the page next to the fold. `turned`: the sheets on the paper turned a quarter (the
    fold-over version where that takes fewer sheets, best_pack); `upright` is the paper as named,
    for the instructions page."""

    def __init__(self, sheets: SheetsFile, options: SheetOptions, what: str = "card", turned: bool = False):
        self.options, self.what, self.turned = options, what, turned
        self.upright = sheets.papers[options.paper]
        self.sheets, self.paper_name = folding.turned(sheets, options.paper) if turned else (sheets, options.paper)
        self.paper = self.sheets.papers[self.paper_name]
        self.fold = folding.ACROSS[options.fold] if turned else options.fold   # on the page: "long", a line down it
        self.full = trim_area(self.sheets, self.paper)
        self._frames: dict[tuple, Frame] = {}

    def fold_area(self, gap: float) -> Box:
        """The fronts' half of a fold page: beside the fold, `gap` / 2 from it."""
        a = self.full
        if self.fold == "long":
            return Box(a.x0, a.y0, self.paper.width / 2 - gap / 2, a.y1)
        return Box(a.x0, self.paper.height / 2 + gap / 2, a.x1, a.y1)

    def fold_gap(self, size: Size | None = None, white: float | None = None, wide: bool = True) -> float:
        """The lane across the fold: the crop marks of both halves (`wide`: whole, and clear of the
        fold line), and the bleed of pieces that have one (a framed card's face stops inside its
        white frame: it needs none)."""
        marks = self.sheets.marks.offset + self.sheets.marks.length + (folding.CLEAR if wide else 0.0)
        white = self.sheets.frame if white is None else white
        return 2 * (marks if size is not None and framed(white, size) else self.options.bleed + marks)

    def frame(self, size: Size, kind: str = "single", grid: tuple | None = None, white: float | None = None) -> Frame:
        """Pieces of `size` on this layout's paper: as the paper fits them or in a deck's `grid`,
        with `white` mm of frame (None: sheets.yaml's)."""
        white = self.sheets.frame if white is None else white
        key = (size.width, size.height, size.shape, size.radius, kind, grid, white)
        if key not in self._frames:
            self._frames[key] = self._fold_frame(size, grid, white) if kind == "fold" else make_frame(
                self.sheets, self.paper_name, size, self.options.bleed, self.full, self.what, grid, white, fuller=True)
        return self._frames[key]

    def _fold_frame(self, size: Size, grid: tuple | None, white: float) -> Frame:
        """Beside the fold, the lane wide enough for whole marks clear of the fold line, or (where
        that holds fewer: three Letter columns) with marks 1 mm shorter, that stop at it."""
        found = []
        for wide in (True, False):
            area = self.fold_area(self.fold_gap(size, white, wide))
            try:
                found.append(make_frame(self.sheets, self.paper_name, size, self.options.bleed, area, self.what,
                                        grid, white))
            except BuildError as exc:
                failed = (area, exc)
        # the wide lane on a tie (max keeps the first)
        return max(found, key=lambda f: f.per_page) if found else self._fold_grid(size, *failed, grid, white)

    def _fold_grid(self, size: Size, area: Box, exc: BuildError, grid: tuple | None, white: float) -> Frame:
        """A deck's grid on the fold-over sheets, where half the page holds the fronts: its gap
        kept, as many of its columns and rows as the half holds (the grid is the designer's for
        cards.pdf; the fold-over version follows it as far as the paper lets it)."""
        if isinstance(exc, GridError) and exc.field in ("columns", "rows"):
            columns, rows, gap = grid
            try:
                free = make_frame(self.sheets, self.paper_name, size, self.options.bleed, area, self.what,
                                  (None, None, gap), white)
                fitted = (min(columns or free.cols.count, free.cols.count),
                          min(rows or free.rows.count, free.rows.count), gap)
                # the deck's grid still names the frame: its pieces share sheets as on cards.pdf
                return replace(make_frame(self.sheets, self.paper_name, size, self.options.bleed, area,
                                          self.what, fitted, white), grid=grid)
            except BuildError:
                pass
        message = f"{exc}, with its back beside the fold (--fold {self.options.fold})"
        if isinstance(exc, GridError):
            raise GridError(f"{message}; use --fold none, or a smaller gap", exc.field) from None
        raise BuildError(f"{message}; use --fold none or a larger paper") from None

    def pack(self, pieces: list[Piece]) -> list:
        """Sheets for the pieces, then the parts of each board (one page each) at the end."""
        tiles = [t for p in pieces if p.board for t in board.tiles(p, self.full, self.sheets.board_overlap)]
        return self._pack([p for p in pieces if not p.board]) + tiles

    def _pack(self, pieces: list[Piece]) -> list[Sheet]:
        kind = self.options.two_sided
        if kind == "fold":
            backed = [p for p in pieces if p.back]
            # the blocks stack in the lowest half any of them leaves
            height = min((self.frame(p.size, "fold", p.grid, p.frame).area.height for p in backed),
                         default=self.full.height)
            fold_sheets = pack_all(backed, lambda s, g, w: self.frame(s, "fold", g, w), height, "fold",
                                   self.options.deck_per_sheet)
            rest = pack_all([p for p in pieces if not p.back], self._single, self.full.height, None,
                            self.options.deck_per_sheet)
            return fold_sheets + rest
        return pack_all(pieces, self._single, self.full.height, kind, self.options.deck_per_sheet)

    def _single(self, size: Size, grid: tuple | None, white: float | None = None) -> Frame:
        return self.frame(size, "single", grid, white)


def page_count(sheets: list[Sheet]) -> int:
    return sum(2 if s.kind == "duplex" else 1 for s in sheets)


# ---------------------------------------------------------------- placing packed sheets


@dataclass(frozen=True)
class Placed:
    form: str
    box: Box                                          # the trim, mm, page coordinates
    size: Size
    bleed: tuple[float, float, float, float]          # own bleed left, bottom, right, top (mm)
    frame: float = 0.0                                # mm of white inside a rectangular trim


@dataclass(frozen=True)
class Marked:
    """One block's crop marks: its trims, how far the marks may go, its pieces' bleed."""
    boxes: list[Box]
    room: Box
    bleed: float
    shaped: bool                                      # round or hexagonal: cut lines, no crop marks
    shortest: float = MIN_MARK                        # its marks' least length (sheets.py)


@dataclass
class Page:
    placed: list[Placed]
    blocks: list[Marked]


SCISSORS = 1.0     # mm of bare paper between two round or hexagonal pieces' bleeds: where scissors go


def _own_bleed(block, col: int, row: int, has) -> tuple[float, float, float, float]:
    """How far a slot's art reaches past each trim edge: its full bleed towards an empty slot or
    the block's edge, half the gutter towards a neighbour (less SCISSORS for pieces cut one by
    one: two bleeds that touch leave nowhere to cut), nothing where neighbours touch."""
    frame = block.frame
    apart = SCISSORS if block.size.shape != "rect" else 0.0

    def side(neighbour, gutter):
        if not has(neighbour):
            return frame.bleed
        return max(0.0, min(frame.bleed, (gutter - apart) / 2))
    return (side((col - 1, row), frame.cols.gutter), side((col, row + 1), block.row_gutter),
            side((col + 1, row), frame.cols.gutter), side((col, row - 1), block.row_gutter))


def lay_out(layout: Layout, sheet: Sheet, backs: bool = False, tallest: float | None = None) -> Page:
    """The fronts (or, `backs`, the back faces, unmirrored) of a sheet at their page positions;
    `tallest`: the height of the tallest sheet of the same first frame in the file (tallest_sheets)."""
    paper, margin = layout.paper, layout.sheets.margin
    printed = content(paper)
    # a fold sheet's pieces keep to their half: beside the fold, their own lane's half from it
    area = sheet.blocks[0].frame.area if sheet.kind == "fold" else layout.full
    heights = [b.height() for b in sheet.blocks]
    total = sum(heights) + sum(lane(b.frame) for b in sheet.blocks[1:])
    if sheet.kind == "fold" and layout.fold == "short":
        top = area.y0 + total                      # against the fold
    else:
        # centred as the file's tallest sheet of its first size is (a part-filled last sheet keeps
        # its pieces where the full sheets have theirs; a sheet of its own is centred whole: the
        # blank is shared by both ends' marks and labels), below the label and above the shortest
        # mark; where the paper holds both, centred between the shortest marks (the labels turn)
        full = max(total, tallest or 0.0)
        centred = (printed.y1 + printed.y0 + full) / 2
        lowest = printed.y0 + reserve(layout.sheets) + full
        highest = printed.y1 - label_room(layout.sheets)
        if highest < lowest - 1e-9:
            highest = printed.y1 - reserve(layout.sheets)
        top = max(min(centred, highest), lowest)
        if sheet.blocks[0].frame.shortest < MIN_MARK:   # a grid that fills the paper (a designer's 3 × 3
            top = centred                               # on Letter): centred, its marks alike at both ends
    page = Page([], [])
    room_top = printed.y1 - margin
    for index, block in enumerate(sheet.blocks):
        frame, size = block.frame, block.size
        width = frame.cols.span(size.width)
        if sheet.kind == "fold" and layout.fold == "long":
            left = frame.area.x1 - width                 # against the fold
        else:
            left = area.x0 + (area.width - width) / 2
        bottom = top - heights[index]
        last = index == len(sheet.blocks) - 1
        room_bottom = printed.y0 + margin if last else bottom - lane(frame) / 2
        if last and sheet.kind == "fold" and layout.fold == "short":    # marks stop short of the fold line
            room_bottom = paper.height / 2 + folding.CLEAR
        filled = {slot: p for slot, p in block.slots.items() if (p.back if backs else p.front)}
        boxes = []
        shift = block.row_shifts()
        for (col, row), piece in sorted(filled.items(), key=lambda s: (s[0][1], s[0][0])):
            x = left + shift.get(row, 0.0) + col * (size.width + frame.cols.gutter)
            y1 = top - row * (size.height + block.row_gutter)
            box = Box(x, y1 - size.height, x + size.width, y1)
            boxes.append(box)
            page.placed.append(Placed(piece.back if backs else piece.front, box, size,
                                      _own_bleed(block, col, row, filled.__contains__),
                                      frame.white if frame.framed else 0.0))
        right_room = paper.width / 2 - folding.CLEAR if sheet.kind == "fold" and layout.fold == "long" \
            else printed.x1 - margin
        page.blocks.append(Marked(boxes, Box(printed.x0 + margin, room_bottom, right_room, room_top), frame.bleed,
                                  size.shape != "rect", frame.shortest))
        room_top = bottom - lane(frame) / 2
        top = bottom - lane(frame)
    return page


def mirrored(page: Page, width: float, height: float, edge: str, offset=(0.0, 0.0)) -> Page:
    """The page seen from the other side of the sheet: flipped on the long (left-right) or short
    (top-bottom) edge, then shifted by the duplex correction."""
    dx, dy = offset

    def flip(b: Box) -> Box:
        if edge == "long":
            return Box(width - b.x1 + dx, b.y0 + dy, width - b.x0 + dx, b.y1 + dy)
        return Box(b.x0 + dx, height - b.y1 + dy, b.x1 + dx, height - b.y0 + dy)

    def sides(bleed):
        left, bottom, right, top = bleed
        return (right, bottom, left, top) if edge == "long" else (left, top, right, bottom)
    return Page([Placed(p.form, flip(p.box), p.size, sides(p.bleed), p.frame) for p in page.placed],
                [replace(m, boxes=[flip(b) for b in m.boxes], room=flip(m.room)) for m in page.blocks])


# ---------------------------------------------------------------- drawing


Labeller = Callable[[int, str, Sheet], tuple[str, str]]   # (sheet index, side) -> (top line, bottom line)


def draw_page(canvas: Canvas, layout: Layout, pages: list[Page], labels: tuple[str, str] | None,
              label_font: str | None, fold_line: bool = False, cut_paths: bool = True) -> None:
    """Faces, cut paths of shaped pieces (not on a backs page: one cuts from the front), crop
    marks, the label, the page boxes."""
    marks = []
    for page in pages:
        for placed in page.placed:
            _place(canvas, placed)
        if cut_paths:
            draw_cut_paths(canvas, [(p.box, p.size) for p in page.placed])
        for block in page.blocks:
            if not block.shaped:
                marks += crop_marks(block.boxes, block.room, block.bleed, layout.sheets.marks, block.shortest)
    bleed = max((max(p.bleed) for page in pages for p in page.placed), default=0.0)
    if fold_line:
        folding.draw_fold_line(canvas, layout.paper, layout.sheets.margin, layout.fold)
    draw_marks(canvas, marks, layout.sheets.marks.line_width)
    placed = [p for page in pages for p in page.placed]
    if labels and label_font and placed:
        # the labels keep clear of the fold line as of a mark
        fold = [folding.fold_mark(layout.paper, layout.fold)] if fold_line else []
        draw_labels(canvas, labels, layout.paper, layout.sheets.margin, marks + fold, placed, bleed, label_font)
    trims = [p.box for p in placed] or [layout.full]
    trim = Box(min(b.x0 for b in trims), min(b.y0 for b in trims), max(b.x1 for b in trims), max(b.y1 for b in trims))
    canvas.setTrimBox((trim.x0 * mm, trim.y0 * mm, trim.x1 * mm, trim.y1 * mm))
    canvas.setBleedBox(((trim.x0 - bleed) * mm, (trim.y0 - bleed) * mm, (trim.x1 + bleed) * mm,
                        (trim.y1 + bleed) * mm))
    canvas.showPage()


def _place(canvas: Canvas, placed: Placed) -> None:
    """Draw a rendered face in its slot, clipped to its trim plus its own bleed: a rectangle's
    inside its white frame, a round or hexagonal piece's to its own shape grown by its bleed
    (its neighbours' bleed never reaches it)."""
    box, (left, bottom, right, top), frame = placed.box, placed.bleed, placed.frame
    canvas.saveState()
    path = canvas.beginPath()
    if placed.size.shape == "rect" and frame > 0:
        path.rect((box.x0 + frame) * mm, (box.y0 + frame) * mm, (box.width - 2 * frame) * mm,
                  (box.height - 2 * frame) * mm)
    elif placed.size.shape == "round":
        grow = min(placed.bleed)
        path.ellipse((box.x0 - grow) * mm, (box.y0 - grow) * mm, (box.width + 2 * grow) * mm,
                     (box.height + 2 * grow) * mm)
    elif placed.size.shape == "hex":
        grow = min(placed.bleed)
        corners = hexagon(Box(box.x0 - grow, box.y0 - grow, box.x1 + grow, box.y1 + grow))
        path.moveTo(corners[0][0] * mm, corners[0][1] * mm)
        for x, y in corners[1:]:
            path.lineTo(x * mm, y * mm)
        path.close()
    else:
        path.rect((box.x0 - left) * mm, (box.y0 - bottom) * mm, (box.width + left + right) * mm,
                  (box.height + bottom + top) * mm)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.translate(box.x0 * mm, box.y0 * mm)
    canvas.doForm(placed.form)
    canvas.restoreState()


def draw_sheets(canvas: Canvas, layout: Layout, sheets: list[Sheet], labeller: Labeller | None = None,
                label_font: str | None = None, progress: Progress = lambda n: None) -> int:
    """Draw packed sheets; return the page count."""
    options, paper = layout.options, layout.paper
    tallest = tallest_sheets(sheets)
    pages = 0
    for index, sheet in enumerate(sheets):
        canvas.setPageSize((paper.width * mm, paper.height * mm))    # turned: after the upright instructions
        if sheet.kind == "board":
            board.draw_tile(canvas, sheet, layout.full, layout.sheets.board_overlap, options.bleed, layout.sheets,
                            paper, labeller and labeller(index, "board", sheet), label_font)
            pages += 1
            progress(1)
            continue
        full = tallest.get(id(sheet))
        fronts = lay_out(layout, sheet, tallest=full)
        if sheet.kind == "fold":
            back = mirrored(lay_out(layout, sheet, backs=True, tallest=full), paper.width, paper.height, layout.fold)
            draw_page(canvas, layout, [fronts, back], labeller and labeller(index, "fold", sheet), label_font,
                      fold_line=True)
        else:
            side = "fronts" if sheet.kind == "duplex" else "single"
            draw_page(canvas, layout, [fronts], labeller and labeller(index, side, sheet), label_font)
        pages += 1
        progress(1)
        if sheet.kind == "duplex":
            back = mirrored(lay_out(layout, sheet, backs=True, tallest=full), paper.width, paper.height, options.duplex,
                            options.back_offset)
            draw_page(canvas, layout, [back], labeller and labeller(index, "backs", sheet), label_font,
                      cut_paths=False)
            pages += 1
            progress(1)
    return pages
