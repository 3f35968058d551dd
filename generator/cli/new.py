"""`pnp new NAME`: a new game folder that builds at once — game.yaml, one deck of two cards, a
layout file with a front and a back, a player aid and a rules stub in each language asked for,
and a README.md that explains them (the installed tool has no docs/ folder).

The files are copied from generator/cli/scaffold/ (paths holding __game__ / __lang__, the
latter once per language). `${key}` is filled in: game, title, lang, languages, and the texts of
scaffold/strings.yaml — as one mapping per language (`{en: Cards, fr: Cartes}`, or one line per
language when it stands alone on its line) in the shared files, as the language's own text in a
file of one language. `${key|}` puts the text in as it is (inside a YAML block). YAML and Jinja
never use `${`.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import click
import yaml

from datafile.source import SAFE_LOADER

from ..reading.i18n import interface_languages
from ..reading.locate import bundled_root, game_dirs
from ..model.language_codes import language_problem
from .common import project_root
from .scaffolding import STRINGS, fill, scaffold_files, scalar

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@click.command()
@click.argument("name")
@click.option("--title", default=None, help="The game's name as printed (default: NAME in title case).")
@click.option("--lang", default="en", show_default=True, metavar="CODE[,CODE…]",
              help="The languages the new game starts with (two letters each, e.g. en or fr,en,de,ja).")
@click.pass_context
def new(ctx, name, title, lang):
    """Create cards/NAME/ and layouts/NAME.yaml in the project folder; `pnp build NAME` then works."""
    root = project_root(ctx)
    if not SLUG.match(name):
        _fail(f"'{name}' cannot name a game: use lowercase letters, digits and dashes "
              f"(e.g. '{_slug(name) or 'my-game'}')")
    langs = list(dict.fromkeys(part.strip() for part in lang.split(",") if part.strip()))
    bad = [language_problem(code) for code in langs if language_problem(code)] or \
        ([] if langs else [language_problem(lang) or f"'{lang}' names no language"])
    if bad:
        _fail(f"--lang: {bad[0]} (e.g. en, fr)")
    existing = game_dirs(root).get(name)
    if existing is not None:
        # named with its folder: in a source checkout, a game made there is "bundled" too
        where = f"is bundled with pnp ({existing})" if existing.is_relative_to(bundled_root()) and \
            not existing.is_relative_to(root) else f"exists in {existing}"
        _fail(f"a game '{name}' {where}; choose another NAME")
    files = scaffold_files(name, langs)
    # a link anywhere on the way (dangling too: `layouts/NAME.yaml -> outside`) would write
    # outside the project: pnp writes none of them through a link
    links = sorted({str(Path(*Path(rel).parts[:i])) for rel in files for i in range(1, len(Path(rel).parts) + 1)
                    if os.path.islink(root.joinpath(*Path(rel).parts[:i]))})
    if links:
        _fail(f"{root / links[0]} is a link, and pnp new writes nothing through a link; remove it or choose "
              f"another NAME")
    clashes = [rel for rel in files if os.path.lexists(root / rel)]
    if clashes:
        _fail(f"{root / clashes[0]} already exists; choose another NAME or move it away")
    shown_title = title or name.replace("-", " ").title()
    values = {"game": name, "lang": ", ".join(langs), "languages": ", ".join(langs), "title": shown_title,
              "name": "{" + ", ".join(f"{code}: {scalar(shown_title)}" for code in langs) + "}"}
    texts = yaml.load(STRINGS.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    for rel, (source, file_lang) in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        own = {**values, "lang": file_lang} if file_lang else values
        with open(target, "x", encoding="utf-8") as handle:   # never through a link made meanwhile
            handle.write(fill(source.read_text(encoding="utf-8"), own, texts, langs, file_lang))
        click.echo(f"created {_shown(target)}")
    click.echo(f"\nNext: pnp build {name}   (then edit the files above; {_shown(root / 'cards' / name / 'README.md')} "
               f"explains them)")
    untranslated = [code for code in langs if code not in texts]
    if untranslated:
        click.secho(f"note: {', '.join(untranslated)} texts are in English for you to translate", fg="yellow")
    uncatalogued = [code for code in untranslated if code not in interface_languages(root)]
    if uncatalogued:
        click.secho(f"note: pnp's own labels ('Player aid', …) have no {', '.join(uncatalogued)} translation: "
                    f"they print in English until locales/<lang>/LC_MESSAGES/ has a catalogue "
                    f"(`pnp i18n status {name}` lists them)", fg="yellow")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _fail(message: str) -> None:
    click.secho(f"pnp new: {message}", fg="red", err=True)
    sys.exit(1)
