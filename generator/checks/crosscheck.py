"""Checks across a loaded game and the layouts: every language present, every icon, layout,
size and card property that a deck or a layout names exists, card ids unique in the game."""
from __future__ import annotations

from dataclasses import replace

import re
from typing import Any

from pydantic import BaseModel

from datafile.lengths import parse_expression
from datafile.errors import BuildError, Collector, DataError, Problem, closest, field_path
from datafile.source import line_of, load_yaml

from ..card_layout.colours import span_problems
from ..card_layout.layouts import layout_id
from ..card_layout.region_checks import FONT_FILE
from ..reading.locate import game_font, relative
from ..model.model import Deck, Text
from ..card_layout.project import GameData, Project
from ..card_layout.templates import used_paths
from .nandeck_fields import nandeck_fields
from .quantity import taken_quantity

ICON_REF = re.compile(r":([a-z][a-z0-9-]*):")


def texts(value: Any, path: tuple):
    """Every Text inside a model, with its field path."""
    if isinstance(value, Text):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from texts(v, path + (i,))
    elif isinstance(value, BaseModel):
        for k in type(value).model_fields:
            yield from texts(getattr(value, k), path + (k,))


def cross_check(project: Project, data: GameData, out: Collector) -> None:
    langs = data.game.languages
    icons = project.icons_for(data.id)  # also reads the game's layout file
    game_file = relative(project.root, data.directory / "game.yaml")
    missing = [(path, lang) for path, text in texts(data.game, ()) for lang in text.missing(langs)]
    raw_game = load_yaml(data.directory / "game.yaml", game_file) if missing else None   # for the lines
    for path, lang in missing:
        out.add(game_file, line_of(raw_game, path), field_path(path), f"no '{lang}' text",
                f"a text for each of {', '.join(langs)}")
    seen_ids: dict[str, str] = {}
    # read every layout file the game refers to first: a file that failed to load would
    # only make each reference to it "unknown", repeating the cause
    for deck in data.decks:
        for lid in ([deck.back.layout] if deck.back else []) + [layout_id(deck, c) for c in deck.cards]:
            _ = lid in project.layouts
    check_layouts = not project.layouts.problems
    declared = {key for deck in data.decks for key in deck.properties}
    off_said: set = set()    # a box off the card: said once, for the first deck that uses its layout
    for deck in data.decks:
        file = data.deck_files[deck.deck]
        raw = getattr(deck, "_raw", None)
        if isinstance(deck.size, str) and deck.size not in project.sheets.sizes:
            guess = closest(deck.size, project.sheets.sizes)
            out.add(file, line_of(raw, ("size",)), "size", f"unknown card size '{deck.size}'"
                    + (f"; did you mean '{guess}'?" if guess else ""),
                    f"one of {', '.join(sorted(project.sheets.sizes))}, round-<mm>, square-<mm>, hex-<mm> or "
                    f"{{width, height}} in mm")
        if check_layouts and deck.back and deck.back.layout not in project.layouts:
            _unknown_layout(out, file, line_of(raw, ("back", "layout")), "back.layout", deck.back.layout, project)
        elif check_layouts and deck.back:
            project.layouts.check([deck.back.layout], out)
        palette = _palette(project, deck) if check_layouts else None
        for path, text in texts(deck, ()):
            for lang in text.missing(langs) if not _named_after_deck(deck, path) else ():
                out.add(*deck_place(deck, raw, file, path), f"no '{lang}' text",
                        f"a text for each of {', '.join(langs)}")
            values = text.root.items() if isinstance(text.root, dict) else [(None, text.root)]
            for lang, value in values:
                for message, expected in span_problems(value or "", palette):
                    out.add(*deck_place(deck, raw, file, path, lang), message, expected)
                for icon in ICON_REF.findall(value or ""):
                    if icon not in icons and icon not in project.defined_icons(data.id):
                        guess = closest(icon, icons)
                        out.add(*deck_place(deck, raw, file, path, lang),
                                f"unknown icon ':{icon}:'" + (f"; did you mean ':{guess}:'?" if guess else ""),
                                "an icon defined in layouts/icons.yaml or layouts/<game>.yaml")
        for lid in sorted({layout_id(deck, c) for c in deck.cards} | ({deck.back.layout} if deck.back else set())):
            if check_layouts and lid in project.layouts:
                out.run(_unknown_props, project, lid, data, declared, deck)
                out.run(_font_files, project, lid, data)
                if not isinstance(deck.size, str) or deck.size in project.sheets.sizes:
                    _off_card(project, lid, deck, out, off_said)
                out.run(_embed_icons, project, lid, data, off_said)
        said = set()   # the deck's own `layout:` is said once, at its line, not at every card
        for i, card in enumerate(deck.cards):
            lid = layout_id(deck, card)
            if check_layouts and lid not in project.layouts and not card.layout and "{" not in (deck.layout or "{"):
                if lid not in said:
                    _unknown_layout(out, file, line_of(raw, ("layout",)), "layout", lid, project)
                said.add(lid)
            elif check_layouts and lid not in project.layouts:
                where = ("cards", i, "layout") if card.layout else ("cards", i)
                _unknown_layout(out, *deck_place(deck, raw, file, where)[:2], f"cards[{i}] layout", lid, project)
            elif check_layouts:
                project.layouts.check([lid], out)
            where = deck_place(deck, raw, file, ("cards", i, "id"))   # a spreadsheet row names its own cell
            if card.id in seen_ids:
                out.add(*where, f"card id '{card.id}' is also used in {seen_ids[card.id]}", "ids unique within a game")
            seen_ids[card.id] = f"{where[0]}:{where[1]}" if where[1] else where[0]


