"""Rules reference content shared by the HTML site and rules.pdf.

A game's rules live in `cards/<game>/rules/<lang>.yaml`, one file per language:

    title: Rules reference
    sections:                         # nested sections; ids are the same in every language
      - id: setup
        title: Setup
        body: |                       # paragraphs, "- " bullets, **bold**, *italic*, :icon:,
          Shuffle the [[tower-5]] …   # [[card-id]] (card index) and [[#section-id]] links
        sections: [...]
        terms:                        # a glossary: term + definition
          - {term: Donazione, definition: …}
    cards:                            # optional one-line summary per deck (Jinja, like layouts)
      towers: "Rank {{ card.props.rank }} — Donazione **{{ card.props.donation }}**"

The card index is generated from cards/: every card of every deck with its copies, props
(through the deck's summary template, else generically) and effect text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field

from datafile.characters import strings
from datafile.errors import DataError, Problem, field_path
from datafile.source import line_of

from ..card_layout.project import GameData, Project, missing_language_file
from .language_files import read_language_file
from ..model.model import KANA_READING, SLUG, Strict
from ..card_layout.face_memo import rendered_text
from ..card_layout.layouts import layout_id
from ..card_layout.templates import localise
from ..reading.i18n import sort_key

# [[card]] links to a card by its name, [[~card]] by its name in lower case inside a sentence
# (« **Garde** ([[~tower-5]]) » reads « (carte 5) », issue 51), [[#section]] to a section
REF = re.compile(r"\[\[([#~]?)([a-z0-9][a-z0-9-]*)\]\]")


def card_ref_name(name: str, anchor: str) -> str:
    """A card's name as a [[card]] or [[~card]] link shows it."""
    return name[:1].lower() + name[1:] if anchor == "~" else name
ICON = re.compile(r":([a-z][a-z0-9-]*):")


class Term(Strict):
    term: str
    definition: str
    # how the term is read, in kana (Japanese glossaries keep 五十音順 by it: 区画 -> くかく)
    reading: str | None = Field(None, pattern=KANA_READING.pattern)


class SectionSpec(Strict):
    id: str = Field(pattern=SLUG)
    title: str
    body: str = ""
    terms: list[Term] = []
    sections: list["SectionSpec"] = []


class RulesFile(Strict):
    title: str | None = None
    sections: list[SectionSpec]
    cards: dict[str, str] = {}
    about: str = ""          # "About this edition", at the end: notes on the edition, not rules


@dataclass
class Section:
    id: str
    title: str
    level: int           # 1 = top level
    body: str
    terms: list[Term]
    children: list["Section"] = field(default_factory=list)


@dataclass
class CardEntry:
    id: str
    name: str
    copies: int
    summary: str         # the deck template's line, or "key: value" pairs
    text: str
    props: dict[str, Any]
    ids: list[str] = field(default_factory=list)   # every card this entry stands for (alike cards: one entry)


@dataclass
class DeckEntry:
    id: str
    name: str
    count: int
    cards: list[CardEntry]
    shortfall: str | None       # "14 / 15": printed of expected
    unit: str = "card"          # card, tile or token: what the count counts (count_label)
    note: str | None = None     # why pieces are missing (printed in About this edition)


# "15 cards" names what is counted: tiles and tokens are no cards (issue 28)
COUNT_LABELS = {"card": ("{count} card", "{count} cards"), "tile": ("{count} tile", "{count} tiles"),
                "token": ("{count} token", "{count} tokens")}


def unit_of(size) -> str:
    """What a deck's pieces are, from its size's name: round ones are tokens, `*-tile` and
    `square-N` tiles, anything else (poker, square, a WxH size) cards."""
    name = size if isinstance(size, str) else ""
    if "token" in name or name.startswith("round"):
        return "token"
    if "tile" in name or name.startswith("square-"):
        return "tile"
    return "card"


def count_label(translate, unit: str, count: int) -> str:
    """"15 tiles", "15 Plättchen", 「15枚」: the plural form from the catalogue."""
    one, other = COUNT_LABELS.get(unit, COUNT_LABELS["card"])
    return translate(one, other, count=count)


