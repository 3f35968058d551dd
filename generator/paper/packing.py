"""Packing: which piece goes in which slot of which sheet.

A sheet holds one rectangle size (a block: a grid of one frame), so every cut line runs across
the whole sheet; round and hexagonal pieces, cut one by one, may stack blocks of several sizes,
a lane between blocks leaving room for both blocks' own bleed. Pieces fill a block in deck order; on an axis where the paper
leaves no gutter, a piece may only touch a neighbour with the same edge colours (front and
back): otherwise its slot is left empty and it takes the next one, so no cut line ever has two
colours on its sides. A deck that sets its own grid (`sheet:`) has sheets of its own, shared only
with decks of the same grid and size.

`pack_all` makes the sheets of a whole file: duplex sheets for pieces with a back, then
single-sided sheets for those without: two print jobs, never a one-sided piece on a duplex sheet.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal

from ..model.model import Size
from .sheets import Frame

Kind = Literal["duplex", "single", "fold"]


@dataclass(frozen=True)
class Piece:
    """One physical piece: its front and back faces (form names) and what their edges show."""
    front: str
    back: str | None
    size: Size
    front_key: object = None     # the front's edge colour(s); None: like no other piece
    back_key: object = None
    deck: str = ""
    board: bool = False          # larger than the paper: printed in parts (board.py), not packed
    grid: tuple | None = None    # its deck's own sheet grid (columns, rows, gap): sheets of their own
    frame: float | None = None   # its deck's white frame in mm (None: sheets.yaml's): blocks of their own

    def may_touch(self, other: "Piece") -> bool:
        if self.front_key is None or self.front_key != other.front_key:
            return False
        if self.back and other.back:
            return self.back_key is not None and self.back_key == other.back_key
        return True        # a piece without a back leaves its back slot empty: nothing to clash with


def size_key(size: Size) -> tuple:
    return (size.width, size.height, size.shape, size.radius)


@dataclass
class Block:
    frame: Frame
    rows: int                                   # rows this block may use on its sheet
    slots: dict[tuple[int, int], Piece] = field(default_factory=dict)
    cursor: int = 0

    def __post_init__(self):
        self.row_gutter = self.frame.rows.gutter  # may be narrowed to make room for the next block
        self.placed: list[Piece] = []
        self.order = self._order(self.rows)

    def _order(self, rows: int) -> list[tuple[int, int]]:
        cols = self.frame.cols.count
        # touching rows of unframed faces: fill column by column, so a change of colour costs one
        # slot, not a row (framed faces may touch anything: row by row)
        if self.frame.rows.tight and not self.frame.framed:
            return [(c, r) for c in range(cols) for r in range(rows)]
        return [(c, r) for r in range(rows) for c in range(cols)]

    @property
    def size(self) -> Size:
        return self.frame.size

    def holds(self, piece: Piece) -> bool:
        """Of this block's kind: its size, its deck's grid (or none) and white frame."""
        white = self.frame.sheets.frame if piece.frame is None else piece.frame
        return size_key(self.size) == size_key(piece.size) and self.frame.grid == piece.grid \
            and self.frame.white == white

    def place(self, piece: Piece) -> bool:
        """Put `piece` in the next slot it may take; False when the block is full."""
        while self.cursor < len(self.order):
            col, row = self.order[self.cursor]
            self.cursor += 1
            if self._allowed(piece, col, row):
                self.slots[(col, row)] = piece
                self.placed.append(piece)
                return True
        return False

    def _allowed(self, piece: Piece, col: int, row: int) -> bool:
        if self.frame.framed:
            return True       # white frames: any two neighbours share a white cut
        near = []
        if self.frame.cols.tight:
            near += [(col - 1, row), (col + 1, row)]
        if self.frame.rows.tight:
            near += [(col, row - 1), (col, row + 1)]
        return all(piece.may_touch(self.slots[n]) for n in near if n in self.slots)

    def close(self) -> None:
        """Keep as few rows as hold its pieces (filled column by column, they may be fewer than
        the rows used so far): the space below goes to the next block."""
        pieces, cols = self.placed, self.frame.cols.count
        for rows in range(max(1, -(-len(pieces) // cols)), self.used_rows):
            trial = Block(self.frame, rows)
            if all(trial.place(p) for p in pieces):
                self.slots, self.order, self.cursor, self.rows = trial.slots, trial.order, trial.cursor, rows
                break
        self.rows = self.used_rows
        self.order = [(c, r) for c, r in self.order if r < self.rows]
        self.cursor = min(self.cursor, len(self.order))

    def row_shifts(self) -> dict[int, float]:
        """mm a part-filled row of round or hexagonal pieces moves right to sit centred in the
        block (they are cut one by one: no cut runs on from the row above); rectangles keep
        their columns, whose cuts they share."""
        if self.size.shape == "rect":
            return {}
        cols, pitch = self.frame.cols.count, self.size.width + self.frame.cols.gutter
        rows: dict[int, list[int]] = {}
        for col, row in self.slots:
            rows.setdefault(row, []).append(col)
        return {row: (cols - len(used)) * pitch / 2 for row, used in rows.items()
                if sorted(used) == list(range(len(used))) and len(used) < cols}

    @property
    def used_rows(self) -> int:
        return max((row for _col, row in self.slots), default=-1) + 1

    def height(self, gutter: float | None = None) -> float:
        rows, g = self.used_rows, self.row_gutter if gutter is None else gutter
        return rows * self.size.height + max(rows - 1, 0) * g


@dataclass
class Sheet:
    kind: Kind
    room: float                                   # mm of height left for more blocks
    blocks: list[Block] = field(default_factory=list)

    @property
    def pieces(self) -> list[Piece]:
        return [p for block in self.blocks for _slot, p in sorted(block.slots.items(), key=lambda s: (s[0][1], s[0][0]))]


def lane(frame: Frame) -> float:
    """mm between blocks of two sizes: each side's bleed (their crop marks lie over it, as at a
    paper edge with no room, on a white halo)."""
    return 2 * max(frame.bleed, frame.sheets.marks.offset + frame.sheets.marks.length)


class Packer:
    """Fills sheets of one kind with pieces in order (see the module's docstring)."""

    def __init__(self, kind: Kind, frame_for: Callable[[Size, tuple | None, float | None], Frame], height: float,
                 new_sheet_per_deck=False):
        self.kind, self.frame_for, self.height = kind, frame_for, height
        self.per_deck = new_sheet_per_deck
        self.sheets: list[Sheet] = []
        self._deck: str | None = None

    def add(self, piece: Piece) -> None:
        sheet = self.sheets[-1] if self.sheets else None
        if sheet is not None and self.per_deck and piece.deck != self._deck:
            sheet = None
        self._deck = piece.deck
        block = sheet.blocks[-1] if sheet and sheet.blocks else None
        if block is not None and block.holds(piece) and block.place(piece):
            return
        # one rectangle size per sheet, so every cut line runs across it; round and hexagonal
        # pieces are cut one by one, and tokens of two sizes may share a sheet, unless a deck
        # set its own grid: that grid is the whole sheet
        shaped = block is not None and block.size.shape != "rect" and piece.size.shape != "rect" \
            and block.frame.grid is None and piece.grid is None
        if sheet is not None and (not sheet.blocks or shaped) and self._open_block(sheet, piece):
            return
        sheet = Sheet(self.kind, self.height)
        self.sheets.append(sheet)
        if not self._open_block(sheet, piece):
            raise AssertionError("a frame always holds one piece")   # make_frame refused it before

    def _open_block(self, sheet: Sheet, piece: Piece) -> bool:
        frame = self.frame_for(piece.size, piece.grid, piece.frame)
        last = sheet.blocks[-1] if sheet.blocks else None
        if last is not None:
            last.close()
        rows, gutter = self._rows_below(sheet, last, frame)
        if rows < 1 and last is not None and last.row_gutter > frame.sheets.min_gutter:
            # the narrowest gutter the block above may have, if that makes room for this one
            rows, gutter = self._rows_below(sheet, last, frame, frame.sheets.min_gutter)
        if rows < 1:
            return False
        block = Block(frame, rows)
        block.place(piece)
        if last is not None:
            last.row_gutter = gutter
            sheet.room -= last.height() + lane(frame)
        sheet.blocks.append(block)
        return True

    @staticmethod
    def _rows_below(sheet: Sheet, last: Block | None, frame: Frame, gutter: float | None = None):
        """(rows of `frame` that fit below the sheet's last block, that block's row gutter)."""
        if last is None:
            return frame.rows_in(sheet.room), None
        g = last.row_gutter if gutter is None else min(gutter, last.row_gutter)
        return frame.rows_in(sheet.room - last.height(g) - lane(frame)), g

    def finish(self) -> None:
        """Close the last block as every earlier one was closed when the next opened: the last
        sheet's pieces then take as few rows as hold them (three Plazas of three colours took a
        row each, two rows apart, where one row holds them)."""
        if self.sheets and self.sheets[-1].blocks:
            self.sheets[-1].blocks[-1].close()


def order_by_edges(pieces: list[Piece]) -> list[Piece]:
    """Pieces grouped by size (and grid), then by edge colours, each group where its first piece
    was: cards that may touch come together (and a deck's expansion cards join its base cards)."""
    groups: dict[tuple, list[Piece]] = {}
    for piece in pieces:
        groups.setdefault(((size_key(piece.size), piece.grid, piece.frame), repr(piece.front_key),
                           repr(piece.back_key)),
                          []).append(piece)
    by_size: dict[tuple, list[Piece]] = {}
    for (size, *_rest), members in groups.items():
        by_size.setdefault(size, []).extend(members)
    return [p for members in by_size.values() for p in members]


def pack_all(pieces: list[Piece], frame_for: Callable[[Size, tuple | None, float | None], Frame], height: float,
             two_sided: Kind | None, per_deck: bool = False) -> list[Sheet]:
    """The sheets of a file: two-sided sheets (`duplex` or `fold`) for pieces with a back, then
    single-sided ones; without `two_sided` every piece goes onto single-sided sheets, fronts only."""
    if not per_deck:
        pieces = order_by_edges(pieces)
    backed = [p for p in pieces if p.back] if two_sided else []
    rest = [p for p in pieces if not p.back] if two_sided else pieces
    sheets: list[Sheet] = []
    if backed:
        packer = Packer(two_sided, frame_for, height, per_deck)
        for piece in backed:
            packer.add(piece)
        packer.finish()
        sheets += packer.sheets
    if rest:
        packer = Packer("single", frame_for, height, per_deck)
        for piece in rest:
            packer.add(piece)
        packer.finish()
        sheets += packer.sheets
    return sheets


def tallest_sheets(sheets: list[Sheet]) -> dict[int, float]:
    """Per sheet (by id), the height of the tallest sheet of its print job (duplex, fold or one
    side) whose first block has its frame: such sheets are cut alike, at their full sheets'
    centred position; a sheet alone of its kind is centred whole."""
    def key(sheet: Sheet) -> tuple:
        return sheet.kind, id(sheet.blocks[0].frame)
    heights: dict[tuple, float] = {}
    for sheet in sheets:
        if sheet.kind != "board" and sheet.blocks:
            total = sum(b.height() for b in sheet.blocks) + sum(lane(b.frame) for b in sheet.blocks[1:])
            heights[key(sheet)] = max(heights.get(key(sheet), 0.0), total)
    return {id(s): heights[key(s)] for s in sheets if s.kind != "board" and s.blocks}
