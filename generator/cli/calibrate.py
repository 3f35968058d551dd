"""`pnp calibrate`: the duplex test page that measures a printer's back offset."""
from __future__ import annotations

from pathlib import Path

import click

from datafile.errors import DataError

from ..data.catalog import load_fonts, load_sheets
from ..paper.output import Staging
from ..products.calibrate import write_calibration
from ..typeset.fonts import FontBook
from .common import (
    duplex_option,
    offset_option,
    paper_option,
    parse_offset,
    project_root,
    shown_path,
)


@click.command()
@paper_option
@duplex_option
@offset_option
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default: output/calibration.pdf).")
@click.pass_context
def calibrate(ctx, paper, duplex, back_offset, out_path):
    """Print a duplex alignment test page to measure the printer's back offset."""
    try:  # only paper sizes and fonts are needed, not the games
        sheets, fonts = load_sheets(project_root(ctx)), FontBook(project_root(ctx), load_fonts(project_root(ctx)))
    except DataError as exc:
        raise click.ClickException(str(exc)) from None
    target = (out_path or project_root(ctx) / "output" / "calibration.pdf").resolve()
    family = fonts.typography("en").roles["ui"]
    with Staging() as staging:
        write_calibration(staging.temporary(target), sheets.papers[paper], paper,
                          "long" if duplex == "none" else duplex, parse_offset(back_offset),
                          fonts.face(family).name, fonts.face(family, bold=True).name)
        staging.commit()
    click.echo(shown_path(target, ctx))
    click.echo("Print it duplex, hold it to the light, read where the back cross falls on the front "
               "scales, and pass those values as --back-offset X,Y.")
