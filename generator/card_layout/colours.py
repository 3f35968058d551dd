"""Colours as layout files may write them: `#rgb`, `#rrggbb` or a colour name that both CSS
and ReportLab know. A colour reaches a PDF and the site's SVG (an icon's `fill`), so nothing
else is accepted: `'#b8860b"/><img src=x onerror=…>'` is a validation problem, not markup.
`#rgb` is given on as `#rrggbb` (ReportLab would read `#abc` as `#000abc`)."""
from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator
from pydantic_core import PydanticCustomError

from datafile.errors import closest
from datafile.other_tools import squib_stops

HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
PALETTE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")     # a key of a layout file's `colors`
NAMED = frozenset("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
lightgoldenrodyellow lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple red
rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray
slategrey snow springgreen steelblue tan teal thistle tomato transparent turquoise violet wheat white whitesmoke
yellow yellowgreen""".split())
EXPECTED = "#rgb, #rrggbb or a colour name such as white"


class NotAColour(ValueError):
    """A colour template rendered into something that is no colour (`blu` from a spreadsheet's
    colour column): `value` is it, to find the cell it came from (face_checks/sheet_cells.py)."""

    def __init__(self, value: str, palette: dict = {}):
        from datafile.errors import closest
        guess = closest(value.lower(), [*palette, *sorted(NAMED)]) if value else None
        super().__init__(f"'{value[:40]}' is not a colour" + (f"; did you mean '{guess}'?" if guess else ""))
        self.value = value


def drawn_colour(value: str, palette: dict):
    """The ReportLab colour a face draws for `value` (a palette name resolved first), as the
    build and validate read it; NotAColour otherwise."""
    from reportlab.lib.colors import HexColor, toColor
    name, value = value, palette.get(value, value)
    try:
        return HexColor(value) if value.startswith("#") else toColor(value)
    except (ValueError, TypeError):
        raise NotAColour(name, palette) from None


def is_colour(value: object) -> bool:
    # names in any case, as CSS reads them (`DarkGoldenRod`, HTML's and nanDECK's habit)
    return isinstance(value, str) and (bool(HEX.match(value)) or value.lower() in NAMED)


def _shown(value: str) -> str:
    return value[:40] + ("…" if len(value) > 40 else "")


def colour(value: str) -> str:
    """A colour, `#rgb` widened to `#rrggbb`; anything else is a validation error."""
    if not is_colour(value):
        raise PydanticCustomError("colour", "'{value}' is not a colour (expected {expected})",
                                  {"value": _shown(value), "expected": EXPECTED})
    if HEX.match(value) and len(value) == 4:
        return "#" + "".join(c * 2 for c in value[1:])
    return value if HEX.match(value) else value.lower()


def colour_ref(value: str) -> str:
    """What a region's colour, fill or stroke may say: a colour, a name of the layout's `colors`,
    or a Jinja template that gives one (checked when it is drawn)."""
    if re.fullmatch(r":[a-z][\w-]*", value):   # Squib's Ruby symbol, `color: :red`
        value = value[1:]
    # `Grey`, `dark_grey`: a slip of a palette name, said by the palette check with its name (layouts.py)
    plain = re.sub(r"[_ ]+", "-", value.strip().lower())
    squib = squib_stops(value)
    if squib:   # Squib's "(x1,y1)#fff (x2,y2)#c33": the same fill in pnp's words
        (first, *_, last), angle = squib
        raise PydanticCustomError("colour", "{message}", {"message": (
            f"Squib's gradient is not a colour here; write gradient: {{colors: ['{first}', '{last}'], angle: "
            f"{angle}}} on the box (degrees counter-clockwise from left to right)")})
    if "{{" in value or "{%" in value or PALETTE_NAME.match(plain) and value.lower() not in NAMED:
        return value
    if not is_colour(value):
        raise PydanticCustomError("colour", "'{value}' is not a colour (expected {expected}, a name of the layout's "
                                  "colors, or a template)", {"value": _shown(value), "expected": EXPECTED})
    return colour(value)


# a coloured span of text, `[red|these words]`: a colour (#rrggbb, #rgb, a name) and words holding no ]
SPAN = re.compile(r"\[(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|[A-Za-z][A-Za-z0-9-]*)\|([^\]\n]+)\]")
SPAN_OPEN = re.compile(r"\[(#?[A-Za-z0-9_-]+)\|")     # how a span starts, closed or not


def span_colour(name: str, palette: dict | None) -> str | None:
    """A span's colour: a name of the layout's colors, #rgb or #rrggbb (as #rrggbb), or a
    standard name; None when it is none of these."""
    value = (palette or {}).get(name, name)
    return colour(value) if is_colour(value) else None


def span_problems(text: str, palette: dict | None) -> list[tuple[str, str]]:
    """A coloured span `[red|words]` that is not closed, or whose colour is unknown: (message,
    expected) each. `palette` None: the layouts are broken, and only the shape is checked."""
    problems = []
    for start in SPAN_OPEN.finditer(text):
        span = SPAN.match(text, start.start())
        name = start.group(1)
        if span is None:
            problems.append((f"'{text[start.start():start.start() + 30]}…' opens a coloured span that is not "
                             f"closed", f"[{name}|the words], closed with ] on the same line"))
        elif palette is not None and span_colour(name, palette) is None:
            guess = closest(name, sorted(palette)) or closest(name, sorted(NAMED))
            problems.append((f"unknown colour '{name[:40]}' in '[{name[:40]}|…]'"
                             + (f"; did you mean '{guess}'?" if guess else ""),
                             "#rrggbb, a colour name such as red, or a name of the layout's colors"
                             + (f" ({', '.join(sorted(palette)[:12])})" if palette else "")))
    return problems


Colour = Annotated[str, AfterValidator(colour)]
ColourRef = Annotated[str, AfterValidator(colour_ref)]
