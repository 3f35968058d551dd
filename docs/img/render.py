"""Renders the region-kind pictures of docs/authoring.md (docs/img/region-*.png).

Run from anywhere: python docs/img/render.py. It makes a scratch game with `pnp new`, gives it one
card per region kind, builds cards.pdf without bleed and cuts each card out of the sheet with
pdftoppm (the page's TrimBox is the grid's outline; cards sit edge to edge in rows of three).
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from pypdf import PdfReader

HERE = Path(__file__).resolve().parent
MM = 72 / 25.4
KINDS = ["text", "rect", "circle", "icon", "line", "image", "hexagon", "star", "polygon", "rotate", "flip", "tint",
         "font"]
CAPTIONS = {"rotate": "rotate: 30 (any angle)", "flip": "image, flip: h", "tint": "image, tint: '#6fa8c8'",
            "font": "font: a role, a family, a file"}
# the font-file picture: any TrueType font unlike the bundled Cardo (the PNG is committed, not the font)
FONT = next((p for p in (Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),) if p.is_file()),
            HERE.parents[1] / "layouts" / "fonts" / "Cardo-Bold.ttf")
ART = HERE.parents[1] / "examples" / "art-demo" / "cards" / "art-demo" / "art" / "archer.jpg"

LAYOUT = """colors:
  ink: "#2b2118"
  paper: "#fbf7ec"
  accent: "#2d6a8a"
  guide: "#c9bfae"
layouts:
  base:
    background: paper
    regions:
      caption: {kind: text, x: 4, y: 76, width: 55, height: 8, font: ui, size: 9, min_size: 6, align: center,
                valign: middle, color: "#7a6a55", text: "{{ card.props.caption }}"}
  text:
    extends: base
    regions:
      box: {kind: rect, x: 8, y: 12, width: 47, height: 50, stroke: guide, stroke_width: 0.3, dash: [1, 1]}
      shown: {kind: text, x: 8, y: 12, width: 47, height: 50, font: body, size: 11, min_size: 6, align: center,
              valign: middle, color: ink, text: "**Bold**, *italic*, an icon :points: and a long sentence that wraps and shrinks to fit its box."}
  rect:
    extends: base
    regions:
      shown: {kind: rect, x: 8, y: 12, width: 47, height: 50, fill: accent, stroke: ink, stroke_width: 0.8, radius: 4}
  circle:
    extends: base
    regions:
      shown: {kind: circle, x: 11.5, y: 17, width: 40, height: 40, fill: accent, stroke: ink, stroke_width: 0.8}
  icon:
    extends: base
    regions:
      box: {kind: rect, x: 11.5, y: 17, width: 40, height: 40, stroke: guide, stroke_width: 0.3, dash: [1, 1]}
      shown: {kind: icon, x: 11.5, y: 17, width: 40, height: 40, text: points, color: accent}
  line:
    extends: base
    regions:
      shown: {kind: line, x: 8, y: 37, width: 47, height: 0, stroke: accent, stroke_width: 1.2}
      dashed: {kind: line, x: 8, y: 47, width: 47, height: 0, stroke: ink, stroke_width: 0.5, dash: [2, 1]}
  image:
    extends: base
    regions:
      shown: {kind: image, text: "art/{{ card.id }}.jpg", x: 8, y: 12, width: 47, height: 50, fit: cover,
              radius: 4, allow_low_dpi: true}
  hexagon:
    extends: base
    regions:
      shown: {kind: hexagon, x: 8.5, y: 17, width: 46, height: 39.8, fill: accent, stroke: ink, stroke_width: 0.8}
  star:
    extends: base
    regions:
      shown: {kind: star, x: 9, y: 13, width: 45, height: 45, points: 5, inner: 0.45, fill: "#d9a31a",
              stroke: ink, stroke_width: 0.6}
      small: {kind: star, x: 41, y: 52, width: 14, height: 14, points: 8, inner: 0.6, fill: accent}
  polygon:
    extends: base
    regions:
      box: {kind: rect, x: 8, y: 12, width: 47, height: 50, stroke: guide, stroke_width: 0.3, dash: [1, 1]}
      shown: {kind: polygon, x: 8, y: 12, width: 47, height: 50, points: [[0, 50], [23.5, 0], [47, 50], [23.5, 36]],
              fill: accent, stroke: ink, stroke_width: 0.8}
  rotate:
    extends: base
    regions:
      box: {kind: rect, x: 11.5, y: 22, width: 40, height: 30, stroke: guide, stroke_width: 0.3, dash: [1, 1]}
      shown: {kind: rect, x: 11.5, y: 22, width: 40, height: 30, fill: accent, radius: 2, rotate: 30}
      label: {kind: text, x: 11.5, y: 22, width: 40, height: 30, font: title, bold: true, size: 14, align: center,
              valign: middle, color: paper, rotate: 30, text: "rotate: 30"}
      side: {kind: text, x: 53, y: 8, width: 7, height: 62, font: ui, size: 9, align: center, valign: middle,
             color: ink, rotate: 90, text: "rotate: 90 runs up the box"}
  flip:
    extends: base
    regions:
      shown: {kind: image, text: "art/letter.png", x: 4, y: 12, width: 27, height: 50, fit: contain}
      flipped: {kind: image, text: "art/letter.png", x: 32, y: 12, width: 27, height: 50, fit: contain, flip: h}
  tint:
    extends: base
    regions:
      shown: {kind: image, text: "art/image.jpg", x: 4, y: 12, width: 27, height: 50, fit: cover, radius: 3,
              allow_low_dpi: true}
      tinted: {kind: image, text: "art/image.jpg", x: 32, y: 12, width: 27, height: 50, fit: cover, radius: 3,
               tint: "#6fa8c8", allow_low_dpi: true}
  font:
    extends: base
    regions:
      role: {kind: text, x: 6, y: 10, width: 51, height: 18, font: title, size: 13, align: center, valign: middle,
             color: ink, text: "font: title (a role)"}
      family: {kind: text, x: 6, y: 30, width: 51, height: 18, font: gothic, size: 12, align: center,
               valign: middle, color: ink, text: "font: gothic (a family)"}
      file: {kind: text, x: 6, y: 50, width: 51, height: 18, font: fonts/shown.ttf, size: 10, align: center,
             valign: middle, color: accent, text: "font: fonts/shown.ttf (a file of the game)"}
