"""Player-aid content, read from cards/<game>/aid/<lang>.yaml and checked: the sections and
bullets of each language, the context their Jinja sees, and the icon legend. The products
that print it are in generator/player_aids/.

The words live in cards/<game>/aid/<lang>.yaml (sections of bullet points, one file per
language so translators and reviewers edit plain text); numbers come from the cards through
Jinja (`{{ decks.towers.count }}`, `each: decks.towers.cards`), never retyped. The icon legend
is built from the icons the game's cards actually show; an icon with no label in the
language fails the build.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from jinja2 import TemplateError
from pydantic import Field

from datafile.errors import BuildError, DataError, Problem, field_path
from datafile.source import line_of

from ..checks.crosscheck import ICON_REF
from ..face_checks.faces import used_icons
from ..reading.i18n import PLURAL, sort_key
from .language_files import LanguageFile, language_path, load_checked
from ..card_layout.layouts import layout_id
from ..card_layout.project import GameData, Project
from ..model.model import Strict
from ..card_layout.templates import (
    PrintedValueError,
    View,
    compiled,
    compiled_expression,
    localise,
    template_error,
)

SLUG = r"^[a-z0-9][a-z0-9-]*$"
AID_LAYOUTS = ("aids/card-side", "aids/reference")
CODE_MSGIDS = {"Player aid", "Icons", "Icon legend", "{game} — {title}"}   # labels(...) calls in player_aids/
# _('msgid'), _('msgid', field=…) and _('singular', 'plural', count=…) (see i18n.Translator)
_LITERAL = r"""(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")"""
TRANSLATION_CALL = re.compile(rf"_\(\s*{_LITERAL}\s*(?:,\s*{_LITERAL})?\s*[,)]")


# ---------------------------------------------------------------- the data files

class AidItem(Strict):
    """One bullet point; with `each`, one bullet per element of that list (as `item`)."""

    text: str
    each: str | None = None            # Jinja expression, e.g. decks.towers.cards
    show: Literal["both", "card", "reference"] = "both"


class AidSection(Strict):
    id: str = Field(pattern=SLUG)      # the same ids, in the same order, in every language
    heading: str
    # where on the card-sized aids: the front or back of the first card, or of a second card when
    # one does not hold the game at a readable size (none: on the one-page reference only)
    card: Literal["front", "back", "front-2", "back-2"] | None = None
    intro: str | None = None
    items: list[str | AidItem] = []


class AidFile(Strict):
    sections: list[AidSection] = Field(min_length=1)


@dataclass
class Aid(LanguageFile):
    data: AidFile


def aid_path(game: GameData, lang: str) -> Path:
    return language_path(game, "aid", lang)


def load_aids(project: Project, game: GameData) -> dict[str, Aid]:
    """Every language's aid file of a game, validated and cross-checked; DataError otherwise."""
    return game.once("aids", lambda: _load_aids(project, game))


def _load_aids(project: Project, game: GameData) -> dict[str, Aid]:
    return load_checked(project, game, "aid", AidFile, aid_path, Aid, lambda aids: _checks(project, game, aids))


def _checks(project: Project, game: GameData, aids: dict[str, Aid]) -> list[Problem]:
    problems = _aid_layout_problems(project)
    if aids:
        problems += _check_structure(aids)
        used = used_icons(project, game)
        known = project.defined_icons(game.id)   # a refused icon is said where it is defined
        context = aid_context(project, game, game.game.languages[0])
        for aid in aids.values():
            problems += _check_texts(aid, used, known, aid_context(project, game, aid.lang) if aid.lang in
                                     game.game.languages else context)
    return problems


def _aid_layout_problems(project: Project) -> list[Problem]:
    """The aid layouts (layouts/aids.yaml) serve every game: checked with each game's aids."""
    problems: list[Problem] = []
    for lid in AID_LAYOUTS:
        try:
            project.layouts[lid]
        except KeyError:
            problems += project.layouts.problems or [
                Problem("layouts/aids.yaml", 0, "layouts", f"no layout '{lid.split('/', 1)[1]}'",
                        f"the aid layouts {', '.join(AID_LAYOUTS)}")]
        except DataError as exc:
            problems += exc.problems
    return list(dict.fromkeys(problems))


def _check_structure(aids: dict[str, Aid]) -> list[Problem]:
    """Same sections, same order, same place on the card, same number of bullets everywhere."""
    langs = list(aids)
    ref = aids[langs[0]]
    shape = [(s.id, s.card, len(s.items)) for s in ref.data.sections]
    problems = []
    for lang in langs[1:]:
        aid = aids[lang]
        other = [(s.id, s.card, len(s.items)) for s in aid.data.sections]
        if other != shape:
            for i, (mine, theirs) in enumerate(zip(other + [None] * len(shape), shape + [None] * len(other))):
                if mine != theirs:
                    line = line_of(aid.raw, ("sections", min(i, len(other) - 1)))
                    problems.append(Problem(aid.file, line, f"sections[{i}]",
                                            f"(id, card, number of items) is {mine}, but {ref.file} has {theirs}",
                                            "the same sections in the same order in every language"))
                    break
    return problems


def _check_texts(aid: Aid, used: set[str], known: set[str], context: dict) -> list[Problem]:
    problems = []
    for s, section in enumerate(aid.data.sections):
        texts = [(("sections", s, "heading"), section.heading, None)]
        if section.intro:
            texts.append((("sections", s, "intro"), section.intro, None))
        for i, item in enumerate(section.items):
            if isinstance(item, str):
                texts.append((("sections", s, "items", i), item, None))
            else:
                texts.append((("sections", s, "items", i, "text"), item.text, item.each))
        for loc, source, each in texts:
            where = field_path(loc)
            line = line_of(aid.raw, loc)
            try:
                for text in _render(source, each, context):
                    for icon in ICON_REF.findall(text):
                        if icon not in known:
                            problems.append(Problem(aid.file, line, where, f"unknown icon ':{icon}:'",
                                                    "an icon defined in layouts/icons.yaml or layouts/<game>.yaml"))
                        elif icon not in used:
                            problems.append(Problem(aid.file, line, where,
                                                    f"icon ':{icon}:' appears on no card of this game, so the "
                                                    f"legend cannot explain it", "an icon the cards use"))
            except PrintedValueError as exc:
                problems.append(Problem(aid.file, line, where, str(exc), "text, a number or a list of them"))
            except (TemplateError, TypeError, AttributeError, KeyError, IndexError, ArithmeticError, ValueError) as exc:
                problems.append(Problem(aid.file, line, where, template_error(exc),
                                        "an expression over game, decks and lang"))
    return problems


# ---------------------------------------------------------------- context and texts

def aid_context(project: Project, game: GameData, lang: str) -> dict:
    """What aid texts see: the game and every deck with its cards, in one language."""
    decks = {}
    for deck in game.decks:
        cards = [View(id=c.id, name=c.name.get(lang), copies=c.copies, text=c.text.get(lang) if c.text else "",
                      props=localise(c.props, lang)) for c in deck.cards]
        decks[deck.deck] = View(id=deck.deck, name=deck.name.get(lang), count=deck.physical_count,
                                kinds=len(deck.cards), props=localise(deck.props, lang), cards=cards,
                                card=View({c.id: c for c in cards}))
    everything = [card for deck in decks.values() for card in deck.cards]

    def cards_where(**props):
        """Cards of every deck whose props equal the given values, e.g. cards_where(type='prestige')."""
        return [c for c in everything if all(c.props.get(k) == v for k, v in props.items())]

    g = game.game
    return {"lang": lang, "decks": View(decks), "cards": everything, "cards_where": cards_where,
            "game": View(id=g.game, name=g.name.get(lang), minutes=g.minutes,
                         players=View(min=g.players.min, max=g.players.max))}


def _render(source: str, each: str | None, context: dict) -> list[str]:
    if each is None:
        return [compiled(source).render(context).strip()]
    values = compiled_expression(each)(**context)
    return [compiled(source).render({**context, "item": value}).strip() for value in values]


@dataclass
class Section:
    id: str
    heading: str
    card: str | None
    intro: str
    items: list[str]        # for the reference
    card_items: list[str]   # `show: card` items (the card-sized aid now has aid-card/ files of its own)
    per_card: list[bool]    # which reference items come from an `each:` list (one per card)


def sections(project: Project, game: GameData, aid: Aid) -> list[Section]:
    # both aids of a language read the same rendered sections: render them once
    return game.once(f"sections:{aid.lang}", lambda: _sections(project, game, aid))


def _sections(project: Project, game: GameData, aid: Aid) -> list[Section]:
    context = aid_context(project, game, aid.lang)
    out = []
    for s in aid.data.sections:
        ref, card, per_card = [], [], []
        for item in s.items:
            item = AidItem(text=item) if isinstance(item, str) else item
            texts = _render(item.text, item.each, context)
            if item.show in ("both", "reference"):
                ref += texts
                per_card += [item.each is not None] * len(texts)
            if item.show in ("both", "card"):
                card += texts
        intro = _render(s.intro, None, context)[0] if s.intro else ""
        out.append(Section(s.id, _render(s.heading, None, context)[0], s.card, intro, ref, card, per_card))
    return out


# ---------------------------------------------------------------- icons and legend

def legend(project: Project, game: GameData, lang: str, pictures: bool = True) -> list[tuple[str, str]]:
    """(icon, label) for every icon the cards use, in label order (Japanese by the icons'
    readings); BuildError if one has no label.
    `pictures=False` leaves out the cards' pictures (`picture: true` icons)."""
    icons = project.icons_for(game.id)
    entries, unlabelled = [], []
    for name in sorted(used_icons(project, game)):
        spec = icons.get(name)
        if spec is None:
            raise BuildError(f"{game.id}: the cards use icon '{name}', which no layout file defines")
        if spec.picture and not pictures:
            continue
        label = spec.label.root if isinstance(spec.label.root, str) else spec.label.root.get(lang)
        if not label:
            unlabelled.append(name)
            continue
        entries.append((name, label, spec.reading.get(lang)))
    if unlabelled:
        raise BuildError(f"{game.id}: the icon legend cannot explain {', '.join(unlabelled)} in '{lang}': "
                         f"add a {lang} `label` to these icons (layouts/icons.yaml or layouts/{game.id}.yaml)")
    return [(name, label) for name, label, reading in sorted(entries, key=lambda e: sort_key(e[1], lang, e[2]))]


# ---------------------------------------------------------------- interface strings

def layout_msgids(project: Project, layout_ids) -> set[str]:
    found = set()
    for lid in layout_ids:
        layout = project.layouts.get(lid)
        if layout is None:
            continue
        for region in layout.regions:
            for source in (region.text, region.when):
                for single, double, plural_single, plural_double in TRANSLATION_CALL.findall(source or ""):
                    plural = plural_single or plural_double
                    found.add((single or double) + (PLURAL + plural if plural else ""))
    return found


def game_msgids(project: Project, game: GameData) -> dict[str, set[str]]:
    """msgid -> where it comes from: the layouts the game's decks use, and the aid layouts."""
    ids = set()
    for deck in game.decks:
        ids.update(layout_id(deck, card) for card in deck.cards)
        if deck.back:
            ids.add(deck.back.layout)
    out: dict[str, set[str]] = {}
    for msgid in layout_msgids(project, ids):
        out.setdefault(msgid, set()).add("cards")
    for msgid in layout_msgids(project, AID_LAYOUTS) | CODE_MSGIDS:
        out.setdefault(msgid, set()).add("aids")
    return out
