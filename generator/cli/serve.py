"""`pnp serve`: preview the rules site on localhost, rebuilding it when the data changes; with
--lan, on the local network too, its address printed as a QR code for a phone at the table."""
from __future__ import annotations

import errno
import functools
import sys
import threading
from pathlib import Path

import click

from datafile.errors import BuildError

from ..planning.plan import site_memory
from ..paper.output import output_folder, refuse_links
from ..site.pages import site_dir
from ..reading.settling import settled
from ..site.serve import PreviewServer, QuietHandler, local_address, rebuild, snapshot
from .fetch_runtime import ensure_runtime


def show_lan_address(address: str | None, port: int) -> None:
    """The site's address on the local network, and the same as a QR code a phone's camera opens."""
    if address is None:
        click.secho("no local network address found (is this computer on a network?); still listening on "
                    "every interface", fg="yellow", err=True)
        return
    url = f"http://{address}:{port}/"
    click.echo(f"On a phone on the same network: {url}")
    import segno
    segno.make(url, micro=False).terminal(out=click.get_text_stream("stdout"), compact=True)
    click.echo("Anyone on this network can read the site while this runs. For the phone to keep it offline, "
               "put output/site/ on an https host (docs/site.md).")


def _has_calculator(root, names) -> bool:
    """A game served has a score page (scoring/ knows it): its calculator needs the runtime."""
    from scoring.api import GAMES
    return any((root / "cards" / game / "game.yaml").is_file() for game in GAMES if not names or game in names)


@click.command()
@click.argument("games", nargs=-1)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder holding site/ (default: output/ in the project).")
@click.option("--interval", type=click.FloatRange(0.1, 60), default=1.0, show_default=True,
              help="Seconds between checks for changed files.")
@click.option("--allow-missing", is_flag=True, help="Fall back to English for untranslated interface strings.")
@click.option("--lan", is_flag=True, help="Listen on the local network too, and print the address and a QR code "
                                          "for a phone on the same network.")
@click.pass_context
def serve(ctx, games, port, out_dir, interval, allow_missing, lan):
    """Serve output/site/ on http://localhost:PORT, rebuilding it when cards/ or layouts/ change."""
    root = ctx.obj["root"]
    try:   # a shipped output is untrusted: never served or written through a link
        out = output_folder(out_dir or root / "output", chosen=out_dir is not None)
        if out.exists():
            refuse_links(out)
    except BuildError as exc:
        click.secho(f"cannot serve: {exc}", fg="red", err=True)
        sys.exit(1)
    names = list(games) or None
    memory = functools.partial(site_memory, out=out, allow_missing=allow_missing)   # parts kept between rebuilds
    if _has_calculator(root, names):
        ensure_runtime()      # the score pages' calculator: fetched once per machine, on first need
    built = snapshot(root, names)     # taken before the first build: a file saved while it runs is rebuilt
    rebuild(root, out, names, allow_missing, memory, built)   # silent if a save began meanwhile: rebuilt below
    directory = site_dir(out)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        click.secho(f"cannot create {directory}: {exc.strerror or exc} (choose another --out)", fg="red", err=True)
        sys.exit(1)
    try:
        lan_address = local_address() if lan else None
        # the names a request's Host may give: this computer, and its address on the network with --lan
        hosts = ["127.0.0.1"] + ([lan_address] if lan_address else [])
        server = PreviewServer(("0.0.0.0" if lan else "127.0.0.1", port),
                               functools.partial(QuietHandler, directory=str(directory), hosts=hosts))
    except OSError as exc:   # most often: the port is taken (another `pnp serve`?)
        busy = exc.errno == errno.EADDRINUSE
        click.secho(f"cannot serve on port {port}: " + ("it is already in use; choose another with --port "
                    "(or --port 0 for any free one)" if busy else (exc.strerror or str(exc))), fg="red", err=True)
        sys.exit(1)
    stop = threading.Event()

    def watch(seen: tuple):
        while not stop.wait(interval):
            now = snapshot(root, names)
            if now != seen:
                seen = settled(lambda: snapshot(root, names), now, stop.wait)   # a file being saved: read once whole
                rebuild(root, out, names, allow_missing, memory, seen)

    threading.Thread(target=watch, args=(built,), daemon=True).start()
    port = server.server_address[1]
    click.echo(f"Serving {directory} on http://localhost:{port}/ (Ctrl-C to stop)")
    if lan:
        show_lan_address(lan_address, port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        server.server_close()
