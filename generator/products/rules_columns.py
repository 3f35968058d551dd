"""The rules' columns as a book sets them, so that no column but the story's last ends with a
blank strip (issue 50: a figure pushed to the next column had left two thirds of one blank).

- A figure (a flowable with `floats`) that does not fit in what is left of a column is drawn a
  little smaller (down to 85 %) if that makes it fit; if not, it waits: the text after it fills
  the column, and the figure opens the next one, before the rest.
- A column that ends early (the next heading with its first lines, or the next card of the
  index, does not fit in what is left) is set flush bottom: what is left is spread over the gaps
  between its blocks, mostly before headings and figures, never between a heading and its text.
  A column's blocks are measured as ReportLab places them and drawn once the column is done.
"""
from __future__ import annotations

import copy

from reportlab.platypus import ActionFlowable, BaseDocTemplate, Flowable, Frame

STRETCH = 10.0       # pt at most added to a gap of weight 1 (before a heading or a figure: 3)


class EndOfStory(ActionFlowable):
    """The story's last item: figures still waiting for a column are set before it."""

    def apply(self, doc) -> None:
        pass


class Column(Frame):
    """A frame that notes where each block goes (`placed`) instead of drawing it at once."""

    def _add(self, flowable: Flowable, canv, trySplit=0):
        spot: list[tuple] = []
        flowable.drawOn = lambda _canvas, x, y, _sW=0: spot.append((x, y, _sW))
        try:
            done = super()._add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn
        if done and spot:
            self.placed.append((flowable, *spot[0]))
        return done

    add = _add

    def _reset(self):
        super()._reset()
        self.placed: list[tuple] = []

    def __deepcopy__(self, memo):
        """ReportLab deep-copies the current frame at every KeepTogether it measures: a copy without
        the blocks placed so far (they are not measured again), or a page cost seconds."""
        clone = self.__class__.__new__(self.__class__)
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            setattr(clone, key, [] if key == "placed" else copy.deepcopy(value, memo))
        return clone

    def set_down(self, canv, flush: bool) -> None:
        """Draw the column's blocks; `flush`: spread what is left at its foot over its gaps."""
        placed, self.placed = self.placed, []
        weights = [0.0] + [_weight(before[0], after[0]) for before, after in zip(placed, placed[1:])]
        total = sum(weights)
        extra = 0.0
        if flush and total and placed:
            room = placed[-1][2] - self._y1p          # from the last block's foot to the column's
            extra = min(STRETCH, max(0.0, room) / total)
        shift = 0.0
        for (flowable, x, y, sw), weight in zip(placed, weights):
            shift += weight * extra
            flowable.drawOn(canv, x, y - shift, _sW=sw)


def _weight(before: Flowable, after: Flowable) -> float:
    """How much of a column's blank a gap takes: none after a heading (it stays with its text),
    most before a heading or a figure, a little between paragraphs."""
    if _keeps(before):
        return 0.0
    return 3.0 if _keeps(after) or getattr(after, "floats", False) else 1.0


def _keeps(flowable: Flowable) -> bool:
    style = getattr(flowable, "style", None)
    return bool(getattr(style, "keepWithNext", 0) or getattr(flowable, "keepWithNext", 0))


class FlowingDoc(BaseDocTemplate):
    """A document of Columns whose figures wait for room (see the module's docstring)."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.waiting: list[Flowable] = []
        self.waiting_in: tuple[int, str] | None = None     # (page, frame) where they were put off

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        frame = getattr(self, "frame", None)       # none before the first page begins
        if flowables is self._hanging or frame is None:     # ReportLab's own page and frame actions
            return super().handle_flowable(flowables)
        here = (self.page, frame.id)
        if self.waiting and (here != self.waiting_in or isinstance(flowables[0], EndOfStory)):
            flowables[0:0], self.waiting = self.waiting, []     # a fresh column: they open it
        first = flowables[0]
        if getattr(first, "floats", False) and (self.waiting or not self._fits(first)):
            self.waiting.append(flowables.pop(0))                # in order, after any put off before
            self.waiting_in = here
            return
        super().handle_flowable(flowables)

    def _fits(self, flowable: Flowable) -> bool:
        frame = self.frame
        room = frame._y - frame._y1p - (0 if frame._atTop else flowable.getSpaceBefore())
        if frame._atTop:
            return True
        shrink = getattr(flowable, "shrink_to", None)
        if shrink:
            return shrink(frame._getAvailableWidth(), room)
        return flowable.wrap(frame._getAvailableWidth(), room)[1] <= room

    def handle_frameEnd(self, resume=0):
        """A column left for the next one ends early: set flush bottom (the head of page 1 as it is)."""
        if isinstance(self.frame, Column):
            self.frame.set_down(self.canv, flush=self.frame.id != "head")
        super().handle_frameEnd(resume)

    def handle_pageEnd(self):
        """The story's end (or a page break): the column as laid out, nothing spread."""
        if isinstance(getattr(self, "frame", None), Column):
            self.frame.set_down(self.canv, flush=False)
        super().handle_pageEnd()