def _palette(project: Project, deck: Deck) -> dict | None:
    """The colours the layouts of a deck's cards name (a span's colour may be one of them); None
    when one of them is unknown or broken (said by its own check: a span is not judged by half)."""
    palette: dict = {}
    for lid in sorted({layout_id(deck, c) for c in deck.cards}):
        try:
            palette.update(project.layouts[lid].colors)
        except (KeyError, DataError):
            return None
    return palette


def _named_after_deck(deck: Deck, path: tuple) -> bool:
    """The name of a card of a sheet without names (`Wortkarten 3`): the deck's name lacks the
    language, said once at its `name:` line, not once per row."""
    return len(path) == 3 and path[0] == "cards" and path[2] == "name" \
        and getattr(deck.cards[path[1]], "_named_after_deck", False)


def deck_place(deck: Deck, raw: Any, file: str, path: tuple, lang: str | None = None) -> tuple[str, int, str]:
    """File, line and field of a value of a deck; for a card read from a spreadsheet, its
    file, row and column (spreadsheet.py leaves `_sheet` on such cards)."""
    if len(path) > 2 and path[0] == "cards" and isinstance(path[1], int) and path[1] < len(deck.cards):
        sheet = getattr(deck.cards[path[1]], "_sheet", None)
        if sheet:
            display, row, columns = sheet
            return display, row, columns.label_for(tuple(path[2:]) + ((lang,) if lang else ()))
    return file, line_of(raw, path), field_path(path)




def _unknown_layout(out: Collector, file: str, line: int, field_name: str, lid: str, project: Project):
    guess = closest(lid, project.layouts)
    out.add(file, line, field_name, f"unknown layout '{lid}'" + (f"; did you mean '{guess}'?" if guess else ""),
            "a layout defined under layouts/")


def _font_files(project: Project, lid: str, data: GameData) -> None:
    """A region's `font:` that names a file: in the game folder, a regular TrueType file."""
    problems: dict[tuple, tuple[Problem, list[str]]] = {}   # where the font was written -> its boxes
    for region in project.layouts[lid].regions:
        if region.font not in project.fonts.families and FONT_FILE.match(region.font or ""):
            try:
                game_font(data.directory, region.font)
            except BuildError as exc:
                file, line = (region.origin or {}).get("font") or (project.layouts[lid].file, 0)
                problems.setdefault((file, line, str(exc)), (Problem(file, line, f"{lid} regions.{region.name}.font",
                                                                     str(exc), "a .ttf or .otf file of the game folder"),
                                                             []))[1].append(region.name)
    if problems:   # a font written once, in a style that boxes extend: said once, there
        raise DataError([replace(problem, message=problem.message + (f" (the font of boxes {', '.join(boxes)})"
                                                                     if len(boxes) > 1 else ""))
                         for problem, boxes in problems.values()])


