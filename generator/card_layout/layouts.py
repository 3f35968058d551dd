"""Layout files (layouts/<file>.yaml): each read and validated on first use, `extends` merged,
every region's templates parsed and their variables checked, with file and line for each problem."""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import TemplateSyntaxError

from datafile.errors import Collector, DataError, Problem, closest, field_path
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from ..reading.characters import character_problems
from .boxes import (PERCENT_OF, box_extends, explicit_nulls, inherited_plus, canvas_bleed, lengths, on_the_card, one_dpi, styles_of_children,
                    written_box)
from ..reading.locate import layout_paths, relative, search_path
from .colours import span_problems
from .icon_paths import read_icon_files
from .layout_file import IconSpec, LayoutFile, LayoutSpec
from ..model.model import Card, Deck, Text
from .region_checks import (MAX_REGIONS, _colour_problem, _font_problems, _shape_problems, _too_many_regions,
                            _gradient_problems, _slip_problem, _unknown_name, palette_slip, text_fill, unknown_variables,
                            unused_fields, min_above_size)
from .resolved import REGION_DEFAULTS, Layout, Region
from .template_syntax import syntax_problem
from .templates import used_paths

SPECIAL_LAYOUT_FILES = {"fonts", "sheets", "printshops", "hyphenation"}


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
        self._broken: dict[str, set[str]] = {}   # icons defined but refused: said there, never "unknown" too
        self._unread: set[str] = set()   # files whose YAML could not be read: what they define is not known
        self._raw: dict[str, tuple[str, Any]] = {}   # stem -> (file as shown, YAML tree): lines for messages
        self._loaded: set[str] = set()
        self.problems: list[Problem] = []

    def _load(self, stem: str) -> None:
        if stem in self._loaded or stem not in self._paths:
            return
        self._loaded.add(stem)
        name = relative(self._root, self._paths[stem])
        raw = None
        try:
            raw = load_yaml(self._paths[stem], name, search_path(self._root))
            self._raw[stem] = (name, raw)
            parsed = validate(LayoutFile, raw, name)
        except DataError as exc:
            self.problems.extend(exc.problems)
            if not isinstance(raw, dict) or not isinstance(raw.get("icons", {}), (dict, type(None))):
                self._unread.add(stem)
            # the file's valid icons still count: a typo in one region must not make every
            # `:icon:` of the game's cards "unknown" as well
            self._icons[stem] = {k: v for k, v in _valid_icons(raw).items() if v.path}   # a file is read once valid
            icons = raw.get("icons") if isinstance(raw, dict) else None
            self._broken[stem] = {str(k) for k in (icons if isinstance(icons, dict) else ())} - set(self._icons[stem])
            return
        self._icons[stem], self._broken[stem], refused = read_icon_files(self._root, stem, parsed.icons, name, raw)
        self.problems.extend(refused)
        odd = character_problems(raw, name, None)
        if odd:
            self.problems.extend(Problem(name, line_of(raw, p), field_path(p), message, "printable characters")
                                 for p, message in odd)
            return
        for lname, spec in parsed.layouts.items():
            self._specs[f"{stem}/{lname}"] = (spec, name, raw, parsed.colors)

    def origin(self, stem: str, path: tuple) -> tuple[str, int]:
        """(file, line) of `path` (('icons', 'coin', 'label')) in the layout file `stem`."""
        self._load(stem)
        name, raw = self._raw.get(stem, (f"layouts/{stem}.yaml", None))
        return name, line_of(raw, path)

    def refused(self, stem: str) -> list[Problem]:
        """The problems of layouts/`stem`.yaml when it does not load."""
        self._load(stem)
        if stem not in self._paths or any(lid.startswith(f"{stem}/") for lid in self._specs):
            return []
        name = relative(self._root, self._paths[stem])
        return [p for p in self.problems if p.file == name]

    def load_all(self) -> None:
        for stem in self._paths:
            self._load(stem)

    def icons(self, stem: str) -> dict[str, IconSpec]:
        self._load(stem)
        return self._icons.get(stem, {})

    def broken_icons(self, stem: str) -> set[str]:
        self._load(stem)
        return self._broken.get(stem, set())

    def unread(self, stem: str) -> bool:
        """The file's YAML, or its `icons:`, could not be read (a syntax error): its icons are unknown."""
        self._load(stem)
        return stem in self._unread

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

    def of_file(self, stem: str) -> list[str]:
        """The layout ids of one file (loading only that one)."""
        self._load(stem)
        return [lid for lid in self._specs if lid.split("/", 1)[0] == stem]


