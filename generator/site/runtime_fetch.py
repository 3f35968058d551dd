"""Fetching the score calculator's runtime: Pyodide from the npm registry and the wheels of
pydantic from PyPI's file host, over HTTPS, once per machine. Every download is pinned by
version and checked against the SHA-256 below (committed with the code: a registry, a mirror
or a proxy that serves other bytes is refused); the files the site uses are then checked too.
No `npm` binary is needed: an npm package is a .tgz at a fixed address.

The registries' addresses can be moved (a mirror, or the tests' local stub) with
$PNP_NPM_REGISTRY and $PNP_PYPI_FILES. What lands in the folder (runtime.runtime_dir):
    pyodide/<file> and pyodide/<file>.br|.gz     (the compressible ones, for the site to serve)
    wheels/<wheel>
"""
from __future__ import annotations

import gzip
import hashlib
import io
import os
import stat
import tarfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..reading.user_cache import write_whole

NPM = "https://registry.npmjs.org"
PYPI_FILES = "https://files.pythonhosted.org"
TIMEOUT = 20          # seconds without a byte before a download is given up


@dataclass(frozen=True)
class Download:
    registry: str     # "npm" or "pypi"
    path: str         # under the registry's address
    sha256: str
    size: int

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[1]


# Pyodide 314.0.7 (CPython 3.14, ABI pyemscripten_2026_0) and pydantic 2.14.3, which pins
# pydantic-core 2.50.4, published for that ABI; with pydantic's three pure-Python dependencies.
PYODIDE_VERSION = "314.0.7"
PYDANTIC_VERSION = "2.14.3"
PYODIDE = Download("npm", "/pyodide/-/pyodide-314.0.7.tgz",
                   "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0", 6488647)
