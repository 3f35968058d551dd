"""`pnp validate`: check every YAML file of the chosen games, and the layouts."""
from __future__ import annotations

import sys

import click

from datafile.errors import DataError

from ..data.aids import load_aids
from ..data.catalog import load_project_and_problems
from ..data.faces import face_problems
from ..data.i18n import SOURCE_LANGUAGE, load_catalogue
from ..data.languages import language_problems
from ..data.project import Project
from ..data.rules import load_rules
from ..typeset.hyphenation import check_corrections
from .common import project_root, shortfall_line


@click.command()
@click.argument("games", nargs=-1)
@click.option("--allow-missing", is_flag=True,
              help="Untranslated interface strings are no problem (the build falls back to English).")
@click.pass_context
def validate(ctx, games, allow_missing):
    """Check the YAML of GAMES (default: all) and the layouts; exit 1 on any problem."""
    project, problems = load_project_and_problems(project_root(ctx), list(games) or None)
    broken = {problem.file for problem in problems}
    for game in (project.games.values() if project else []):
        # what a language needs (files, icon labels, translations) is checked even when the
        # texts are not complete yet, so adding a language is reported in one round
        problems += language_problems(project, game, allow_missing=allow_missing)
        if not any(f.startswith(project.relative(game.directory)) for f in broken):
            problems += _content_problems(project, game)
    problems = list(dict.fromkeys(problems))   # a catalogue shared by several games: once
    if project is not None:
        problems += check_corrections(project.root)   # layouts/hyphenation.yaml
    if problems:
        for problem in problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(problems)} problem(s) found; nothing was written.", fg="red", err=True)
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
    """Card faces rendered as the build renders them, player aids and rules texts
    (cards/<game>/aid/, rules/), checked like the cards."""
    problems = list(face_problems(project, game))   # card faces: what the card build renders
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