"""

DECK = """deck: kinds
name: {en: Region kinds}
size: poker
layout: demo/{kind}
properties:
  kind: {type: str, required: true}
  caption: {type: str, required: true}
cards:
""" + "".join(f"  - {{id: {k}, name: {k}, props: {{kind: {k}, caption: \"{CAPTIONS.get(k, 'kind: ' + k)}\"}}}}\n"
              for k in KINDS)


def letter(path: Path) -> None:
    """An asymmetric picture (an F on a gradient), so that a flip shows."""
    from PIL import Image, ImageDraw
    image = Image.new("RGB", (400, 740))
    draw = ImageDraw.Draw(image)
    for row in range(740):
        draw.line([(0, row), (400, row)], fill=(233 - row // 8, 196 - row // 10, 150 - row // 12))
    draw.polygon([(90, 120), (320, 120), (320, 200), (170, 200), (170, 330), (280, 330), (280, 410), (170, 410),
                  (170, 620), (90, 620)], fill=(45, 106, 138))
    image.save(path)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pnp = [sys.executable, "-m", "generator.cli", "--root", str(root)]
        subprocess.run([*pnp, "new", "demo"], check=True, capture_output=True)
        (root / "layouts" / "demo.yaml").write_text(LAYOUT)
        (root / "cards" / "demo" / "cards.yaml").write_text(DECK)
        (root / "cards" / "demo" / "art").mkdir()
        for kind in ("image", "flip", "tint"):
            (root / "cards" / "demo" / "art" / f"{kind}.jpg").write_bytes(ART.read_bytes())
        letter(root / "cards" / "demo" / "art" / "letter.png")
        (root / "cards" / "demo" / "fonts").mkdir()
        (root / "cards" / "demo" / "fonts" / "shown.ttf").write_bytes(FONT.read_bytes())
        built = subprocess.run([*pnp, "build", "demo", "--only", "cards", "--bleed", "0", "--duplex", "none"],
                               capture_output=True, text=True)
        if built.returncode:
            sys.exit(built.stderr)
        pdf = root / "output" / "demo" / "en" / "cards.pdf"
        dpi = 80
        scale = dpi / 72
        for i, kind in enumerate(KINDS):
            number, slot = i // 9 + 1, i % 9   # nine poker cards a page
            page = PdfReader(pdf).pages[number - 1]
            left, top = float(page.trimbox.left), float(page.mediabox.top) - float(page.trimbox.top)
            x = (left + (slot % 3) * 63 * MM) * scale
            y = (top + (slot // 3) * 88 * MM) * scale
            subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", str(number), "-l", str(number),
                            "-x", str(round(x)), "-y", str(round(y)), "-W", str(round(63 * MM * scale)),
                            "-H", str(round(88 * MM * scale)), str(pdf), str(HERE / f"region-{kind}")], check=True)
            print(HERE / f"region-{kind}.png")


if __name__ == "__main__":
    main()
