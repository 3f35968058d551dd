"""An icon's SVG path in its own units (`viewbox: 512`, game-icons.net's) or from an SVG file,
brought into pnp's 1000-unit icon box, so the font, the site and the aids read one path."""
from __future__ import annotations

import re
from pathlib import Path

ICON_BOX = 1000
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def box_of(viewbox) -> tuple[float, float, float, float]:
    """(min x, min y, width, height) of `viewbox: 512` or `viewbox: [0, 0, 512, 512]`; ValueError
    when it is neither."""
    if isinstance(viewbox, (int, float)) and not isinstance(viewbox, bool):
        values = [0.0, 0.0, float(viewbox), float(viewbox)]
    elif isinstance(viewbox, str):
        values = [float(v) for v in _NUMBER.findall(viewbox)]
    elif isinstance(viewbox, (list, tuple)) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                                    for v in viewbox):
        values = [float(v) for v in viewbox]
    else:
        values = []
    if len(values) != 4 or values[2] <= 0 or values[3] <= 0:
        raise ValueError("a viewbox is one number (the SVG's square: 512) or four: [min x, min y, width, height]")
    return values[0], values[1], values[2], values[3]


def fitted(path: str, viewbox) -> str:
    """`path`, drawn in `viewbox`, scaled into the icon box and centred, as an SVG viewBox is
    shown (preserveAspectRatio's default, xMidYMid meet)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path
    x, y, w, h = box_of(viewbox)
    scale = ICON_BOX / max(w, h)
    dx, dy = (ICON_BOX - w * scale) / 2 - x * scale, (ICON_BOX - h * scale) / 2 - y * scale
    pen = SVGPathPen(None, ntos=lambda n: f"{round(n, 2):g}")
    parse_path(path, TransformPen(pen, (scale, 0, 0, scale, dx, dy)))
    return pen.getCommands()


# what draws nothing: an editor's bookkeeping (Inkscape's namedview, metadata) and definitions
_SKIPPED = {"title", "desc", "metadata", "defs", "style", "namedview"}
_SVG = "http://www.w3.org/2000/svg"


def file_path(data: bytes) -> tuple[str, tuple[float, float, float, float]]:
    """(the path data of every shape the SVG paints, in absolute commands with each transform
    applied, its viewBox) of an icon file: its <path>s, one colour (the icon's). ValueError naming
    what cannot be taken (a <text>, a file not SVG), to be said at the icon's `file:`."""
    from lxml import etree
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True)
    try:
        tree = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise ValueError(not_svg(data, exc.lineno)) from None
    if tree is None:
        raise ValueError(not_svg(b"", None))
    if tree.tag.rsplit("}", 1)[-1] != "svg":
        raise ValueError(f"<{tree.tag.rsplit('}', 1)[-1][:20]}> where an SVG file starts with <svg>; export the "
                         f"icon as SVG from your editor (Inkscape: File > Save As > Plain SVG)")
    box = tree.get("viewBox") or " ".join(("0", "0", tree.get("width", ""), tree.get("height", "")))
    try:
        viewbox = box_of(box.replace("px", ""))
    except ValueError:
        raise ValueError("the SVG has no viewBox (nor width and height) to size the icon by") from None
    paths, colours = [], set()
    for element in tree.iter():
        if not isinstance(element.tag, str) or _skipped(element) or _unseen(element) \
                or any(_skipped(a) or _unseen(a, group=True) for a in element.iterancestors()):   # a hidden layer too
            continue
        name = element.tag.rsplit("}", 1)[-1]
        if name not in ("svg", "g", "path", *_SHAPES):
            raise ValueError(f"<{name}> at line {element.sourceline}: an icon file's shapes are paths, rects, "
                             f"circles, ellipses, polygons and lines; convert it to a path in your editor "
                             f"(Inkscape: Path > Object to Path), or draw the file as a kind: image box")
        d = element.get("d") if name == "path" else _shape_path(element, name) if name in _SHAPES else None
        if d:
            paths.append(_absolute(element, d))
            colours.add(_fill_of(element))
    white = sorted(c for c in colours if _light(c))
    if white and len(colours) > 1:    # every shape prints in the icon's one colour: a white detail vanishes in it
        raise ValueError(f"the SVG paints white ({white[0]}) on other colours, and an icon prints every shape in one "
                         f"colour, its color: the white parts would vanish; make them holes in your editor (Inkscape: "
                         f"Path > Difference), or draw the file in a kind: image box to keep its colours")
    if not paths:
        raise ValueError("the SVG fills no shape (an icon is filled, never stroked: outlines drawn with fill=\"none\" "
                         "print nothing); make them shapes in your editor (Inkscape: Path > Stroke to Path)")
    return " ".join(paths), viewbox


