"""SVG art: parsed and checked before svglib sees it, drawn as ReportLab shapes.

The tree is parsed without entities, DTDs or the network and bounded (MAX_SVG_NODES elements once
<use> clones are counted). Its references are the dangerous part: svglib would open any file an
href names (a pipe hung validate) and hand any base64 payload to Pillow. So an SVG may refer to
nothing but its own elements ('#id') and, in an <image>, to a PNG or JPEG: base64 data, or a file of
the game folder that pnp reads by the project's rule. Each is checked as PNG or JPEG (FORMATS, never
a reader that runs Ghostscript), its pixels counted with the file's others, and handed to svglib as
base64 data, so svglib opens no file at all.
"""
from __future__ import annotations

import base64
import logging
import os
import re
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.lib.utils import ImageReader

from datafile.errors import BuildError

from ..card_layout.icon_paths import ART_EXPORT, not_svg
from ..reading.locate import MAX_ART_BYTES, MAX_SVG_BYTES

from .art_files import MAX_PIXELS, MAX_SVG_NODES, RASTER, _format, _read, _shown, _size, _spend


_HREF = "{http://www.w3.org/1999/xlink}href"
# a PNG or JPEG named .svg: an image box takes it as it is, under its own name
ART_AS_IMAGE = "or give the file the ending of what it is (.png, .jpg): an image box draws those too"


def _svg_tree(data: bytes, path: Path, root: Path):
    """The SVG parsed without entities, DTDs or the network, refused (BuildError) above
    MAX_SVG_NODES elements with <use> clones counted, or when it refers to a file that is not a
    regular PNG or JPEG of the game folder."""
    from lxml import etree   # only games with SVG art pay for lxml
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, recover=True)    # as svglib parses it
    try:
        tree = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise BuildError(f"{path.name}: {not_svg(data, exc.lineno, ART_EXPORT, ART_AS_IMAGE)}") from None
    if tree is None:
        raise BuildError(f"{path.name}: {not_svg(data, None, ART_EXPORT, ART_AS_IMAGE)}")
    if not isinstance(tree.tag, str) or tree.tag.rsplit("}", 1)[-1] != "svg":
        raise BuildError(f"{path.name}: <{str(tree.tag).rsplit('}', 1)[-1][:20]}> where an SVG file starts "
                         f"with <svg>; {ART_EXPORT}")
    budget = _Pixels(_shown(path, root))
    elements = [e for e in tree.iter() if isinstance(e.tag, str)]
    for element in elements:
        if etree_name(element) in ("text", "tspan", "textPath", "flowRoot"):
            # svglib would look its font up with fc-match (an outside program) and set it in a
            # non-embedded standard font: the PDF would depend on the reader
            raise BuildError(f"SVG '{_shown(path, root)}', line {element.sourceline}: contains text; convert text "
                             f"to paths in your editor")
    _hide_transparent(elements)
    by_id = {e.get("id"): e for e in elements if e.get("id")}
    sizes: dict[int, int] = {}

    def size(element) -> int:
        key = id(element)
        if key in sizes:
            if sizes[key] < 0:
                raise BuildError(f"SVG '{path.name}' has a <use> that refers to itself")
            return sizes[key]
        sizes[key] = -1
        total = 1
        href = element.get(_HREF) or element.get("href") or ""
        if href.startswith("#") and element.tag.endswith("use") and href[1:] in by_id:
            total += size(by_id[href[1:]])
        for child in element:
            if isinstance(child.tag, str):
                total += size(child)
            if total > MAX_SVG_NODES:
                break
        sizes[key] = min(total, MAX_SVG_NODES + 1)
        return sizes[key]

    count = size(tree)
    if count > MAX_SVG_NODES:
        raise BuildError(f"SVG '{path.name}' has more than {MAX_SVG_NODES:,} elements once its <use> clones are "
                         f"counted; simplify it, or export it as PNG")
    for element in elements:
        for attribute in (_HREF, "href"):
            if element.get(attribute) is None:
                continue
            href = element.get(attribute).strip()   # svglib reads ' #a' or ' ' as a file's name
            if not href:
                del element.attrib[attribute]
            elif href.startswith("#"):
                element.set(attribute, href)
            else:
                element.set(attribute, _embedded(element, href, path, root, budget))
    _spend(path, budget.total)
    return tree


def _style(element) -> dict[str, str]:
    pairs = (part.split(":", 1) for part in (element.get("style") or "").split(";") if ":" in part)
    return {key.strip(): value.strip() for key, value in pairs}


def _zero(value: str | None) -> bool:
    try:
        return value is not None and float(value) <= 0
    except ValueError:
        return False


def _hide_transparent(elements) -> None:
    """What the SVG paints wholly transparent stays unseen, recoloured or not. svglib ignores
    `opacity` (game-icons.net's icons open with an opacity="0" square it would paint black, and
    `fill:` would recolour), and an alpha inside a face's form is lost in print: such an element
    becomes display="none", such a fill or stroke "none", which svglib honours and recolouring skips."""
    for element in elements:
        style = _style(element)
        hidden = {"display": "none"} if _zero(style.get("opacity", element.get("opacity"))) else {}
        hidden.update({paint: "none" for paint in ("fill", "stroke")
                       if _zero(style.get(f"{paint}-opacity", element.get(f"{paint}-opacity")))})
        if hidden:   # written last in the style, which wins over attributes and earlier declarations
            element.set("style", ";".join([element.get("style") or ""] + [f"{k}:{v}" for k, v in hidden.items()]))


