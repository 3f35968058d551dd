"""`pnp serve` serves the regular files of the site folder only (issue 30, items 3, 9g, 10): no
link followed, odd paths answered 400 or 404 (never a traceback), and a Host header that is not
one of the addresses it listens on answered 400 (DNS rebinding)."""
from __future__ import annotations

import functools
import http.client
import os
import threading

import pytest

from generator.site.serve import PreviewServer, QuietHandler, allowed_hosts
from tests.conftest import list_as_written


@pytest.fixture
def site(tmp_path, capfd):
    folder = tmp_path / "site"
    (folder / "demo").mkdir(parents=True)
    (folder / "index.html").write_text("home")
    (folder / "demo" / "en.html").write_text("rules")
    (folder / "passwd.txt").symlink_to("/etc/passwd")
    (folder / "demo" / "index.html").symlink_to("/etc/hostname")
    os.mkfifo(folder / "pipe.html")
    list_as_written(tmp_path)
    server = PreviewServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder),
                                                               hosts=["127.0.0.1"]))
    # polled every 50 ms: shutdown() waits for the next poll (0.5 s by default, in every test)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()
    assert "Traceback" not in capfd.readouterr().err


def _get(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host if host is not None else f"127.0.0.1:{port}")
    connection.endheaders()
    response = connection.getresponse()
    try:
        return response.status, response.read()
    finally:
        connection.close()


def test_it_serves_the_site(site):
    assert _get(site, "/") == (200, b"home")
    assert _get(site, "/demo/en.html") == (200, b"rules")
    assert _get(site, "/demo/en.html?x=1#y") == (200, b"rules")
    assert _get(site, "/", host=f"localhost:{site}")[0] == 200


@pytest.mark.parametrize("path, status", [
    ("/x%00", 400), ("/x%01", 400), ("/x%1b[2J", 400), ("/%2e%2e/%2e%2e/etc/passwd", 400), ("/../../etc/passwd", 400),
    ("/demo/..%2f..%2fetc/passwd", 400), ("/a%5c..%5cb", 400), ("/%ff%fe", 400),
    ("/passwd.txt", 404), ("/demo/", 404), ("/pipe.html", 404), ("/nothing.html", 404),
])
def test_odd_paths_links_and_pipes_are_400_or_404(site, path, status):
    code, body = _get(site, path)
    assert code == status and b"root:" not in body


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:8000", "127.0.0.1.evil.example", "", "[::2]"])
def test_a_foreign_host_is_refused(site, host):
    assert _get(site, "/index.html", host=host)[0] == 400


def test_the_allowed_hosts_are_the_addresses_listened_on():
    assert allowed_hosts(["127.0.0.1"]) >= {"127.0.0.1", "localhost", "::1"}
    assert allowed_hosts(["192.168.1.20", "127.0.0.1"]) >= {"192.168.1.20", "localhost"}    # `pnp serve --lan`
    assert "localhost" not in allowed_hosts(["192.168.1.20"])