def _unknown_props(project: Project, lid: str, data: GameData, declared: set[str], deck: Deck) -> None:
    """`card.props.<x>` in a layout where no deck of the game declares <x>: a typo that would
    otherwise fail the build, card by card. (A property declared by some decks only is fine:
    shared layouts test it with `is defined`.)"""
    problems, seen = nandeck_fields(project.layouts[lid], lid, deck), set()
    # the deck's properties from Squib-style headers (spreadsheet.py): a close one is named at the box
    columns = {k: spec._column for k, spec in deck.properties.items() if getattr(spec, "_column", None)}
    taken = taken_quantity(deck)
    for region in project.layouts[lid].regions:
        for key in ("text", "when", "fill", "stroke", "color"):
            source = getattr(region, key)
            if not source or ("{" not in source and key != "when"):
                continue
            for path, _ in used_paths(source, key == "when"):
                if path[:2] != ("card", "props") or len(path) < 3 or path[2] in deck.properties:
                    continue
                file, line = (region.origin or {}).get(key) or (project.layouts[lid].file, 0)
                slip = closest(path[2], columns)
                if taken and path[2] == taken[2]:   # `Count` was read as copies, not as a property
                    problem = Problem(file, line, f"{lid} regions.{region.name}.{key}",
                                      f"unknown property 'card.props.{path[2]}': {taken[1]} of {taken[0]} "
                                      f"is read as how many copies of each row to print",
                                      f"`quantity: none` in {data.deck_files.get(deck.deck, 'the deck file')} "
                                      f"to read it as card.props.{path[2]}")
                    if problem not in seen:
                        seen.add(problem)
                        problems.append(problem)
                    continue
                if slip or path[2] not in declared:
                    guess = closest(path[2], declared)
                    if slip and path[2] in declared:   # another deck's sheet gives it: this header slipped
                        display, label = columns[slip]
                        problem = Problem(display, 1, label, f"gives card.props.{slip}, but layout {lid} reads "
                                          f"card.props.{path[2]} ({file}:{line}) as another deck gives it",
                                          f"the header renamed '{path[2]}'")
                    elif slip:   # the column the sheet has: said where the box reads it, with both fixes
                        problem = _header_slip(columns[slip], path[2], slip, file, line,
                                               f"{lid} regions.{region.name}.{key}")
                    else:
                        problem = Problem(file, line, f"{lid} regions.{region.name}.{key}",
                                          f"unknown property 'card.props.{path[2]}'"
                                          + (f"; did you mean 'card.props.{guess}'?" if guess else ""),
                                          f"a property declared under 'properties:' in a deck of {data.id}"
                                          + (f" ({', '.join(sorted(declared))})" if declared else ""))
                    if (file, line, path[2]) not in seen:   # a box others extend: once, where it is written
                        seen.add((file, line, path[2]))
                        problems.append(problem)
    if problems:
        raise DataError(problems)


def _off(start: float, extent: float, card: float) -> bool:
    """A box's span on one axis misses the card: past its far edge, or ending before its near one
    (a line of no extent lying on the near trim, at 0, is on the card; one above it is not)."""
    return start >= card or start + extent < 0 or (extent > 0 and start + extent <= 0)


