"""The studio's view of a cutter export (`pnp export cutter`): the first sheet of each piece size,
as printed, with its cut paths drawn over it in red: one SVG the page shows as an image.

The sheet is drawn by the export itself (exporters/cutter.py) into a temporary folder,
then its first fronts page is rasterised by PDFium and the cut paths the export writes for that
sheet (its layout, the cut file's own layer) are laid over it in the same millimetre frame, so
what the page shows is what the files say."""
from __future__ import annotations

import base64
import io
import tempfile
from pathlib import Path

from ..model.cutters import load_cutter
from ..card_layout.project import Project
from ..exporters.cutter import cut_layer, cut_sheets, export_cutter
from ..exporters.faces import rasterise

DPI = 96
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
        paper = project.sheets.papers[project.sheets.paper_for(lang)]      # the export's when given none
        for key, plan, sheets in sorted(cut_sheets(project, game, cutter, paper), key=lambda found: found[0]):
            w, h = plan.page
            _, image = next(rasterise(out / f"{key}.pdf", dpi=DPI))
            png = io.BytesIO()
            image.save(png, format="PNG")
            picture = base64.b64encode(png.getvalue()).decode()
            cut = cut_layer(plan, len(sheets[0]), cutter, stroke_width="0.5")
            parts.append(f'<g transform="translate(0 {y:g})"><rect width="{w:g}" height="{h:g}" fill="#fff" '
                         f'stroke="#999" stroke-width="0.3"/><image width="{w:g}" height="{h:g}" '
                         f'href="data:image/png;base64,{picture}"/>{cut}</g>')
            y, width = y + h + GAP, max(width, w)
    height = max(y - GAP, 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
            f'width="{width:g}mm" height="{height:g}mm" viewBox="0 0 {width:g} {height:g}">'
            + "".join(parts) + "</svg>").encode()
