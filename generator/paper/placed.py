"""Every card text fitted into its box and every image placed in its box as the card build does
it, nothing drawn: a text that would fail the build ("does not fit … even at the minimum size"),
an image it cannot find, read or print sharp enough, fails `pnp validate` first, at the line of
the region's text.

Each (language, region, card size, text) is fitted once, and the fits are remembered within the
process (typeset/text.fit), so the build, `--watch`, `pnp serve` and the fuzz cases that follow
fit only what changed.
"""
from __future__ import annotations

from datafile.errors import BuildError, DataError, Problem

from ..data.faces import box_contents
from ..data.project import GameData, Project
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from ..typeset.text import Overflow
from .face import FaceRenderer
from .imposition import SheetOptions

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
    for box in contents:
        # an image is the same file in every language: said once
        where = (box.layout, box.region.name, box.lang if box.region.kind == "text" else "")
        if where in problems:
            continue
        if box.lang not in renderers:
            renderers[box.lang] = FaceRenderer(fonts, box.lang, icons, base=game.directory)
        try:
            renderers[box.lang].place_only(box.region, box.size, box.source, BLEED)
        except Overflow as exc:
            problems[where] = Problem(box.file, box.line, box.field,
                                      f"text {exc} (for {box.card}, language {box.lang})",
                                      "a shorter text, a larger box or a smaller min_size")
        except BuildError as exc:
            if box.region.kind == "image":    # a text's unknown icon or font: the checks that find those say it
                problems[where] = Problem(box.file, box.line, box.field, f"{exc} (for {box.card}, language {box.lang})")
        except (DataError, OSError, KeyError):
            continue                          # a font or layout that does not load: reported where it loads
    return list(problems.values())