def _header_slip(column: tuple[str, str], wanted: str, given: str, file: str, line: int, field: str) -> Problem:
    """A layout reading a property the sheet gives under a close name (`picket_bonnus`, the header
    `Picket bonus`): at the box's line, naming the column that exists; the header may be the slip."""
    display, label = column
    header = label.split(" ", 2)[2].strip("'")
    if _same_key(wanted, header):   # `card.props.Desc` for the header `Desc`: the header is right
        return Problem(file, line, field, f"unknown property 'card.props.{wanted}': a header's key is in lower "
                       f"case, with _ for spaces ({label} of {display})", f"card.props.{given}")
    return Problem(file, line, field, f"unknown property 'card.props.{wanted}'; did you mean '{header}' "
                   f"(card.props.{given}, {label} of {display})?", f"card.props.{given}, as the header gives it; "
                   f"if the header is the slip, the header renamed '{wanted}'")


def _same_key(a: str, b: str) -> bool:
    """Two spellings of one key but for case, spaces and underscores."""
    return re.sub(r"[\s_]+", "_", a.strip().lower()) == re.sub(r"[\s_]+", "_", b.strip().lower())


def _off_card(project: Project, lid: str, deck: Deck, out: Collector, said: set) -> None:
    """A box wholly outside the card (`x: 900 px` on an 825 px card) prints nothing, or only on
    the bleed that is cut away: said at the box's line, for the first deck size it misses."""
    size = project.size_of(deck)
    try:
        layout = project.layouts.sized(lid, size.width, size.height)
    except DataError:
        return      # the layout's own problems are said where it is resolved
    for r in layout.regions:
        if r.bleed:
            continue
        negative = [k for k in ("width", "height") if getattr(r, k) < 0]
        if negative and (lid, r.name) not in said:   # said at the sum, not as a box off the card
            said.add((lid, r.name))
            file, line = (r.origin or {}).get(negative[0]) or (r.origin or {}).get("", ("", 0))
            if (file, line, negative[0]) not in said:
                said.add((file, line, negative[0]))
                out.add(file, line, f"layouts.{lid.split('/', 1)[1]}.regions.{r.name}.{negative[0]}",
                        *_negative_words(project, layout, r, size, negative[0], file, line))
            continue
        outside = [k for k, off in (("x", _off(r.x, r.width, size.width)),
                                    ("y", _off(r.y, r.height, size.height))) if off]
        if outside and (lid, r.name) not in said:
            said.add((lid, r.name))
            file, line = (r.origin or {}).get(outside[0]) or (r.origin or {}).get("", ("", 0))
            if (file, line, outside[0]) in said:   # written once, in a box others extend: said once
                continue
            said.add((file, line, outside[0]))
            out.add(file, line, f"layouts.{lid.split('/', 1)[1]}.regions.{r.name}.{outside[0]}",
                    *_off_words(layout, r, size, deck.deck, outside[0]))


def _embed_icons(project: Project, lid: str, data: GameData, said: set) -> None:
    """Each icon the `embed:` of a layout or of one of its boxes names is one the layout files
    define: else one line at its entry, with the nearest name."""
    layout, defined = project.layouts[lid], project.defined_icons(data.id)
    problems = []
    entries = [(key, icon, None) for key, icon in layout.embed.items()]
    entries += [(key, icon, r) for r in layout.regions for key, icon in (r.embed or {}).items()]
    for key, icon, region in entries:
        if icon in defined:
            continue
        if region is None:
            file, line, short = _embed_entry(project, lid, key)
            where = f"layouts.{short}.embed.{key}"
        else:
            file, line = (region.origin or {}).get("embed") or (region.origin or {}).get("") or (layout.file, 0)
            _spec, own_file, raw, _colors = project.layouts.spec(lid)
            short = lid.split("/", 1)[1]
            entry = line_of(raw, ("layouts", short, "regions", region.name, "embed", key)) if file == own_file else 0
            line = entry or line
            where = f"layouts.{short}.regions.{region.name}.embed.{key}"
        if (file, line) in said:
            continue
        said.add((file, line))
        guess = closest(icon, sorted(defined))
        problems.append(Problem(file, line, where, f"unknown icon '{icon}'"
                                + (f"; did you mean '{guess}'?" if guess else ""),
                                f"an icon of layouts/{data.id}.yaml or layouts/icons.yaml "
                                f"({', '.join(sorted(defined)[:12])})"))
    if problems:
        raise DataError(problems)


