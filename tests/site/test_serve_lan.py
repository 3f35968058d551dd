"""The site at the table: the runtime is precompressed beside its files in the built site and
`pnp serve` sends the compressed copy to a browser that accepts it; `pnp serve --lan` listens on
the local network and prints the address with a QR code of it."""
from __future__ import annotations

import brotli
import functools
import gzip
import io
import re
import subprocess
import sys
import threading
import urllib.request
from http.server import ThreadingHTTPServer

import pytest

from generator.site import runtime, runtime_fetch
from generator.site.serve import QuietHandler, local_address
from tests.conftest import list_as_written
from tests.pipeline.helpers import project_copy
from tests.site.conftest import runtime_or_skip
from tests.site.test_serve import _wait_for

WASM = b"\0asm" + bytes(range(256)) * 64


@pytest.fixture
def served(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.wasm").write_bytes(WASM)
    (site / "a.wasm.br").write_bytes(brotli.compress(WASM))
    (site / "a.wasm.gz").write_bytes(gzip.compress(WASM, mtime=0))
    (site / "plain.js").write_text("var x = 1;\n")
    list_as_written(tmp_path)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _get(url: str, encoding: str | None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.headers, response.read()


@pytest.mark.parametrize("accept, coding", [("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip"),
                                            ("br;q=0, gzip", "gzip"), ("identity", None), (None, None)])
def test_pnp_serve_sends_the_precompressed_copy_the_browser_accepts(served, accept, coding):
    headers, body = _get(served + "a.wasm", accept)
    assert headers["Content-Type"] == "application/wasm"             # the original's type, either way
    assert headers.get("Content-Encoding") == coding
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body)
    assert {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[coding](body) == WASM
    headers, body = _get(served + "plain.js", accept)                # no copy: sent as it is
    assert "Content-Encoding" not in headers and "Vary" not in headers and body == b"var x = 1;\n"


def test_the_built_site_has_the_runtime_precompressed(full_build):
    runtime_or_skip()
    folder = full_build / "site" / runtime.FOLDER / "pyodide"
    if not (runtime.runtime_dir() / "pyodide" / "pyodide.asm.wasm.br").exists():
        pytest.skip("this runtime folder has no compressed copies (run pnp fetch-runtime)")
    for name in runtime_fetch.COMPRESSED:
        raw = (folder / name).read_bytes()
        assert brotli.decompress((folder / f"{name}.br").read_bytes()) == raw
        assert gzip.decompress((folder / f"{name}.gz").read_bytes()) == raw
    packed = sum((folder / f"{n}.br").stat().st_size for n in runtime_fetch.COMPRESSED)
    assert packed < 0.35 * sum((folder / n).stat().st_size for n in runtime_fetch.COMPRESSED)
    assert not list(folder.glob("*.zip.*")) and not list((folder.parent / "wheels").glob("*.br"))


def test_serve_lan_prints_the_address_and_its_qr_code(tmp_path):
    import segno
    address = local_address()
    if address is None:
        pytest.skip("this machine has no local network address")
    root = project_copy(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(root), "serve", "san-gimignano",
                             "--lan", "--port", "0", "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8")
    lines: list[str] = []
    threading.Thread(target=lambda: [lines.append(line) for line in proc.stdout], daemon=True).start()
    try:
        url = _wait_for(r"On a phone on the same network: (http://\S+/)", lines, proc).group(1)
        assert url.startswith(f"http://{address}:")
        page = urllib.request.urlopen(url + "san-gimignano/en.html", timeout=10).read().decode()
        assert "Buona Pietra" in page                                  # reachable on that address
        qr = io.StringIO()
        segno.make(url, micro=False).terminal(out=qr, compact=True)
        _wait_for(re.escape(qr.getvalue().splitlines()[-1]), lines, proc)
        printed = "".join(lines)
        assert qr.getvalue() in printed                                # the QR code of that very address
    finally:
        proc.terminate()
        proc.wait(timeout=10)
