"""A face's colours: a colour value resolved against its layout, and what a face shows along
its trim (imposition lets only faces with the same edge touch)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from datafile.errors import BuildError

from ..face_checks.sheet_cells import read_note
from ..card_layout.colours import NotAColour, drawn_colour
from ..card_layout.layouts import Layout
from ..card_layout.resolved import carries_bleed, reached_edges
from ..card_layout.templates import compiled, compiled_expression, template_error


class BadColour(BuildError):
    """A colour a face cannot draw; `value` names it (the build finds its spreadsheet cell)."""

    def __init__(self, exc: NotAColour):
        super().__init__(f"{exc} (use #rrggbb or a name from the layout's colors)")
        self.value = exc.value


def resolve_color(value: str, ctx: dict, layout: Layout, rendered: str | None = None):
    """The colour `value` draws; a template's output taken from `rendered` when given."""
    if "{" in value:
        value = (rendered if rendered is not None else compiled(value).render(ctx)).strip()
    try:
        return drawn_colour(value, layout.colors)
    except NotAColour as exc:
        raise BadColour(exc) from None


def edge_key(layout: Layout, ctx: dict, label: str = "a face", lang: str = "", size=None,
             card=None) -> str | None:
    """What a face shows along its trim and in its bleed: its background colour, or that of its
    last full-bleed region; None for full-bleed art (like no other face). Imposition lets two
    faces touch only when this is the same (safe-zone rules keep everything else 3 mm inside).
    A template that fails is one line naming the face, the layout and where (BuildError)."""
    with face_errors(background_place(layout, label, lang), card, lang, layout.background):
        key = resolve_color(layout.background, ctx, layout).hexval() if layout.background else "0xffffff"
    for region in layout.regions:
        edges = reached_edges(region, size.width, size.height) if size else 4 * carries_bleed(region)
        if not edges:      # inside the trim: nothing of it reaches the edge
            continue
        file, line = (region.origin or {}).get("fill") or (region.origin or {}).get("") or (layout.file, 0)
        with face_errors(f"{label}, language {lang}, box '{region.name}' (layout {layout.id}, {file}:{line})"):
            if region.when and not compiled_expression(region.when)(**ctx):
                continue
            # a band along some edges, or a gradient (its edges of many colours): like no other face
            if region.kind == "image" or edges < 4 or region.gradient:
                key = None
            elif region.fill:
                key = resolve_color(region.fill, ctx, layout).hexval()
    return key


def background_place(layout: Layout, label: str, lang: str) -> str:
    """Where a layout's background template failed, as validate says it: its file and line first."""
    file, line = layout.background_at or (layout.file, 0)
    # a bundled layout is pnp's file, not the designer's: named, no line (as _written)
    if line and not Path(file).is_absolute():
        return f"{file}:{line}: {label}, language {lang}, background of layout {layout.id}"
    return f"{label}, language {lang}, background of layout {layout.id} ({layout.file})"


@contextmanager
def face_errors(where: str, card=None, lang: str = "", source: str | None = None):
    """A failure as one line at `where`; a template's that read a spreadsheet cell names it too."""
    try:
        yield
    except BuildError as exc:
        raise BuildError(f"{where}: {exc}") from None
    except Exception as exc:  # template errors: name the place, keep the cause
        why = template_error(exc)
        raise BuildError(f"{where}: {why}{read_note(card, lang, source, why)}") from None
