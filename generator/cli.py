"""The `pnp` command line."""
from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

import click

from . import build as builder
from .calibrate import write_calibration
from .cards import SheetOptions
from .catalog import Project, load_fonts, load_project, load_sheets
from .fonts import FontBook
from .errors import BuildError, DataError
from .output import Staging

DEFAULT_ROOT = Path(__file__).resolve().parent.parent


def _root(ctx: click.Context) -> Path:
    return ctx.obj["root"]


def _load(ctx: click.Context, games: tuple[str, ...]) -> Project:
    try:
        return load_project(_root(ctx), list(games) or None)
    except DataError as exc:
        for problem in exc.problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(exc.problems)} problem(s) found; nothing was written.", fg="red", err=True)
        sys.exit(1)


def _split(value: str | None) -> list[str] | None:
    return [part.strip() for part in value.split(",") if part.strip()] if value else None


def _offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected two numbers in mm, as X,Y (e.g. 0.5,-1)") from None
    return x, y


class LazyGroup(click.Group):
    """Commands defined beside the code they drive, imported only when invoked or listed."""

    lazy_commands = {
        "score": "scoring.cli:score",          # pnp score
        "i18n": "generator.i18n_cli:i18n",     # pnp i18n status
        "serve": "generator.site_serve:serve",  # pnp serve
    }

    def list_commands(self, ctx):
        return sorted([*super().list_commands(ctx), *self.lazy_commands])

    def get_command(self, ctx, name):
        if name in self.lazy_commands:
            module, _, attr = self.lazy_commands[name].partition(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Project folder holding cards/ and layouts/ (default: this checkout).")
@click.pass_context
def main(ctx: click.Context, root: Path | None) -> None:
    """Print-and-play studio: card sheets, player aids, rules and scores from YAML."""
    ctx.ensure_object(dict)
    ctx.obj["root"] = (root or Path(os.environ.get("PNP_ROOT", DEFAULT_ROOT))).resolve()


paper_option = click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                            help="Paper size of the sheets.")
duplex_option = click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long",
                             show_default=True,
                             help="How the printer flips the sheet: backs are mirrored to match; "
                                  "'none' prints fronts only.")
offset_option = click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
                             help="Shift the backs by X,Y mm to correct a printer's duplex misalignment "
                                  "(measure it with `pnp calibrate`).")


@main.command()
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
@click.pass_context
def build(ctx, games, langs, paper, bleed, duplex, back_offset, out_dir, products, allow_missing):
    """Build printables for GAMES (default: every game) into OUT/<game>/<lang>/."""
    project = _load(ctx, games)
    languages = _split(langs)
    for game in project.games.values():
        unknown = [lang for lang in languages or [] if lang not in game.game.languages]
        if unknown:
            raise click.BadParameter(f"{game.id} has no {', '.join(unknown)} text "
                                     f"(it has {', '.join(game.game.languages)})", param_hint="--lang")
    options = SheetOptions(paper, bleed, duplex, _offset(back_offset), allow_missing)
    out = (out_dir or _root(ctx) / "output").resolve()
    jobs = builder.plan(project, languages, out, _split(products))
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
    for path in written:
        click.echo(_show(path, ctx))


def _show(path: Path, ctx) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


@main.command()
@click.argument("games", nargs=-1)
@click.pass_context
def validate(ctx, games):
    """Check the YAML of GAMES (default: all) and the layouts; exit 1 on any problem."""
    project = _load(ctx, games)
    problems = []
    for game in project.games.values():
        problems += _content_problems(project, game)
    if problems:
        for problem in problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(problems)} problem(s) found.", fg="red", err=True)
        sys.exit(1)
    for game in project.games.values():
        cards = sum(d.physical_count for d in game.decks)
        click.echo(f"{game.id}: ok ({len(game.decks)} decks, {cards} cards, "
                   f"languages {', '.join(game.game.languages)})")
        for deck in game.decks:
            if deck.shortfall:
                click.secho(f"  {deck.deck}: {_shortfall(deck)}", fg="yellow")
    click.echo(f"layouts: ok ({len(project.layouts)} layouts)")


def _content_problems(project: Project, game) -> list:
    """Player aids and rules texts (cards/<game>/aid/, rules/) are checked like the cards."""
    from .aids import load_aids
    from .site_rules import load_rules

    problems = []
    checks = [lambda: load_aids(project, game)]
    checks += [lambda lang=lang: load_rules(project, game, lang) for lang in game.game.languages]
    for check in checks:
        try:
            check()
        except DataError as exc:
            problems += exc.problems
    return problems


def _shortfall(deck) -> str:
    return (f"{deck.physical_count} of {deck.shortfall.expected} defined — "
            f"{deck.shortfall.note.get('en')}")


@main.command(name="list")
@click.argument("games", nargs=-1)
@click.pass_context
def list_(ctx, games):
    """Show games, decks, card counts and languages."""
    project = _load(ctx, games)
    for game in project.games.values():
        g = game.game
        click.secho(f"{game.id} — {g.name.get('en')} ({g.players.min}-{g.players.max} players, "
                    f"{g.minutes} min) [{', '.join(g.languages)}]", bold=True)
        for deck in game.decks:
            size = project.size_of(deck)
            line = (f"  {deck.deck:<20} {deck.physical_count:>4} cards  {len(deck.cards):>3} kinds  "
                    f"{size.width:g}x{size.height:g} mm{' round' if size.shape == 'round' else ''}")
            click.echo(line)
            if deck.shortfall:
                click.secho(f"  {'':<20} shortfall: {_shortfall(deck)}", fg="yellow")
        groups: dict[str, list] = {}
        for deck in game.decks:
            if deck.group:
                groups.setdefault(deck.group, []).append(deck)
        for group, decks in groups.items():
            click.echo(f"  {group:<20} {sum(d.physical_count for d in decks):>4} cards  in {len(decks)} decks")
        total = sum(d.physical_count for d in game.decks)
        click.echo(f"  {'total':<20} {total:>4} cards")


@main.command()
@paper_option
@duplex_option
@offset_option
@click.option("--out", "out_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default: output/calibration.pdf).")
@click.pass_context
def calibrate(ctx, paper, duplex, back_offset, out_path):
    """Print a duplex alignment test page to measure the printer's back offset."""
    try:  # only paper sizes and fonts are needed, not the games
        sheets, fonts = load_sheets(_root(ctx)), FontBook(_root(ctx), load_fonts(_root(ctx)))
    except DataError as exc:
        raise click.ClickException(str(exc)) from None
    target = (out_path or _root(ctx) / "output" / "calibration.pdf").resolve()
    family = fonts.typography("en").roles["ui"]
    with Staging() as staging:
        write_calibration(staging.temporary(target), sheets.papers[paper], paper,
                          "long" if duplex == "none" else duplex, _offset(back_offset),
                          fonts.face(family).name, fonts.face(family, bold=True).name)
        staging.commit()
    click.echo(_show(target, ctx))
    click.echo("Print it duplex, hold it to the light, read where the back cross falls on the front "
               "scales, and pass those values as --back-offset X,Y.")




if __name__ == "__main__":  # pragma: no cover
    main()
