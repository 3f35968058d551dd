"""The preview server behind `pnp serve`: output/site/ on localhost (or the local network), and
the site rebuilt when any file a build reads changes (a game's YAML, spreadsheets, art and
fonts, layouts/, locales/, glossary/: settling.watched_folders; mtime polling: no extra
dependency). Only what pnp wrote is served: a file listed, with its bytes, in OUT's list of
what pnp wrote (paper/written.py), so a shipped page, a `.gz` beside a page or a folder named like a host is a 404 even before the first rebuild. A file with a
precompressed copy beside it that pnp wrote (`.br`, `.gz`: the calculator's runtime) is sent
compressed to a browser that accepts it, as a static host configured for it does."""
from __future__ import annotations

import os
import re
import stat
import sys
import urllib.parse
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Iterable, Protocol

import click

from datafile.errors import BuildError, DataError
from datafile.source import open_checked

from ..loading.catalog import load_project
from ..texts.languages import language_problems
from ..card_layout.project import Project
from ..paper import written
from ..reading.settling import inputs_stamp
from .http_guard import LOCAL_HOSTS, HostRule, allowed_hosts
from .pages import build_site_only, site_dir


def snapshot(root: Path, games: list[str] | None = None) -> tuple:
    """Every input the site depends on, with its stats: the studio's list (settling.py)."""
    return inputs_stamp(root, games)


class SiteParts(Protocol):
    """What keeps the site's parts between rebuilds (build.plan.SiteMemory, the build cache):
    asked for a part, it gives the one it holds or makes it; after a rebuild it drops the parts
    that rebuild did not use."""

    def __call__(self, what: tuple, make: Callable[[], bytes]) -> bytes: ...

    def forget_unused(self) -> None: ...


def rebuild(root: Path, out_dir: Path, games: list[str] | None, allow_missing: bool,
            memory: Callable[[Project], SiteParts] | None = None, stamp: tuple | None = None) -> bool:
    """Load the project and write its site; `memory(project)` gives what keeps the site's parts
    between rebuilds (pnp serve makes again only what an edit changed). `stamp`: the inputs'
    snapshot the rebuild started from; if the files changed by its end, a save began while they
    were read (maybe half of it): the rebuild says nothing and returns False, and the watch,
    seeing the change, rebuilds once the save has settled (replacing what this one wrote)."""
    said: list[str] = []
    built = _rebuild(root, out_dir, games, allow_missing, memory, said)
    if stamp is not None and snapshot(root, games) != stamp:
        return False
    for line in said:
        click.secho(line, fg=None if built else "red", err=True)
    return built


def _rebuild(root: Path, out_dir: Path, games: list[str] | None, allow_missing: bool,
             memory: Callable[[Project], SiteParts] | None, said: list[str]) -> bool:
    """The rebuild itself; what it has to say goes into `said`, told once the files are known unchanged."""
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
        said.extend(str(problem) for problem in exc.problems)
        said.append("site not rebuilt (still serving the previous one)")
        return False
    except BuildError as exc:
        said.append(f"site not rebuilt: {exc}")
        return False
    except OSError as exc:   # disk full, a permission lost: the previous site stays as it was
        where = f" {exc.filename}" if getattr(exc, "filename", None) else ""
        said.append(f"site not rebuilt: cannot write{where}: {exc.strerror or exc}")
        return False
    said.append(f"site rebuilt: {site_dir(out_dir)}")
    return True


