"""ReportLab's Paragraph, broken afresh from its parsed markup at every wrap.

ReportLab's breakLines replaces a paragraph's parsed fragments by the words it has broken
(hyphenated heads and tails included) and breaks those the next time: it joins a word's parts
again with `rstrip('-')`, so an embedded hyphen split at its hyphen is lost ("reprenez-|en"
becomes "reprenezen" at the second wrap), and a split() turns its head's last word into a
forced-hyphen word in place. The lines of a second wrap then depend on the first one's width.
Here each wrap starts from the fragments the markup was parsed into (breakLines only marks
them with their kind), so the same paragraph at the same width always breaks the same way.
The parts split() makes are built from broken words and keep ReportLab's behaviour.
"""
from __future__ import annotations

from reportlab.platypus import paragraph as _rl


class Paragraph(_rl.Paragraph):
    def _setup(self, text, style, bulletText, frags, cleaner):
        super()._setup(text, style, bulletText, frags, cleaner)
        # the parse (None for split() parts, made from words already broken)
        self._parsed = tuple(self.frags) if frags is None else None

    def breakLines(self, width):
        if self._parsed is not None:
            self.frags = list(self._parsed)
        return super().breakLines(width)
