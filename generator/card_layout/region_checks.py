"""What one region of a layout may not say, each at its file and line: an unknown colour, font or
template variable, a shape's fields on another kind, more regions than a layout may hold
(layouts.py resolves a layout and asks these)."""
from __future__ import annotations

import re

from datafile.errors import DataError, Problem, closest
from datafile.source import line_of

from ..reading.locate import METRIC_ALIKES, system_families, system_font, system_style, system_substitute
from .colours import NAMED, is_colour
from .templates import unknown_path, used_paths

FONT_FILE = re.compile(r"^[^/\\]*\.(ttf|otf)$|^[\w.-]+(/[\w.-]+)*\.(ttf|otf)$", re.IGNORECASE)
MAX_REGIONS = 100      # regions of one layout, its `extends` included (the most shipped: 22)
SHAPES = ("rect", "circle", "hexagon", "star", "polygon", "line")


def _too_many_regions(count: int, file: str, raw, short: str) -> DataError:
    return DataError([Problem(file, line_of(raw, ("layouts", short, "regions")), f"layouts.{short}.regions",
                              f"{count:,} regions", f"at most {MAX_REGIONS} regions in a layout (those of the "
                              f"layout it extends included)")])


def _unknown_name(value) -> bool:
    """A palette name (not a colour, not a template) that the layout's `colors` may lack: the
    build could not draw it ('night' mistyped 'nihgt' passed validate and stopped the build)."""
    return isinstance(value, str) and "{" not in value and not is_colour(value)


def _plain(name: str) -> str:
    return re.sub(r"[-_ ]", "", name.lower()).replace("gray", "grey")


def palette_slip(value, palette: dict) -> str | None:
    """The palette name a standard colour name is a spelling of (`gray` for `grey`, `darkGrey`
    for `dark-grey`): the designer meant the layout's colour, and got the standard one silently."""
    if not isinstance(value, str) or value in palette or "{" in value or value.startswith("#"):
        return None
    return next((name for name in sorted(palette) if _plain(name) == _plain(value)), None)


def _slip_problem(value: str, name: str, palette: dict, file: str, line: int, where: str) -> Problem:
    what = "a standard colour, not" if is_colour(value) else "not"
    return Problem(file, line, where, f"'{value}' is {what} the layout's '{name}' ({palette[name]}); "
                   f"did you mean '{name}'?",
                   f"'{name}' as the layout's colors name it, or its #rrggbb for another colour")


def _colour_problem(value: str, palette: dict, file: str, line: int, where: str) -> Problem:
    guess = closest(value, palette) or (f"#{value}" if re.fullmatch(r"[0-9a-fA-F]{6}", value) else None) \
        or closest(value.lower(), sorted(NAMED))     # nanDECK's FF0000; `whitte`: white
    return Problem(file, line, where, f"unknown colour '{value[:40]}'" + (f"; did you mean '{guess}'?" if guess else ""),
                   "#rrggbb, a colour name such as white, or a name of the layout's colors"
                   + (f" ({', '.join(sorted(palette)[:12])})" if palette else ""))


def _font_problems(values: dict, fonts: set, file: str, line: int, where: str) -> list[Problem]:
    """`font:` names a role (title, body, ui), a family of layouts/fonts.yaml, or a font file of the
    game folder (checked per game: crosscheck.py)."""
    font = values.get("font")
    if not fonts or font in fonts or (isinstance(font, str) and FONT_FILE.match(font)):
        return []
    # Squib's "Arial 18" is read as font and size (layout_file.pango_font)
    guess = closest(font, fonts)
    if not guess and system_font(font):   # a family installed on this system (fontconfig)
        bold, italic = bool(values.get("bold")), bool(values.get("italic"))
        if (bold or italic) and not system_style(font, bold, italic) \
                and not (bold and italic and (system_style(font, True, False) or system_style(font, False, True))):
            style = {(True, False): "bold", (False, True): "italic", (True, True): "bold or italic"}[(bold, italic)]
            return [Problem(file, line, where + ".font", f"'{font}' has no {style} face on this system "
                            f"(fc-list '{font}' style lists its faces)",
                            f"{' and '.join(k + ': false' for k in ('bold', 'italic') if values.get(k))}, "
                            f"or a family with a {style.split()[0]} face")]
        return []
    if not guess:    # a slip of an installed family (`DejaVu Sans Mon`), case aside
        families = {name.casefold(): name for name in system_families()}
        # Arial, Helvetica…: names fontconfig prints in a metric twin where one is installed
        families.update({alias: alias.title() for alias in METRIC_ALIKES
                         if alias not in families and system_substitute(alias.title())})
        near = closest(font.casefold(), list(families))
        guess = families[near] if near else None
    if guess and guess.casefold() == font.casefold().strip():   # listed, but only as a file pnp cannot embed
        return [Problem(file, line, where + ".font", f"font '{font}' is on this system only in a form pnp cannot "
                        "embed (a .ttc collection, or a bitmap or Type 1 font)",
                        f"its .ttf or .otf file in the game folder (font: fonts/….ttf), or a role or family of "
                        f"layouts/fonts.yaml ({', '.join(sorted(fonts))})")]
    return [Problem(file, line, where + ".font", f"unknown font '{font}'" + (f"; did you mean '{guess}'?" if guess else
                                                                          ", and this system has no such family"),
                    f"a role or family of layouts/fonts.yaml ({', '.join(sorted(fonts))}), a .ttf file "
                    f"of the game folder, or a TrueType family installed here (fc-list : family lists them)")]