class PreviewServer(ThreadingHTTPServer):
    """The preview's HTTP server: a request that fails is one line on the terminal, never a traceback."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        kind, exc = sys.exc_info()[:2]
        if kind is not None and not issubclass(kind, (ConnectionError, TimeoutError)):
            click.secho(f"serve: a request from {client_address[0]} failed ({kind.__name__}: "
                        f"{' '.join(str(exc).split())[:120]})", fg="yellow", err=True)


_ODD = re.compile(r"[\x00-\x1f\x7f\\]")
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
    """Serves the regular files of the site folder only: no listing, no link followed (a shipped
    `output/site/fs -> /` serves nothing), a path with a NUL, a control character, a backslash or
    a `..` is 400, a Host header that is not one of the server's addresses is 400. A file with a
    regular `.br`/`.gz` copy beside it is sent as that copy to a browser that accepts its coding."""

    def __init__(self, *args, hosts: Iterable[str] = LOCAL_HOSTS, **kwargs):
        self.hosts = HostRule(allowed_hosts(hosts))     # the addresses listened on, under any port
        super().__init__(*args, **kwargs)

    def log_message(self, format, *args):  # noqa: A002 - keep the terminal for build messages
        pass

    def list_directory(self, path):
        """No directory listings: the site links every page it has (a folder without index.html
        is a 404, not an inventory of the output folder)."""
        self.send_error(404, "Not found")
        return None

    def send_head(self):
        self._vary = False
        if not self.hosts.allows(self.headers.get("Host")):
            self.send_error(400, "Unknown Host")
            return None
        try:
            raw = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path, errors="strict")
        except (UnicodeDecodeError, ValueError):
            raw = "\x00"
        parts = [p for p in raw.split("/") if p]
        if _ODD.search(raw) or any(p in (".", "..") for p in parts):
            self.send_error(400, "Bad path")
            return None
        path, kind = self._regular_file(parts)
        if path is not None and not self._written(path):
            path, kind = None, "not written by pnp"
        if kind == "folder" and not raw.endswith("/"):
            self.send_response(301)
            # from the path's parts: `/%2F%2Fhost` must not become `//host/` (another site)
            self.send_header("Location", "/" + "/".join(urllib.parse.quote(p) for p in parts) + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if path is None:
            self.send_error(404, "Not found")
            return None
        coding, sent = self._encoded_copy(path)
        handle = _open_regular(sent, self.directory)
        if handle is None:
            self.send_error(404, "Not found")
            return None
        st = os.fstat(handle.fileno())
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(path))     # the original's type
        if coding:
            self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return handle

    def _encoded_copy(self, path: str) -> tuple[str | None, str]:
        """(coding, file to send): the precompressed copy the browser accepts, else the file
        itself; `Vary: Accept-Encoding` whenever a copy exists, so that no cache hands a
        compressed body to a browser that cannot read it."""
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        for coding, ext in ENCODINGS:
            if self._written(path + ext):     # never a copy pnp did not write
                self._vary = True
                if coding in accepted:
                    return coding, path + ext
        return None, path

    def _written(self, path: str) -> bool:
        return _ours(self.directory, path)

    def end_headers(self):
        # asked again every time: a rebuilt page is seen at once, and a
        # later server on this port is never hidden behind this one's pages in the browser's cache
        self.send_header("Cache-Control", "no-cache")
        if getattr(self, "_vary", False):
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def _regular_file(self, parts: list[str]) -> tuple[str | None, str]:
        """The file `parts` names inside the site (a folder's index.html), walked without
        following any link; (None, why) when there is none."""
        here = self.directory
        for part in parts:
            here = os.path.join(here, part)
            try:
                mode = os.lstat(here).st_mode
            except (OSError, ValueError):
                return None, "missing"
            if stat.S_ISLNK(mode):
                return None, "link"
        try:
            mode = os.lstat(here).st_mode
        except (OSError, ValueError):
            return None, "missing"
        if stat.S_ISDIR(mode):
            index = os.path.join(here, "index.html")
            try:
                if stat.S_ISREG(os.lstat(index).st_mode):
                    return index, "folder" if parts else "file"
            except OSError:
                pass
            return None, "folder-without-index"
        return (here, "file") if stat.S_ISREG(mode) else (None, "special")


_lists: dict[str, tuple[tuple, written.Ours]] = {}    # OUT -> (its list's stamp, what the list vouches for)


def _ours(directory: str, path: str) -> bool:
    """Whether pnp wrote `path` (a file of the site `directory`, in OUT) with its present bytes."""
    out = os.path.dirname(os.path.abspath(directory))
    try:
        st = os.lstat(os.path.join(out, written.NAME))
    except OSError:
        return False
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
    known = _lists.get(out)
    if known is None or known[0] != stamp:
        known = _lists[out] = (stamp, written.Ours(Path(out)))
    return known[1](os.path.relpath(path, out))


def _open_regular(path: str, directory: str):
    """`path` opened for reading by the project's read rule (a regular file within the site
    folder, never a pipe waited on), else None. A path that resolves elsewhere (a link swapped in
    after the walk) is refused: what is sent must be the file listed under that very name."""
    inside = os.path.relpath(os.path.abspath(path), os.path.abspath(directory))
    if os.path.realpath(path) != os.path.join(os.path.realpath(directory), inside):
        return None
    try:
        return open_checked(Path(path), path, sys.maxsize, (Path(directory),))
    except DataError:
        return None
