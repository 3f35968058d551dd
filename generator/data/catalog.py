"""Load and cross-check everything under cards/ and layouts/ into one validated Project.

Every problem found is collected (not just the first) so one `pnp validate` run lists
them all, each with file, line, field and what was expected.
"""
from __future__ import annotations

import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from jinja2 import TemplateSyntaxError
from pydantic import BaseModel

from datafile.errors import BuildError, DataError, Problem, closest, field_path
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from .characters import character_problems
from .model import (
    MAX_CARDS,
    Card,
    Deck,
    FontsFile,
    Game,
    IconSpec,
    LayoutFile,
    LayoutSpec,
    SheetsFile,
    Size,
    Text,
)
from .locate import (SETTLED_NS, game_dirs, input_files, inside, layout_paths, locate, locate_inside, own_games,
                     search_path)
from .properties import validate_props
from .templates import environment, unknown_path, used_paths

ICON_REF = re.compile(r":([a-z][a-z0-9-]*):")
SPECIAL_LAYOUT_FILES = {"fonts", "sheets", "printshops", "hyphenation"}
REGION_DEFAULTS = dict(kind="text", font="body", bold=False, italic=False, size=9.0, min_size=6.5,
                       leading=1.2, align="left", valign="top", color="#000000", stroke_width=0.3,
                       radius=0.0, rotate=0, bleed=False, fit="cover", clip="box", allow_low_dpi=False)


T = TypeVar("T")


@dataclass
class Region:
    name: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    when: str | None
    text: str | None
    font: str
    bold: bool
    italic: bool
    size: float
    min_size: float
    leading: float
    align: str
    valign: str
    color: str
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    rotate: int
    bleed: bool
    dash: list[float] | None
    fit: str = "cover"
    clip: str = "box"
    allow_low_dpi: bool = False
    origin: dict | None = None   # field ("" = the region) -> (file, line) where it was written, for messages


@dataclass
class Layout:
    id: str
    background: str | None
    regions: list[Region]
    colors: dict[str, str]
    file: str


@dataclass
class GameData:
    game: Game
    decks: list[Deck]
    directory: Path
    deck_files: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.game.game

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.deck == deck_id)

    def once(self, key: str, compute: Callable[[], T]) -> T:
        """What depends on the game's files only (aid data, rules, used icons), not on the product
        asking: computed once per loaded game and kept on it, so a reload starts afresh."""
        memo = self.__dict__.setdefault("_memo", {})
        if key not in memo:
            memo[key] = compute()
        return memo[key]


@dataclass
class Project:
    root: Path
    games: dict[str, GameData]
    layouts: "Layouts"
    fonts: FontsFile
    sheets: SheetsFile

    def icons_for(self, game_id: str) -> dict[str, IconSpec]:
        """Shared icons (layouts/icons.yaml) overlaid with the game's own."""
        return {**self.layouts.icons("icons"), **self.layouts.icons(game_id)}

    def relative(self, path: Path) -> str:
        """A path as error messages show it: relative to the project when inside it."""
        return _rel(self.root, path)

    def size_of(self, deck: Deck) -> Size:
        return self.sheets.sizes[deck.size] if isinstance(deck.size, str) else deck.size

    def layout_for(self, deck: Deck, card: Card) -> Layout:
        return self.layouts[layout_id(deck, card)]


