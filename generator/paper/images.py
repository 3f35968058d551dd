"""Art on cards: a PNG, JPEG or SVG file drawn into a layout box.

Raster images are embedded once per file (ReportLab names an image XObject by its content,
so every copy and face shares it); SVG stays vector: svglib turns it into a ReportLab
drawing that is drawn as PDF paths, sharp at any print size. Paths are relative to the
game's folder and may not leave it, so a card file cannot pull in arbitrary files; nor can an
SVG, whose own <image> and <use> references are held to the same folder.

Art comes with shared folders, so it is bounded before anything decodes it: a file is read by
the project's rule (datafile.source.read_bytes: a regular file of the game folder, at most
MAX_ART_BYTES / MAX_SVG_BYTES, never a pipe or /proc), a raster image at most MAX_PIXELS, an SVG
at most MAX_SVG_NODES elements once its <use> clones are counted (groups of groups cloned ten
times over are refused in milliseconds, not drawn for ten minutes), its <image> references
regular PNG or JPEG files of the folder.
"""
from __future__ import annotations

import base64
import copy
import io
import logging
import os
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import String
from reportlab.lib.units import inch, mm
from reportlab.lib.utils import ImageReader

from datafile.errors import BuildError, DataError
from datafile.source import read_bytes

from ..data.locate import MAX_ART_BYTES, MAX_SVG_BYTES

from .sheets import outline

RASTER = {".png", ".jpg", ".jpeg"}
VECTOR = {".svg"}
MAX_PIXELS = 50_000_000     # a raster image, decoded (a 400 mm card at 300 dpi: 22 million)
MAX_SVG_NODES = 10_000      # SVG elements once <use> clones are counted (svglib draws ~5,000 a second)
DPI_ERROR = 150      # below this a build fails unless the region allows it
DPI_WARN = 300       # below this `pnp check` warns (print shops ask for 300)


@dataclass(frozen=True)
class Art:
    path: Path
    width: float           # intrinsic size: pixels (raster) or SVG user units (vector)
    height: float
    vector: bool
    source: object         # ImageReader or a ReportLab Drawing


def resolve(base: Path, name: str) -> Path:
    """The file `name` inside the game folder `base`; anything outside it is refused."""
    if not name:
        raise BuildError("image path is empty")
    folder = base.resolve()
    path = (folder / name).resolve()
    if Path(name).is_absolute() or not path.is_relative_to(folder):
        raise BuildError(f"image '{name}' is outside the game folder; use a path inside "
                         f"{folder.name}/ such as art/{Path(name).name}")
    if path.suffix.lower() not in RASTER | VECTOR:
        raise BuildError(f"image '{name}' is not a PNG, JPEG or SVG file (.png, .jpg, .jpeg, .svg)")
    if not path.is_file():
        raise BuildError(f"image '{name}' not found in {folder.name}/ (paths are relative to the game folder)")
    return path


class _Refusals(logging.Handler):
    """svglib's refusals of references outside the folder it was given (it logs them)."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.refused: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.getMessage().startswith("Refusing"):
            self.refused.append(str(record.args[0]) if record.args else record.getMessage())


def _read(path: Path, root: Path, limit: int) -> bytes:
    try:
        return read_bytes(path, path.name, limit, (root,), "a PNG, JPEG or SVG file of the game folder")
    except DataError as exc:
        raise BuildError(f"image {exc.problems[0]}") from None


_HREF = "{http://www.w3.org/1999/xlink}href"


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
        raise BuildError(f"cannot read SVG '{path.name}': {exc}") from None
    if tree is None:
        raise BuildError(f"cannot read SVG '{path.name}'")
    budget = _Pixels(_shown(path, root))
    elements = [e for e in tree.iter() if isinstance(e.tag, str)]
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
            href = (element.get(attribute) or "").strip()
            if href and not href.startswith("#"):
                element.set(attribute, _embedded(element, href, path, root, budget))
    return tree


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


def _shown(path: Path, root: Path) -> str:
    return str(path.relative_to(root)) if path.is_relative_to(root) else path.name


FORMATS = ["PNG", "JPEG"]    # never EPS, PS or PDF (Pillow would run Ghostscript) nor any other reader


def _format(data: bytes, where: str) -> str:
    """PNG or JPEG, as Pillow reads the bytes with only those two readers; BuildError otherwise."""
    from PIL import Image, UnidentifiedImageError
    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            return image.format
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise BuildError(f"{where}: the image is not a PNG or JPEG file (open it in an image editor and "
                         f"save it as PNG)") from None


def _size(data: bytes, where: str) -> tuple[int, int]:
    from PIL import Image
    with Image.open(io.BytesIO(data), formats=FORMATS) as image:
        return image.size


class _Pixels:
    """Pixels of a file's images together (an SVG may embed many, each under MAX_PIXELS)."""

    def __init__(self, name: str):
        self.name, self.total = name, 0

    def add(self, size: tuple[int, int], where: str) -> None:
        self.total += size[0] * size[1]
        if self.total > MAX_PIXELS:
            raise BuildError(f"{where}: the images of '{self.name}' have more than {MAX_PIXELS // 1_000_000} "
                             f"million pixels together; make them smaller (300 dpi at print size is enough)")


