"""`pnp serve`: preview the rules site on localhost, rebuilding it when the data changes."""
from __future__ import annotations

import errno
import functools
import sys
import threading
from pathlib import Path

import click

from datafile.errors import BuildError

from ..build.plan import site_memory
from ..paper.output import output_folder, refuse_links
from ..site.pages import site_dir
from ..site.serve import PreviewServer, QuietHandler, rebuild, snapshot


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
    try:   # a shipped output is untrusted: never served or written through a link
        out = output_folder(out_dir or root / "output")
        if out.exists():
            refuse_links(out)
    except BuildError as exc:
        click.secho(f"cannot serve: {exc}", fg="red", err=True)
        sys.exit(1)
    names = list(games) or None
    memory = functools.partial(site_memory, out=out, allow_missing=allow_missing)   # parts kept between rebuilds
    rebuild(root, out, names, allow_missing, memory)
    directory = site_dir(out)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        click.secho(f"cannot create {directory}: {exc.strerror or exc} (choose another --out)", fg="red", err=True)
        sys.exit(1)
    try:
        address = "127.0.0.1"
        server = PreviewServer((address, port), functools.partial(QuietHandler, directory=str(directory),
                                                                   hosts=[address]))
    except OSError as exc:   # most often: the port is taken (another `pnp serve`?)
        busy = exc.errno == errno.EADDRINUSE
        click.secho(f"cannot serve on port {port}: " + ("it is already in use; choose another with --port "
                    "(or --port 0 for any free one)" if busy else (exc.strerror or str(exc))), fg="red", err=True)
        sys.exit(1)
    stop = threading.Event()

    def watch():
        seen = snapshot(root)
        while not stop.wait(interval):
            now = snapshot(root)
            if now != seen:
                seen = now
                rebuild(root, out, names, allow_missing, memory)

    threading.Thread(target=watch, daemon=True).start()
    click.echo(f"Serving {directory} on http://localhost:{server.server_address[1]}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
