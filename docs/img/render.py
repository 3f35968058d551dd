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
KINDS = ["text", "rect", "circle", "icon", "line", "image"]
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
                valign: middle, color: "#7a6a55", text: "kind: {{ card.props.kind }}"}
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
"""

DECK = """deck: kinds
name: {en: Region kinds}
size: poker
layout: demo/{kind}
properties:
  kind: {type: str, required: true}
cards:
""" + "".join(f"  - {{id: {k}, name: {k}, props: {{kind: {k}}}}}\n" for k in KINDS)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        pnp = [sys.executable, "-m", "generator.cli", "--root", str(root)]
        subprocess.run([*pnp, "new", "demo"], check=True, capture_output=True)
        (root / "layouts" / "demo.yaml").write_text(LAYOUT)
        (root / "cards" / "demo" / "cards.yaml").write_text(DECK)
        (root / "cards" / "demo" / "art").mkdir()
        (root / "cards" / "demo" / "art" / "image.jpg").write_bytes(ART.read_bytes())
        subprocess.run([*pnp, "build", "demo", "--only", "cards", "--bleed", "0", "--duplex", "none"], check=True,
                       capture_output=True)
        pdf = root / "output" / "demo" / "en" / "cards.pdf"
        page = PdfReader(pdf).pages[0]
        left, top = float(page.trimbox.left), float(page.mediabox.top) - float(page.trimbox.top)
        dpi = 80
        scale = dpi / 72
        for i, kind in enumerate(KINDS):
            x = (left + (i % 3) * 63 * MM) * scale
            y = (top + (i // 3) * 88 * MM) * scale
            subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", "-f", "1", "-l", "1",
                            "-x", str(round(x)), "-y", str(round(y)), "-W", str(round(63 * MM * scale)),
                            "-H", str(round(88 * MM * scale)), str(pdf), str(HERE / f"region-{kind}")], check=True)
            print(HERE / f"region-{kind}.png")


if __name__ == "__main__":
    main()