class LayoutFiles:
    """The layout files, each read and validated the first time one of its ids is asked for.

    Specs are keyed by layout id ('<file stem>/<name>'); a file that fails to load adds its
    problems to `problems` and contributes no layout.
    """

    def __init__(self, root: Path, layout_dir: Path):
        self._root = root
        # the project's layouts/ over the bundled ones (locate.py); layout_dir kept for callers
        self._paths = {stem: p for stem, p in layout_paths(root).items() if stem not in SPECIAL_LAYOUT_FILES}
        self._specs: dict[str, tuple[LayoutSpec, str, Any, dict]] = {}
        self._icons: dict[str, dict[str, IconSpec]] = {}
        self._loaded: set[str] = set()
        self.problems: list[Problem] = []

    def _load(self, stem: str) -> None:
        if stem in self._loaded or stem not in self._paths:
            return
        self._loaded.add(stem)
        name = _rel(self._root, self._paths[stem])
        try:
            raw = load_yaml(self._paths[stem], name)
            parsed = validate(LayoutFile, raw, name)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return
        odd = character_problems(raw, name, None)
        if odd:
            self.problems.extend(Problem(name, line_of(raw, p), field_path(p), message, "printable characters")
                                 for p, message in odd)
            return
        self._icons[stem] = parsed.icons
        for lname, spec in parsed.layouts.items():
            self._specs[f"{stem}/{lname}"] = (spec, name, raw, parsed.colors)

    def load_all(self) -> None:
        for stem in self._paths:
            self._load(stem)

    def icons(self, stem: str) -> dict[str, IconSpec]:
        self._load(stem)
        return self._icons.get(stem, {})

    def __contains__(self, lid: object) -> bool:
        if not isinstance(lid, str):
            return False
        self._load(lid.split("/", 1)[0])
        return lid in self._specs

    def __getitem__(self, lid: str):
        if lid not in self:
            raise KeyError(lid)
        return self._specs[lid]

    def __iter__(self):
        self.load_all()
        return iter(list(self._specs))


class Layouts(Mapping):
    """Every layout id, resolved (extends merged, templates checked) on first use.

    Reading files and parsing each region's Jinja template are the costly parts of loading,
    so a build reads and resolves only the layouts it draws; `pnp validate` checks them all.
    """

    def __init__(self, files: LayoutFiles, roles: set):
        self._files = files
        self._roles = roles
        self._resolved: dict[str, Layout] = {}

    def __getitem__(self, lid: str) -> Layout:
        if lid not in self._resolved:
            if lid not in self._files:
                raise KeyError(lid)
            self._resolved[lid] = _resolve_layout(lid, self._files, self._roles)
        return self._resolved[lid]

    def __contains__(self, lid: object) -> bool:
        return lid in self._files

    def __iter__(self):
        return iter(self._files)

    def __len__(self) -> int:
        return sum(1 for _ in self._files)

    def icons(self, stem: str) -> dict[str, IconSpec]:
        return self._files.icons(stem)

    @property
    def problems(self) -> list[Problem]:
        return self._files.problems

    def check(self, ids, out: "_Collector") -> None:
        for lid in ids:
            if lid in self._files:
                out.run(self.__getitem__, lid)


LAYOUT_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def layout_id(deck: Deck, card: Card) -> str:
    """The card's layout id: `{prop}` in the deck's `layout` is replaced by that card prop's value.

    An explicit pattern, not `str.format`: a layout id is data, and format strings reach
    attributes (`{cost.__class__...}`) and allocate whatever a width asks for. Only a prop that
    is a plain word (a slug, a number) is substituted; anything else stays as written, and the
    id is then reported as an unknown layout."""
    name = card.layout or deck.layout

    def value(match: re.Match) -> str:
        v = card.props.get(match.group(1))
        v = v.preferred("en") if isinstance(v, Text) else v
        if isinstance(v, int) and not isinstance(v, bool):
            v = str(v)
        return v if isinstance(v, str) and re.fullmatch(r"[a-z0-9][a-z0-9-]{0,60}", v) else match.group(0)
    return LAYOUT_PLACEHOLDER.sub(value, name)