_DATA = re.compile(r"data:image/(png|jpe?g);base64,", re.I)


def _embedded(element, href: str, path: Path, root: Path, budget: "_Pixels") -> str:
    """What an SVG's reference becomes: only an <image> may refer outside the file, to a PNG or
    JPEG given as base64 data or as a file of the game folder (read here by the project's rule);
    either is checked and handed to svglib as base64 data, so svglib and Pillow never open a file
    themselves, nor read any other format."""
    where = f"SVG '{_shown(path, root)}', line {element.sourceline}"
    tag = etree_name(element)
    if tag != "image":
        raise BuildError(f"{where}: <{tag}> refers to '{href[:80]}'; an SVG's <{tag}> may refer only to "
                         f"its own elements ('#id')")
    match = _DATA.match(href)
    if match:
        try:
            data = base64.decodebytes(href[match.end():].encode("ascii", "replace"))   # as svglib decodes it
        except ValueError:
            raise BuildError(f"{where}: <image> holds base64 data that does not decode; export the SVG "
                             f"again") from None
    elif href.lower().startswith("data:") or re.match(r"^[a-z][a-z0-9+.-]*:", href, re.I):
        raise BuildError(f"{where}: <image> refers to '{href[:80]}'; an SVG's images are PNG or JPEG, as "
                         f"base64 data (data:image/png;base64,…) or as files of {root.name}/")
    else:
        target = Path(os.path.normpath(path.parent / href.split("#", 1)[0]))
        if os.path.isabs(href) or not target.is_relative_to(root):
            raise BuildError(f"{where}: <image> uses '{href[:80]}', which is outside the game folder (or an "
                             f"absolute path); keep the files an SVG uses inside {root.name}/")
        if target.suffix.lower() not in RASTER:
            raise BuildError(f"{where}: <image> uses '{href[:80]}': an SVG may refer to PNG or JPEG files of "
                             f"{root.name}/ only")
        data = _read(target, root, MAX_ART_BYTES)   # a regular file of the folder (never a pipe), bounded
    kind = _format(data, where)
    budget.add(_size(data, where), where)
    return f"data:image/{kind.lower()};base64," + base64.b64encode(data).decode("ascii")


def etree_name(element) -> str:
    return element.tag.rsplit("}", 1)[-1]



class _Pixels:
    """Pixels of a file's images together (an SVG may embed many, each under MAX_PIXELS)."""

    def __init__(self, name: str):
        self.name, self.total = name, 0

    def add(self, size: tuple[int, int], where: str) -> None:
        self.total += size[0] * size[1]
        if self.total > MAX_PIXELS:
            raise BuildError(f"{where}: the images of '{self.name}' have more than {MAX_PIXELS // 1_000_000} "
                             f"million pixels together; make them smaller (300 dpi at print size is enough)")



def load_svg(path: Path, root: Path):
    """The SVG at `path` as a ReportLab drawing (BuildError: one line naming the file)."""
    from PIL import Image
    from svglib.svglib import SvgRenderer
    tree = _svg_tree(_read(path, root, MAX_SVG_BYTES), path, root)
    # _svg_tree leaves svglib no reference to follow and no text to set: what it logs besides (a
    # colour or unit it skips) is not the designer's to read
    svglib_log, quiet = logging.getLogger("svglib.svglib"), logging.NullHandler()
    svglib_log.addHandler(quiet)
    propagate, svglib_log.propagate = svglib_log.propagate, False
    bomb, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, MAX_PIXELS // 2   # embedded images: refused above MAX_PIXELS
    try:
        # entities are left unexpanded: no entity bomb, no file read through one
        drawing = SvgRenderer(str(path), external_reference_root=str(root)).render(tree)
    except Exception as exc:  # svglib raises lxml errors on malformed files
        raise BuildError(f"cannot read SVG '{path.name}': {exc}") from None
    finally:
        svglib_log.removeHandler(quiet)
        svglib_log.propagate = propagate
        Image.MAX_IMAGE_PIXELS = bomb
    if drawing is None:
        raise BuildError(f"cannot read SVG '{path.name}'")
    return drawing


class ArtRenderer(renderPDF._PDFRenderer):
    """renderPDF's renderer, drawing an SVG's images as image XObjects: its inline images break
    ReportLab's forms (the faces are forms) and would be repeated on every copy."""

    def drawImage(self, image):
        if hasattr(image.path, "mode"):    # a Pillow image: _svg_tree made every reference base64 data
            self._canvas.drawImage(_reader(image.path), image.x, image.y, image.width, image.height, mask="auto")


def _reader(picture) -> ImageReader:
    """One ImageReader per embedded Pillow image (every copy of a face shares its XObject)."""
    reader = getattr(picture, "_pnp_reader", None)
    if reader is None:
        reader = ImageReader(picture)
        picture._pnp_reader = reader
    return reader
