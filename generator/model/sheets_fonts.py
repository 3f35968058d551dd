"""layouts/sheets.yaml (paper and piece sizes) and layouts/fonts.yaml (families and roles), the
project's own or the bundled ones; every font file named must lie inside layouts/fonts/."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from datafile.errors import DataError, Problem, closest
from datafile.source import line_of, load_yaml
from datafile.validate import validate

from ..reading.locate import inside, locate, locate_inside, relative, search_path
from .sheets_file import FontsFile, SheetsFile


def check_font_files(root: Path, fonts: FontsFile) -> None:
    """Every font file named in layouts/fonts.yaml is a file inside layouts/fonts/ (the project's,
    else the bundled one: reading/locate.py), and every role names one of its families."""
    spec_path = locate(root, "layouts", "fonts.yaml")
    name = relative(root, spec_path)
    raw = load_yaml(spec_path, name, search_path(root))
    problems = []
    for family, spec in fonts.families.items():
        for style in ("regular", "bold", "italic", "bold_italic"):
            file = getattr(spec, style)
            if file is None:
                continue
            where, line = f"families.{family}.{style}", line_of(raw, ("families", family, style))
            path, folder = locate_inside(root, ("layouts", "fonts"), file)
            if not inside(path, folder):
                problems.append(Problem(name, line, where, f"font path '{file}' leaves layouts/fonts/",
                                        "a file name inside layouts/fonts/"))
            elif path.exists() and not path.is_file() or path.is_file() and not stat.S_ISREG(os.stat(path).st_mode):
                problems.append(Problem(name, line, where, f"font file '{file}' is not a regular file (a pipe or a "
                                        "device)", "a .ttf file in layouts/fonts/"))
            elif not path.is_file():
                found = sorted(p.name for p in folder.glob("*.[to]tf"))
                guess = closest(file, found)
                problems.append(Problem(name, line, where, f"font file '{file}' not found in layouts/fonts/"
                                        + (f"; did you mean '{guess}'?" if guess else ""), "a .ttf file there"))
    families = sorted(fonts.families)
    typographies = [(("default",), fonts.default)] + [(("languages", lang), t) for lang, t in fonts.languages.items()]
    for at, typography in typographies:
        for role, family in typography.roles.items():
            if family not in fonts.families:
                guess = closest(family, families)
                problems.append(Problem(name, line_of(raw, (*at, "roles", role)), ".".join((*at, "roles", role)),
                                        f"unknown family {family!r}" + (f"; did you mean '{guess}'?" if guess else ""),
                                        f"a family of families: ({', '.join(families)})"))
    if problems:
        raise DataError(problems)


def load_sheets(root: Path) -> SheetsFile:
    return load_model(root, locate(root, "layouts", "sheets.yaml"), SheetsFile)


def load_fonts(root: Path) -> FontsFile:
    return load_model(root, locate(root, "layouts", "fonts.yaml"), FontsFile)


def load_model(root: Path, path: Path, model):
    name = relative(root, path)
    return validate(model, load_yaml(path, name, search_path(root)), name)

