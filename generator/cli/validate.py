"""`pnp validate`: check every YAML file of the chosen games, and the layouts."""
from __future__ import annotations

import sys

import click

from datafile.errors import DataError, Problem

from ..data.aid_card import load_aid_cards
from ..data.aids import load_aids, used_icons
from ..data.catalog import load_project_and_problems
from ..data.figures import load_figures
from ..data.i18n import SOURCE_LANGUAGE, load_catalogue
from ..data.languages import language_problems
from ..data.project import Project
from ..data.rules import load_rules
from ..site.sources import site_problems
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
    """Player aids and rules texts (cards/<game>/aid/, aid-card/, rules/) are checked like the cards."""
    problems = []
    # a game without an aid/ folder has no player aids (the build says it skips them)
    checks = [lambda: load_aids(project, game), lambda: load_aid_cards(project, game)] \
        if (game.directory / "aid").is_dir() else []
    checks += [lambda: _known_icons(project, game)]  # renders every face's texts: a template over its budget
    checks += [lambda: site_problems(project.root)]  # the site's templates and assets (read as a build reads them)
    checks += [lambda lang=lang: load_rules(project, game, lang) for lang in game.game.languages]
    checks += [lambda: load_figures(project, game, [s.id for s in load_rules(project, game, game.game.languages[0]).flat()])]
    checks += [lambda lang=lang: load_catalogue(project.root, lang) for lang in game.game.languages
               if lang != SOURCE_LANGUAGE and (project.root / "locales" / lang).is_dir()]
    for check in checks:
        try:
            check()
        except DataError as exc:
            problems += exc.problems
    return problems


def _known_icons(project: Project, game) -> None:
    """Every icon the faces show (an icon region's name is a template) is defined, as the build
    requires; rendering them all also finds a template over its budget (aids.py)."""
    unknown = sorted(used_icons(project, game) - set(project.icons_for(game.id)))
    if unknown:
        raise DataError([Problem(str(game.directory.relative_to(project.root)) if game.directory.is_relative_to(
            project.root) else game.id, 0, "", f"the cards use icon '{unknown[0][:60]}', which no layout file defines",
            "an icon of the game's layout file or layouts/icons.yaml")])
