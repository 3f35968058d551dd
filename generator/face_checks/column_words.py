"""A spreadsheet column printed as it is in a game of several languages: `Bonus` holds `+1 speed`,
the sheet has no `Bonus.de` and the layout shows `{{ card.props.bonus }}`, not `{{
_(card.props.bonus) }}`, so the German cards print the English words. One warning per column,
at its header cell, naming the box that prints it and the fixes, in validate, build and check.

The rule: a plain column (a property of the sheet's own, or `Text`) counts when its words reach a
text box of a card in another language than the game's first, as rendered (faces.py): a cell of
numbers, symbols or one-letter units (`+1`, `3k`) never does, nor one that a filter turns into
icons (`(ATK)` -> `:atk:`), nor a word of the game's own names alike in every language (the
literal rule, literals.py). A column whose words read alike in every language (a ship class,
`OK`) is listed in the deck's `language_free:`."""
from __future__ import annotations

import re

from datafile.errors import Problem

from ..model.model import Deck
from ..card_layout.project import GameData, Project
from .faces import printed_texts
from ..checks.literals import MARKUP, WORD, _names


def _plain_columns(deck: Deck, card) -> dict[str, tuple[str, str, str, str]]:
    """A sheet card's columns that hold one text for every language, its lookup tables' too:
    what the layout reads (card.props.faction.title) -> (file, label, header, value)."""
    display, _row, columns = card._sheet
    free = {name.strip().lower() for name in deck.language_free or []}
    out = {}
    for index, parts in columns.paths.items():
        header = columns.labels[index].split(" ", 2)[2][1:-1]
        if header.strip().lower() in free:
            continue
        if parts == ("text",) or (len(parts) == 2 and parts[0] == "props"
                                  and getattr(deck.properties.get(parts[1]), "type", None) == "str"):
            read = "card.text" if parts == ("text",) else f"card.props.{parts[1]}"
            out[read] = (display, columns.labels[index], header, _value(card, parts[-1]))
    for key, table in (getattr(deck, "_tables", None) or {}).items():   # lookups.py: said at the table's header
        row = card.props.get(key)
        for name, (label, header) in table.plain.items():
            value = getattr(row, name, None)
            if header.strip().lower() not in free and isinstance(value, str):
                out[f"card.props.{key}.{name}"] = (table.display, label, header, value)
    return out


def _value(card, field: str) -> str:
    if field == "text":
        root = getattr(card.text, "root", None)
        return root if isinstance(root, str) else ""
    value = card.props.get(field)
    return value if isinstance(value, str) else ""


def _reads(source: str, read: str) -> bool:
    """The template prints the field as it is, not through `_()`."""
    path = re.escape(read) + r"\b"
    return bool(re.search(path, source)) and not re.search(r"_\(\s*" + path, source)


def column_words(project: Project, game: GameData) -> list[Problem]:
    """The warnings: one per column whose first-language words print on another language's cards."""
    first, others = game.game.languages[0], game.game.languages[1:]
    if not others or not any(getattr(c, "_sheet", None) for d in game.decks for c in d.cards):
        return []
    names, found = _names(game), {}
    decks = {id(card): deck for deck in game.decks for card in deck.cards}
    for printed in printed_texts(project, game):
        card = printed.row
        sheet = getattr(card, "_sheet", None)
        if printed.lang == first or sheet is None or id(card) not in decks:
            continue
        lid, _, box = printed.field.partition(" regions.")
        region = next((r for r in project.layouts[lid].regions if r.name == box.rsplit(".", 1)[0]), None)
        for read, (file, label, header, raw) in _plain_columns(decks[id(card)], card).items():
            value = " ".join(MARKUP.sub(" ", raw).split())
            if (file, label) in found or not value or not region or not _reads(region.text or "", read):
                continue
            words = [w for w in WORD.findall(value) if w not in names]
            shown = set(WORD.findall(MARKUP.sub(" ", printed.source)))   # what a filter made icons is gone
            if words and sum(w in shown for w in words) * 2 >= len(words):
                lang = printed.lang
                found[(file, label)] = Problem(
                    file, 1, label, f"its words print as written on the {lang} cards ('{value[:30]}"
                    f"{'…' if len(value) > 30 else ''}', box '{region.name}' at {printed.file}:{printed.line})",
                    f"a column {header}.{lang} beside it, or {{{{ _({read}) }}}} and the translations in "
                    f"locales/{lang}/LC_MESSAGES/*.po, or language_free: [{header}] in the deck file for words "
                    f"alike in every language")
    return list(found.values())