_SHAPES = ("rect", "circle", "ellipse", "polygon", "polyline", "line")
# what a file that is not SVG begins with, to name it
_MAGIC = ((b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
          (b"%PDF", "a PDF"), (b"\x1f\x8b", "a compressed SVG (.svgz)"))


ICON_EXPORT = "export the icon as SVG from your editor (Inkscape: File > Save As > Plain SVG)"
ART_EXPORT = "save the picture as SVG from your editor (Inkscape: File > Save As > Plain SVG)"


def not_svg(data: bytes, line, export: str = ICON_EXPORT, image_fix: str = "or draw the picture in a kind: image box") -> str:
    """Why bytes lxml cannot parse are no SVG file, in the designer's terms, with the fix (an icon
    file's, or with `export` and `image_fix`, a picture's in an image box)."""
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    kind = next((k for magic, k in _MAGIC if data.startswith(magic)), None)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        kind = "a WebP image"
    if kind:
        return f"{kind}, not an SVG file; {export}, {image_fix}"
    if not start:
        return f"an empty file, not an SVG file; {export}"
    if not start.startswith(b"<"):
        return f"not an SVG file (an SVG starts with <svg or <?xml, this file with text); {export}"
    return f"not an SVG file: its XML is broken at line {line or 1} (a tag left open, or the file cut short); " \
        f"save it again from your editor"


def _shape_path(element, name: str) -> str | None:
    """A basic shape's outline as path data, by fontTools' PathBuilder (its own transform left to
    _absolute, which reads every transform an editor writes); None for one that draws nothing."""
    from fontTools.svgLib.path.shapes import PathBuilder
    attrib = {k: v.strip().removesuffix("px") for k, v in element.attrib.items() if k != "transform"}
    if name in ("polygon", "polyline") and not _NUMBER.search(attrib.get("points", "")):
        return None   # no points: SVG draws nothing
    try:
        if name == "rect":    # the corner radii as SVG sets them: one given is both, each at most half a side
            rx, ry = float(attrib.get("rx", 0)), float(attrib.get("ry", 0))
            rx, ry = rx or ry, ry or rx
            attrib["rx"] = str(min(rx, float(attrib["width"]) / 2))
            attrib["ry"] = str(min(ry, float(attrib["height"]) / 2))
        builder = PathBuilder()
        builder.add_path_from_element(_Shape(element.tag, attrib))
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"<{name}> at line {element.sourceline}: its position or size is not plain numbers; "
                         f"convert it to a path in your editor (Inkscape: Path > Object to Path)") from None
    return builder.paths[-1] if builder.paths else None


class _Shape:
    """An element as PathBuilder reads it: its tag and attributes."""
    def __init__(self, tag: str, attrib: dict):
        self.tag, self.attrib = tag, attrib


def _skipped(element) -> bool:
    """An element that draws nothing, or one of an editor's own namespace (sodipodi:, inkscape:)."""
    if not isinstance(element.tag, str):
        return True
    namespace = element.tag[1:].split("}", 1)[0] if element.tag.startswith("{") else _SVG
    return namespace != _SVG or element.tag.rsplit("}", 1)[-1] in _SKIPPED


def _absolute(element, d: str) -> str:
    """A shape's path data with its own and its groups' transforms applied, in absolute commands, so
    paths joined one after another draw as they did apart (a relative `m` would not)."""
    from fontTools.misc.transform import Identity
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path
    matrix = Identity
    for node in (element, *element.iterancestors()):   # innermost first: each outer one applies after
        if node.get("transform"):
            matrix = _transform(node.get("transform"), node).transform(matrix)
    pen = SVGPathPen(None, ntos=lambda n: f"{round(n, 3):g}")
    try:
        parse_path(d, TransformPen(pen, tuple(matrix)))
    except (ValueError, IndexError):   # fontTools' message quotes its parser: the designer is told the element
        raise ValueError(f"<{element.tag.rsplit('}', 1)[-1]}> at line {element.sourceline}: its outline cannot "
                         f"be read; save the file again from your editor (Inkscape: Path > Object to Path)") from None
    return pen.getCommands()


def _transform(text: str, node):
    """An SVG transform list (matrix, translate, scale, rotate, skewX, skewY) as one matrix, read
    by svglib's parser."""
    import math
    from fontTools.misc.transform import Identity
    from svglib.svglib import AttributeConverter
    matrix = Identity
    try:
        operations = AttributeConverter().convertTransform(text)
    except (ValueError, IndexError):
        operations = []
    for op, values in operations:
        v = values if isinstance(values, tuple) else (values,)
        if op == "matrix" and len(v) == 6:
            step = Identity.transform(v)
        elif op == "translate" and len(v) in (1, 2):
            step = Identity.translate(v[0], v[1] if len(v) == 2 else 0)
        elif op == "scale" and len(v) in (1, 2):
            step = Identity.scale(v[0], v[1] if len(v) == 2 else v[0])
        elif op == "rotate" and len(v) in (1, 3):
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0, 0)
            step = Identity.translate(cx, cy).rotate(math.radians(v[0])).translate(-cx, -cy)
        elif op in ("skewX", "skewY") and len(v) == 1:
            angle = math.radians(v[0])
            step = Identity.skew(angle, 0) if op == "skewX" else Identity.skew(0, angle)
        else:
            raise ValueError(f"<{node.tag.rsplit('}', 1)[-1]}> at line {node.sourceline}: its transform "
                             f"{text.strip()[:40]!r} is not one an SVG editor writes; apply it in your editor "
                             f"(Inkscape: Path > Object to Path)")
        matrix = matrix.transform(step)
    if not operations and text.strip():
        raise ValueError(f"<{node.tag.rsplit('}', 1)[-1]}> at line {node.sourceline}: its transform "
                         f"{text.strip()[:40]!r} cannot be read; apply it in your editor (Inkscape: Path > Object to Path)")
    return matrix


