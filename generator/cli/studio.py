"""`pnp studio [GAME…]`: a local live page of every card face in every language, with the
preflight drawn on the cards (generator/studio/, docs/studio.md)."""
from __future__ import annotations

import errno
import sys
import threading
from urllib.parse import urlsplit

import click

from ..loading.catalog import list_game_ids
from .common import project_root, split_list


def _editor(ctx, param, value: str) -> str:
    scheme = urlsplit(value).scheme.lower()
    if "{path}" not in value or not scheme or scheme in ("javascript", "data", "vbscript", "file"):
        raise click.BadParameter(f"'{value}' is not an editor link: use a URL with {{path}} and {{line}}, "
                                 "e.g. 'vscode://file{path}:{line}' or 'idea://open?file={path}&line={line}'")
    return value


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", multiple=True, metavar="fr,en,...", help="Languages to show (default: all of each game's).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on; 0.0.0.0 shows the page to other machines of your network.")
@click.option("--port", type=click.IntRange(0, 65535), default=8001, show_default=True,
              help="Port (0: any free one).")
@click.option("--editor-url", "editor", default="vscode://file{path}:{line}", show_default=True, callback=_editor,
              help="Link each finding opens: {path} is the file's absolute path, {line} its line.")
@click.option("--dpi", type=click.FloatRange(48, 600), default=192, show_default=True,
              help="Resolution of the images (192: sharp at 100 % on a high-density screen).")
@click.option("--interval", type=click.FloatRange(0.02, 10), default=0.1, show_default=True,
              help="Seconds between checks for changed files.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.pass_context
def studio(ctx, games, langs, host, port, editor, dpi, interval, open_browser):
    """A live page of every card of GAMES (default: every game), front and back, one column per
    language, with `pnp check`'s findings drawn on the cards; it follows every save."""
    from ..studio.server import StudioServer
    from ..studio.session import Studio

    root = project_root(ctx)
    known = list_game_ids(root)
    for game in games:
        if game not in known:
            from datafile.errors import closest
            guess = closest(game, known)
            raise click.BadParameter(f"unknown game '{game}'" + (f"; did you mean '{guess}'?" if guess else "")
                                     + f" (one of: {', '.join(known)})", param_hint="GAMES")
    session = Studio(root, list(games) or None, split_list(langs), editor, dpi)
    try:
        server = StudioServer(session, host, port)
    except OSError as exc:
        busy = exc.errno == errno.EADDRINUSE
        click.secho(f"cannot listen on {host}:{port}: " + ("the port is in use; choose another with --port "
                    "(or --port 0 for any free one)" if busy else (exc.strerror or str(exc))), fg="red", err=True)
        sys.exit(1)
    watcher = threading.Thread(target=session.watch, args=(interval,), daemon=True, name="pnp-studio-watch")
    watcher.start()
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    url = f"http://{shown}:{server.port}/"
    click.echo(f"pnp studio on {url} (Ctrl-C to stop)")
    if host not in ("127.0.0.1", "::1", "localhost"):
        click.secho(f"note: listening on {host}: other machines of your network can see the page", fg="yellow",
                    err=True)
    if open_browser:
        import webbrowser
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        session.stop()
        server.server_close()
