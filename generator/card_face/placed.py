"""Every card text fitted into its box and every image placed in its box as the card build does
it, nothing drawn: a text that would fail the build ("does not fit … even at the minimum size"),
an image it cannot find, read or print sharp enough, fails `pnp validate` first: at the card's
own name or text when that is what overflows, else at the line of the region's text.

Each (language, region, card size, text) is fitted once, and the verdicts are remembered within
the process by content (typeset/text.overflow), so `--watch`, `pnp serve` and the fuzz cases that
validate again fit only what changed.
"""
from __future__ import annotations

from datafile.errors import BuildError, DataError, Problem
from datafile.source import load_yaml

from ..checks.crosscheck import deck_place
from ..face_checks.faces import BoxContent, box_contents
from ..face_checks.sheet_cells import cell_with, holding
from ..reading.locate import search_path
from ..card_layout.project import GameData, Project
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from ..typeset.text import Overflow
from .face import FaceRenderer
from ..paper.sheet_options import SheetOptions

BLEED = SheetOptions().bleed   # the build's default, for a text region with `bleed: true`


def placing_problems(project: Project, game: GameData) -> list[Problem]:
    """One problem per region and language whose text overflows its box, or whose image the build
    refuses, for some card: the first such card is named."""
    contents = box_contents(project, game)
    if not contents:
        return []
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderers: dict[str, FaceRenderer] = {}
    problems: dict[tuple, Problem] = {}
    unusable: set[str] = set()     # a game folder's font files that cannot be used: said once
    for box in contents:
        # an image is the same file in every language: said once
        where = (box.layout, box.region.name, box.lang if box.region.kind == "text" else "")
        if where in problems:
            continue
        if box.lang not in renderers:
            renderers[box.lang] = FaceRenderer(fonts, box.lang, icons, base=game.directory)
        font = box.region.font or ""
        # a font written once, in a style boxes extend: said once, at its line
        font_at = ("font", *((box.region.origin or {}).get("font") or (box.file, box.line)))
        if font_at in problems:
            continue
        if box.region.kind == "text" and font.lower().endswith((".ttf", ".otf")) and font not in project.fonts.families:
            # a game folder's font: the data checks read its header; the build parses it whole
            # (converts a CFF .otf); a font that cannot be used is said once, where first named
            if font in unusable:
                continue
            try:
                fonts.file_family(game.directory, font)
            except BuildError as exc:
                file, line = font_at[1:]
                unusable.add(font)
                problems[font_at] = Problem(
                    file, line, f"{box.layout} regions.{box.region.name}.font", str(exc), "a .ttf or .otf file of the game folder")
                continue
        try:
            renderers[box.lang].place_only(box.region, box.size, box.source, BLEED)
        except Overflow as exc:
            problems[where] = _overflow(project, game, box, exc)
        except BuildError as exc:
            if box.region.kind == "image":    # a text's unknown icon or font: the checks that find those say it
                card = box.deck.cards[box.index] if box.deck is not None and box.index is not None else None
                cell = holding(card, box.lang, box.source) if card is not None else None
                problems[where] = Problem(*cell, f"{exc} (for {box.card}, box '{box.region.name}' at {box.file}:"
                                          f"{box.line})") if cell else \
                    Problem(box.file, box.line, box.field, f"{exc} (for {box.card}, language {box.lang})")
        except (DataError, OSError, KeyError):
            continue                          # a font or layout that does not load: reported where it loads
    return list(dict.fromkeys(problems.values()))   # a cell two languages print alike: once


def _overflow(project: Project, game: GameData, box: BoxContent, exc: Overflow) -> Problem:
    """At the card's own name or text when that is what the box prints (the usual fix is there),
    else at the region's text in the layout. The deck's file is read again for the line: the
    loader keeps no YAML trees, and this happens only for a problem."""
    layout = f"{box.file}:{box.line}" if box.line else box.file
    card = box.deck.cards[box.index] if box.deck is not None and box.index is not None else None
    for key in ("text", "name"):
        value = getattr(card, key, None) if card is not None else None
        if value is not None and (value.get(box.lang) or "").strip() == box.source:
            file = game.deck_files.get(box.deck.deck, "")
            try:
                raw = load_yaml(project.root / file, file, search_path(project.root))
            except DataError:
                raw = None
            file, line, field = deck_place(box.deck, raw, file, ("cards", box.index, key, box.lang))
            return Problem(file, line, field, f"text {exc} (box '{box.region.name}' of layout {box.layout}, "
                           f"language {box.lang})", f"a shorter text, or a larger box or smaller min_size at {layout}")
    cell = cell_with(card, box.lang, lambda value: value == box.source) if card is not None else None
    if cell:   # a spreadsheet's cell: once, whatever the languages that print it
        return Problem(*cell, f"text {exc} (for {box.card}, box '{box.region.name}' at {layout})",
                       "a shorter text, a larger box or a smaller min_size")
    return Problem(box.file, box.line, box.field, f"text {exc} (for {box.card}, language {box.lang})",
                   "a shorter text, a larger box or a smaller min_size")
