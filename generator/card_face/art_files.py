"""The bytes of an art file and what they may cost, shared by raster art (images.py) and SVG art
(svg_art.py): each file read by the project's rule, Pillow's readers limited to PNG and JPEG
(FORMATS: never one that runs an outside program), the pixels of one image (MAX_PIXELS) and of all
the art a process draws (MAX_BUILD_PIXELS) bounded before anything decodes them."""
from __future__ import annotations

import io
from pathlib import Path

from datafile.errors import BuildError, DataError
from datafile.source import read_bytes

RASTER = {".png", ".jpg", ".jpeg"}
VECTOR = {".svg"}
MAX_PIXELS = 50_000_000     # a raster image, decoded (a 400 mm card at 300 dpi: 22 million)
# the art files a process has drawn, together (a worker of a build, validate, serve): ReportLab keeps
# ~7 bytes a pixel of each image it drew; a poker card's art at 300 dpi is 0.77 million
MAX_BUILD_PIXELS = 100_000_000
MAX_SVG_NODES = 10_000      # SVG elements once <use> clones are counted (svglib draws ~5,000 a second)


def _read(path: Path, root: Path, limit: int) -> bytes:
    try:
        return read_bytes(path, path.name, limit, (root,), "a PNG, JPEG or SVG file of the game folder")
    except DataError as exc:
        raise BuildError(f"image {exc.problems[0]}") from None


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


_drawn: dict[Path, int] = {}     # pixels of each art file loaded by this process (its latest version)


def _spend(path: Path, pixels: int) -> None:
    """Count `path`'s pixels towards MAX_BUILD_PIXELS (a file loaded again replaces its count)."""
    for gone in [p for p in _drawn if p != path and not p.exists()]:
        del _drawn[gone]
    total = sum(n for p, n in _drawn.items() if p != path) + pixels
    if total > MAX_BUILD_PIXELS:
        raise BuildError(f"image '{path.name}' brings the game's art to {total / 1e6:.0f} million pixels; at most "
                         f"{MAX_BUILD_PIXELS // 1_000_000} million in all (300 dpi at print size is enough: "
                         f"0.8 million for a poker card)")
    _drawn[path] = pixels
