"""A box's `font:` that names a family this system lacks, printed in the family fontconfig
substitutes with the same widths (Liberation Sans for Arial: locate.METRIC_ALIKES): one note
at the `font:` line naming the substitute, so a print that differs from the designer's is
never a surprise. A font string whose size another `size:` overrides is one warning there too."""
from __future__ import annotations

from datafile.errors import DataError

from datafile.source import line_of

from ..card_layout.font_string import size_clash
from ..card_layout.layouts import layout_id
from ..card_layout.project import GameData, Project
from ..card_layout.region_checks import FONT_FILE
from ..reading.locate import GENERIC_FAMILIES, system_substitute


def substitute_notes(project: Project, games: list[GameData]) -> list[str]:
    """One line for each `font:` written for a family fontconfig prints in another."""
    spec = project.fonts
    named = set(spec.families) | set(spec.default.roles) | {r for t in spec.languages.values() for r in t.roles}
    notes: dict[tuple, str] = {}
    for game in games:
        for deck in game.decks:
            size = project.size_of(deck)
            lids = dict.fromkeys([layout_id(deck, c) for c in deck.cards] + ([deck.back.layout] if deck.back else []))
            for lid in lids:
                try:
                    layout = project.layouts.sized(lid, size.width, size.height)
                except (KeyError, DataError):
                    continue     # said by the layout checks
                notes.update(_size_clashes(project, lid))
                for region in layout.regions:
                    font = region.font
                    if not font or font in named or FONT_FILE.match(font):
                        continue
                    substitute = system_substitute(font)
                    file, line = (region.origin or {}).get("font") or (layout.file, 0)
                    if substitute and font.casefold().strip() in GENERIC_FAMILIES:
                        notes.setdefault((file, line, font), f"note: {file}:{line}: font '{font}' is a family each "
                                         f"system chooses; here it prints in {substitute} (fontconfig's choice); "
                                         "name a family, or keep a .ttf in the game folder, to print the same everywhere")
                    elif substitute:
                        notes.setdefault((file, line, font), f"note: {file}:{line}: font '{font}' is not installed "
                                         f"here; it prints in {substitute}, which has the same widths (fontconfig's "
                                         f"stand-in); keep a .ttf in the game folder to print the same everywhere")
    return list(notes.values())


def _size_clashes(project: Project, lid: str) -> dict[tuple, str]:
    """A box whose font string and `size:` name two sizes (`font: "Arial,12,B"`, `size: 20`): one
    warning at its `font:` line saying which prints, so the 12 is not read as what prints."""
    _spec, file, raw, _colors = project.layouts.spec(lid)
    short = lid.split("/", 1)[1]
    boxes = ((raw.get("layouts") or {}).get(short) or {}).get("regions") or {}
    out = {}
    for name, box in (boxes.items() if isinstance(boxes, dict) else ()):
        clash = size_clash(box) if isinstance(box, dict) else None
        if clash:
            line = line_of(raw, ("layouts", short, "regions", name, "font"))
            out[(file, line, "size")] = (f"warning: {file}:{line}: layouts.{short}.regions.{name}.font: the font "
                                         f"'{box['font']}' says {clash[0]:g} pt and size: says {clash[1]:g}; "
                                         f"size: {clash[1]:g} prints (size: wins); keep one of the two")
    return out
