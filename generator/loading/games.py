"""A game's folder: game.yaml and its deck files (cards inline or from a spreadsheet), each
validated, with every problem collected and named by file, line and field."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from datafile.errors import Collector, DataError, Problem, closest, field_path
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from ..reading.characters import character_problems
from ..checks.crosscheck import texts
from ..reading.locate import inside, relative, search_path
from ..model.model import EMPTY, MAX_CARDS, Card, Deck, Game
from ..card_layout.project import GameData
from ..model.properties import validate_props
from ..model.sheets_fonts import load_model


def load_game(root: Path, directory: Path) -> GameData:
    data, problems = load_game_and_problems(root, directory)
    if problems:
        raise DataError(problems)
    return data


def load_game_and_problems(root: Path, directory: Path) -> tuple[GameData | None, list[Problem]]:
    """The game as far as it loads (None without a valid game.yaml; without the decks that did
    not load), and every problem: the checks of a language then still run on what loaded."""
    out = Collector()
    game_file = directory / "game.yaml"
    game = out.run(load_model, root, game_file, Game)
    if game:
        raw_game = load_yaml(game_file, relative(root, game_file), search_path(root))
        for path, message in character_problems(raw_game, relative(root, game_file), None):
            out.add(relative(root, game_file), line_of(raw_game, path), field_path(path), message, "printable characters")
    decks, deck_files = [], {}
    if game:
        if game.game != directory.name:
            out.add(relative(root, game_file), 1, "game", f"'{game.game}' differs from its folder name",
                    f"'{directory.name}'")
        for d, deck_name in enumerate(game.decks):
            path = directory / f"{deck_name}.yaml"
            if not inside(path, directory):
                out.add(relative(root, game_file), line_of(raw_game, ("decks", d)), f"decks[{d}]",
                        f"deck '{deck_name}' is not a file of the game's folder",
                        f"a deck name, for a file cards/{directory.name}/<deck>.yaml")
                continue
            if not path.exists():
                found = [p.stem for p in directory.glob("*.yaml") if p.stem != "game"]
                guess = closest(deck_name, found)
                out.add(relative(root, game_file), line_of(raw_game, ("decks", d)), f"decks[{d}]",
                        f"deck file cards/{directory.name}/{deck_name}.yaml not found"
                        + (f"; did you mean '{guess}'?" if guess else ""),
                        f"a deck file cards/{directory.name}/<deck>.yaml for each name of `decks:`")
                continue
            deck = out.run(load_deck, root, path, game.languages)
            if deck:
                decks.append(deck)
                deck_files[deck.deck] = relative(root, path)
        _qualify_made_ids(decks)
        _absent_columns(decks)
        for stray in sorted(directory.glob("*.yaml")):   # issue 14: once silently ignored
            if stray.stem != "game" and stray.stem not in game.decks:
                out.add(relative(root, stray), 1, "deck", f"not listed in decks: of {relative(root, game_file)}, "
                        "so it is not built", f"'{stray.stem}' added to decks: [...], or the file moved elsewhere")
    return (GameData(game, decks, directory, deck_files) if game else None), out.problems


def _absent_columns(decks: list[Deck]) -> None:
    """A column another deck of the game has and a spreadsheet deck's sheet lacks (Squib's sample
    expansion has no Description) reads as an empty cell there, so one layout serves both; a
    header that is a slip of it is still refused (crosscheck.py), and `required: true` on the
    deck's property makes the column one its sheet must have."""
    for deck in decks:
        if deck.cards_from:
            deck._absent = {key: [] if spec.type == "list" else EMPTY for other in decks if other is not deck
                            for key, spec in other.properties.items() if key not in deck.properties}


def _qualify_made_ids(decks: list[Deck]) -> None:
    """Ids a spreadsheet made from names are unique within their deck; one another deck has too
    (`jump` in two decks) becomes `<deck>-jump`, so that card ids stay unique in the game.
    Ids written in a file keep the game-wide rule (crosscheck.py says when two collide)."""
    used = {card.id for deck in decks for card in deck.cards if not getattr(card, "_made_id", False)}
    for deck in decks:
        mine = {card.id for card in deck.cards}
        for card in deck.cards:
            if getattr(card, "_made_id", False) and card.id in used:
                made, n = f"{deck.deck}-{card.id}", 1
                while made in used or made in mine:
                    n += 1
                    made = f"{deck.deck}-{card.id}-{n}"
                card.id = made
            used.add(card.id)


