"""`pnp validate`: check every YAML file of the chosen games, and the layouts."""
from __future__ import annotations

import sys

import click

from datafile.errors import DataError

from ..data.aids import load_aids
from ..data.project import Project
from ..data.i18n import SOURCE_LANGUAGE, load_catalogue
from ..data.rules import load_rules
from ..typeset.hyphenation import check_corrections
from .common import load_or_exit, shortfall_line


@click.command()
@click.argument("games", nargs=-1)
@click.pass_context
def validate(ctx, games):
    """Check the YAML of GAMES (default: all) and the layouts; exit 1 on any problem."""
    project = load_or_exit(ctx, games)
    problems = []
    for game in project.games.values():
        problems += _content_problems(project, game)
    problems = list(dict.fromkeys(problems))   # a catalogue shared by several games: once
    problems += check_corrections(project.root)   # layouts/hyphenation.yaml
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
                click.secho(f"  {deck.deck}: {shortfall_line(deck)}", fg="yellow")
    click.echo(f"layouts: ok ({len(project.layouts)} layouts)")


def _content_problems(project: Project, game) -> list:
    """Player aids and rules texts (cards/<game>/aid/, rules/) are checked like the cards."""
    problems = []
    # a game without an aid/ folder has no player aids (the build says it skips them)
    checks = [lambda: load_aids(project, game)] if (game.directory / "aid").is_dir() else []
    checks += [lambda lang=lang: load_rules(project, game, lang) for lang in game.game.languages]
    checks += [lambda lang=lang: load_catalogue(project.root, lang) for lang in game.game.languages
               if lang != SOURCE_LANGUAGE and (project.root / "locales" / lang).is_dir()]
    for check in checks:
        try:
            check()
        except DataError as exc:
            problems += exc.problems
    return problems
