"""What every `pnp` command shares: the project root, loading it with one line per problem, and
the options that several commands take."""
from __future__ import annotations

import errno
import os
import sys
import tempfile
from pathlib import Path

import click

from datafile.errors import DataError

from ..loading.catalog import load_project
from ..card_layout.project import Project


def project_root(ctx: click.Context) -> Path:
    return ctx.obj["root"]


def load_or_exit(ctx: click.Context, games: tuple[str, ...]) -> Project:
    try:
        return load_project(project_root(ctx), list(games) or None)
    except DataError as exc:
        for problem in exc.problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(exc.problems)} problem(s) found; nothing was written.", fg="red", err=True)
        sys.exit(1)


def languages_or_exit(project: Project, languages: list[str] | None, allow_missing: bool) -> None:
    """What the chosen languages need beyond their texts (aid and rules files, icon labels,
    translations): refused before anything renders, with the lines `pnp validate` prints."""
    from ..texts.languages import language_problems
    from .stubs import fold_stubs
    problems = fold_stubs(project, [problem for game in project.games.values()
                                    for problem in language_problems(project, game, languages, allow_missing)])
    if problems:
        for problem in dict.fromkeys(problems):
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(set(problems))} problem(s) found; nothing was written.", fg="red", err=True)
        sys.exit(1)


def writable_or_exit(out: Path) -> None:
    """--out must be a folder we can create and write in: one line, exit 1, otherwise. Asked of
    the folder, or of its nearest existing parent where it is still to be made (the build makes
    it when its files are put in place: a build that fails leaves no empty folder behind)."""
    probe = out
    while not probe.exists() and not probe.is_symlink() and probe.parent != probe:
        probe = probe.parent
    try:
        if not probe.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(probe))
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError as exc:
        click.secho(f"cannot write to --out {out}: {exc.strerror or exc}", fg="red", err=True)
        sys.exit(1)


def usage_error(command: str, message: str, code: int = 2) -> None:
    """A mistake on the command line: one line, in red, exit 2 (as click's own usage errors)."""
    click.secho(f"pnp {command}: {message}", fg="red", err=True)
    sys.exit(code)


def known_or_exit(command: str, option: str, given: list[str] | None, known: list[str],
                  what: str = "value", scope: str = "") -> None:
    """Every comma-separated item of `option` must be one of `known`: else one line, with a guess."""
    from datafile.errors import closest
    for item in given or []:
        if item not in known:
            # a part of a name ('aids' for player-aid) before a similar spelling ('aids' ~ 'cards')
            guess = min((k for k in known if item.rstrip("s") in k), key=len, default=None) or closest(item, known)
            usage_error(command, f"{option}: unknown {what} '{item}'{scope}" + (f"; did you mean '{guess}'?" if guess else "")
                        + f" (expected one of: {', '.join(known)})")


def split_list(value: str | tuple[str, ...] | None) -> list[str] | None:
    """"fr,de", or the option given twice (`--lang fr --lang de`: both, not the last one)."""
    values = [value] if isinstance(value, str) else list(value or ())
    return [part.strip() for one in values for part in one.split(",") if part.strip()] or None


def parse_offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected two numbers in mm, as X,Y (e.g. 0.5,-1)") from None
    return x, y


def shown_path(path: Path, ctx) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def shortfall_line(deck) -> str:
    return (f"{deck.physical_count} of {deck.shortfall.expected} defined — "
            f"{deck.shortfall.note.preferred('en')}")


def _paper(ctx: click.Context, param, value: str) -> str:
    """A paper preset of layouts/sheets.yaml or WxH in mm, checked before anything loads."""
    from ..model.sheets_fonts import load_sheets
    from ..model.model import MAX_PAPER_MM, PAPER_MM
    if value is None:
        return None      # the build language's paper (sheets.yaml)
    value = value.strip().lower()
    try:
        papers = load_sheets(project_root(ctx)).papers
    except DataError:
        return value  # sheets.yaml itself is broken: loading the project reports it
    if value in papers:
        size = PAPER_MM.match(value)
        if size and not all(50 <= float(side) <= MAX_PAPER_MM for side in size.groups()):
            raise click.BadParameter(f"{value} mm: each side of a sheet is 50 to {MAX_PAPER_MM} mm")
        return value
    raise click.BadParameter(f"unknown paper '{value}'; use one of {', '.join(sorted(dict(papers)))} "
                             f"or WxH in mm (e.g. 300x450)")


language_paper_option = click.option(
    "--paper", default=None, callback=_paper, metavar="a4|letter|a3|legal|tabloid|WxH",
    help="Paper size: a preset of layouts/sheets.yaml or WxH in mm (default: the build language's: "
         "Letter for English, laid out to print on A4 too; A4 for the others).")
bleed_option = click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, show_default=True,
                            help="Bleed in mm.")
fold_option = click.option("--fold", type=click.Choice(["long", "short", "none"]), default="none", show_default=True,
                           help="For printers without duplex: each card's front and back side by side on one page, "
                                "to fold on the long or short edge's axis and glue.")
duplex_option = click.option("--duplex", type=click.Choice(["long", "short", "none"]), default="long",
                             show_default=True,
                             help="How the printer flips the sheet: backs are mirrored to match; "
                                  "'none' prints fronts only.")
offset_option = click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
                             help="Shift the backs by X,Y mm to correct a printer's duplex misalignment "
                                  "(measure it with `pnp calibrate`).")


def counted(n: int, word: str) -> str:
    """"1 deck", "2 decks": English counts in the command line's own lines."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def languages_known_or_exit(command: str, game, chosen: list[str] | None) -> None:
    """`--lang` naming a language the game lacks: one line naming those it has, exit 2 (click's
    own refusal was three lines, its usage first)."""
    from datafile.errors import closest
    unknown = [lang for lang in chosen or [] if lang not in game.game.languages]
    if unknown:
        guess = closest(unknown[0], game.game.languages)
        usage_error(command, f"--lang: {game.id} has no {', '.join(unknown)} text (it has "
                    f"{', '.join(game.game.languages)})" + (f"; did you mean '{guess}'?" if guess else ""))


def only_languages(project: Project | None, langs: tuple[str, ...], command: str = "validate") -> Project | None:
    """The project with each game's languages cut to `--lang`'s (all when none is given); a
    language a game lacks is one line. A copy: the loaded games (kept between runs) stay whole."""
    import dataclasses
    chosen = split_list(langs)
    if not chosen or project is None:
        return project
    games = {}
    for gid, game in project.games.items():
        languages_known_or_exit(command, game, chosen)
        kept = game.game.model_copy(update={"languages": [lang for lang in game.game.languages if lang in chosen]})
        games[gid] = dataclasses.replace(game, game=kept)
    return dataclasses.replace(project, games=games)
