"""`pnp build`: every printable of the chosen games and languages into OUT/<game>/<lang>/."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from datafile.errors import BuildError, DataError

from ..build import plan as builder
from ..paper.imposition import SheetOptions
from .common import (
    duplex_option,
    load_or_exit,
    offset_option,
    paper_option,
    parse_offset,
    project_root,
    shown_path,
    split_list,
    writable_or_exit,
)


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", metavar="fr,en,de,ja", help="Languages to build (default: all of each game's).")
@paper_option
@click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, show_default=True, help="Bleed in mm.")
@duplex_option
@offset_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/ in the project).")
@click.option("--only", "products", metavar="cards,...", help="Build only these products.")
@click.option("--allow-missing", is_flag=True, help="Fall back to English for untranslated interface strings.")
@click.option("--deck-per-sheet", is_flag=True,
              help="Start every deck on a new sheet (default: sheets are filled across decks of one card size).")
@click.pass_context
def build(ctx, games, langs, paper, bleed, duplex, back_offset, out_dir, products, allow_missing, deck_per_sheet):
    """Build printables for GAMES (default: every game) into OUT/<game>/<lang>/."""
    project = load_or_exit(ctx, games)
    languages = split_list(langs)
    for game in project.games.values():
        unknown = [lang for lang in languages or [] if lang not in game.game.languages]
        if unknown:
            raise click.BadParameter(f"{game.id} has no {', '.join(unknown)} text "
                                     f"(it has {', '.join(game.game.languages)})", param_hint="--lang")
    options = SheetOptions(paper, bleed, duplex, parse_offset(back_offset), allow_missing, deck_per_sheet)
    out = (out_dir or project_root(ctx) / "output").resolve()
    writable_or_exit(out)
    skipped: list[str] = []
    jobs = builder.plan(project, languages, out, split_list(products), skipped)
    for note in skipped:   # a game builds what it has, and says what it left out
        click.secho(f"skipped: {note}", fg="yellow", err=True)
    for game in project.games.values():
        if any(job.game is game and job.product.name == "rules" for job in jobs) \
                and not (game.directory / "rules").is_dir():
            click.secho(f"note: {game.id} has no rules/ folder: its rules.pdf and site page list the cards only",
                        fg="yellow", err=True)
    try:
        total = sum(job.product.pages(project, job.game, options) for job in jobs)
        with click.progressbar(length=total, label="Building", show_pos=True, file=sys.stderr,
                               item_show_func=lambda label: label) as bar:
            current = {"label": ""}
            written = builder.run(project, jobs, options, progress=lambda n: bar.update(n, current["label"]),
                                  announce=lambda job: current.update(label=job.label))
    except (BuildError, DataError) as exc:
        click.secho(f"build failed: {exc}", fg="red", err=True)
        click.secho("Nothing was written.", fg="red", err=True)
        sys.exit(1)
    except OSError as exc:   # disk full, permissions changed during the build, ...
        where = f" {exc.filename}" if getattr(exc, "filename", None) else ""
        click.secho(f"build failed: cannot write{where}: {exc.strerror or exc}", fg="red", err=True)
        click.secho("Nothing was written.", fg="red", err=True)
        sys.exit(1)
    for path in written:
        click.echo(shown_path(path, ctx))
