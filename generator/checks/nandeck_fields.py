"""nanDECK's field, `[rule]` in a card's text, written in a layout's text box: pnp prints it as
written on every card. When the name in brackets is one of the deck's columns (in any case, as
nanDECK reads them), the box is refused at its text line with pnp's words for it. An error, not
a warning: a column's name in brackets meant as words on every card is very unlikely, and the
cards would print wrong while validate said ok."""
from __future__ import annotations

import re

from datafile.errors import Problem

from .literals import TEMPLATE

FIELD = re.compile(r"(?<!\[)\[([A-Za-z_][\w .-]{0,60})\](?!\])")    # a span `[red|words]` holds a |; `[[id]]` is a link


def _columns(deck) -> dict[str, str]:
    """A lower-case column name -> what a layout writes for it."""
    out = {key.lower(): f"card.props.{key}" for key in deck.properties}
    if getattr(deck, "cards_from", None):   # a spreadsheet's name and text columns
        out |= {"name": "card.name", "text": "card.text"}
    return out


def nandeck_fields(layout, lid: str, deck) -> list[Problem]:
    """The boxes of `layout` whose text holds `[column]`: one problem each, at its text line."""
    columns, problems = None, []
    for region in layout.regions:
        if region.kind != "text" or "[" not in (region.text or ""):
            continue
        columns = _columns(deck) if columns is None else columns
        for match in FIELD.finditer(TEMPLATE.sub(" ", region.text)):
            read = columns.get(match.group(1).strip().lower().replace(" ", "_"))
            if read:
                file, line = (region.origin or {}).get("text") or (layout.file, 0)
                problems.append(Problem(file, line, f"{lid} regions.{region.name}.text",
                                        f"{match.group()} is nanDECK's field; pnp writes it {{{{ {read} }}}}",
                                        f"{{{{ {read} }}}} in the text, in place of {match.group()}"))
                break
    return problems