@dataclass
class Rules:
    game: GameData
    lang: str
    title: str | None
    sections: list[Section]          # top level
    decks: list[DeckEntry]
    card_names: dict[str, str]       # id -> localised name
    file: str | None
    about: str = ""
    raw: Any = field(default=None, repr=False)      # the file as read: where a text stands

    def where(self, characters: str) -> str:
        """'file:line: field' of the first text of the file that holds one of `characters`
        (a build error then points where validate does), else the file alone."""
        for loc, value in strings(self.raw) if self.raw is not None else ():
            if any(c in value for c in characters):
                return f"{self.file}:{line_of(self.raw, loc)}: {field_path(loc)}"
        from ..face_checks.sheet_cells import at_cell, with_characters
        for deck in self.game.decks:   # the card index quotes the cards: a spreadsheet's at its cell
            for card in deck.cards:
                cell = with_characters(card, self.lang, list(characters))
                if cell:
                    return f"{at_cell(cell)}: {self.game.id} rules ({self.lang}), card '{card.id}'"
        return self.file or f"{self.game.id} rules ({self.lang})"

    def about_notes(self) -> list[str]:
        """"About this edition", as rules.pdf and the site print it: the rules file's `about` (the
        decks short of cards are said once, in "What's included")."""
        return [t for _kind, items in blocks(self.about, self.lang) for t in items] if self.about else []

    def flat(self) -> list[Section]:
        out: list[Section] = []

        def walk(sections):
            for s in sections:
                out.append(s)
                walk(s.children)
        walk(self.sections)
        return out


def rules_dir(game: GameData) -> Path:
    return game.directory / "rules"


def _ids(sections: list[SectionSpec]) -> list[str]:
    out = []
    for s in sections:
        out.append(s.id)
        out += _ids(s.sections)
    return out


def load_rules(project: Project, game: GameData, lang: str) -> Rules:
    """The rules of `game` in `lang`, checked: card and section references resolve, icons exist,
    and section ids match the other languages' files (so the language switcher keeps its place).
    A game without a rules/ folder gets the card index alone. Read once per loaded game and
    language (the PDF and three site pages use them)."""
    return game.once(f"rules:{lang}", lambda: _load_rules(project, game, lang))


def _load_rules(project: Project, game: GameData, lang: str) -> Rules:
    folder = rules_dir(game)
    path = folder / f"{lang}.yaml"
    names = {card.id: card.name.get(lang) for deck in game.decks for card in deck.cards}
    decks_spec: dict[str, str] = {}
    sections: list[Section] = []
    title = None
    file = None
    raw = None
    about = ""
    if folder.is_dir():
        if not path.exists():
            raise DataError([missing_language_file(project, game, "rules", lang)])
        file, raw, spec, odd = read_language_file(project, path, RulesFile)
        _check(project, game, lang, spec, raw, file, names, odd)
        title, decks_spec, about = spec.title, spec.cards, spec.about.strip()
        sections = [_section(s, 1, lang) for s in spec.sections]
    problems: list[Problem] = []
    decks = []
    for deck in game.decks:
        try:
            decks.append(_deck(game, deck, lang, decks_spec.get(deck.deck)))
        except _SummaryError as exc:   # the deck's summary template: reported at `pnp validate`
            problems.append(Problem(file or "", line_of(raw, ("cards", deck.deck)), f"cards.{deck.deck}",
                                    f"card '{exc.card}': {exc.message}",
                                    "a template over card, deck and lang (use `is defined` for optional props)"))
    if problems:
        raise DataError(problems)
    return Rules(game, lang, title, sections, decks, names, file, about, raw)


def _section(spec: SectionSpec, level: int, lang: str) -> Section:
    # titles stay as written: the PDF and the site apply the language's typography when they set them
    return Section(spec.id, spec.title, level, spec.body.strip(), spec.terms,
                   [_section(s, level + 1, lang) for s in spec.sections])


def _check(project: Project, game: GameData, lang: str, spec: RulesFile, raw: Any, file: str,
           names: dict[str, str], odd: list[Problem]) -> None:
    problems = list(odd)
    ids = _ids(spec.sections)
    reserved = {"cards", "top", "search"} | {f"deck-{d.deck}" for d in game.decks} | {f"card-{c}" for c in names}
    seen = set()
    for sid in ids:
        if sid in seen:
            problems.append(Problem(file, 0, "sections", f"duplicate section id '{sid}'", "unique ids"))
        if sid in reserved:
            problems.append(Problem(file, 0, "sections", f"section id '{sid}' is reserved for the card index",
                                    "another id"))
        seen.add(sid)
    icons = project.icons_for(game.id)
    deck_ids = {d.deck for d in game.decks}

    def texts(sections, path):
        for i, s in enumerate(sections):
            here = path + (i,)
            yield here + ("title",), s.title
            yield here + ("body",), s.body
            for j, t in enumerate(s.terms):
                yield here + ("terms", j, "term"), t.term
                yield here + ("terms", j, "definition"), t.definition
            yield from texts(s.sections, here + ("sections",))

    for path, text in texts(spec.sections, ("sections",)):
        where = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in path).replace(".[", "[")
        for anchor, ref in REF.findall(text):
            if anchor == "#" and ref not in seen:
                problems.append(Problem(file, line_of(raw, path), where, f"link to unknown section '#{ref}'",
                                        "a section id of this file"))
            if anchor != "#" and ref not in names:
                problems.append(Problem(file, line_of(raw, path), where, f"link to unknown card '{ref}'",
                                        f"a card id of {game.id}"))
        for icon in ICON.findall(text):
            if icon not in icons and icon not in project.defined_icons(game.id):
                problems.append(Problem(file, line_of(raw, path), where, f"unknown icon ':{icon}:'",
                                        "an icon of layouts/icons.yaml or layouts/<game>.yaml"))
    for deck_id in spec.cards:
        if deck_id not in deck_ids:
            problems.append(Problem(file, line_of(raw, ("cards", deck_id)), f"cards.{deck_id}",
                                    f"unknown deck '{deck_id}'", f"one of {', '.join(sorted(deck_ids))}"))
    # Same section ids in every language: the language switcher lands on the same anchor.
    for other in sorted(rules_dir(game).glob("*.yaml")):
        if other.stem == lang or other.stem not in game.game.languages:
            continue
        try:
            other_spec = read_language_file(project, other, RulesFile)[2]
        except DataError:
            continue  # reported when that language is built
        other_ids = _ids(other_spec.sections)
        if other_ids != ids:
            missing = [i for i in other_ids if i not in ids]
            extra = [i for i in ids if i not in other_ids]
            detail = (f"missing {missing}" if missing else "") + (f" extra {extra}" if extra else "") \
                or "same ids in another order"
            problems.append(Problem(file, 0, "sections", f"section ids differ from {other.name}: {detail.strip()}",
                                    "the same section ids, in the same order, in every language"))
    if problems:
        raise DataError(problems)


