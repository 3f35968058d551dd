"""Words written in a layout's text boxes as they are (`Level {{ card.props.level }}`), which
print the same on every language's cards: in a game of several languages, each is a warning at
the box's text line, and `pnp i18n status` counts it as untranslated.

The rule: a literal is what a box's `text` holds outside its templates (`{{ … }}`, `{% … %}`),
icons (`:coin:`) and span colours (`[red|`); it counts when it holds a word of two letters or
more. Numbers, symbols and units of one letter (`×`, `+2`, `5k`) never do, and neither does a
word the game's own names use alike in each of its languages (the game's, a deck's or a card's
name: `Tournay` in a title box). A literal is translated as the layouts' other interface
strings are: `{{ _('Level') }}`, with its translation in `locales/<lang>/LC_MESSAGES/<domain>.po`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from datafile.errors import DataError, Problem, once_per_place

from ..card_layout.layouts import layout_id
from ..card_layout.project import GameData, Project
from ..reading.i18n import SOURCE_LANGUAGE

ICON_MADE = re.compile(r":[a-z][a-z0-9-]*(?:\{\{.*?\}\}[a-z0-9-]*)+:", re.S)   # :citizen-{{ c }}:
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
MARKUP = re.compile(r":[a-z][a-z0-9-]*:|\[[^\]|\n]{1,40}\||[\]*_#]")
WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Literal:
    text: str          # the words as written, fragments joined by " … "
    file: str
    line: int
    layout: str
    box: str


def _fragments(source: str, names: set[str]) -> list[str]:
    """The pieces of `source` a player reads as written: outside templates and markup, with a
    word that is no name of the game."""
    out = []
    for piece in TEMPLATE.split(ICON_MADE.sub(" ", source)):
        plain = " ".join(MARKUP.sub(" ", piece).split())
        if any(word not in names for word in WORD.findall(plain)):
            out.append(plain)
    return out


def _names(game: GameData) -> set[str]:
    """The words of the game's, its decks' and cards' names that read alike in all its languages."""
    langs = game.game.languages
    texts = [game.game.name] + [deck.name for deck in game.decks] + [c.name for d in game.decks for c in d.cards]
    per_lang = [{w for t in texts for w in WORD.findall(t.get(lang) if isinstance(t.root, str) or lang in t.root
                                                          else "")} for lang in langs]
    return set.intersection(*per_lang) if per_lang else set()


def literals(project: Project, game: GameData) -> list[Literal]:
    """Every text box of the layouts the game's faces use whose words print as written; none
    for a game of one language."""
    if len(game.game.languages) < 2:
        return []
    ids = {layout_id(deck, card) for deck in game.decks for card in deck.cards} \
        | {deck.back.layout for deck in game.decks if deck.back}
    names, found, seen = _names(game), [], set()
    for lid in sorted(ids):
        try:
            layout = project.layouts[lid]
        except (KeyError, DataError):    # an unknown or broken layout: said by its own check
            continue
        for region in layout.regions:
            if region.kind != "text" or not region.text:
                continue
            file, line = (region.origin or {}).get("text") or (region.origin or {}).get("") or (layout.file, 0)
            if (file, line) in seen:     # a box other layouts extend: once, where its text is written
                continue
            seen.add((file, line))
            pieces = _fragments(region.text, names)
            if pieces:
                found.append(Literal(" … ".join(pieces), file, line, lid, region.name))
    return found


def literal_problems(project: Project, game: GameData) -> list[Problem]:
    """The literals as validate's warnings: one line each, at the box's text line."""
    others = [lang for lang in game.game.languages if lang != SOURCE_LANGUAGE]
    if len(game.game.languages) < 2 or not others:
        return []
    shown = ", ".join(others)
    return once_per_place(Problem(
        lit.file, lit.line, f"{lit.layout} regions.{lit.box}.text",
        f"'{lit.text[:60]}' prints as written on the {shown} cards too",
        f"{{{{ _('{lit.text.split(' … ')[0][:40]}') }}}} and its translation in a "
        f"locales/{others[0]}/LC_MESSAGES/*.po file; a name alike in every language: {{{{ 'Name' }}}}") for lit in literals(project, game))
