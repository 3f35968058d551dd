"""Draw one card face (a resolved layout plus a template context) with ReportLab.

The face is drawn in its own coordinate system: the origin is the bottom-left corner of
the trim box, in points; the bleed lies at negative coordinates and beyond the size.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from reportlab.lib.colors import black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError

from ..card_layout import face_memo
from ..card_layout.layouts import Layout, Region
from ..card_layout.resolved import bleed_extent, embedded
from ..card_layout.region_checks import FONT_FILE
from ..model.model import Size
from ..card_layout.templates import compiled, compiled_expression, template_error
from ..typeset.fonts import FontBook
from ..typeset.icons import ICON_DESCENT, IconFont
from ..typeset.text import Overflow, TextBox, check_glyphs, fit, overflow, to_markup, uncoloured
from . import images
from ..face_checks.sheet_cells import at_cell, failing_cell, read_note
from .face_colours import background_place, face_errors, resolve_color
from .gradient import GRADIENT_KINDS, shade
from .replay import draw_paragraph
from .shapes import draw_shape, turn, turned


class BadImage(BuildError):
    """An image the build refuses; `value` is its path (the build finds the spreadsheet cell)."""

    def __init__(self, message: str, value: str):
        super().__init__(message)
        self.value = value


class MissingGlyphs(BuildError):
    """Characters a text's font cannot draw; `characters` names them (the build finds the
    spreadsheet cell that holds them)."""

    def __init__(self, message: str, characters: list[str]):
        super().__init__(message)
        self.characters = characters


class FaceRenderer:
    """Renders faces for one game in one language."""

    def __init__(self, fonts: FontBook, lang: str, icons: IconFont, base: Path | None = None, report=None):
        self.fonts = fonts
        self.lang = lang
        self.typo = fonts.typography(lang)
        self.icons = icons
        self.base = base          # the game folder: image paths are relative to it
        self.report = report      # report(event, region, **facts): what `pnp check` inspects
        self._size: Size | None = None
        self._colors: dict[str, object] = {}   # this face's colours by their value in the layout
        self._set: dict[tuple, tuple] = {}      # a text's face and markup by font and source (_text)
        self._memo, self._known = face_memo.Outputs(), {}   # this face's templates as the checks rendered them

    def draw(self, canvas: Canvas, layout: Layout, size: Size, context: dict, bleed: float, label: str,
             on_box_error: Callable[[BuildError], None] | None = None, steps: list | None = None,
             card=None) -> None:
        """Draw the face; a box that fails stops it, or, with `on_box_error` (the studio's
        preview, the preflight), is left out, said to it, and the other boxes are drawn.
        `steps`: what drawing this very face (same layout, size, context, bleed, language and
        fonts) decided before, its regions' colours, texts set and icons, to draw it again without
        rendering its templates or setting its texts again (cards.pdf's faces in
        cards-ink-saver.pdf); an empty list is filled for the next time. `card`: the card drawn,
        whose spreadsheet cell a failing colour, glyph, image or text is named at."""
        self._card = card
        width, height = size.width * mm, size.height * mm
        b = bleed * mm
        self._size = size
        self._colors = {}     # one face, one context: a colour template renders once per face
        self._known = self._memo.of(layout, context) if not steps else {}
        if layout.background:
            with face_errors(background_place(layout, label, self.lang), card, self.lang, layout.background):
                fill = self._color(layout.background, context, layout)
            canvas.setFillColor(fill)
            canvas.rect(-b, -b, width + 2 * b, height + 2 * b, stroke=0, fill=1)
        if steps:
            for step in steps:
                try:
                    self._paint(canvas, step, layout, context)
                except Exception as exc:  # noqa: BLE001 - as _each_region
                    raise self._failure(step[0], "text", label, layout, exc) from None
            return

        def draw(region: Region) -> None:
            if self.report:
                self.report("region", region)
            start, depth = len(canvas._code), len(canvas.state_stack)
            try:
                step = self._step(region, layout, context, width, height, b)
                self._paint(canvas, step, layout, context)
            except Exception:
                del canvas._code[start:]           # nothing of a failed box stays on the face
                while len(canvas.state_stack) > depth:
                    canvas.pop_state_stack()
                raise
            if steps is not None:
                steps.append(step)
        self._each_region(layout, context, label, draw, on_box_error)

    def prepare(self, layout: Layout, size: Size, context: dict, bleed: float, label: str) -> None:
        """What draw() decides for each region (texts fitted: fit()'s memo keeps them), nothing drawn."""
        self._card, self._size, self._colors, self._known = None, size, {}, self._memo.of(layout, context)
        width, height, b = size.width * mm, size.height * mm, bleed * mm
        self._each_region(layout, context, label, lambda region: self._step(region, layout, context, width, height, b))

    def check(self, layout: Layout, size: Size, context: dict, bleed: float, label: str) -> None:
        """What draw() would refuse in its texts and images, with its words, nothing drawn
        (`pnp validate`: the player aids' headers)."""
        self._card, self._known = None, {}

        def place(region: Region) -> None:
            if region.kind in ("text", "image"):
                source = embedded(layout, compiled(region.text or "").render(context), region.kind, region).strip()
                if source:
                    self.place_only(region, size, source, bleed)
        self._each_region(layout, context, label, place)

    def _each_region(self, layout: Layout, context: dict, label: str, visit,
                     on_box_error: Callable[[BuildError], None] | None = None) -> None:
        """visit(region) for each region its `when` shows, a failure named by face, language and box."""
        shown: dict[str, bool] = {}   # a `when` many regions share renders once
        for region in layout.regions:
            try:
                self._one_region(layout, context, label, visit, region, shown)
            except BuildError as exc:
                if on_box_error is None:
                    raise
                on_box_error(exc)

    def _one_region(self, layout: Layout, context: dict, label: str, visit, region: Region, shown: dict) -> None:
        field = "when"
        try:
            if region.when:
                if region.when not in shown:
                    known = self._known.get((face_memo.WHEN, region.when))
                    shown[region.when] = bool(compiled_expression(region.when)(**context)) if known is None else known
                if not shown[region.when]:
                    return
            field = "text"
            visit(region)
        except Exception as exc:  # noqa: BLE001 - template errors too: named by place, cause kept
            raise self._failure(region, field, label, layout, exc) from None

    def _failure(self, region: Region, field: str, label: str, layout: Layout, exc: Exception) -> BuildError:
        """A failure in a region as one line naming the face, language and box."""
        why = f"text {exc}" if isinstance(exc, Overflow) else str(exc) if isinstance(exc, BuildError) \
            else template_error(exc)
        cell = failing_cell(getattr(self, "_card", None), self.lang, exc)
        if cell:   # a spreadsheet's value: named at its cell, as validate names it
            return BuildError(f"{at_cell(cell)}: {why} ({label}, language {self.lang}, box '{region.name}' "
                              f"(layout {layout.id}, {_written(region, field).rstrip(': ')}))")
        # `field` is "text" for any failure past `when` (a fill's too): the box's templates together
        source = region.when if field == "when" else " ".join(
            v for v in (region.text, region.fill, region.stroke, region.color, region.tint) if v and "{" in v)
        read = read_note(getattr(self, "_card", None), self.lang, source, why, field == "when") \
            if not isinstance(exc, BuildError) else ""
        return BuildError(f"{_written(region, field)}{label}, language {self.lang}, box '{region.name}' "
                          f"(layout {layout.id}): {why}{read}")

    def _step(self, r: Region, layout: Layout, ctx: dict, W: float, H: float, b: float) -> tuple:
        """What drawing a region decides from its templates: (region, box, fill, stroke, content),
        content being a text's paragraph and place, or an icon's colour and glyph."""
        x, y, w, h = region_box(r, W, H, b)
        fill = self._color(r.fill, ctx, layout) if r.fill else None
        stroke = self._color(r.stroke, ctx, layout) if r.stroke else None
        inner = turned(r, w, h) if r.rotate else (x, y, w, h)
        content = self._icon(r, layout, ctx, *inner) if r.kind == "icon" \
            else self._text(r, layout, ctx, *inner) if r.kind == "text" else None
        return r, (x, y, w, h), fill, stroke, content

    def _paint(self, canvas: Canvas, step: tuple, layout: Layout, ctx: dict) -> None:
        r, (x, y, w, h), fill, stroke, content = step
        canvas.saveState()
        if r.rotate:
            x, y, w, h = turn(canvas, r, x, y, w, h)
        if fill:
            canvas.setFillColor(fill)
        if stroke:
            canvas.setStrokeColor(stroke)
            canvas.setLineWidth(r.stroke_width * mm)
            if r.dash:
                canvas.setDash([d * mm for d in r.dash])
        if r.gradient and r.kind in GRADIENT_KINDS:   # the shading, clipped to the outline; a stroke over it
            shade(canvas, r, [self._color(c, ctx, layout) for c in r.gradient["colors"]], x, y, w, h)
            fill = None
        if r.kind == "rect" and (fill or stroke):
            if r.radius:
                canvas.roundRect(x, y, w, h, r.radius * mm, stroke=int(bool(stroke)), fill=int(bool(fill)))
            else:
                canvas.rect(x, y, w, h, stroke=int(bool(stroke)), fill=int(bool(fill)))
        elif r.kind == "circle" and (fill or stroke):
            canvas.ellipse(x, y, x + w, y + h, stroke=int(bool(stroke)), fill=int(bool(fill)))
        elif r.kind == "line" and stroke:   # from the box's top-left corner to its bottom-right one
            canvas.line(x, y + h, x + w, y)
        elif r.kind in ("hexagon", "star", "polygon") and (fill or stroke):
            draw_shape(canvas, r.kind, x, y, w, h, r.points, r.inner, bool(fill), bool(stroke))
        elif r.kind == "icon" and content:
            color, size, at_x, at_y, glyph = content
            canvas.setFillColor(color)
            canvas.setFont(self.icons.name, size)
            canvas.drawCentredString(at_x, at_y, glyph)
        elif r.kind == "text" and content:
            if stroke:   # outlined text, as Squib's stroke_color: fill, then stroke (PDF text render mode 2)
                canvas.addLiteral("2 Tr")
            draw_paragraph(canvas, *content)
        elif r.kind == "image":
            self._image(canvas, r, layout, ctx, x, y, w, h)
        canvas.restoreState()

    def _image(self, canvas, r: Region, layout, ctx, x, y, w, h):
        name = self._rendered(r.text or "", ctx).strip()
        if not name:
            return
        if self.base is None:
            raise BuildError("images are not available here (no game folder)")
        try:
            art = images.load(images.resolve(self.base, name), self.base)
        except BuildError as exc:
            raise BadImage(str(exc), name) from None
        if r.tint:
            art = images.tinted(art, self._color(r.tint, ctx, layout).rgb())
        if r.fill or r.stroke:    # a one-colour SVG recoloured (a raster has no shapes to recolour)
            if not art.vector:
                raise BuildError(f"image '{name}': fill and stroke recolour an SVG's shapes; for a PNG or JPEG "
                                 f"use tint, or an SVG")
            art = images.recoloured(art, self._color(r.fill, ctx, layout).rgb() if r.fill else None,
                                    self._color(r.stroke, ctx, layout).rgb() if r.stroke else None)
        clip = {"none": None, "box": images.box_outline(x, y, w, h, r.radius * mm),
                "card": images.card_outline(self._size)}[r.clip]
        dpi = images.draw(canvas, art, x, y, w, h, r.fit, clip, r.flip)
        if self.report:
            self.report("image", r, path=name, dpi=dpi)
        images.check_dpi(name, dpi, r.allow_low_dpi)
        if self.report is None:   # `pnp check` lists it among its warnings instead
            images.warn_low_dpi(name, dpi, r.allow_low_dpi)

    def _icon(self, r: Region, layout, ctx, x, y, w, h) -> tuple | None:
        """(colour, size, x, y, glyph) of an icon region, None when its template gives no name."""
        name = self._rendered(r.text or "", ctx).strip()
        if not name:
            return None
        if name not in self.icons.codes:
            raise BuildError(f"unknown icon '{name}'")
        if self.report:
            self.report("icon", r, name=name)
        size = min(h, w)
        color = r.color if r.color != "#000000" else (self.icons.colors.get(name) or r.color)
        return (self._color(color, ctx, layout), size, x + w / 2, y + (h - size) / 2 + size * ICON_DESCENT / 1000,
                chr(self.icons.codes[name]))

    def _text(self, r: Region, layout, ctx, x, y, w, h) -> tuple | None:
        """(paragraph, x, y, its key) of a text region set in its box (draw_paragraph's
        arguments but the canvas), None when its template gives no text."""
        source = embedded(layout, self._rendered(r.text or "", ctx), r.kind, r).strip()
        if not source:
            return None
        face, markup = self._set_text(r, source, layout)
        color = self._color(r.color, ctx, layout)
        box = TextBox(w, h, r.size, r.min_size, r.leading, r.align, color)
        try:
            para, used = fit(markup, face, self.typo, box)
        except Overflow as exc:
            exc.value = source        # a spreadsheet's cell is named at the cell (_failure)
            raise
        drawn_key = (markup, face, self.typo.lang, self.typo.hyphenation, self.typo.cjk, w, h, r.size, r.min_size,
                     r.leading, r.align, color)
        if self.report:
            self.report("text", r, size=para.style.fontSize, preferred=r.size, min_size=r.min_size,
                        source=source)
        top = y + h
        offset = {"top": top - used, "middle": y + (h - used) / 2, "bottom": y}[r.valign]
        return para, x, offset, drawn_key

    def set_text(self, r: Region, layout, ctx, size: Size) -> tuple | None:
        """A text region set as draw() sets it, unturned: (paragraph, x, y, key), points, y up."""
        self._known = self._memo.of(layout, ctx)
        return self._text(r, layout, ctx, *region_box(r, size.width * mm, size.height * mm, 0.0))

    def _set_text(self, r: Region, source: str, layout: Layout) -> tuple:
        """(face, paragraph markup) of a text, its glyphs checked: once per renderer for each font
        and source (the same rule, label or name is on many cards; a fifth of the texts are new);
        a text with a coloured span, once per layout too (its colours are the layout's)."""
        key = (r.font, r.bold, r.italic, source, layout.id if "|" in source else None)
        if key in self._set:
            return self._set[key]
        faces = self._faces(r, source)
        face = faces[0]
        missing = check_glyphs(source, faces)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            # fonts/Narrow.ttf or the system's `DejaVu Sans Mono`, never the alias it is registered under
            name = r.font if FONT_FILE.match(r.font or "") or face.name.startswith("pnp-") else face.name
            raise MissingGlyphs(f"font {name} has no glyph for {shown}", missing)
        self._set[key] = face, to_markup(source, self.lang, self.icons, layout.colors)
        return self._set[key]

    def place_only(self, r: Region, size: Size, source: str, bleed: float) -> None:
        """Place a text region's rendered text, or an image region's file, as the build does,
        drawing nothing (`pnp validate`): Overflow for a text that does not fit at its minimum
        size (the fit does not depend on the colour), BuildError for an image the build refuses."""
        _x, _y, w, h = region_box(r, size.width * mm, size.height * mm, bleed * mm)
        if r.rotate % 180 == 90:
            w, h = h, w
        if r.kind == "text":
            box = TextBox(w, h, r.size, r.min_size, r.leading, r.align, black)
            # a span's colour changes no width; a box of no extent is said at its width or height
            why = w > 0 < h and overflow(to_markup(uncoloured(source), self.lang, self.icons), self._faces(r, source)[0], self.typo, box)
            if why:
                raise Overflow(why)
            return
        if self.base is None:
            raise BuildError("images are not available here (no game folder)")
        art = images.load(images.resolve(self.base, source), self.base)
        _dx, _dy, dw, dh = images.placement(r.fit, art.width, art.height, w, h)
        images.check_dpi(source, images.effective_dpi(art, dw, dh), r.allow_low_dpi)

    def _faces(self, r: Region, source: str) -> list:
        """The region's face, then those its **bold** and *italic* spans set (registered: a
        paragraph finds them by name)."""
        family = self._family(r.font)
        face = self.fonts.face(family, r.bold, r.italic)
        return [face] + ([self.fonts.face(family, True, r.italic)] if "**" in source else []) \
            + ([self.fonts.face(family, r.bold, True)] if source.replace("**", "").count("*") >= 2 else [])

    def _family(self, font: str) -> str:
        """A role of this language (title, body, ui), else a family of fonts.yaml by name, else a
        font file of the game folder (held to it, like images)."""
        if font in self.typo.roles:
            return self.typo.roles[font]
        if font in self.fonts.spec.families:
            return font
        if not FONT_FILE.match(font):   # a family installed on this system
            return self.fonts.system_family(font)
        if self.base is None:
            raise BuildError(f"font file '{font}' is not available here (no game folder)")
        return self.fonts.file_family(self.base, font)

    def _color(self, value: str, ctx: dict, layout: Layout):
        if value not in self._colors:
            self._colors[value] = resolve_color(value, ctx, layout, self._known.get(value))
        return self._colors[value]

    def _rendered(self, source: str, ctx: dict) -> str:   # as the checks rendered it (face_memo), else rendered
        known = self._known.get(source)
        return known if known is not None else compiled(source).render(ctx)


def _written(region: Region, field: str) -> str:
    """`layouts/x.yaml:35: `: where the failing field (or its region) was written, as validate says it."""
    origin = region.origin or {}
    where = origin.get(field) or origin.get("")
    # a bundled layout (the player aids') is pnp's, not the designer's file: its place is left out
    return f"{where[0]}:{where[1]}: " if where and where[1] and not Path(where[0]).is_absolute() else ""


def region_box(r: Region, W: float, H: float, b: float) -> tuple[float, float, float, float]:
    """The region's box (x, y, width, height) in points, y up, on a W x H face with bleed b (all in
    points): as written, with `bleed: true` its edges on the trim carried out to the bleed's edge
    (model/resolved.bleed_extent). A line's width and height keep their signs: its course."""
    x0, y0, x1, y1 = (v * mm for v in bleed_extent(r, W / mm, H / mm, b / mm))
    return x0, H - y1, x1 - x0, y1 - y0