class _SummaryError(Exception):
    def __init__(self, card: str, message: str):
        self.card, self.message = card, message


# ideographic names have a dictionary order only by their readings, which the data does not give:
# their index keeps the file's order
READINGS_NEEDED = {"ja", "zh", "ko"}


def _deck(game: GameData, deck, lang: str, template: str | None) -> DeckEntry:
    cards: list[CardEntry] = []
    for card in deck.cards:
        props = localise(card.props, lang)
        if template is not None:
            ctx = {"card": {"id": card.id, "name": card.name.get(lang), "copies": card.copies,
                            "props": props, "text": card.text.get(lang) if card.text else ""},
                   "deck": {"id": deck.deck, "name": deck.name.get(lang), "props": localise(deck.props, lang)},
                   "lang": lang}
            summary, error = rendered_text(template, ctx)    # kept by content (face_memo.py)
            if error is not None:
                raise _SummaryError(card.id, error)
            summary = summary.strip()
        else:
            summary = " · ".join(key if value is True else f"{key}: {_plain(value)}"
                                 for key, value in props.items() if value is not False and value not in ("", None, [], {}))
        # a line breaks before a separator dot, never after it: « coût : 5 ⊙ ·⏎bâtisseur » left the
        # dot hanging at the end of many index lines (issue 51)
        summary = summary.replace(" · ", " \u00b7\u00a0")
        entry = CardEntry(card.id, card.name.get(lang), card.copies, summary,
                          card.text.get(lang) if card.text else "", props, [card.id])
        alike = next((c for c in cards if (c.name, c.summary, c.text) == (entry.name, entry.summary, entry.text)), None)
        if alike:     # four Plazas differing only in colour: one entry, ×4
            alike.copies += entry.copies
            alike.ids.append(card.id)
        else:
            cards.append(entry)
    if deck.index == "by-name" and lang not in READINGS_NEEDED:   # within each layout (kind of card)
        groups: dict[str, int] = {}
        group = {card.id: groups.setdefault(layout_id(deck, card), len(groups)) for card in deck.cards}
        cards.sort(key=lambda entry: (group[entry.id], sort_key(entry.name)))
    shortfall = note = None
    if deck.shortfall:
        shortfall = f"{deck.physical_count} / {deck.shortfall.expected}"
        note = deck.shortfall.note.get(lang)
    return DeckEntry(deck.deck, deck.name.get(lang), deck.physical_count, cards, shortfall, unit_of(deck.size), note)


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def blocks(body: str, lang: str = "en") -> list[tuple[str, list[str]]]:
    """Split a body into ("p", [text]) paragraphs and ("ul", [items]) bullet lists."""
    out: list[tuple[str, list[str]]] = []
    for chunk in re.split(r"\n\s*\n", body.strip()):
        lines = [line.rstrip() for line in chunk.strip().splitlines()]
        if not lines or not lines[0]:
            continue
        if all(re.match(r"\s*- ", line) or (i and line.startswith("  ")) for i, line in enumerate(lines)):
            items: list[str] = []
            for line in lines:
                if re.match(r"\s*- ", line):
                    items.append(line.split("- ", 1)[1].strip())
                else:
                    items[-1] += ("" if lang == "ja" else " ") + line.strip()
            out.append(("ul", items))
        else:
            joiner = "" if lang == "ja" else " "
            out.append(("p", [joiner.join(line.strip() for line in lines)]))
    return out