def _unseen(element, group: bool = False) -> bool:
    """A path the SVG does not paint: game-icons.net's files open with an opacity="0" square; a
    group (Inkscape's hidden layer: display:none) hides all it holds (its opacity too; its fill and
    fill-opacity a path may set again). A shape's fill is its own or its nearest group's: Feather's
    and Lucide's icons say fill="none" once, on the <svg>, and draw outlines only."""
    value = lambda key: _declared(element, key)
    inherited = ("opacity",) if group else ("opacity", "fill-opacity")
    fill = None if group else next((f for f in map(lambda e: _declared(e, "fill"), (element, *element.iterancestors()))
                                    if f is not None), None)
    return fill == "none" or any(_zero(value(key)) for key in inherited) or value("display") == "none"


def _fill_of(element) -> str:
    """The colour a painted shape is filled with: its own fill or its nearest group's (SVG's
    default black), as one spelling (#000, black and #000000 alike)."""
    from reportlab.lib.colors import toColor
    fill = next((f for f in map(lambda e: _declared(e, "fill"), (element, *element.iterancestors())) if f is not None),
                "#000000").strip().lower()
    if fill in ("currentcolor", "inherit"):
        return "currentcolor"
    if len(fill) == 4 and fill.startswith("#"):      # #fff: ReportLab would read it as 0x000fff
        fill = "#" + "".join(c * 2 for c in fill[1:])
    try:
        return toColor(fill).hexval().replace("0x", "#")
    except ValueError:
        return fill


def _light(colour: str) -> bool:
    """#rrggbb with every channel at 0xf0 or above: white, or near enough to read as it on paper."""
    return len(colour) == 7 and colour.startswith("#") and all(int(colour[i:i + 2], 16) >= 0xF0 for i in (1, 3, 5))


def _declared(element, key: str):
    """A presentation property as the element sets it, its style="" over its attribute; None when unset."""
    style = dict(p.split(":", 1) for p in (element.get("style") or "").split(";") if ":" in p)
    style = {k.strip(): v.strip() for k, v in style.items()}
    return style.get(key, element.get(key))


def _zero(value) -> bool:
    try:
        return value is not None and float(value) <= 0
    except ValueError:
        return False


def read_icon_files(root, stem: str, icons: dict, name: str, raw) -> tuple[dict, set, list]:
    """(icons with each `file:` read into its path, the names refused, their problems): a file is
    read by the project's rule from the game's folder (cards/<game>/, beside its images) for a
    game's layout file, from layouts/ for the shared icons.yaml."""
    from datafile.errors import DataError, Problem
    from datafile.source import line_of
    from ..reading.locate import MAX_SVG_BYTES, game_dirs, inside, layout_paths, read_input, relative
    if not any(spec.file for spec in icons.values()):
        return icons, set(), []
    folder = game_dirs(root).get(stem) or layout_paths(root)[stem].parent
    done, refused, problems = dict(icons), set(), []
    for key, spec in icons.items():
        if not spec.file:
            continue
        target = folder / spec.file
        shown = relative(root, target)
        try:
            if Path(spec.file).is_absolute() or not inside(target, folder):
                raise ValueError(f"leads outside {relative(root, folder)}/, where an icon's file is kept")
            if not target.exists():
                raise ValueError("not found")
            found, box = file_path(read_input(root, target, MAX_SVG_BYTES, shown, f"an SVG file of {relative(root, folder)}/"))
            done[key] = spec.model_copy(update={"path": fitted(found, box), "viewbox": None})
        except (DataError, ValueError) as exc:
            why = f"{spec.file if isinstance(exc, ValueError) and 'outside' in str(exc) else shown}: " \
                + (exc.problems[0].message if isinstance(exc, DataError) else str(exc))
            problems.append(Problem(name, line_of(raw, ("icons", key, "file")), f"icons.{key}.file", why,
                                    f"an SVG file of {relative(root, folder)}/"))
            refused.add(key)
            del done[key]
    return done, refused, problems
