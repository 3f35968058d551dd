"""`pnp calibrate`: the duplex test page that measures a printer's back offset."""
from __future__ import annotations

from pathlib import Path

import click

from datafile.errors import BuildError, DataError, closest

from ..model.sheets_fonts import load_fonts, load_sheets
from ..reading.i18n import Translator, interface_languages
from ..paper.output import Staging, output_folder
from ..products.calibrate import write_calibration
from ..typeset.fonts import FontBook
from .common import (
    duplex_option,
    offset_option,
    language_paper_option,
    parse_offset,
    project_root,
    shown_path,
)


@click.command()
@language_paper_option
@duplex_option
@offset_option
@click.option("--lang", default="en", show_default=True, metavar="LANG",
              help="Language of the instructions on the page (en, fr, de, ja).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default: output/calibration.pdf).")
@click.pass_context
def calibrate(ctx, paper, duplex, back_offset, lang, out_path):
    """Print a duplex alignment test page to measure the printer's back offset."""
    try:  # only paper sizes and fonts are needed, not the games
        sheets, fonts = load_sheets(project_root(ctx)), FontBook(project_root(ctx), load_fonts(project_root(ctx)))
    except DataError as exc:
        raise click.ClickException(str(exc)) from None
    root = project_root(ctx)
    known = interface_languages(root)
    if lang not in known:
        guess = closest(lang, known)
        raise click.ClickException(f"--lang {lang}: no such language" + (f"; did you mean {guess}?" if guess else "")
                                   + f" (expected one of {', '.join(known)})")
    try:   # never written through a link: a shipped `output -> elsewhere` is refused
        target = output_folder(out_path.parent if out_path else root / "output") \
            / (out_path.name if out_path else "calibration.pdf")
    except BuildError as exc:
        raise click.ClickException(str(exc)) from None
    paper = paper or sheets.paper_for(lang)     # the paper the cards of that language are built on
    # into output/: staged with the whole folder, as build and export do (what pnp wrote there is
    # listed, and stays); a file named with --out: beside it, alone
    with Staging(None if out_path else target.parent) as staging:
        try:
            write_calibration(staging.temporary(target), sheets.papers[paper], paper,
                              "long" if duplex == "none" else duplex, parse_offset(back_offset),
                              fonts, lang, Translator(root, lang))
        except (BuildError, DataError) as exc:   # a broken catalogue: its file, line and fix
            raise click.ClickException(str(exc)) from None
        staging.commit()
    click.echo(shown_path(target, ctx))
    click.echo("Print it duplex at 100 %, follow the steps on the page, then build with "
               "--back-offset X,Y.")
