"""The DXF cut file of one cutter sheet, written with ezdxf: Silhouette Studio's free edition
opens DXF but not SVG (docs/cutters.md). The same outlines as the SVG (cutter.outline), in the
same frame: millimetres, the sheet's size, but y upwards from the sheet's bottom edge, as DXF
draws. One entity per piece on the layer "cut": a closed LWPOLYLINE (a rounded rectangle's
corners as bulge arcs, a hexagon's six corners), or a CIRCLE for a round token."""
from __future__ import annotations

import io
import math
from contextlib import contextmanager

import ezdxf
from ezdxf import bbox

from ..paper.cutter import CutLayout
from ..card_face.shapes import corners

LAYER = "cut"
QUARTER = math.tan(math.pi / 8)   # the bulge of a 90° arc: tan(angle / 4)


def cut_dxf(plan: CutLayout, count: int) -> bytes:
    """The DXF (R2000, the first with LWPOLYLINE) of a sheet holding `count` pieces."""
    with _fixed_metadata():
        return _sheet(plan, count)


def _sheet(plan: CutLayout, count: int) -> bytes:
    W, H = plan.page
    doc = ezdxf.new("R2000", units=4)          # $INSUNITS 4: millimetres
    doc.header["$MEASUREMENT"] = 1             # metric
    doc.layers.add(LAYER, color=1)             # red, as the SVG's cut lines
    msp = doc.modelspace()
    msp.dxf.limmin, msp.dxf.limmax = (0, 0), (W, H)   # the sheet ($LIMMIN, $LIMMAX): no outline to cut
    attribs = {"layer": LAYER}
    for trim in plan.slots[:count]:
        shape, r = plan.size.shape, min(plan.size.radius, (trim.x1 - trim.x0) / 2, (trim.y1 - trim.y0) / 2)
        x0, x1, b, t = trim.x0, trim.x1, H - trim.y1, H - trim.y0     # y upwards
        if shape == "round":
            msp.add_circle(((x0 + x1) / 2, (b + t) / 2), (x1 - x0) / 2, dxfattribs=attribs)
        elif shape == "hex":
            points = [(x0 + px, H - (trim.y0 + py)) for px, py in corners("hexagon", x1 - x0, trim.y1 - trim.y0)]
            msp.add_lwpolyline(points, format="xy", close=True, dxfattribs=attribs)
        else:
            msp.add_lwpolyline(_rounded(x0, b, x1, t, r), format="xyb", close=True, dxfattribs=attribs)
    box = bbox.extents(msp)                    # $EXTMIN, $EXTMAX: ezdxf leaves them unset
    if box.has_data:
        msp.dxf.extmin, msp.dxf.extmax = box.extmin, box.extmax
    text = io.StringIO()
    doc.write(text)
    return text.getvalue().encode("ascii")


def _rounded(x0: float, b: float, x1: float, t: float, r: float) -> list[tuple[float, float, float]]:
    """Counter-clockwise from the bottom edge; a vertex's bulge bends the segment after it."""
    if r <= 0:
        return [(x0, b, 0), (x1, b, 0), (x1, t, 0), (x0, t, 0)]
    q = QUARTER
    return [(x0 + r, b, 0), (x1 - r, b, q), (x1, b + r, 0), (x1, t - r, q),
            (x1 - r, t, 0), (x0 + r, t, q), (x0, t - r, 0), (x0, b + r, q)]


@contextmanager
def _fixed_metadata():
    """ezdxf's fixed dates, GUIDs and marker in place of now and random ones (stamped both when
    the document is made and when it is written), so that two exports are byte-identical. The
    option is global: set only for the while."""
    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before