def _embed_entry(project: Project, lid: str, key: str) -> tuple[str, int, str]:
    """(file, line, layout name) of the `embed:` entry `key` a layout has: its own, or that of
    the layout it extends."""
    seen = set()
    while lid in project.layouts and lid not in seen:
        seen.add(lid)
        spec, file, raw, _colors = project.layouts.spec(lid)
        short = lid.split("/", 1)[1]
        if key in (spec.embed or {}):
            return file, line_of(raw, ("layouts", short, "embed", key)), short
        lid = spec.extends if spec.extends and "/" in spec.extends else f"{lid.split('/')[0]}/{spec.extends}"
    return lid, 0, ""


def _off_words(layout, r, size, deck: str, axis: str) -> tuple[str, str]:
    """The off-card line in the unit the box was written in (Squib's px on its canvas, which
    holds the bleed: a box at 37.5 px lies on the cut), else in mm."""
    unit = (r.units or {}).get(axis)
    if unit == "px" and layout.dpi:
        bleed = layout.canvas_bleed

        def px(v: float) -> str:
            return f"{round((v + bleed) / 25.4 * layout.dpi, 1):g}"
        x0, x1 = px(0), px(size.width)
        y0, y1 = px(0), px(size.height)
        return (f"the box lies wholly off the card of deck '{deck}' (x {px(r.x)} to {px(r.x + r.width)} px, "
                f"y {px(r.y)} to {px(r.y + r.height)} px; the card is x {x0} to {x1} px, y {y0} to {y1} px "
                f"at the layout's dpi {layout.dpi:g})",
                f"a box that overlaps the card: x from {x0} to {x1} px, y from {y0} to {y1} px")
    return (f"the box lies wholly off the {size.width:g} x {size.height:g} mm card of deck '{deck}' "
            f"(x {r.x:.4g} to {r.x + r.width:.4g} mm, y {r.y:.4g} to {r.y + r.height:.4g} mm)"
            + _bare_number(layout, r, axis),
            "a box that overlaps the card: x from 0 to its width, y from 0 to its height")


def _bare_number(layout, r, axis: str) -> str:
    """`; 200 is mm: did you mean 200 px?` for a number without a unit in a layout measured in px."""
    if not layout.dpi or axis in (r.units or {}) or axis in (r.percent or {}):
        return ""
    written = getattr(r, axis) + layout.canvas_bleed   # x and y start at the canvas's corner
    return f"; {written:g} is mm (a number alone is mm): did you mean {written:g} px?"


def _negative_words(project: Project, layout, r, size, axis: str, file: str, line: int) -> tuple[str, str]:
    """A width or height that comes out below 0 on this card (Squib's `deck - 180`, its pixels
    written bare, so 180 mm): said at the sum, with the px a bare number likely meant."""
    value = getattr(r, axis)
    words = f"the box's {axis} comes out at {value:.4g} mm on the {size.width:g} x {size.height:g} mm card"
    bare = _bare_terms(project, file, line, axis) if layout.dpi else []
    if bare:
        n = f"{bare[0]:g}"
        return (words + f"; {n} is mm here (a number alone is mm); in a layout with dpi: {layout.dpi:g}, "
                f"did you mean {n} px?", f"a unit on each number of the sum, such as {n} px")
    return words, f"a {axis} above 0 mm"


def _bare_terms(project: Project, file: str, line: int, axis: str) -> list[float]:
    """The numbers written without a unit in the `axis:` sum of a layout file's line."""
    try:
        text = (project.root / file).read_text(encoding="utf-8").splitlines()[line - 1]
    except (OSError, IndexError):
        return []
    found = re.search(rf"\b{axis}:\s*([^,}}#\n]+)", text)
    terms = parse_expression(found.group(1).strip().strip("'\"")) if found else None
    return [abs(n) for n, unit in terms or [] if unit is None]
