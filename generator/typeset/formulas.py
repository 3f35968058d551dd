"""A formula or an icon group stays on one line: "3 × 10 = 30", "1 :denier: + 1 :denier:",
":grimoire: :lyre: :beer:". The spaces inside become no-break spaces (in PDF and HTML alike);
a number already keeps its icon or unit (text.py)."""
from __future__ import annotations

import re

NBSP = "\u00a0"
# a sign before a number or an icon: "3 × 10", "1 :denier: + 1 :denier:", "3 :sous: → +1", "players + 1"
SIGN = re.compile(r"(?<=[:\w]) ([+×/→=−–]) (?=[+−]?\d|:[a-z]|\()")
ICONS = re.compile(r"(:[a-z][a-z0-9-]*:) (?=:[a-z])")       # two icons in a row


def glue(text: str) -> str:
    return ICONS.sub(r"\1" + NBSP, SIGN.sub(NBSP + r"\1" + NBSP, text))
