"""ReportLab's Paragraph, broken afresh from its parsed markup at every wrap.

ReportLab's breakLines replaces a paragraph's parsed fragments by the words it has broken
(hyphenated heads and tails included) and breaks those the next time: it joins a word's parts
again with `rstrip('-')`, so an embedded hyphen split at its hyphen is lost ("reprenez-|en"
becomes "reprenezen" at the second wrap), and a split() turns its head's last word into a
forced-hyphen word in place. The lines of a second wrap then depend on the first one's width.
Here each wrap starts from the fragments the markup was parsed into (breakLines only marks
them with their kind), so the same paragraph at the same width always breaks the same way.
The parts split() makes are built from broken words and keep ReportLab's behaviour.

A number is held to its word by a no-break space (text.COUNT, "1 habitant"). Where the two are
wider together than the line ("1 Zauberspruch" in a narrow column), the line would run out of its
box: the paragraph is then broken again with the no-break spaces after its numbers breakable,
when that keeps every line in its box.
"""
from __future__ import annotations

import re

from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import paragraph as _rl


class Paragraph(_rl.Paragraph):
    def _setup(self, text, style, bulletText, frags, cleaner):
        super()._setup(text, style, bulletText, frags, cleaner)
        # the parse (None for split() parts, made from words already broken)
        self._parsed = tuple(self.frags) if frags is None else None

    def breakLines(self, width):
        if self._parsed is not None:
            self.frags = list(self._parsed)
        lines = super().breakLines(width)
        if self._parsed is not None and _word_too_wide(lines) and any(_held(f) for f in self._parsed):
            self.frags = [f.clone(text=HELD_COUNT.sub(" ", f.text)) if _held(f) else f for f in self._parsed]
            relaxed = super().breakLines(width)
            if not _word_too_wide(relaxed):
                return relaxed
            self.frags = list(self._parsed)       # too wide for another reason (a fit's trial size)
            lines = super().breakLines(width)
        return lines


HELD_COUNT = re.compile(r"(?<=\d)\u00a0(?=[^\W\d_]|$)")   # "1 habitant", or "2 " before a bold word


def _held(frag) -> bool:
    return isinstance(getattr(frag, "text", None), str) and HELD_COUNT.search(frag.text) is not None


def extra_space(line) -> float:
    """A broken line's space left (negative: wider than its width)."""
    return line[0] if isinstance(line, tuple) else getattr(line, "extraSpace", 0)


def line_words(line) -> list[str]:
    """A broken line's words, split at ordinary spaces only: a count held to its word by a
    no-break space ("1 Zauberspruch") is one."""
    if isinstance(line, tuple):        # a plain line: (extra space, its words)
        return [w for w in line[1] if w]
    return [w for w in "".join(getattr(w, "text", "") for w in getattr(line, "words", ())).split(" ") if w]


def _word_too_wide(broken) -> bool:
    """Does a line hold one word only, and run past its width? (A longer line may run a little
    past it: ReportLab shrinks its spaces, style.spaceShrinkage.)"""
    return any(extra_space(line) < -0.5 and len(line_words(line)) == 1 for line in getattr(broken, "lines", ()))


def overflows(broken) -> bool:
    """Is a line of ReportLab's broken lines wider than its width by more than half a point? fit()
    takes a smaller size then."""
    return any(extra_space(line) < -0.5 for line in getattr(broken, "lines", ()))


class WrapOnce:
    """Mixin: a paragraph that keeps its lines per width. ReportLab wraps most flowables more than
    once at the same width (a KeepTogether or a heading kept with the next paragraph measures its
    parts, then the frame places them; a table measures its cells, then draws them; a fit check,
    then `pack`), and breaking lines is most of the layout's time: wrapped again at the same
    width, it answers from the lines it has. A wrap at another width breaks them afresh from the
    markup (Paragraph above); a split forgets them, as ReportLab's split may edit the fragments
    they came from."""

    def wrap(self, availWidth, availHeight):
        kept = self.__dict__.get("_kept")
        if kept is not None and kept[0] == availWidth and kept[1] is self.__dict__.get("blPara"):
            return kept[2]
        size = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__:
            self._kept = (availWidth, self.blPara, size)
        return size

    def split(self, availWidth, availHeight):
        self.__dict__.pop("_kept", None)
        return super().split(availWidth, availHeight)


# (font, size) -> ReportLab's getAscentDescent of them, made once. ReportLab asks for them for
# every fragment of every line it breaks or draws, and for a TrueType font finds them only after
# a failed attribute lookup (font.ascent) is caught: 2 % of a build's CPU. Keyed on the font
# object itself, so a font registered again under the same name (--watch after a font file
# changed) is measured again; the numbers are ReportLab's own.
_EXTENTS: dict = {}
_GET_ASCENT_DESCENT = pdfmetrics.getAscentDescent


def _ascent_descent(fontName, fontSize=None):
    key = (pdfmetrics.getFont(fontName), fontSize)
    try:
        return _EXTENTS[key]
    except KeyError:
        if len(_EXTENTS) > 10_000:
            _EXTENTS.clear()
        value = _EXTENTS[key] = _GET_ASCENT_DESCENT(fontName, fontSize)
        return value


_rl.getAscentDescent = _ascent_descent    # the paragraph module imports it by name
