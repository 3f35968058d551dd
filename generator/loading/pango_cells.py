"""Squib's Pango markup in a spreadsheet cell (`<b>Gain</b> $2`, written for `markup: true`),
read as pnp's own markup: `<b>` as **bold**, `<i>` as *italic*, `<br>` as a line break. Only
these tags, paired (a `<b>` without its `</b>` stays as written), become markup pnp already
reads in a cell; everything else stays text, escaped when it is drawn, so a cell cannot inject
anything else. A tag pnp has no markup for (`<u>`, `<span>`) is said once per column by
checks/silent_boxes.py."""
from __future__ import annotations

import re

BOLD = re.compile(r"<b>(.+?)</b>", re.I | re.S)
ITALIC = re.compile(r"<i>(.+?)</i>", re.I | re.S)
BREAK = re.compile(r"<br\s*/?>", re.I)


def pnp_markup(cell: str) -> str:
    """The cell with Squib's bold, italic and line-break tags as pnp's markup."""
    if "<" not in cell:
        return cell
    return ITALIC.sub(r"*\1*", BOLD.sub(r"**\1**", BREAK.sub("\n", cell)))
