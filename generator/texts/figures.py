"""The figures of a game's rules, cards/<game>/rules/figures.yaml: which cards, where, and the
callouts and labels around them, with their texts in every language. The project's own
renderer draws them from the card data (generator/products/figures.py), in rules.pdf and, as
PNG made at build time, in the HTML rules, so no figure goes stale when a card changes.

    figures:
      - id: anatomy
        after: components           # the rules section it follows
        width: 80                   # mm (a column of rules.pdf is 84 mm wide)
        height: 60
        caption: {fr: …, en: …, de: …, ja: …}
        cards:                      # drawn in this order (later cards overlap earlier ones)
          - {card: tower-7, x: 0, y: 0, scale: 0.6}      # mm from the figure's top left
          - {card: tower-5, x: 40, y: 0, scale: 0.3, back: true}
        callouts:                   # a leader from a box of a card's layout to a text
          - {card: 0, region: rank, x: 45, y: 2, width: 30, text: {fr: …, en: …, de: …, ja: …}}
        labels:                     # a text at a place, no leader
          - {x: 0, y: 55, width: 40, text: {…}}
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import Field

from datafile.errors import DataError, Problem, field_path
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from ..reading.characters import character_problems
from ..checks.crosscheck import ICON_REF
from ..model.model import SLUG, Strict, Text
from ..reading.locate import search_path
from ..card_layout.project import GameData, Project

FILE = "figures.yaml"


class Placed(Strict):
    card: str
    x: float = Field(0, ge=0, le=200)
    y: float = Field(0, ge=0, le=300)
    scale: float = Field(0.5, gt=0, le=2)
    back: bool = False                 # the deck's back instead of the card's face


class Callout(Strict):
    card: int = Field(ge=0)            # which of the figure's cards it points at
    region: str | None = None          # a box of that card's layout (its centre); none: the card's centre
    x: float = Field(ge=0, le=200)     # the text's top left, mm
    y: float = Field(ge=0, le=300)
    width: float = Field(30, gt=0, le=200)
    text: Text


class Label(Strict):
    x: float = Field(ge=0, le=200)
    y: float = Field(ge=0, le=300)
    width: float = Field(30, gt=0, le=200)
    align: str = Field("left", pattern="^(left|center|right)$")
    text: Text


class Figure(Strict):
    id: str = Field(pattern=SLUG)
    after: str
    width: float = Field(gt=0, le=180)
    height: float = Field(gt=0, le=250)
    caption: Text
    cards: list[Placed] = Field(min_length=1)
    callouts: list[Callout] = []
    labels: list[Label] = []


class FiguresFile(Strict):
    figures: list[Figure] = []


@dataclass
class Figures:
    file: str
    figures: list[Figure]

    def after(self, section: str) -> list[Figure]:
        return [f for f in self.figures if f.after == section]


def figures_path(game: GameData) -> Path:
    return game.directory / "rules" / FILE


def load_figures(project: Project, game: GameData, sections: list[str]) -> Figures:
    """The game's figures, checked against its cards, their layouts and the rules' section ids;
    none when the game has no figures file. DataError with file:line otherwise."""
    return game.once("figures", lambda: _load(project, game, sections))


def _load(project: Project, game: GameData, sections: list[str]) -> Figures:
    path = figures_path(game)
    name = project.relative(path)
    if not path.exists():
        return Figures(name, [])
    raw = load_yaml(path, name, search_path(project.root))
    data = validate(FiguresFile, raw, name)
    problems = [Problem(name, line_of(raw, p), field_path(p), message, "printable characters")
                for p, message in character_problems(raw, name, None)]
    cards = {c.id: (deck, c) for deck in game.decks for c in deck.cards}
    icons = project.icons_for(game.id)
    seen = set()
    for f, figure in enumerate(data.figures):
        at = ("figures", f)
        if figure.id in seen:
            problems.append(Problem(name, line_of(raw, at + ("id",)), field_path(at + ("id",)),
                                    f"a second figure '{figure.id}'", "one id per figure"))
        seen.add(figure.id)
        if figure.after not in sections:
            problems.append(Problem(name, line_of(raw, at + ("after",)), field_path(at + ("after",)),
                                    f"no rules section '{figure.after}'", f"one of {', '.join(sections)}"))
        for c, placed in enumerate(figure.cards):
            if placed.card not in cards:
                problems.append(Problem(name, line_of(raw, at + ("cards", c, "card")),
                                        field_path(at + ("cards", c, "card")), f"no card '{placed.card}' in {game.id}",
                                        "a card id of the game's decks"))
            elif placed.back and cards[placed.card][0].back is None:
                problems.append(Problem(name, line_of(raw, at + ("cards", c, "back")),
                                        field_path(at + ("cards", c, "back")),
                                        f"the deck of '{placed.card}' has no back", "back: false"))
        for k, callout in enumerate(figure.callouts):
            here = at + ("callouts", k)
            if callout.card >= len(figure.cards):
                problems.append(Problem(name, line_of(raw, here + ("card",)), field_path(here + ("card",)),
                                        f"card {callout.card}, but the figure places {len(figure.cards)}",
                                        f"an index from 0 to {len(figure.cards) - 1}"))
            elif callout.region and figure.cards[callout.card].card in cards:
                deck, card = cards[figure.cards[callout.card].card]
                try:
                    layout = project.layout_for(deck, card)
                except (KeyError, DataError):
                    continue    # a layout that does not load or resolve: its own problem is reported
                if callout.region not in {r.name for r in layout.regions}:
                    problems.append(Problem(name, line_of(raw, here + ("region",)), field_path(here + ("region",)),
                                            f"no box '{callout.region}' in layout {layout.id}",
                                            f"one of {', '.join(r.name for r in layout.regions)}"))
        texts = [(at + ("caption",), figure.caption)] + \
            [(at + ("callouts", k, "text"), c.text) for k, c in enumerate(figure.callouts)] + \
            [(at + ("labels", k, "text"), lab.text) for k, lab in enumerate(figure.labels)]
        for loc, text in texts:
            missing = text.missing(game.game.languages)
            if missing:
                problems.append(Problem(name, line_of(raw, loc), field_path(loc), f"no text in {', '.join(missing)}",
                                        f"a text in every language of the game ({', '.join(game.game.languages)})"))
            for lang in game.game.languages:
                for icon in ICON_REF.findall(text.get(lang) if lang not in missing else ""):
                    if icon not in icons and icon not in project.defined_icons(game.id):
                        problems.append(Problem(name, line_of(raw, loc), field_path(loc), f"unknown icon ':{icon}:'",
                                                "an icon of layouts/icons.yaml or layouts/<game>.yaml"))
    if problems:
        raise DataError(list(dict.fromkeys(problems)))
    return Figures(name, data.figures)
