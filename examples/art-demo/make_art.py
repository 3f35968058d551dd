"""Draws this example's raster art with Pillow (run once; the images are committed).

Flat colours keep the PNG a few KB; the JPEG is deliberately small (about 185 dpi in its
box) so `pnp check` has a resolution warning to show.
"""
from pathlib import Path

from PIL import Image, ImageDraw

ART = Path(__file__).parent / "cards" / "art-demo" / "art"


def scene(size, sky, hill, figure):
    w, h = size
    img = Image.new("RGB", size, sky)
    d = ImageDraw.Draw(img)
    d.ellipse((w * 0.68, h * 0.08, w * 0.86, h * 0.33), fill="#fff3c4")          # sun
    d.polygon([(0, h), (0, h * 0.62), (w * 0.35, h * 0.48), (w * 0.7, h * 0.66), (w, h * 0.55), (w, h)], fill=hill)
    cx = w * 0.42
    d.ellipse((cx - w * 0.06, h * 0.2, cx + w * 0.06, h * 0.36), fill=figure)   # head
    d.polygon([(cx - w * 0.13, h * 0.86), (cx, h * 0.36), (cx + w * 0.13, h * 0.86)], fill=figure)
    return img


if __name__ == "__main__":
    ART.mkdir(parents=True, exist_ok=True)
    scene((660, 480), "#9ec9e8", "#5c8a4a", "#7a2e2e").quantize(8).save(ART / "knight.png", optimize=True)
    scene((400, 290), "#e8c39e", "#8a6a4a", "#2e4a7a").save(ART / "archer.jpg", quality=70)
