"""The studio's view of a cutter export (`pnp export cutter`): the first sheet of each piece size,
as printed, with its cut paths drawn over it in red: one SVG the page shows as an image.

The sheet is drawn by the export itself (products/exports/cutter.py) into a temporary folder,
then its first fronts page is rasterised by PDFium and the cut file's paths are laid over it in
the same millimetre frame, so what the page shows is what the files say."""
from __future__ import annotations

import base64
import io
import re
import tempfile
from pathlib import Path

from ..model.cutters import load_cutter
from ..model.project import Project
from ..products.exports.cutter import export_cutter
from ..products.exports.faces import rasterise

DPI = 96
CUT = re.compile(r'<g id="cut".*?</g>', re.S)
GAP = 6    # mm between two sheets


class _Direct:
    """A Staging stand-in: files go straight to their place (a temporary folder)."""

    def temporary(self, target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        return target


def cutter_view(project: Project, game_id: str, lang: str, machine: str) -> bytes:
    cutter = load_cutter(project.root, machine).model_copy(update={"raster_dpi": None, "cut_files": ["svg"]})
    game = project.games[game_id]
    parts, y, width = [], 0.0, 0.0
    with tempfile.TemporaryDirectory(prefix="pnp-cutter-view-") as tmp:
        out = Path(tmp)
        export_cutter(project, game, lang, out, _Direct(), cutter)
        for pdf in sorted(p for p in out.glob("*.pdf") if p.name != "how-to-cut.pdf"):
            svg = (out / f"{pdf.stem}-01.svg").read_text(encoding="utf-8")
            w, h = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
            _, image = next(rasterise(pdf, dpi=DPI))
            png = io.BytesIO()
            image.save(png, format="PNG")
            picture = base64.b64encode(png.getvalue()).decode()
            cut = CUT.search(svg).group(0).replace('stroke-width="0.1"', 'stroke-width="0.5"')
            parts.append(f'<g transform="translate(0 {y:g})"><rect width="{w:g}" height="{h:g}" fill="#fff" '
                         f'stroke="#999" stroke-width="0.3"/><image width="{w:g}" height="{h:g}" '
                         f'href="data:image/png;base64,{picture}"/>{cut}</g>')
            y, width = y + h + GAP, max(width, w)
    height = max(y - GAP, 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
            f'width="{width:g}mm" height="{height:g}mm" viewBox="0 0 {width:g} {height:g}">'
            + "".join(parts) + "</svg>").encode()
