"""`pnp i18n status`: per game and language, which interface strings and player-aid texts are
translated and which are missing.

Interface strings are the `_('…')` literals of the layouts a game's decks use plus those of the
player aids (layouts/aids.yaml and the few labels generator/aids.py asks for); their
translations come from locales/<lang>/LC_MESSAGES/*.po (read with Babel, see i18n.py). The
aid texts themselves are one YAML file per language (cards/<game>/aid/<lang>.yaml).
"""
from __future__ import annotations

import sys

import click

from datafile.errors import DataError

from ..checks.literals import literals
from ..texts.aids import aid_path, load_aids
from ..texts.languages import needed_msgids
from ..reading.i18n import SOURCE_LANGUAGE, load_catalogue


@click.group()
def i18n() -> None:
    """Translations: what is translated, what is missing."""


def status_rows(project, games=None):
    """(game, lang, msgids, missing msgids, aid file present) for every game and language."""
    rows = []
    for game in project.games.values():
        if games and game.id not in games:
            continue
        msgids = needed_msgids(project, game)
        for lang in game.game.languages:
            if lang == SOURCE_LANGUAGE:
                missing = []
            else:
                catalogue = load_catalogue(project.root, lang)
                missing = sorted(m for m in msgids if not catalogue.get(m))
            # None: the game has no aid/ folder, so no player aid to translate (issue 14)
            has_aid = aid_path(game, lang).exists() if (game.directory / "aid").is_dir() else None
            rows.append((game, lang, msgids, missing, has_aid))
    return rows


@i18n.command()
@click.argument("games", nargs=-1)
@click.option("--check", is_flag=True, help="Exit 1 if anything is missing (for CI).")
@click.pass_context
def status(ctx, games, check):
    """Translated and missing strings per game and language (default: every game)."""
    from .common import load_or_exit

    project = load_or_exit(ctx, games)
    incomplete = False
    try:
        rows = status_rows(project, games)
    except DataError as exc:   # a damaged catalogue: one line per problem
        for problem in exc.problems:
            click.secho(str(problem), fg="red", err=True)
        sys.exit(1)
    for game, lang, msgids, missing, has_aid in rows:
        # a layout's words written as they are print untranslated in every other language: items too
        written = [] if lang == SOURCE_LANGUAGE else literals(project, game)
        total = len(msgids) + (has_aid is not None) + len(written)   # the aid file counts as one item
        done = len(msgids) - len(missing) + int(bool(has_aid))
        percent = 100 * done // total if total else 100
        colour = "green" if done == total else "red"
        click.secho(f"{game.id:<16} {lang}  {done:>3}/{total:<3} {percent:>3} %  "
                    f"(interface strings {len(msgids) - len(missing)}/{len(msgids)}, "
                    f"player aid {'none' if has_aid is None else 'yes' if has_aid else 'MISSING'})", fg=colour)
        for msgid in missing:
            where = ", ".join(sorted(msgids[msgid]))
            click.echo(f"    missing: '{msgid}'  ({where}; add it to locales/{lang}/LC_MESSAGES/*.po)")
        for lit in written:
            click.echo(f"    untranslated: '{lit.text}'  ({lit.file}:{lit.line}, box '{lit.box}' of {lit.layout}; "
                       f"write it as {{{{ _('…') }}}} and translate it in locales/{lang}/LC_MESSAGES/*.po)")
        if has_aid is False:
            click.echo(f"    missing: {aid_path(game, lang).relative_to(project.root)}")
        incomplete |= done != total
    for game in project.games.values():
        if (games and game.id not in games) or not (game.directory / "aid").is_dir():
            continue
        try:
            load_aids(project, game)
        except DataError as exc:
            incomplete = True
            for problem in exc.problems:
                if "player aid for" not in problem.message:
                    click.secho(str(problem), fg="red", err=True)
    if check and incomplete:
        sys.exit(1)
