"""`pnp serve`: preview output/site/ on localhost, rebuilding the site when a YAML file under
cards/ or any file under layouts/ or locales/ changes (mtime polling: no extra dependency)."""
from __future__ import annotations

import functools
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import click

from .catalog import load_project
from .errors import BuildError, DataError
from .site import build_site_only, site_dir


def snapshot(root: Path) -> dict[str, float]:
    """Modification times of every input the site depends on."""
    files = list((root / "cards").rglob("*.yaml")) + list((root / "layouts").rglob("*")) \
        + list((root / "locales").rglob("*.po"))
    return {str(p): p.stat().st_mtime for p in sorted(files) if p.is_file()}


def rebuild(root: Path, out_dir: Path, games: list[str] | None, allow_missing: bool) -> bool:
    try:
        project = load_project(root, games)
        build_site_only(project, out_dir, allow_missing)
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


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - keep the terminal for build messages
        pass


@click.command()
@click.argument("games", nargs=-1)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder holding site/ (default: output/ in the project).")
@click.option("--interval", type=click.FloatRange(0.1, 60), default=1.0, show_default=True,
              help="Seconds between checks for changed files.")
@click.option("--allow-missing", is_flag=True, help="Fall back to English for untranslated interface strings.")
@click.pass_context
def serve(ctx, games, port, out_dir, interval, allow_missing):
    """Serve output/site/ on http://localhost:PORT, rebuilding it when cards/ or layouts/ change."""
    root = ctx.obj["root"]
    out = (out_dir or root / "output").resolve()
    names = list(games) or None
    rebuild(root, out, names, allow_missing)
    directory = site_dir(out)
    directory.mkdir(parents=True, exist_ok=True)
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=str(directory)))
    stop = threading.Event()

    def watch():
        seen = snapshot(root)
        while not stop.wait(interval):
            now = snapshot(root)
            if now != seen:
                seen = now
                rebuild(root, out, names, allow_missing)

    threading.Thread(target=watch, daemon=True).start()
    click.echo(f"Serving {directory} on http://localhost:{server.server_address[1]}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