def _shape_problems(values: dict, file: str, line: int, where: str) -> list[Problem]:
    kind, points = values.get("kind"), values.get("points")
    if kind == "polygon" and not isinstance(points, list):
        return [Problem(file, line, where + ".points", "a polygon without its corners",
                        "points: [[x, y], [x, y], [x, y], …] in mm from the box's top-left corner")]
    if kind == "star" and isinstance(points, list):
        return [Problem(file, line, where + ".points", "a star's points are a number",
                        "points: 5 (from 3 to 60), and inner: 0.5 for the inner radius")]
    if points is not None and kind not in ("polygon", "star"):
        return [Problem(file, line, where + ".points", f"points belong to a star or a polygon, not a {kind}",
                        "kind: star or kind: polygon, or no points")]
    if (values.get("flip") or values.get("tint")) and kind != "image":
        return [Problem(file, line, where, f"flip and tint belong to an image, not a {kind}", "kind: image")]
    recolour = [key for key in ("fill", "stroke") if values.get(key)]
    if kind == "image" and recolour and values.get("tint"):
        return [Problem(file, line, f"{where}.tint", f"{' and '.join(recolour)} recolour an SVG and tint multiplies its "
                        "colours: one or the other", f"{recolour[0]} alone (the SVG drawn in that colour) or tint")]
    art = values.get("text") or ""
    if kind == "image" and recolour and "{" not in art and not art.lower().endswith(".svg"):
        return [Problem(file, line, f"{where}.{recolour[0]}", f"{' and '.join(recolour)} recolour the shapes of an SVG; "
                        f"'{art[-40:]}' is not one", "tint for a PNG or JPEG, or the art as an SVG")]
    return []


TEXT_FIELDS = ("text", "font", "bold", "italic", "size", "min_size", "leading", "align", "valign", "color", "embed")


def unused_fields(values: dict, own: set, kind_from: str | None, file: str, line: int,
                  where: str) -> list[Problem]:
    """Text fields on a shape, which draws none (newcomer 4: `kind: rect` taken from a style in
    `extends: [word, band1]`, and every card built without its words). `own`: the fields written
    on the box itself; `kind_from`: the box its kind came from, when it was inherited. A style's
    font or size inherited by a shape is no mistake; its text is."""
    kind = values.get("kind")
    if kind not in SHAPES:
        return []
    inherited = set((values.get("origin") or {})) - own
    unused = [k for k in TEXT_FIELDS if k in own or (k == "text" and k in inherited)]
    if not unused:
        return []
    if kind_from:
        return [Problem(file, line, where, f"{', '.join(unused)} on a {kind}, which draws no text: its kind "
                        f"'{kind}' came from '{kind_from}' through extends",
                        "the style box last in extends: [...] (later ones win), or kind: text on this box")]
    return [Problem(file, line, where, f"{', '.join(unused)} on a {kind}, which draws no text",
                    f"kind: text for a text (a text box takes stroke too: it outlines the letters), or no {unused[0]}")]


def text_fill(values: dict, own: set, file: str, line: int, where: str) -> list[Problem]:
    """`fill:` written on a text box, which paints no ground behind its letters and never colours
    them (newcomer 9: white numbers on black art printed black); one inherited from a shape it
    `extends` is no mistake."""
    if (values.get("kind") or "text") != "text" or "fill" not in own:
        return []
    return [Problem(file, line, f"{where}.fill", "a text's colour is 'color'; fill paints shapes, and a text box "
                    "draws no ground behind its letters",
                    f"color: {values['fill']} for the letters, or a kind: rect box under the text for a ground")]


def unknown_variables(source: str, expression: bool, file: str, line: int, where: str) -> list[Problem]:
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



def _gradient_problems(values: dict, palette: dict, file: str, line: int, where: str) -> list[Problem]:
    """A gradient's colours resolved in the palette (in place), an unknown one said; a gradient on
    a box with no area to fill (text, icon, line, image) is one line too."""
    if values.get("kind") not in ("rect", "circle", "hexagon", "star", "polygon"):
        return [Problem(file, line, f"{where}.gradient", f"a gradient on a {values.get('kind')}, which has no "
                        "area to fill", "a rect, circle, hexagon, star or polygon box (under a text, as its own box)")]
    colours = values["gradient"]["colors"]
    values["gradient"] = {**values["gradient"], "colors": [palette.get(c, c) for c in colours]}
    return [_colour_problem(c, palette, file, line, f"{where}.gradient.colors[{i}]")
            for i, c in enumerate(colours) if c not in palette and _unknown_name(c)]


def min_above_size(values: dict, file: str, line: int, where: str) -> list[Problem]:
    """`min_size: 16` above `size: 10`: a text shrinks from its size down to its min_size, so the
    box could never fit and each card would be blamed on its cell (newcomer 12, m/44). Said at the
    `min_size:` line, before any fit is tried."""
    size, floor = values.get("size"), values.get("min_size")
    if (values.get("kind") or "text") != "text" or size is None or floor is None or floor <= size:
        return []
    return [Problem(file, line, f"{where}.min_size", f"min_size {floor:g} is above size {size:g}: a text "
                    "shrinks from its size down to its min_size, so min_size must be at or below size",
                    f"min_size: {size:g} or less, or size: {floor:g} or more")]