def _rel(root: Path, path: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


class _Collector:
    """Runs checks and gathers their problems instead of stopping at the first."""

    def __init__(self):
        self.problems: list[Problem] = []

    def run(self, fn, *args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None

    def add(self, *args):
        self.problems.append(Problem(*args))


def list_game_ids(root: Path) -> list[str]:
    """Every game a command may name: the project's own and the bundled ones (locate.py)."""
    return list(game_dirs(root))


_last_load: dict = {}    # the last successful load_project: what an unchanged project lends the next one


def _stamp(*folders: Path) -> tuple | None:
    """Every file under `folders` with its inode, size and modification time; None when one was
    modified too recently to be told apart from a second write by its stat (SETTLED_NS)."""
    found, settled = [], time.time_ns() - SETTLED_NS
    try:
        for folder in folders:
            for path in input_files(folder) if folder.is_dir() else []:
                st = os.stat(path)
                if st.st_mtime_ns > settled:
                    return None
                found.append((str(path), st.st_ino, st.st_size, st.st_mtime_ns))
    except (OSError, BuildError):    # gone meanwhile, or refused: then nothing is reused
        return None
    return tuple(found)


def load_project(root: Path, game_ids: list[str] | None = None) -> Project:
    """Load layouts and the named games (all when None); raise DataError listing every problem.

    A process that loads the same project again (`pnp build --watch`, `pnp serve`) takes from its
    last successful load what none of its files changed since: the layouts, fonts and sheets while
    layouts/ and locales/ are as they were, and each game whose folder is as it was. The checks
    across them run again."""
    out = _Collector()
    known = list_game_ids(root)
    if game_ids:
        for gid in game_ids:
            if gid not in known:
                guess = closest(gid, known)
                hint = f"; did you mean '{guess}'?" if guess else ""
                out.add("cards/", 0, "", f"unknown game '{gid}'{hint}", f"one of: {', '.join(known)}")
    selected = [g for g in (game_ids or own_games(root)) if g in known]
    directories = game_dirs(root)

    shared = _stamp(*(base / name for base in search_path(root) for name in ("layouts", "locales")))
    last = _last_load if shared is not None and _last_load.get("key") == (root, shared) else {}
    if last:
        fonts, sheets, layouts = last["fonts"], last["sheets"], last["layouts"]
    else:
        fonts = out.run(_load_model, root, locate(root, "layouts", "fonts.yaml"), FontsFile)
        sheets = out.run(_load_model, root, locate(root, "layouts", "sheets.yaml"), SheetsFile)
        if fonts is not None:
            out.run(_check_font_files, root, fonts)
        layouts = Layouts(LayoutFiles(root, root / "layouts"), set(fonts.default.roles) if fonts else set())
    if not game_ids:
        layouts.check(list(layouts), out)

    games, stamps = {}, {}
    for gid in selected:
        stamps[gid] = _stamp(directories[gid])
        earlier = last.get("games", {}).get(gid)
        if earlier and stamps[gid] is not None and earlier[0] == stamps[gid]:
            games[gid] = earlier[1]
            continue
        data = out.run(_load_game, root, directories[gid])
        if data:
            games[gid] = data
    if sheets and fonts is not None:
        project = Project(root, games, layouts, fonts, sheets)
        for data in games.values():
            _cross_check(project, data, out)
    for data in games.values():   # the YAML trees were kept for the cross-checks' line numbers only
        for deck in data.decks:
            vars(deck).pop("_raw", None)
    problems = list(dict.fromkeys(layouts.problems + out.problems))  # a layout checked twice reports once
    if problems:
        raise DataError(problems)
    if shared is not None:
        kept = last.get("games", {})
        kept.update({gid: (stamps[gid], games[gid]) for gid in games if stamps[gid] is not None})
        _last_load.clear()
        _last_load.update(key=(root, shared), fonts=fonts, sheets=sheets, layouts=layouts, games=kept)
    return Project(root, games, layouts, fonts, sheets)


def _check_font_files(root: Path, fonts: FontsFile) -> None:
    """Every font file named in layouts/fonts.yaml is a file inside layouts/fonts/ (the project's,
    else the bundled one: data/locate.py), and every role names one of its families."""
    spec_path = locate(root, "layouts", "fonts.yaml")
    name = _rel(root, spec_path)
    raw = load_yaml(spec_path, name)
    problems = []
    for family, spec in fonts.families.items():
        for style in ("regular", "bold", "italic", "bold_italic"):
            file = getattr(spec, style)
            if file is None:
                continue
            where, line = f"families.{family}.{style}", line_of(raw, ("families", family, style))
            path, folder = locate_inside(root, ("layouts", "fonts"), file)
            if not inside(path, folder):
                problems.append(Problem(name, line, where, f"font path '{file}' leaves layouts/fonts/",
                                        "a file name inside layouts/fonts/"))
            elif not path.is_file():
                found = sorted(p.name for p in folder.glob("*.[to]tf"))
                guess = closest(file, found)
                problems.append(Problem(name, line, where, f"font file '{file}' not found in layouts/fonts/"
                                        + (f"; did you mean '{guess}'?" if guess else ""), "a .ttf file there"))
    families = sorted(fonts.families)
    typographies = [(("default",), fonts.default)] + [(("languages", lang), t) for lang, t in fonts.languages.items()]
    for at, typography in typographies:
        for role, family in typography.roles.items():
            if family not in fonts.families:
                guess = closest(family, families)
                problems.append(Problem(name, line_of(raw, (*at, "roles", role)), ".".join((*at, "roles", role)),
                                        f"unknown family {family!r}" + (f"; did you mean '{guess}'?" if guess else ""),
                                        f"a family of families: ({', '.join(families)})"))
    if problems:
        raise DataError(problems)


def load_sheets(root: Path) -> SheetsFile:
    return _load_model(root, locate(root, "layouts", "sheets.yaml"), SheetsFile)


def load_fonts(root: Path) -> FontsFile:
    return _load_model(root, locate(root, "layouts", "fonts.yaml"), FontsFile)


def _load_model(root: Path, path: Path, model):
    name = _rel(root, path)
    return validate(model, load_yaml(path, name), name)


# ---------------------------------------------------------------- games and decks

def _load_game(root: Path, directory: Path) -> GameData:
    out = _Collector()
    game_file = directory / "game.yaml"
    game = out.run(_load_model, root, game_file, Game)
    if game:
        raw_game = load_yaml(game_file, _rel(root, game_file))
        for path, message in character_problems(raw_game, _rel(root, game_file), None):
            out.add(_rel(root, game_file), line_of(raw_game, path), field_path(path), message, "printable characters")
    decks, deck_files = [], {}
    if game:
        if game.game != directory.name:
            out.add(_rel(root, game_file), 1, "game", f"'{game.game}' differs from its folder name",
                    f"'{directory.name}'")
        for d, deck_name in enumerate(game.decks):
            path = directory / f"{deck_name}.yaml"
            if not inside(path, directory):
                out.add(_rel(root, game_file), 0, f"decks[{d}]", f"deck '{deck_name}' is not a file of the game's folder",
                        f"a deck name, for a file cards/{directory.name}/<deck>.yaml")
                continue
            if not path.exists():
                found = [p.stem for p in directory.glob("*.yaml") if p.stem != "game"]
                guess = closest(deck_name, found)
                out.add(_rel(root, game_file), 0, "decks",
                        f"deck file '{deck_name}.yaml' not found" + (f"; did you mean '{guess}'?" if guess else ""),
                        f"a file cards/{directory.name}/<deck>.yaml")
                continue
            deck = out.run(_load_deck, root, path, game.languages)
            if deck:
                decks.append(deck)
                deck_files[deck.deck] = _rel(root, path)
        for stray in sorted(directory.glob("*.yaml")):   # issue 14: once silently ignored
            if stray.stem != "game" and stray.stem not in game.decks:
                out.add(_rel(root, stray), 1, "deck", f"not listed in decks: of {_rel(root, game_file)}, "
                        "so it is not built", f"'{stray.stem}' added to decks: [...], or the file moved elsewhere")
    if out.problems:
        raise DataError(out.problems)
    return GameData(game, decks, directory, deck_files)


def _load_deck(root: Path, path: Path, languages: list[str] | None = None) -> Deck:
    name = _rel(root, path)
    raw = load_yaml(path, name)
    deck = validate(Deck, raw, name)
    out = _Collector()
    own_cards = len(deck.cards)
    if deck.cards_from:
        deck.cards = deck.cards + (out.run(_sheet_cards, root, path, raw, deck, languages or []) or [])
        if len(deck.cards) > MAX_CARDS:
            out.add(name, line_of(raw, ("cards_from",)), "cards_from",
                    f"{len(deck.cards)} cards with the spreadsheet's", f"at most {MAX_CARDS} cards in a deck")
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
        raise DataError(out.problems)
    deck._raw = raw  # kept for line numbers in cross-checks
    return deck


def _sheet_cards(root: Path, path: Path, raw: Any, deck: Deck, languages: list[str]) -> list[Card]:
    """`cards_from:` a spreadsheet in the game folder (spreadsheet.py), after the deck's own cards."""
    from .spreadsheet import read_cards, sheet_path  # only decks with a spreadsheet load it
    name = _rel(root, path)
    sheet, tab = sheet_path(path.parent, deck.cards_from)
    if not sheet.resolve().is_relative_to(path.parent.resolve()):
        raise DataError([Problem(name, line_of(raw, ("cards_from",)), "cards_from",
                                 f"'{deck.cards_from}' is outside the game folder", "a file beside the deck file")])
    if not sheet.is_file():
        found = sorted(p.name for p in path.parent.iterdir() if p.suffix.lower() in (".csv", ".xlsx"))
        guess = closest(sheet.name, found)
        raise DataError([Problem(name, line_of(raw, ("cards_from",)), "cards_from",
                                 f"file '{sheet.name}' not found" + (f"; did you mean '{guess}'?" if guess else ""),
                                 f"a .csv or .xlsx beside {path.name} ({', '.join(found) or 'there is none'})")])
    return read_cards(sheet, _rel(root, sheet), deck.properties, languages, tab, {c.id for c in deck.cards})


def _texts(value: Any, path: tuple):
    """Every Text inside a model, with its field path."""
    if isinstance(value, Text):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _texts(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _texts(v, path + (i,))
    elif isinstance(value, BaseModel):
        for k in type(value).model_fields:
            yield from _texts(getattr(value, k), path + (k,))


def _cross_check(project: Project, data: GameData, out: _Collector) -> None:
    langs = data.game.languages
    icons = project.icons_for(data.id)  # also reads the game's layout file
    game_file = _rel(project.root, data.directory / "game.yaml")
    for path, text in _texts(data.game, ()):
        for lang in text.missing(langs):
            out.add(game_file, 0, ".".join(map(str, path)), f"no '{lang}' text", f"a text for each of {langs}")
    seen_ids: dict[str, str] = {}
    # read every layout file the game refers to first: a file that failed to load would
    # only make each reference to it "unknown", repeating the cause
    for deck in data.decks:
        for lid in ([deck.back.layout] if deck.back else []) + [layout_id(deck, c) for c in deck.cards]:
            _ = lid in project.layouts
    check_layouts = not project.layouts.problems
    declared = {key for deck in data.decks for key in deck.properties}
    for deck in data.decks:
        file = data.deck_files[deck.deck]
        raw = getattr(deck, "_raw", None)
        if isinstance(deck.size, str) and deck.size not in project.sheets.sizes:
            out.add(file, line_of(raw, ("size",)), "size", f"unknown card size '{deck.size}'",
                    f"one of {sorted(project.sheets.sizes)}, round-<mm>, square-<mm> or {{width, height}} in mm")
        if check_layouts and deck.back and deck.back.layout not in project.layouts:
            _unknown_layout(out, file, line_of(raw, ("back", "layout")), "back.layout", deck.back.layout, project)
        elif check_layouts and deck.back:
            project.layouts.check([deck.back.layout], out)
        for path, text in _texts(deck, ()):
            for lang in text.missing(langs):
                out.add(*_where(deck, raw, file, path), f"no '{lang}' text",
                        f"a text for each of {', '.join(langs)}")
            values = text.root.items() if isinstance(text.root, dict) else [(None, text.root)]
            for lang, value in values:
                for icon in ICON_REF.findall(value or ""):
                    if icon not in icons:
                        guess = closest(icon, icons)
                        out.add(*_where(deck, raw, file, path, lang),
                                f"unknown icon ':{icon}:'" + (f"; did you mean ':{guess}:'?" if guess else ""),
                                "an icon defined in layouts/icons.yaml or layouts/<game>.yaml")
        for lid in sorted({layout_id(deck, c) for c in deck.cards} | ({deck.back.layout} if deck.back else set())):
            if check_layouts and lid in project.layouts:
                out.run(_unknown_props, project, lid, data, declared)
        for i, card in enumerate(deck.cards):
            lid = layout_id(deck, card)
            if check_layouts and lid not in project.layouts:
                _unknown_layout(out, file, line_of(raw, ("cards", i)), f"cards[{i}] layout", lid, project)
            elif check_layouts:
                project.layouts.check([lid], out)
            if card.id in seen_ids:
                out.add(file, line_of(raw, ("cards", i, "id")), f"cards[{i}].id",
                        f"card id '{card.id}' is also used in {seen_ids[card.id]}", "ids unique within a game")
            seen_ids[card.id] = file


def _where(deck: Deck, raw: Any, file: str, path: tuple, lang: str | None = None) -> tuple[str, int, str]:
    """File, line and field of a value of a deck; for a card read from a spreadsheet, its
    file, row and column (spreadsheet.py leaves `_sheet` on such cards)."""
    if len(path) > 2 and path[0] == "cards" and isinstance(path[1], int) and path[1] < len(deck.cards):
        sheet = getattr(deck.cards[path[1]], "_sheet", None)
        if sheet:
            display, row, columns = sheet
            return display, row, columns.label_for(tuple(path[2:]) + ((lang,) if lang else ()))
    return file, line_of(raw, path), _dotted(path)


def _dotted(path: tuple) -> str:
    from datafile.errors import field_path
    return field_path(path)


def _unknown_layout(out: _Collector, file: str, line: int, field_name: str, lid: str, project: Project):
    guess = closest(lid, project.layouts)
    out.add(file, line, field_name, f"unknown layout '{lid}'" + (f"; did you mean '{guess}'?" if guess else ""),
            "a layout defined under layouts/")


# ---------------------------------------------------------------- layouts

def _resolve_layout(lid: str, specs: dict, roles: set, chain: tuple = ()) -> Layout:
    spec, file, raw, colors = specs[lid]
    short = lid.split("/", 1)[1]
    if lid in chain:
        raise DataError([Problem(file, line_of(raw, ("layouts", short, "extends")), f"layouts.{short}.extends",
                                 f"'extends' loops: {' -> '.join(chain + (lid,))}", "a chain that ends")])
    merged_regions: dict[str, dict] = {}
    background = spec.background
    palette = dict(colors)
    if spec.extends:
        parent_id = spec.extends if "/" in spec.extends else f"{lid.split('/')[0]}/{spec.extends}"
        if parent_id not in specs:
            guess = closest(parent_id, specs)
            raise DataError([Problem(file, line_of(raw, ("layouts", short, "extends")), f"layouts.{short}.extends",
                                     f"unknown layout '{spec.extends}'" + (f"; did you mean '{guess}'?" if guess else ""),
                                     "an existing layout id (file/name)")])
        parent = _resolve_layout(parent_id, specs, roles, chain + (lid,))
        merged_regions = {r.name: {k: v for k, v in vars(r).items() if k != "name"} for r in parent.regions}
        background = background or parent.background
        palette = {**parent.colors, **colors}
    for rname, region in spec.regions.items():
        if region is None:
            merged_regions.pop(rname, None)
            continue
        base = merged_regions.get(rname, dict(REGION_DEFAULTS))
        base.update({k: v for k, v in region.model_dump().items() if v is not None})
        merged_regions[rname] = base
    problems, regions = [], []
    env = environment()
    for rname, values in merged_regions.items():
        line = line_of(raw, ("layouts", short, "regions", rname))
        where = f"layouts.{short}.regions.{rname}"
        missing = [k for k in ("x", "y", "width", "height") if values.get(k) is None]
        if values.get("kind") == "line":
            missing = [k for k in ("x", "y") if values.get(k) is None]
            values.setdefault("width", 0)
            values.setdefault("height", 0)
            values["width"] = values["width"] or 0
            values["height"] = values["height"] or 0
        if missing:
            problems.append(Problem(file, line, where, f"missing {', '.join(missing)}", "a box in mm"))
            continue
        if roles and values["font"] not in roles:
            problems.append(Problem(file, line, where + ".font", f"unknown font role '{values['font']}'",
                                    f"one of {sorted(roles)} (layouts/fonts.yaml)"))
        for key in ("text", "when", "fill", "stroke", "color"):
            source = values.get(key)
            if source and ("{" in source or key == "when"):
                key_line = line_of(raw, ("layouts", short, "regions", rname, key))  # the field's own line
                try:
                    env.parse("{{ " + source + " }}" if key == "when" else source)
                except TemplateSyntaxError as exc:
                    problems.append(Problem(file, key_line, f"{where}.{key}", f"Jinja syntax error: {exc.message}",
                                            "a valid Jinja template"))
                    continue
                problems += _unknown_variables(source, key == "when", file, key_line, f"{where}.{key}")
        for key in ("fill", "stroke", "color"):
            if values.get(key) in palette:
                values[key] = palette[values[key]]
        if rname in spec.regions:
            values["origin"] = {**(values.get("origin") or {}), "": (file, line),
                                **{k: (file, line_of(raw, ("layouts", short, "regions", rname, k)))
                                   for k, v in spec.regions[rname].model_dump().items() if v is not None}}
        regions.append(Region(name=rname, **{k: values.get(k) for k in Region.__dataclass_fields__ if k != "name"}))
    if problems:
        raise DataError(problems)
    if background in palette:
        background = palette[background]
    return Layout(lid, background, regions, palette, file)


def _unknown_variables(source: str, expression: bool, file: str, line: int, where: str) -> list[Problem]:
    """A variable a layout template cannot see (`crad.name`, `card.nmae`) is reported by
    `pnp validate` with file and line, in the author's terms (issue 14)."""
    problems = []
    for path, _ in used_paths(source, expression):
        unknown = unknown_path(path)
        if unknown:
            name, known = unknown
            last = name.rsplit(".", 1)[-1]
            guess = closest(last, known)
            problems.append(Problem(file, line, where, f"unknown variable '{name}'"
                                    + (f"; did you mean '{name.rsplit('.', 1)[0] + '.' if '.' in name else ''}{guess}'?"
                                       if guess else ""), f"one of: {', '.join(known)}"))
    return problems


def _unknown_props(project: Project, lid: str, data: GameData, declared: set[str]) -> None:
    """`card.props.<x>` in a layout where no deck of the game declares <x>: a typo that would
    otherwise fail the build, card by card. (A property declared by some decks only is fine:
    shared layouts test it with `is defined`.)"""
    problems, seen = [], set()
    for region in project.layouts[lid].regions:
        for key in ("text", "when", "fill", "stroke", "color"):
            source = getattr(region, key)
            if not source or ("{" not in source and key != "when"):
                continue
            for path, _ in used_paths(source, key == "when"):
                if path[:2] == ("card", "props") and len(path) > 2 and path[2] not in declared:
                    file, line = (region.origin or {}).get(key) or (project.layouts[lid].file, 0)
                    guess = closest(path[2], declared)
                    problem = Problem(file, line, f"{lid} regions.{region.name}.{key}",
                                      f"unknown property 'card.props.{path[2]}'"
                                      + (f"; did you mean 'card.props.{guess}'?" if guess else ""),
                                      f"a property declared under 'properties:' in a deck of {data.id}"
                                      + (f" ({', '.join(sorted(declared))})" if declared else ""))
                    if problem not in seen:
                        seen.add(problem)
                        problems.append(problem)
    if problems:
        raise DataError(problems)
