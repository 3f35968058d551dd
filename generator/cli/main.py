"""The `pnp` command group. Each verb lives in its own module of this package and is imported
only when it runs (or when help lists it), so `pnp score` never loads the PDF machinery."""
from __future__ import annotations

import importlib
import os
from pathlib import Path

import click

DEFAULT_ROOT = Path(__file__).resolve().parents[2]   # kept for callers; the root is found (find_root)


class LazyGroup(click.Group):
    """Commands imported only when invoked or listed."""

    lazy_commands = {
        "build": "generator.cli.build:build",
        "calibrate": "generator.cli.calibrate:calibrate",
        "check": "generator.cli.check:check",
        "export": "generator.cli.export:export",
        "i18n": "generator.cli.i18n:i18n",
        "list": "generator.cli.list:list_",
        "new": "generator.cli.new:new",
        "score": "generator.cli.score:score",
        "serve": "generator.cli.serve:serve",
        "validate": "generator.cli.validate:validate",
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
              help="Project folder holding cards/ (and optionally layouts/, locales/); default: "
                   "$PNP_ROOT, else the working folder or its nearest parent holding cards/<game>/game.yaml.")
@click.pass_context
def main(ctx: click.Context, root: Path | None) -> None:
    """Print-and-play studio: card sheets, player aids, rules and scores from YAML."""
    ctx.ensure_object(dict)
    from ..data.locate import find_root   # light: no PDF machinery
    ctx.obj["root"] = root.resolve() if root else find_root(Path.cwd(), os.environ)
