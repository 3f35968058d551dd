"""What a game's files hold against what the game needs: the printed decks with their counts,
the cards no source describes (a deck's `shortfall`), and the components this project does not
print (`not_printed` in game.yaml). The card sheets' instructions page, the rules PDF and the
site's downloads all lead with these same lines."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..reading.i18n import PLURAL
from ..card_layout.project import GameData


@dataclass(frozen=True)
class DeckCount:
    id: str
    name: str
    count: int                     # physical pieces printed
    expected: int | None = None    # what the published game has, when a source says more
    note: str = ""                 # why the difference


@dataclass(frozen=True)
class Included:
    decks: list[DeckCount]
    not_printed: list[str]
    printed_note: str = ""         # what the printed counts assume (game.yaml `printed_note`)

    @property
    def missing(self) -> list[DeckCount]:
        return [d for d in self.decks if d.expected is not None and d.expected > d.count]


LIST_SEPARATOR = {"ja": "、"}     # between the items of a list; ", " elsewhere

# Every text the card sheets print in the build's language: the instructions sheet
# (products/instructions.py), the sheet labels (products/cards.py), the calibration page shipped
# with them (products/calibrate.py, player=True) and what's included (below),
# which also leads rules.pdf and the site. pnp validate asks a new language for each
# (texts/languages.py); a test keeps this list and the code together.
SHEET_MSGIDS = frozenset({
    'To print: {items}.',
    'Check the scale: the square below must measure 50 mm on each side. If it does not, the printer scaled the page; choose “actual size” and print again.',
    'Cut along the marks in the margins: neighbouring cards share one cut and each keeps its white frame.',
    'Cut along the marks in the margins: neighbouring cards share one cut.',
    'Cut round and hexagonal pieces on their black line.',
    'Cut round pieces on their black line.',
    'Cut hexagonal pieces on their black line.',
    'Cut on the marks; lay each part over its neighbours to the left and above, crosses on crosses.',
    'How to print',
    'If a back lands a little off its front, no matter: the white frame around every card hides a shift of up to {frame} mm.',
    'Not printed, take them from your copy of the game: {items}.',
    'Duplex calibration ({paper}, {flip})',
    'Print this file on both sides of one sheet, flipping on the {edge}, at 100 % (“actual size”, not “fit to page”): the same settings as for your cards.',
    'Hold the sheet against a window or a lamp, this side towards you. The red crosses of the back show through.',
    'At each target, read where the cross’s vertical line meets the ruler below the target: that is X (in mm). Read where its horizontal line meets the ruler on the left: that is Y. The shortest ticks are half millimetres.',
    'Within 2.5 mm of 0 in both directions, your cards will look right: the white frame around every card hides the shift.',
    'Further off: if your printer offers it, shift the back side in its settings by the values you read, keeping their signs (back side towards you: +X to the right, +Y upwards); if not, print the fold-over version of the cards (cards-fold-over.pdf) on one side and fold each sheet.',
    'Further off: if your printer offers it, shift the back side in its settings by the values you read, keeping their signs (back side towards you: +X to the right, +Y upwards).',
    'FRONT',
    '{side} — {heading}',
    'BACK',
    'flipped on the long edge',
    'flipped on the short edge',
    'If the crosses fall on 0 and 0, your printer is aligned: nothing to do. If the three targets give different values, use the centre one.',
    'Build your cards with the values you read in place of X and Y (for example 0.5 and −1):',
    'Print this page again with the same values to check: the crosses should now fall on 0.',
    'Turn the sheet over: the instructions are on the other side.',
    'Only one piece on this sheet: print it on an offcut of card, or on plain paper and glue it onto card.',
    'No duplex printer? Print the fold-over version (cards-fold-over.pdf) instead: each front beside its back on one page, to fold and glue.',
    'Saving ink? The ink-saver version (cards-ink-saver.pdf) holds the same cards with light backgrounds.',
    'To see how far your printer shifts the backs, print the calibration page (calibration-page.pdf) on both sides of one sheet.',
    'Page {pages}: print on one side (fronts only: this file was built without backs).',
    'Page {pages}: print on one side only: these pieces have no back.',
    'Pages {pages}: print on both sides, flipping on the {edge}. Each fronts page is followed by its backs page.',
    'Pages {pages} are this sheet: print them on their own, on plain paper, before you load card stock.',
    'Pages {pages} are this sheet: print them on their own, on plain paper, before you load the paper for the cards.',
    'Pages {pages}: print on one side (fronts only: this file was built without backs).',
    'Pages {pages}: print on one side only: these pieces have no back.',
    'For this version use paper of {low}–{high} g/m²: card stock folded in two is too thick to cut and shuffle.',
    'Pages {pages}: print on one side. Fold each sheet on the dashed line, the printed side out, glue the two halves together, then cut.',
    'These card sheets lie sideways (landscape): if the print window does not turn them by itself, choose “landscape”.',
    'Print at actual size (100 %): turn off “fit to page” and “shrink to fit” in the print window.',
    'Print-and-play cards: {count} sheet to print after this one, on {paper} paper.' + PLURAL
    + 'Print-and-play cards: {count} sheets to print after this one, on {paper} paper.',
    'Sheet {n}',
    'Sheets in this file',
    'Test square: 50 × 50 mm at 100 %',
    "What's included",
    'backs',
    'both sides',
    'fronts',
    'fold on the dashed line',
    'long edge',
    'one side',
    'one side only',
    'one side, a board part',
    'one side, fold',
    'print-and-play edition',
    'p. {pages}, {side}: {decks}',
    'sheet {n} of {total}',
    'short edge',
    '{board}, part {n} of {total}',
    "{deck}: none of the game's {expected} cards. {note}",
    "{deck}: {count} of the game's {expected} cards. {note}",
    '{game} — {title}',
})


def join(items: list[str], lang: str) -> str:
    return LIST_SEPARATOR.get(lang, ", ").join(items)


def included(game: GameData, lang: str) -> Included:
    decks = [DeckCount(d.deck, d.name.get(lang), d.physical_count,
                       d.shortfall.expected if d.shortfall else None,
                       d.shortfall.note.get(lang) if d.shortfall else "")
             for d in game.decks]
    note = game.game.printed_note.get(lang) if game.game.printed_note else ""
    return Included(decks, [item.get(lang) for item in game.game.not_printed], note or "")


def with_count(name: str, count: int) -> str:
    """"Tower cards ×45": the count joined to the name by a no-break space ("×45" never starts a line)."""
    return f"{name}\u00a0×{count}"


def _bound(name: str) -> str:
    """A deck's name on one line ("Religieux blancs II ×10" never splits): deck names are short, and
    a name broken after "Religieux" or before "(extension)" reads as two decks (issue 51)."""
    return name.replace(" ", "\u00a0")


def included_lines(game: GameData, lang: str, _: Callable[[str], str]) -> tuple[str, list[str]]:
    """(heading, lines) of the "what's included" text in `lang`: the printed decks in one line,
    then one line per deck short of cards, then what to take from the game's box."""
    facts = included(game, lang)
    printed = [with_count(_bound(d.name), d.count) for d in facts.decks if d.count]
    lines = [_("To print: {items}.").format(items=join(printed, lang))] if printed else []
    if printed and facts.printed_note:      # the counts' assumption, beside the counts (issue 51)
        lines.append(facts.printed_note.strip())
    for deck in facts.missing:
        if deck.note:       # one sentence that says what is printed: never the count twice (issue 51)
            lines.append(deck.note.strip())
            continue
        text = _("{deck}: {count} of the game's {expected} cards. {note}") if deck.count else \
            _("{deck}: none of the game's {expected} cards. {note}")
        lines.append(text.format(deck=deck.name, count=deck.count, expected=deck.expected, note=deck.note).strip())
    if facts.not_printed:
        lines.append(_("Not printed, take them from your copy of the game: {items}.").format(
            items=join(facts.not_printed, lang)))
    return _("What's included"), lines