def load_deck(root: Path, path: Path, languages: list[str] | None = None) -> Deck:
    name = relative(root, path)
    raw = load_yaml(path, name, search_path(root))
    deck = validate(Deck, raw, name)
    out = Collector()
    own_cards = len(deck.cards)
    if deck.cards_from:
        deck.cards = deck.cards + (out.run(_sheet_cards, root, path, raw, deck, languages or []) or [])
        if len(deck.cards) > MAX_CARDS:
            out.add(name, line_of(raw, ("cards_from",)), "cards_from",
                    f"{len(deck.cards)} cards with the spreadsheet's", f"at most {MAX_CARDS} cards in a deck")
    elif deck.where or deck.lookups or deck.language_free:   # a spreadsheet's options: said, never left unread
        key = "where" if deck.where else "lookups" if deck.lookups else "language_free"
        what = {"where": "picks rows of a spreadsheet", "lookups": "reads a spreadsheet's columns",
                "language_free": "names a spreadsheet's columns"}[key]
        out.add(name, line_of(raw, (key,)), key, f"'{key}' {what}, and the deck has no cards_from",
                f"cards_from: <file>.csv beside it, or no {key}")
    elif not deck.cards and not deck.shortfall and "cards" not in (raw or {}):
        out.add(name, line_of(raw, ()), "cards", "the deck has no cards", "a list 'cards:' or 'cards_from: <file>.csv'")
    for i, card in enumerate(deck.cards[:own_cards]):
        card.props = out.run(validate_props, deck.properties, card.props, name, raw,
                             ("cards", i, "props")) or card.props
        for key, spec in deck.properties.items():
            if spec.required and key not in card.props:
                pass  # reported by validate_props
    for path, message in character_problems(raw, name):
        out.add(name, line_of(raw, path), field_path(path), message, "printable characters (an icon as :name:)")
    ids = [c.id for c in deck.cards[:own_cards]]   # a spreadsheet's rows are checked as it is read
    for i, cid in enumerate(ids):
        if cid in ids[:i]:
            out.add(name, line_of(raw, ("cards", i, "id")), f"cards[{i}].id", f"duplicate card id '{cid}'",
                    "ids unique within a deck")
    if out.problems:
        # the cross-checks will not see this deck: its own texts missing a language are said now,
        # with the rest, so that adding a language stays one round (issue 29)
        for loc, text in texts(deck, ()):
            for lang in text.missing(languages or []):
                out.add(name, line_of(raw, loc), field_path(loc), f"no '{lang}' text",
                        f"a text for each of {', '.join(languages)}")
        raise DataError(out.problems)
    deck._raw = raw  # kept for line numbers in cross-checks
    return deck


def _sheet_cards(root: Path, path: Path, raw: Any, deck: Deck, languages: list[str]) -> list[Card]:
    """`cards_from:` a spreadsheet in the game folder (spreadsheet.py), after the deck's own cards."""
    from .sheet_rows import csv_sheet, not_found, sheet_path
    from .spreadsheet import read_cards  # only decks with a spreadsheet load it
    name = relative(root, path)
    sheet, tab = sheet_path(path.parent, deck.cards_from)
    if not sheet.resolve().is_relative_to(path.parent.resolve()):
        raise DataError([Problem(name, line_of(raw, ("cards_from",)), "cards_from",
                                 f"'{deck.cards_from}' is outside the game folder", "a file beside the deck file")])
    if not sheet.is_file():
        raise DataError([Problem(name, line_of(raw, ("cards_from",)), "cards_from",
                                 *not_found(deck.cards_from, path.parent, path.name))])
    if csv_sheet(deck.cards_from, tab):
        raise DataError([Problem(name, line_of(raw, ("cards_from",)), "cards_from", *csv_sheet(deck.cards_from, tab))])
    from .lookups import deck_tables
    tables = deck_tables(root, path, raw, deck, languages)
    try:
        cards = read_cards(sheet, relative(root, sheet), deck.properties, languages, tab, {c.id for c in deck.cards},
                           search_path(root), deck.quantity, deck.name_column, deck.name,
                           (name, line_of(raw, ("quantity",))), deck.where, (name, line_of(raw, ("where",))), tables)
        from .headers import property_key
        # by the property each gives: their plain columns warn as the sheet's do (face_checks/column_words.py)
        deck._tables = {property_key(column): table for column, table in tables.items()}
        if deck.language_free and cards:
            from .language_columns import free_problems
            display, _row, columns = cards[0]._sheet
            problems = free_problems([label.split(" ", 2)[2][1:-1] for label in columns.labels.values()]
                                     + [header for t in tables.values() for _, header in t.plain.values()],
                                     deck.language_free, (name, line_of(raw, ("language_free",))), display)
            if problems:
                raise DataError(problems)
        return cards
    except DataError as exc:   # what `cards_from:` itself says wrong (a sheet name): at its line
        raise DataError([Problem(name, line_of(raw, ("cards_from",)), p.field, p.message, p.expected)
                         if p.field == "cards_from" and not p.line else p for p in exc.problems]) from None

