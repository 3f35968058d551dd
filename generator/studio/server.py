"""The studio's HTTP side: the page and its assets, the state as JSON, an event stream that says
when it changed (server-sent events: plain http.server, no websocket library), the rendered
images, and the files of the shown games (the pictures a finding names).

A local tool that still guards what it serves: only GET; the Host header must name this server
(a page elsewhere cannot reach it through a DNS name it controls); project files only from the
shown games' folders, regular files, no dot-files, nothing a link leads outside; every page
with a Content-Security-Policy that runs only the studio's own script.
"""
from __future__ import annotations

import io
import mimetypes
import os
import re
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from datafile.errors import DataError
from datafile.source import read_bytes

from ..site.http_guard import EVERY_INTERFACE, LOCAL_HOSTS, HostRule, allowed_hosts
from ..site.serve import PreviewServer
from .schedule import focus_ids, focus_report
from .session import Studio

ASSETS = Path(__file__).resolve().parent / "assets"
PAGES = {"/": ("studio.html", "text/html; charset=utf-8"), "/studio.js": ("studio.js", "text/javascript"),
         "/studio.css": ("studio.css", "text/css")}
FACE = re.compile(r"^/face/([0-9a-f]{32})\.png$")
DIFF = re.compile(r"^/diff/([0-9a-f]{32})/([0-9a-f]{32})\.png$")
CUTTER = re.compile(r"^/cutter/([a-z0-9][a-z0-9-]*)/([a-z]{2,3})/([a-z0-9][a-z0-9-]*)\.svg$")
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
MAX_FILE = 64 * 1024 * 1024


class StudioServer(PreviewServer):
    """A request that fails (a browser closing a connection) is one line, never a traceback."""

    def __init__(self, studio: Studio, host: str, port: int):
        self.studio = studio
        super().__init__((host, port), Handler)
        self.diffs: dict[tuple, bytes] = {}
        # a loopback name or the --host given, at this port; listening on every interface, also
        # an IP address or this machine's name
        self.hosts = HostRule(frozenset(LOCAL_HOSTS) | allowed_hosts([host]), self.port, host in EVERY_INTERFACE)

    @property
    def port(self) -> int:
        return self.server_address[1]


class Handler(BaseHTTPRequestHandler):
    server: StudioServer
    server_version = "pnp-studio"
    sys_version = ""

    def log_message(self, format, *args):  # noqa: A002 - the terminal is for the studio's own lines
        pass

    def do_GET(self):  # noqa: N802 - http.server's name
        if not self.server.hosts.allows(self.headers.get("Host")):
            return self._send(403, b"unexpected Host header\n", "text/plain; charset=utf-8")
        path = urlsplit(self.path).path
        studio = self.server.studio
        if path in PAGES:
            name, kind = PAGES[path]
            return self._send(200, (ASSETS / name).read_bytes(), kind, cache="no-cache")
        if path == "/state.json":
            return self._send(200, studio.state_json(), "application/json", cache="no-store")
        if path == "/events":
            return self._events()
        if path == "/focus":       # the faces on the page's screen: drawn first (a GET: the page's order only)
            query = parse_qs(urlsplit(self.path).query)
            studio.look_at(focus_ids(query.get("faces", [""])[0]), focus_report(query))
            return self._send(204, b"", "text/plain; charset=utf-8")
        match = FACE.match(path)
        if match:
            data = studio.faces.images.get(match.group(1))
            return self._send(200, data, "image/png", cache="max-age=31536000, immutable") if data \
                else self._send(404, b"gone\n", "text/plain; charset=utf-8")
        match = DIFF.match(path)
        if match:
            return self._diff(match.group(1), match.group(2))
        match = CUTTER.match(path)
        if match:
            return self._cutter(*match.groups())
        if path.startswith("/project/"):
            return self._project_file(path[len("/project/"):])
        self._send(404, b"not found\n", "text/plain; charset=utf-8")

    # ------------------------------------------------------------ responses

    def _send(self, code: int, body: bytes, kind: str, cache: str = "no-store", policy: str = PAGE_POLICY):
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.end_headers()
        self.wfile.write(body)

    def _cutter(self, game: str, lang: str, machine: str):
        """A cutter sheet with its cut paths over it (cutter_view.py); a problem is one line."""
        from datafile.errors import BuildError, DataError
        from .cutter_view import cutter_view
        project = self.server.studio.project
        if project is None or game not in project.games or lang not in project.games[game].game.languages:
            return self._send(404, b"no such game or language\n", "text/plain; charset=utf-8")
        try:
            body = cutter_view(project, game, lang, machine)
        except (BuildError, DataError) as exc:
            return self._send(422, f"{exc}\n".encode(), "text/plain; charset=utf-8")
        return self._send(200, body, "image/svg+xml")

    def _events(self):
        """Server-sent events: `update` with the new version whenever the state changes; a comment
        every 15 s keeps the connection open."""
        studio = self.server.studio
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        seen = -1
        try:
            while not studio.stopping.is_set():
                version = studio.wait(seen, 15)
                message = f"event: update\ndata: {version}\n\n" if version != seen else ": still here\n\n"
                seen = version
                self.wfile.write(message.encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            pass

    def _diff(self, before: str, now: str):
        """The two images in one: grey where they agree, red where only the earlier one has ink,
        cyan where only the present one has."""
        images = self.server.studio.faces.images
        if before not in images or now not in images:
            return self._send(404, b"gone\n", "text/plain; charset=utf-8")
        if (before, now) not in self.server.diffs:
            from PIL import Image
            old = Image.open(io.BytesIO(images[before]), formats=["PNG"]).convert("L")
            new = Image.open(io.BytesIO(images[now]), formats=["PNG"]).convert("L")
            if old.size != new.size:
                old = old.resize(new.size)
            out = io.BytesIO()
            Image.merge("RGB", (new, old, old)).save(out, format="PNG", compress_level=1)
            if len(self.server.diffs) > 64:
                self.server.diffs.clear()
            self.server.diffs[(before, now)] = out.getvalue()
        self._send(200, self.server.diffs[(before, now)], "image/png", cache="max-age=31536000, immutable")

    def _project_file(self, rest: str):
        """/project/<game>/<path>: a regular file inside that shown game's folder, else 404."""
        studio = self.server.studio
        parts = unquote(rest).split("/")
        project = studio.project
        game = project.games.get(parts[0]) if project and parts else None
        if game is None or len(parts) < 2 or any(p in ("", ".", "..") or p.startswith(".") or "\\" in p
                                                 for p in parts[1:]):
            return self._send(404, b"not found\n", "text/plain; charset=utf-8")
        folder = game.directory.resolve()
        real = Path(os.path.realpath(folder.joinpath(*parts[1:])))
        kind = mimetypes.guess_type(real.name)[0] or "application/octet-stream"
        if kind.startswith("text/") or real.suffix in (".yaml", ".yml", ".csv", ".po"):
            kind = "text/plain; charset=utf-8"
        try:   # the project's read rule: a regular file within the game folder, a pipe refused, not waited on
            data = read_bytes(real, real.name, MAX_FILE, (folder,), "a regular file of the game folder")
        except DataError:
            return self._send(404, b"not found\n", "text/plain; charset=utf-8")
        self._send(200, data, kind, cache="no-cache", policy=FILE_POLICY)