# the files of the npm package the site uses (package/<name> in the tarball): name -> (sha256, size);
# the calculator's worker imports pyodide.mjs, which loads the others
PYODIDE_FILES = {
    "pyodide.mjs": ("6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109", 17931),
    "pyodide.asm.mjs": ("f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635", 1250344),
    "pyodide.asm.wasm": ("cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6", 9598218),
    "python_stdlib.zip": ("fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a", 2545637),
    "pyodide-lock.json": ("5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010", 119077),
}
WHEELS = [
    Download("pypi", "/packages/72/b8/b864503789ef5c58597d2a7b4adbee62c26440ab1e682581fc6838df8947/"
             "pydantic-2.14.3-py3-none-any.whl",
             "3f7b347782ab7e4cf4c798496ae3a82787d9f21ec12676a9c564355eeef8daa8", 494071),
    Download("pypi", "/packages/c6/07/a7d8615b8677bf69e24666bbce431299850c95a7b084649342582a1c3210/"
             "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
             "e6da138a1ecc1341c8b788a5ee822670b03788e1f5decf7af9d461de6e508b8e", 1496509),
    Download("pypi", "/packages/49/d3/b8441a820a491ddfc024b0b0cf0393375b75ea13866d9c66727e54c2fc80/"
             "typing_extensions-4.16.0-py3-none-any.whl",
             "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8", 45571),
    Download("pypi", "/packages/99/91/8acff4f5e50511b911bbccb72b8628a49c68ce14148cd9f6431094859a90/"
             "annotated_types-0.8.0-py3-none-any.whl",
             "f072f4d804ea359e4eaf198b1af7a8b0943881a87f31bb764f8bf219bb9419e0", 13427),
    Download("pypi", "/packages/de/0c/ea2544850a7c135e15033a5c7a8e7211136184b7ae63e2239d557c2b3019/"
             "typing_inspection-0.4.5-py3-none-any.whl",
             "bc210535442b39e1bf2805e0c7a17dfd6a4ace760c84c7f7d16245d23a6b1c39", 14874),
]
# served compressed (the zips and wheels are compressed already: brotli gains 1 %)
COMPRESSED = ["pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "pyodide-lock.json"]
RUNTIME_ID = f"pyodide-{PYODIDE_VERSION}-pydantic-{PYDANTIC_VERSION}"

Progress = Callable[[str, int], None]      # (what, bytes done since the last call)


class FetchError(Exception):
    """One line for the user: what could not be fetched or checked, and why."""


def base_url(registry: str) -> str:
    if registry == "npm":
        return os.environ.get("PNP_NPM_REGISTRY") or NPM
    return os.environ.get("PNP_PYPI_FILES") or PYPI_FILES


def url_of(download: Download) -> str:
    return base_url(download.registry).rstrip("/") + download.path


def missing(folder: Path) -> tuple[list[Download], list[str]]:
    """What `folder` lacks: downloads to make, and files to compress."""
    todo = [] if all(regular(folder / "pyodide" / n, size) for n, (_sha, size) in PYODIDE_FILES.items()) else [PYODIDE]
    todo += [w for w in WHEELS if not regular(folder / "wheels" / w.name, w.size)]
    squeeze = [n for n in COMPRESSED if not all(regular(folder / "pyodide" / f"{n}.{ext}") for ext in ("br", "gz"))]
    return todo, squeeze


def regular(path: Path, size: int | None = None) -> bool:
    """`path` is a regular file (of `size`): a link or a special file put in the cache is never
    copied into a site (it counts as missing, and a fetch replaces it, never writing through it)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and (size is None or st.st_size == size)



def fetch(folder: Path, progress: Progress = lambda what, n: None,
          compress_progress: Progress = lambda what, n: None) -> None:
    """Download, check and unpack whatever `folder` lacks, then write the compressed copies.
    Each file is written under a temporary name and renamed once checked: an interrupted
    fetch leaves nothing half-written, and two builds fetching at once do not collide."""
    todo, _ = missing(folder)
    for download in todo:
        data = _download(download, progress)
        if download is PYODIDE:
            _unpack_pyodide(data, folder / "pyodide")
        else:
            write_whole(folder / "wheels" / download.name, data)
    _, squeeze = missing(folder)
    for name in squeeze:
        raw = (folder / "pyodide" / name).read_bytes()
        compress_progress(name, 0)
        write_whole(folder / "pyodide" / f"{name}.gz", gzip.compress(raw, 9, mtime=0))
        import brotli         # a dependency already (fontTools writes WOFF2 with it)
        write_whole(folder / "pyodide" / f"{name}.br", brotli.compress(raw, quality=11))
        compress_progress(name, len(raw))


def verify(folder: Path) -> list[str]:
    """The files of `folder` whose SHA-256 differs from the pinned one (names)."""
    bad = [f"pyodide/{n}" for n, (sha, _size) in PYODIDE_FILES.items()
           if _sha256(folder / "pyodide" / n) != sha]
    return bad + [f"wheels/{w.name}" for w in WHEELS if _sha256(folder / "wheels" / w.name) != w.sha256]


def _sha256(path: Path) -> str | None:
    try:
        digest = hashlib.sha256()
        with path.open("rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None


def _download(download: Download, progress: Progress) -> bytes:
    url = url_of(download)
    request = urllib.request.Request(url, headers={"User-Agent": "pnp-studio (runtime fetch)"})
    digest, out = hashlib.sha256(), io.BytesIO()
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            while chunk := response.read(1 << 16):
                if out.tell() + len(chunk) > download.size:
                    break           # more than pinned: refused below, never read without end
                digest.update(chunk)
                out.write(chunk)
                progress(download.name, len(chunk))
    except urllib.error.HTTPError as exc:
        raise FetchError(f"cannot download {url}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise FetchError(f"cannot download {url} ({getattr(reason, 'strerror', None) or reason})") from None
    if out.tell() != download.size or digest.hexdigest() != download.sha256:
        raise FetchError(f"{download.name} from {url} is not the pinned file (SHA-256 {digest.hexdigest()[:16]}…, "
                         f"{out.tell()} bytes; expected {download.sha256[:16]}…, {download.size} bytes): refused")
    return out.getvalue()


def _unpack_pyodide(data: bytes, folder: Path) -> None:
    """The files the site uses, read by name from the checked tarball (nothing else is
    extracted: no path from the archive is ever written), each checked again."""
    try:
        tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
    except tarfile.TarError as exc:
        raise FetchError(f"{PYODIDE.name} is not a readable tarball ({exc})") from None
    with tar:
        for name, (sha, size) in PYODIDE_FILES.items():
            try:
                member = tar.getmember(f"package/{name}")
            except KeyError:
                raise FetchError(f"{PYODIDE.name} has no package/{name}: refused") from None
            content = tar.extractfile(member).read() if member.isfile() else b""
            if len(content) != size or hashlib.sha256(content).hexdigest() != sha:
                raise FetchError(f"{name} in {PYODIDE.name} is not the pinned file: refused")
            write_whole(folder / name, content)


def download_size(todo: list[Download]) -> int:
    return sum(d.size for d in todo)


def compressible_size() -> int:
    """The bytes the compression step reads."""
    return sum(PYODIDE_FILES[n][1] for n in COMPRESSED)
