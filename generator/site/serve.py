"""The preview server behind `pnp serve`: output/site/ on localhost (or the local network), and
the site rebuilt when a YAML file under cards/ or any file under layouts/ or locales/ changes
(mtime polling: no extra dependency). A file with a precompressed copy beside it (`.br`, `.gz`:
the calculator's runtime) is sent compressed to a browser that accepts it, as a static host
configured for it does."""
from __future__ import annotations

import email.utils
import os
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Callable, Protocol

import click

from datafile.errors import BuildError, DataError

from ..data.catalog import load_project
from ..data.languages import language_problems
from ..data.project import Project
from .pages import build_site_only, site_dir


def snapshot(root: Path) -> dict[str, float]:
    """Modification times of every input the site depends on."""
    files = list((root / "cards").rglob("*.yaml")) + list((root / "layouts").rglob("*")) \
        + list((root / "locales").rglob("*.po"))
    return {str(p): p.stat().st_mtime for p in sorted(files) if p.is_file()}


class SiteParts(Protocol):
    """What keeps the site's parts between rebuilds (build.plan.SiteMemory, the build cache):
    asked for a part, it gives the one it holds or makes it; after a rebuild it drops the parts
    that rebuild did not use."""

    def __call__(self, what: tuple, make: Callable[[], bytes]) -> bytes: ...

    def forget_unused(self) -> None: ...


def rebuild(root: Path, out_dir: Path, games: list[str] | None, allow_missing: bool,
            memory: Callable[[Project], SiteParts] | None = None) -> bool:
    """Load the project and write its site; `memory(project)` gives what keeps the site's parts
    between rebuilds (pnp serve makes again only what an edit changed)."""
    try:
        project = load_project(root, games)
        # what a language lacks (an icon label, a translation) is refused as by pnp build
        missing = [p for game in project.games.values() for p in language_problems(project, game, None, allow_missing)]
        if missing:
            raise DataError(missing)
        parts = memory(project) if memory else None
        build_site_only(project, out_dir, allow_missing, *([parts] if parts is not None else []))
        if parts is not None:
            parts.forget_unused()
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


ENCODINGS = [("br", ".br"), ("gzip", ".gz")]     # preferred first


def local_address() -> str | None:
    """This computer's address on its local network (the interface its traffic leaves by), or
    None: a UDP socket "connected" to a documentation address sends nothing."""
    import socket
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def accepted_encodings(header: str | None) -> set[str]:
    """Accept-Encoding's codings, without those refused with q=0."""
    out = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip().removeprefix("q=").strip() if params.strip().startswith("q=") else "1"
        try:
            refused = float(q) == 0
        except ValueError:
            refused = False
        if name and not refused:
            out.add(name.strip().lower())
    return out


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - keep the terminal for build messages
        pass

    def send_head(self):
        """The precompressed copy of a file when the browser accepts its coding (with the
        original's type), else the file itself; either way `Vary: Accept-Encoding` when a
        copy exists, so that no cache hands a compressed body to a browser that cannot read it."""
        path = self.translate_path(self.path)
        self._vary = False
        if os.path.isfile(path):
            accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
            for coding, ext in ENCODINGS:
                if os.path.isfile(path + ext):
                    self._vary = True
                    if coding in accepted:
                        return self._send_encoded(path, coding, ext)
        return super().send_head()

    def _send_encoded(self, path: str, coding: str, ext: str):
        try:
            f = open(path + ext, "rb")
        except OSError:
            return super().send_head()
        stat = os.fstat(f.fileno())
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.end_headers()
        return f

    def end_headers(self):
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def list_directory(self, path):
        """No directory listings: the site links every page it has (a folder without index.html
        is a 404, not an inventory of the output folder)."""
        self.send_error(404, "Not found")
        return None