def _pixels(reader, path: Path) -> None:
    width, height = reader.getSize()
    if width * height > MAX_PIXELS:
        raise BuildError(f"image '{path.name}' is {width} × {height} pixels; at most {MAX_PIXELS // 1_000_000} "
                         f"million (300 dpi on a 400 mm card is 22 million)")


@lru_cache(maxsize=256)
def _load(path: Path, mtime: float, root: Path) -> Art:
    if path.suffix.lower() in VECTOR:
        from PIL import Image
        from svglib.svglib import SvgRenderer
        tree = _svg_tree(_read(path, root, MAX_SVG_BYTES), path, root)
        svglib_log, refusals = logging.getLogger("svglib.svglib"), _Refusals()
        svglib_log.addHandler(refusals)
        propagate, svglib_log.propagate = svglib_log.propagate, False   # said once, below
        bomb, Image.MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS, MAX_PIXELS // 2   # embedded images: refused above MAX_PIXELS
        try:
            # entities are left unexpanded: no entity bomb, no file read through one
            drawing = SvgRenderer(str(path), external_reference_root=str(root)).render(tree)
        except Exception as exc:  # svglib raises lxml errors on malformed files
            raise BuildError(f"cannot read SVG '{path.name}': {exc}") from None
        finally:
            svglib_log.removeHandler(refusals)
            svglib_log.propagate = propagate
            Image.MAX_IMAGE_PIXELS = bomb
        if refusals.refused:
            raise BuildError(f"SVG '{path.name}' uses '{refusals.refused[0]}', which is outside the game folder "
                             f"(or an absolute path); keep the files an SVG uses inside {root.name}/")
        if drawing is None:
            raise BuildError(f"cannot read SVG '{path.name}'")
        if _has_text(drawing):
            # svglib would set it in a non-embedded standard font: the PDF would depend on the reader
            raise BuildError(f"SVG '{path.name}' contains text; convert text to paths in your editor")
        return Art(path, float(drawing.width), float(drawing.height), True, drawing)
    data = _read(path, root, MAX_ART_BYTES)
    try:
        _format(data, "")      # Pillow reads only PNG and JPEG, so ReportLab's detection finds the same
        reader = ImageReader(io.BytesIO(data))
        width, height = reader.getSize()
    except Exception:   # Pillow and ReportLab say it in their own terms (object reprs, BytesIO…)
        raise _unreadable(path, root) from None
    _pixels(reader, path)
    try:
        _decodes(data)
    except Exception:
        raise _unreadable(path, root) from None
    return Art(path, float(width), float(height), False, reader)


def _decodes(data: bytes) -> None:
    """Decode the whole image once (its pixels counted first): a truncated file otherwise fails
    only when it is drawn."""
    from PIL import Image
    with Image.open(io.BytesIO(data), formats=FORMATS) as image:
        image.load()


def _unreadable(path: Path, root: Path) -> BuildError:
    shown = path.relative_to(root) if path.is_relative_to(root) else path.name
    return BuildError(f"cannot read image '{shown}': the file is damaged or is not really a "
                      f"{'JPEG' if path.suffix.lower() != '.png' else 'PNG'} image (open it in an image "
                      f"editor and save it again)")


def load(path: Path, root: Path) -> Art:
    """The art at `path` (inside the game folder `root`, which its own references may not leave)."""
    return _load(path, path.stat().st_mtime, root.resolve())


def _has_text(node) -> bool:
    if isinstance(node, String):
        return True
    return any(_has_text(child) for child in getattr(node, "contents", []))


def placement(fit: str, art_w: float, art_h: float, w: float, h: float) -> tuple[float, float, float, float]:
    """(dx, dy, width, height) of the art inside a w×h box: cover fills it (cropping),
    contain shows all of it (centred), stretch distorts it to the box."""
    if fit == "stretch" or art_w <= 0 or art_h <= 0:
        return 0.0, 0.0, w, h
    scale = (max if fit == "cover" else min)(w / art_w, h / art_h)
    dw, dh = art_w * scale, art_h * scale
    return (w - dw) / 2, (h - dh) / 2, dw, dh


def effective_dpi(art: Art, drawn_w: float, drawn_h: float) -> float | None:
    """Pixels per inch at print size (the lower of the two axes); None for vector art."""
    if art.vector:
        return None
    return min(art.width / (drawn_w / inch), art.height / (drawn_h / inch))


