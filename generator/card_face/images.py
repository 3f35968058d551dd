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
times over are refused in milliseconds, not drawn for ten minutes), its references checked and
handed to svglib as data (svg_art.py). Pillow reads PNG and JPEG only (FORMATS). The art a process
draws is at most MAX_BUILD_PIXELS together: ReportLab keeps each image it drew decoded.
"""
from __future__ import annotations

import copy
import io
import itertools
import os
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.lib.units import inch, mm
from reportlab.lib.utils import ImageReader

from datafile.errors import BuildError, closest

from ..reading.locate import MAX_ART_BYTES

from .art_files import FORMATS, MAX_PIXELS, RASTER, VECTOR, _format, _read, _spend
from ..paper.cut_paths import outline

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
        slashed = (folder / name.replace("\\", "/")).resolve()
        if "\\" in name and slashed.is_relative_to(folder) and slashed.is_file():   # a Windows path
            raise BuildError(f"image '{name}' not found: write its path with / ('{name.replace(chr(92), '/')}'), "
                             f"not \\")
        guess = closest(name.replace("\\", "/"), _pictures(folder))
        raise BuildError(f"image '{name}' not found in {folder.name}/"
                         + (f"; did you mean '{guess}'?" if guess else " (paths are relative to the game folder)"))
    return path


def _pictures(folder: Path, most: int = 2000) -> list[str]:
    """The pictures of the game folder, as a layout names them (art/robot-golem.svg): for the
    likely one when a name is misspelt (the first `most`, a folder's art is never that many)."""
    found = (p for p in folder.rglob("*") if p.suffix.lower() in RASTER | VECTOR and p.is_file())
    return [p.relative_to(folder).as_posix() for p in itertools.islice(found, most)]


def _pixels(reader, path: Path) -> None:
    width, height = reader.getSize()
    if width * height > MAX_PIXELS:
        raise BuildError(f"image '{path.name}' is {width} × {height} pixels; at most {MAX_PIXELS // 1_000_000} "
                         f"million (300 dpi on a 400 mm card is 22 million)")


@lru_cache(maxsize=256)
def _load(path: Path, mtime: float, root: Path) -> Art:
    if path.suffix.lower() in VECTOR:
        from .svg_art import load_svg
        drawing = load_svg(path, root)
        return Art(path, float(drawing.width), float(drawing.height), True, drawing)
    data = _read(path, root, MAX_ART_BYTES)
    try:
        _format(data, "")      # Pillow reads only PNG and JPEG, so ReportLab's detection finds the same
        reader = ImageReader(io.BytesIO(data))
        width, height = reader.getSize()
    except Exception:   # Pillow and ReportLab say it in their own terms (object reprs, BytesIO…)
        raise _unreadable(path, root) from None
    _pixels(reader, path)
    _spend(path, width * height)
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
        from .svg_art import ArtRenderer
        ArtRenderer().draw(renderPDF.renderScaledDrawing(art.source), canvas, 0, 0)
    else:
        canvas.drawImage(art.source, x + dx, y + dy, dw, dh, mask="auto")
    canvas.restoreState()
    return effective_dpi(art, dw, dh)


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


def recoloured(art: Art, fill: tuple | None, stroke: tuple | None) -> Art:
    """A one-colour SVG drawn in `fill` (its outlines too, unless `stroke` gives theirs; None
    keeps what the file says), each shape's transparency kept, as Squib's `svg ... mask:` draws
    it. Made once per file and colours, so copies share one drawing."""
    rounded = lambda rgb: rgb and tuple(round(c, 4) for c in rgb)
    return _recoloured(art, rounded(fill), rounded(stroke or fill))


@lru_cache(maxsize=256)
def _recoloured(art: Art, fill, stroke) -> Art:
    drawing = copy.deepcopy(art.source)
    _set_colours(drawing, fill, stroke)
    return Art(art.path, art.width, art.height, True, drawing)


def _set_colours(node, fill, stroke) -> None:
    from reportlab.lib.colors import Color
    for attribute, rgb in (("fillColor", fill), ("strokeColor", stroke)):
        colour = getattr(node, attribute, None)
        if rgb and isinstance(colour, Color):
            setattr(node, attribute, Color(*rgb, alpha=colour.alpha))
    for child in getattr(node, "contents", []):
        _set_colours(child, fill, stroke)


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
    if dpi is not None and round(dpi) < DPI_ERROR and allow_low and name not in _warned:
        _warned.add(name)
        sys.stderr.write(f"warning: image '{name}' prints at {dpi:.0f} dpi, below the {DPI_ERROR} dpi minimum "
                         f"(allowed by allow_low_dpi: it will look blurred)\n")


def check_dpi(name: str, dpi: float | None, allow_low: bool) -> None:
    if dpi is not None and round(dpi) < DPI_ERROR and not allow_low:   # as said: whole dpi
        raise BuildError(f"image '{name}' prints at {dpi:.0f} dpi, below the {DPI_ERROR} dpi minimum "
                         f"({DPI_WARN} recommended): use a larger image, or set allow_low_dpi: true on the box")