def _valid_icons(raw: Any) -> dict[str, IconSpec]:
    icons = raw.get("icons") if isinstance(raw, dict) else None
    valid = {}
    for key, value in (icons.items() if isinstance(icons, dict) else []):
        try:
            valid[str(key)] = IconSpec.model_validate(value)
        except ValueError:   # reported with the file's other problems
            continue
    return valid


class Layouts(Mapping):
    """Every layout id, resolved (extends merged, templates checked) on first use.

    Reading files and parsing each region's Jinja template are the costly parts of loading,
    so a build reads and resolves only the layouts it draws; `pnp validate` checks them all.
    """

    def __init__(self, files: LayoutFiles, roles: set):
        self._files = files
        self._roles = roles
        self._resolved: dict[str, Layout] = {}
        self._failed: dict[str, DataError] = {}     # asked for once per card: resolved (or refused) once
        self._sized: dict[tuple, Layout] = {}

    def sized(self, lid: str, width: float, height: float) -> Layout:
        """The layout on a card of width x height mm: its `%` lengths in mm (one object per size,
        so what is keyed by the layout stays keyed)."""
        layout = self[lid]
        if not any(r.percent for r in layout.regions):
            return layout
        key = (lid, width, height)
        if key not in self._sized:
            share = {"width": width, "height": height}
            self._sized[key] = dataclasses.replace(layout, regions=[
                dataclasses.replace(r, **{k: getattr(r, k) + f * share[PERCENT_OF[k]] for k, f in r.percent.items()})
                if r.percent else r for r in layout.regions])
        return self._sized[key]

    def __getitem__(self, lid: str) -> Layout:
        if lid in self._failed:
            raise self._failed[lid]
        if lid not in self._resolved:
            if lid not in self._files:
                refused = self._files.refused(lid.split("/", 1)[0])
                if refused:       # its file does not load: the file's own problems, not a missing layout
                    raise DataError(refused)
                raise KeyError(lid)
            try:
                self._resolved[lid] = on_the_card(resolve_layout(lid, self._files, self._roles))
            except DataError as exc:
                self._failed[lid] = exc
                raise
        return self._resolved[lid]

    def __contains__(self, lid: object) -> bool:
        return lid in self._files

    def __iter__(self):
        return iter(self._files)

    def __len__(self) -> int:
        return sum(1 for _ in self._files)

    def icons(self, stem: str) -> dict[str, IconSpec]:
        return self._files.icons(stem)

    def broken_icons(self, stem: str) -> set[str]:
        return self._files.broken_icons(stem)

    def unread(self, stem: str) -> bool:
        return self._files.unread(stem)

    def origin(self, stem: str, path: tuple) -> tuple[str, int]:
        return self._files.origin(stem, path)

    def spec(self, lid: str) -> tuple:
        """(LayoutSpec, file, raw YAML, colors) of a layout as written, before `extends`."""
        return self._files[lid]

    @property
    def problems(self) -> list[Problem]:
        return self._files.problems

    def check(self, ids, out: Collector) -> None:
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