def draw(canvas, art: Art, x: float, y: float, w: float, h: float, fit: str, clip, flip: str | None = None) -> float | None:
    """Draw `art` in the box (points); `clip` adds the clipping path to a path object or is
    None; `flip` mirrors it in the box: h (left-right), v (upside down) or hv. Returns the
    effective dpi (None for SVG)."""
    dx, dy, dw, dh = placement(fit, art.width, art.height, w, h)
    canvas.saveState()
    if clip is not None:
        path = canvas.beginPath()
        clip(path)
        canvas.clipPath(path, stroke=0, fill=0)
    if flip:   # about the box's centre lines, inside the clip already set
        canvas.translate(2 * x + w if "h" in flip else 0, 2 * y + h if "v" in flip else 0)
        canvas.scale(-1 if "h" in flip else 1, -1 if "v" in flip else 1)
    if art.vector:
        canvas.translate(x + dx, y + dy)
        canvas.scale(dw / art.width, dh / art.height)
        # renderPDF starts from Helvetica, which would put a non-embedded font in the PDF;
        # starting from the canvas's current (embedded) font changes nothing drawn
        art.source.initialFontName, art.source.initialFontSize = canvas._fontname, canvas._fontsize
        _ArtRenderer().draw(renderPDF.renderScaledDrawing(art.source), canvas, 0, 0)
    else:
        canvas.drawImage(art.source, x + dx, y + dy, dw, dh, mask="auto")
    canvas.restoreState()
    return effective_dpi(art, dw, dh)


class _ArtRenderer(renderPDF._PDFRenderer):
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


def tinted(art: Art, rgb: tuple[float, float, float]) -> Art:
    """`art` with every colour multiplied by `rgb` (0–1 each): white becomes the tint, black stays
    black; transparency is kept. Made once per file and tint, so copies share one image."""
    return _tinted(art, tuple(round(c, 4) for c in rgb))


@lru_cache(maxsize=256)
def _tinted(art: Art, rgb: tuple[float, float, float]) -> Art:
    if art.vector:
        drawing = copy.deepcopy(art.source)
        _multiply_colours(drawing, rgb)
        return Art(art.path, art.width, art.height, True, drawing)
    from PIL import Image, ImageChops
    real = Path(os.path.realpath(art.path))   # checked by _load; read again by the same rule (never a pipe)
    with Image.open(io.BytesIO(_read(real, real.parent, MAX_ART_BYTES)), formats=FORMATS) as image:
        rgba = image.convert("RGBA")
    colour = Image.new("RGB", rgba.size, tuple(round(255 * c) for c in rgb))
    multiplied = ImageChops.multiply(rgba.convert("RGB"), colour)
    multiplied.putalpha(rgba.getchannel("A"))
    return Art(art.path, art.width, art.height, False, ImageReader(multiplied))


def _multiply_colours(node, rgb) -> None:
    from reportlab.lib.colors import Color
    for attribute in ("fillColor", "strokeColor"):
        colour = getattr(node, attribute, None)
        if isinstance(colour, Color):
            setattr(node, attribute, Color(colour.red * rgb[0], colour.green * rgb[1], colour.blue * rgb[2],
                                           alpha=colour.alpha))
    for child in getattr(node, "contents", []):
        _multiply_colours(child, rgb)


def card_outline(size):
    """A clip function for the card's own outline: its rounded corners, or its circle."""
    W, H = size.width * mm, size.height * mm

    def clip(path):
        if size.shape == "round":
            path.ellipse(0, 0, W, H)
        elif size.shape == "hex":
            outline(path, size, 0, 0)
        elif size.radius:
            path.roundRect(0, 0, W, H, size.radius * mm)
        else:
            path.rect(0, 0, W, H)
    return clip


def box_outline(x: float, y: float, w: float, h: float, radius: float = 0.0):
    def clip(path):
        if radius:
            path.roundRect(x, y, w, h, radius)
        else:
            path.rect(x, y, w, h)
    return clip


_warned: set[str] = set()


def warn_low_dpi(name: str, dpi: float | None, allow_low: bool) -> None:
    """A build says once per image that allow_low_dpi let a coarse image through (docs/exports.md)."""
    if dpi is not None and dpi < DPI_ERROR and allow_low and name not in _warned:
        _warned.add(name)
        sys.stderr.write(f"warning: image '{name}' prints at {dpi:.0f} dpi, below the {DPI_ERROR} dpi minimum "
                         f"(allowed by allow_low_dpi: it will look blurred)\n")


def check_dpi(name: str, dpi: float | None, allow_low: bool) -> None:
    if dpi is not None and dpi < DPI_ERROR and not allow_low:
        raise BuildError(f"image '{name}' prints at {dpi:.0f} dpi, below the {DPI_ERROR} dpi minimum "
                         f"({DPI_WARN} recommended): use a larger image, or set allow_low_dpi: true on the box")
