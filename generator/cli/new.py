"""`pnp new NAME`: a new game folder that builds at once — game.yaml, one deck of two cards, a
layout file with a front and a back, a player aid and a rules stub, in one language.

The files are copied from generator/data/scaffold/ (paths holding __game__ / __lang__), with
${game}, ${title} and ${lang} filled in by string.Template: YAML and Jinja never use `${`.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from string import Template

import click

from ..data.locate import bundled_root, game_dirs
from .common import project_root

SCAFFOLD = Path(__file__).resolve().parents[1] / "data" / "scaffold"
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def scaffold_files(game: str, lang: str) -> dict[str, Path]:
    """Relative target path -> scaffold file."""
    return {str(p.relative_to(SCAFFOLD)).replace("__game__", game).replace("__lang__", lang): p
            for p in sorted(SCAFFOLD.rglob("*")) if p.is_file()}


@click.command()
@click.argument("name")
@click.option("--title", default=None, help="The game's name as printed (default: NAME in title case).")
@click.option("--lang", default="en", show_default=True, metavar="CODE",
              help="The one language the new game starts with (two letters).")
@click.pass_context
def new(ctx, name, title, lang):
    """Create cards/NAME/ and layouts/NAME.yaml in the project folder; `pnp build NAME` then works."""
    root = project_root(ctx)
    if not SLUG.match(name):
        _fail(f"'{name}' cannot name a game: use lowercase letters, digits and dashes "
              f"(e.g. '{_slug(name) or 'my-game'}')")
    if not re.fullmatch(r"[a-z]{2}", lang):
        _fail(f"--lang '{lang}': a language is two lowercase letters (e.g. en, fr)")
    existing = game_dirs(root).get(name)
    if existing is not None:
        where = "is bundled with pnp" if existing.is_relative_to(bundled_root()) and \
            not existing.is_relative_to(root) else f"exists in {existing}"
        _fail(f"a game '{name}' {where}; choose another NAME")
    files = scaffold_files(name, lang)
    clashes = [rel for rel in files if (root / rel).exists()]
    if clashes:
        _fail(f"{root / clashes[0]} already exists; choose another NAME or move it away")
    values = {"game": name, "lang": lang, "title": title or name.replace("-", " ").title()}
    for rel, source in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(source.read_text(encoding="utf-8")).substitute(values), encoding="utf-8")
        click.echo(f"created {_shown(target)}")
    click.echo(f"\nNext: pnp build {name}   (then edit the files above; docs/authoring.md explains every field)")
    if lang != "en" and not (bundled_root() / "locales" / lang).is_dir() and not (root / "locales" / lang).is_dir():
        click.secho(f"note: the player aids use interface strings ('Player aid', …) that have no '{lang}' "
                    f"catalogue yet: add locales/{lang}/LC_MESSAGES/{name}.po, or build with --allow-missing",
                    fg="yellow")


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
