"""A spreadsheet column's header as a card's property: what columns.py, language_columns.py,
lookups.py and games.py all name a column by."""
from __future__ import annotations

import re


def property_key(header: str) -> str:
    """A plain column's property: `Attack Power` -> `attack_power` (card.props.attack_power)."""
    return re.sub(r"[^a-z0-9]+", "_", header.lower()).strip("_")
