"""The preview server behind `pnp serve`: output/site/ on localhost, and the site rebuilt when a
YAML file under cards/ or any file under layouts/ or locales/ changes (mtime polling: no extra
dependency)."""
from __future__ import annotations

from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Callable

import click

from datafile.errors import BuildError, DataError

from ..data.catalog import load_project
from ..data.languages import language_problems
from ..data.project import Project
from .pages import Remember, build_site_only, site_dir


def snapshot(root: Path) -> dict[str, float]:
    """Modification times of every input the site depends on."""
    files = list((root / "cards").rglob("*.yaml")) + list((root / "layouts").rglob("*")) \
        + list((root / "locales").rglob("*.po"))
    return {str(p): p.stat().st_mtime for p in sorted(files) if p.is_file()}


def rebuild(root: Path, out_dir: Path, games: list[str] | None, allow_missing: bool,
            memory: Callable[[Project], Remember] | None = None) -> bool:
    """Load the project and write its site; `memory(project)` gives what keeps the site's parts
    between rebuilds (the build cache: pnp serve makes again only what an edit changed)."""
    try:
        project = load_project(root, games)
        # what a language lacks (an icon label, a translation) is refused as by pnp build
        missing = [p for game in project.games.values() for p in language_problems(project, game, None, allow_missing)]
        if missing:
            raise DataError(missing)
        remember = memory(project) if memory else None
        build_site_only(project, out_dir, allow_missing, *([remember] if remember else []))
        getattr(remember, "forget_unused", lambda: None)()
    except DataError as exc:
        for problem in exc.problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho("site not rebuilt (still serving the previous one)", fg="red", err=True)
        return False
    except BuildError as exc:
        click.secho(f"site not rebuilt: {exc}", fg="red", err=True)
        return False
    click.echo(f"site rebuilt: {site_dir(out_dir)}", err=True)
    return True


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - keep the terminal for build messages
        pass

    def list_directory(self, path):
        """No directory listings: the site links every page it has (a folder without index.html
        is a 404, not an inventory of the output folder)."""
        self.send_error(404, "Not found")
        return None
