"""`pnp serve`: preview the rules site on localhost, rebuilding it when the data changes."""
from __future__ import annotations

import functools
import threading
from http.server import ThreadingHTTPServer
from pathlib import Path

import click

from ..site.pages import site_dir
from ..site.serve import QuietHandler, rebuild, snapshot


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
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(QuietHandler, directory=str(directory)))
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