def resolve_layout(lid: str, specs: dict, roles: set, chain: tuple = ()) -> Layout:
    spec, file, raw, colors = specs[lid]
    short = lid.split("/", 1)[1]
    if lid in chain:
        raise DataError([Problem(file, line_of(raw, ("layouts", short, "extends")), f"layouts.{short}.extends",
                                 f"'extends' loops: {' -> '.join(chain + (lid,))}", "a chain that ends")])
    if len(spec.regions) > MAX_REGIONS:
        raise _too_many_regions(len(spec.regions), file, raw, short)
    merged_regions: dict[str, dict] = {}
    background = spec.background
    background_at = (file, line_of(raw, ("layouts", short, "background"))) if background else None
    dpi = spec.dpi
    palette = dict(colors)
    if spec.extends:
        parent_id = spec.extends if "/" in spec.extends else f"{lid.split('/')[0]}/{spec.extends}"
        if parent_id not in specs:
            guess = closest(parent_id, specs)
            raise DataError([Problem(file, line_of(raw, ("layouts", short, "extends")), f"layouts.{short}.extends",
                                     f"unknown layout '{spec.extends}'" + (f"; did you mean '{guess}'?" if guess else ""),
                                     "an existing layout id (file/name)")])
        parent = resolve_layout(parent_id, specs, roles, chain + (lid,))
        merged_regions = {r.name: {k: v for k, v in vars(r).items() if k != "name"} for r in parent.regions}
        written = {r.name: {**{k: getattr(r, k) for k in (r.origin or {}) if k in Region.__dataclass_fields__
                               and k != "name"}, **({"units": r.units} if r.units else {})} for r in parent.regions}
        background_at = background_at if background else parent.background_at
        background = background or parent.background
        palette = {**parent.colors, **colors}
        dpi = dpi or parent.dpi
        for name, (fields, values) in parent.styles.items():
            merged_regions[name], written[name] = dict(values), dict(fields)
    else:
        written = {}   # region -> the fields written for it (here or in the layout this one extends)
    canvas, problems = canvas_bleed(spec.canvas_bleed, dpi, file, raw, short)
    if spec.extends and canvas is None and not problems:
        canvas = parent.canvas_bleed
    for rname, region in spec.regions.items():
        if region is None:
            merged_regions.pop(rname, None)
            written.pop(rname, None)
            continue
        base = merged_regions.get(rname, dict(REGION_DEFAULTS))
        own = {k: v for k, v in region.model_dump().items() if v is not None}
        floor = base.get("min_size") or REGION_DEFAULTS["min_size"]
        if own.get("size") is not None and "min_size" not in own and own["size"] < floor:
            own["min_size"] = own["size"]   # a size written below the floor is printed as written (check warns)
        nulls = explicit_nulls(region)   # `fill: null` clears an inherited fill
        if rname in merged_regions and not own.get("extends"):   # `y: += 5` on a box of the layout it extends
            problems += inherited_plus(own, base, dpi, file, lambda key: line_of(
                raw, ("layouts", short, "regions", rname, key)), f"layouts.{short}.regions.{rname}")
        if base.get("percent"):   # a share of the card the extended layout's box had, where this one writes its own
            base["percent"] = {k: v for k, v in base["percent"].items() if k not in own} or None
        base.update({**own, **{k: REGION_DEFAULTS.get(k) for k in nulls}})
        merged_regions[rname] = base
        written[rname] = {**written.get(rname, {}), **own, **dict.fromkeys(nulls)}
    if len(merged_regions) > MAX_REGIONS:   # each is rendered and fitted for every card and language
        raise _too_many_regions(len(merged_regions), file, raw, short)
    failed: set[str] = set()
    problems += box_extends(merged_regions, written, file, raw, short, failed, REGION_DEFAULTS, dpi)
    styles = {name for fields in written.values() for name in
              ([fields["extends"]] if isinstance(fields.get("extends"), str) else fields.get("extends") or [])}
    styles |= (set(parent.styles) if spec.extends else set()) | styles_of_children(lid, specs)
    kept_styles: dict[str, tuple[dict, dict]] = {}
    regions = []
    for rname, values in merged_regions.items():
        if rname in failed:
            continue
        line = line_of(raw, ("layouts", short, "regions", rname))
        where = f"layouts.{short}.regions.{rname}"
        missing = [k for k in ("x", "y", "width", "height") if values.get(k) is None]
        if values.get("kind") == "line":
            missing = [k for k in ("x", "y") if values.get(k) is None]
            values.setdefault("width", 0)
            values.setdefault("height", 0)
            values["width"] = values["width"] or 0
            values["height"] = values["height"] or 0
        if missing and rname in styles:   # a style other boxes extend, with no box of its own: not drawn
            own = {k: (file, line_of(raw, ("layouts", short, "regions", rname, k)))
                   for k in (spec.regions[rname].model_dump(exclude_none=True) if spec.regions.get(rname) else {})}
            kept_styles[rname] = (written.get(rname, {}), {**values, "origin": {**(values.get("origin") or {}), **own}})
            continue
        unit_problems = lengths(values, dpi, file, lambda key: line_of(raw, ("layouts", short, "regions", rname, key))
                                 or (values.get("origin") or {}).get(key, (file, line))[1] or line, where, canvas or 0.0)
        if unit_problems:
            problems += unit_problems
            continue
        if missing:
            problems.append(Problem(file, line, where, f"missing {', '.join(missing)}", "a box in mm"))
            continue
        def at(key: str, rname=rname, values=values, line=line) -> tuple[int, str]:
            """(line, box path) where `key` was written: the box's own line, or the line of the
            box it `extends` (a typo in a shared style is said once, there, not on every box)."""
            if key in written_box(raw, short, rname):
                return line_of(raw, ("layouts", short, "regions", rname, key)), f"layouts.{short}.regions.{rname}"
            origin = (values.get("origin") or {}).get(key)
            if origin and origin[0] == file:
                for name in written:
                    if key in written_box(raw, short, name) and \
                            line_of(raw, ("layouts", short, "regions", name, key)) == origin[1]:
                        return origin[1], f"layouts.{short}.regions.{name}"
            return line, where
        problems += _font_problems(values, roles, file, *at("font"))
        problems += _shape_problems(values, file, line, where) + min_above_size(values, file, *at("min_size"))
        if rname in spec.regions:   # a box of the layout it extends was checked there
            own = {k for k, v in written_box(raw, short, rname).items() if v is not None} - {"extends"}
            kind_from = at("kind")[1].rsplit(".", 1)[1] if "kind" not in own \
                and "kind" in (values.get("origin") or {}) else None
            problems += unused_fields(values, own, kind_from, file, line, where)
            said = text_fill(values, own, file, *at("fill"))
            problems, values["fill"] = problems + said, None if said else values.get("fill")   # said once, not as a colour too
        for key in ("text", "when", "fill", "stroke", "color", "tint"):
            source = values.get(key)
            if source and ("{" in source or key == "when"):
                key_line, box = at(key)  # the field's own line, or its style's
                try:   # the syntax check parses once per template text (memoised), not once per load
                    used_paths(source, key == "when")
                except TemplateSyntaxError as exc:
                    problems.append(Problem(file, key_line, f"{box}.{key}",
                                            *syntax_problem(source, exc.message or "", key == "when")))
                    continue
                problems += unknown_variables(source, key == "when", file, key_line, f"{box}.{key}")
        if values.get("kind") == "text" and "|" in (values.get("text") or ""):   # `[red|words]` written in the box
            key_line, box = at("text")
            problems += [Problem(file, key_line, f"{box}.text", *said)
                         for said in span_problems(values["text"], palette)]
        for key in ("fill", "stroke", "color", "tint"):
            if values.get(key) in palette:
                values[key] = palette[values[key]]
            elif palette_slip(values.get(key), palette):
                key_line, box = at(key)
                problems.append(_slip_problem(values[key], palette_slip(values[key], palette), palette, file,
                                              key_line, f"{box}.{key}"))
            elif _unknown_name(values.get(key)):
                key_line, box = at(key)
                problems.append(_colour_problem(values[key], palette, file, key_line, f"{box}.{key}"))
        if values.get("gradient"):   # its colours: names of the palette as a fill's are
            problems += _gradient_problems(values, palette, file, *at("gradient"))
        if rname in spec.regions:
            values["origin"] = {**(values.get("origin") or {}), "": (file, line),
                                **{k: (file, line_of(raw, ("layouts", short, "regions", rname, k)))
                                   for k, v in spec.regions[rname].model_dump().items() if v is not None}}
        regions.append(Region(name=rname, **{k: values.get(k) for k in Region.__dataclass_fields__ if k != "name"}))
    if background in palette:
        background = palette[background]
    elif palette_slip(background, palette) and spec.background:
        problems.append(_slip_problem(background, palette_slip(background, palette), palette, file,
                                      line_of(raw, ("layouts", short, "background")), f"layouts.{short}.background"))
    elif _unknown_name(background) and spec.background:
        problems.append(_colour_problem(background, palette, file, line_of(raw, ("layouts", short, "background")),
                                        f"layouts.{short}.background"))
    if problems:   # a style's mistake, found on each box that extends it: once
        raise DataError(one_dpi(list({(p.file, p.line, p.field, p.message): p for p in problems}.values()),
                                 file, raw, short))
    embed = {**(parent.embed if spec.extends else {}), **(spec.embed or {})}
    return Layout(lid, background, regions, palette, file, dpi, canvas or 0.0, background_at, kept_styles, embed)
