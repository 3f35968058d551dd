"""The calculator's runtime is fetched once, on first need, from the registries (here a local
stub standing in for registry.npmjs.org and files.pythonhosted.org, at the same paths), each file
checked against its pinned SHA-256; a later build and another project reuse it; a corrupted file
is refused in one line; offline with an empty cache the build still succeeds and says, in one
line, which command fetches it, while the score page sends the player to the score pad."""
from __future__ import annotations

import functools
import gzip
import hashlib
import io
import tarfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import brotli
import pytest

from generator.site import runtime, runtime_fetch
from tests.conftest import pnp
from tests.pipeline.helpers import project_copy


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Registry:
    """Both registries on localhost: a small stand-in for the Pyodide tarball and the wheels,
    served at their real paths, with the pins changed to match (the real pins are checked
    against the real files in test_the_pins_match_the_fetched_runtime)."""

    def __init__(self, folder: Path, monkeypatch):
        self.folder, self.requests = folder, []
        contents = {name: f"/* {name} of the stand-in Pyodide */\n".encode() * 50 for name in runtime.PYODIDE}
        tarball = io.BytesIO()
        with tarfile.open(fileobj=tarball, mode="w:gz") as tar:
            for name, data in contents.items():
                info = tarfile.TarInfo(f"package/{name}")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        files = {runtime_fetch.PYODIDE.path: tarball.getvalue()}
        wheels = []
        for real in runtime_fetch.WHEELS:
            data = f"stand-in {real.name}".encode()
            files[real.path] = data
            wheels.append(runtime_fetch.Download("pypi", real.path, _sha(data), len(data)))
        pyodide = runtime_fetch.Download("npm", runtime_fetch.PYODIDE.path, _sha(files[runtime_fetch.PYODIDE.path]),
                                         len(files[runtime_fetch.PYODIDE.path]))
        monkeypatch.setattr(runtime_fetch, "PYODIDE", pyodide)
        monkeypatch.setattr(runtime_fetch, "WHEELS", wheels)
        monkeypatch.setattr(runtime_fetch, "PYODIDE_FILES", {n: (_sha(d), len(d)) for n, d in contents.items()})
        self.files, self.contents = files, contents
        for path, data in files.items():
            (folder / path.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
            (folder / path.lstrip("/")).write_bytes(data)
        registry = self

        class Handler(SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def send_head(self):
                registry.requests.append(self.path)
                return super().send_head()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        monkeypatch.setenv("PNP_NPM_REGISTRY", self.url)
        monkeypatch.setenv("PNP_PYPI_FILES", self.url + "/")

    def corrupt(self, download) -> None:
        path = self.folder / download.path.lstrip("/")
        data = bytearray(path.read_bytes())
        data[-1] ^= 0xFF
        path.write_bytes(bytes(data))


@pytest.fixture
def registry(tmp_path, monkeypatch):
    served = tmp_path / "registry"
    served.mkdir()
    stub = Registry(served, monkeypatch)
    monkeypatch.setenv("PNP_RUNTIME_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PNP_WEB_VENDOR", raising=False)
    yield stub
    stub.server.shutdown()
    stub.server.server_close()


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_fetched_once_checked_and_reused_by_later_builds_and_other_projects(registry, tmp_path):
    cache = tmp_path / "cache"
    result = pnp("fetch-runtime")
    assert result.exit_code == 0, result.output
    assert sorted(registry.requests) == sorted([runtime_fetch.PYODIDE.path] + [w.path for w in runtime_fetch.WHEELS])
    for name, data in registry.contents.items():                    # only the pinned files, unpacked
        assert (cache / "pyodide" / name).read_bytes() == data
    wasm = (cache / "pyodide" / "pyodide.asm.wasm").read_bytes()   # and compressed for the site
    assert brotli.decompress((cache / "pyodide" / "pyodide.asm.wasm.br").read_bytes()) == wasm
    assert gzip.decompress((cache / "pyodide" / "pyodide.asm.wasm.gz").read_bytes()) == wasm
    assert sorted(p.name for p in (cache / "wheels").iterdir()) == sorted(w.name for w in runtime_fetch.WHEELS)

    registry.requests.clear()
    out = tmp_path / "out"
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "rules", "--out", str(out))
    assert result.exit_code == 0, result.output
    other = project_copy(tmp_path / "other")                        # another project, same user
    result = pnp("build", "tournay", "--lang", "en", "--only", "rules", "--out", str(tmp_path / "out2"), root=other)
    assert result.exit_code == 0, result.output
    assert registry.requests == []                                  # nothing fetched again
    page = (out / "site" / "san-gimignano" / "en-score.html").read_text(encoding="utf-8")
    assert 'id="calculator"' in page
    site = out / "site" / "assets" / "calculator"
    assert (site / "pyodide" / "pyodide.asm.wasm.br").read_bytes() == (cache / "pyodide" / "pyodide.asm.wasm.br").read_bytes()
    assert not (site / "pyodide" / "python_stdlib.zip.br").exists()    # a zip is compressed already


def test_the_first_build_fetches_it_with_a_progress_bar(registry, tmp_path):
    result = pnp("build", "taverna", "--lang", "en", "--only", "rules", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "Downloading" in result.stderr and runtime_fetch.PYODIDE.path in registry.requests
    assert 'id="calculator"' in (tmp_path / "out" / "site" / "taverna" / "en-score.html").read_text("utf-8")


def test_a_corrupted_file_is_refused_in_one_line(registry, tmp_path):
    bad = runtime_fetch.WHEELS[1]
    registry.corrupt(bad)
    result = pnp("fetch-runtime")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len([line for line in lines if line.startswith("error:")]) == 1
    error = next(line for line in lines if line.startswith("error:"))
    assert bad.name in error and "SHA-256" in error and "refused" in error
    assert not (tmp_path / "cache" / "wheels" / bad.name).exists()
    assert not runtime.available()
    # the pyodide tarball too: one changed byte, and nothing of it is unpacked
    registry.corrupt(runtime_fetch.PYODIDE)
    for leftover in (tmp_path / "cache" / "pyodide").glob("*"):
        leftover.unlink()
    result = pnp("fetch-runtime")
    assert result.exit_code == 1 and runtime_fetch.PYODIDE.name in result.stderr
    assert list((tmp_path / "cache" / "pyodide").glob("*")) == []


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_offline_with_an_empty_cache_the_build_says_what_to_run_and_the_page_says_use_the_pad(
        tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_RUNTIME_DIR", str(tmp_path / "empty"))
    monkeypatch.setenv("PNP_NPM_REGISTRY", "http://127.0.0.1:9")      # nothing listens: offline
    monkeypatch.setenv("PNP_PYPI_FILES", "http://127.0.0.1:9")
    result = pnp("build", "san-gimignano", "--only", "rules,score-pad", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "runtime" in line]
    assert len(said) == 1 and "pnp fetch-runtime" in said[0] and "calculator" in said[0], result.stderr
    for lang in ("fr", "en", "de", "ja"):
        page = (tmp_path / "site" / "san-gimignano" / f"{lang}-score.html").read_text(encoding="utf-8")
        assert 'class="notice"' in page and f'href="{lang}/score-pad.pdf"' in page
        assert "pnp " not in page and "calc.js" not in page             # no command on a player's page
    en = (tmp_path / "site" / "san-gimignano" / "en-score.html").read_text(encoding="utf-8")
    assert "count the points with the score pad" in en
    assert not (tmp_path / "site" / "assets" / "calculator").exists()


def test_the_pins_match_the_fetched_runtime():
    """The SHA-256 committed in runtime_fetch.py are those of the files in the runtime folder."""
    from tests.site.conftest import runtime_or_skip
    assert runtime_fetch.verify(runtime_or_skip()) == []


def test_a_link_in_the_cache_is_fetched_again_never_copied_into_the_site(registry, tmp_path):
    """A runtime file replaced by a link (to a file of the same size) counts as missing: the
    next build fetches the pinned file again, replacing the link, and the site gets that file."""
    assert pnp("fetch-runtime").exit_code == 0
    cache = tmp_path / "cache" / "pyodide"
    wasm = registry.contents["pyodide.asm.wasm"]
    secret = tmp_path / "secret"
    secret.write_bytes(b"s" * len(wasm))
    (cache / "pyodide.asm.wasm").unlink()
    (cache / "pyodide.asm.wasm").symlink_to(secret)
    (cache / "pyodide.mjs.br").unlink()
    (cache / "pyodide.mjs.br").symlink_to(secret)
    assert not runtime.available()
    registry.requests.clear()
    out = tmp_path / "out"
    result = pnp("build", "san-gimignano", "--lang", "en", "--only", "rules", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert registry.requests == [runtime_fetch.PYODIDE.path]
    assert not (cache / "pyodide.asm.wasm").is_symlink() and secret.read_bytes() == b"s" * len(wasm)
    site = out / "site" / "assets" / "calculator" / "pyodide"
    assert (site / "pyodide.asm.wasm").read_bytes() == wasm
    assert brotli.decompress((site / "pyodide.mjs.br").read_bytes()) == registry.contents["pyodide.mjs"]
