"""What pnp wrote into an output folder, so that nothing else survives there.

Each commit of a whole output folder (paper/output.py `Staging`) writes OUT/.pnp-written: every
regular file of the new set with the hash of its bytes, and a MAC over the list keyed by a secret
in the user's cache (never in a project). A shipped output/ cannot vouch for its own files: its
list, if any, fails the MAC, so the next commit carries none of them (a stray page, a `.gz` beside
a page, a folder named like a host), and `pnp serve` sends none of them. A file is vouched for
only while its bytes match the hash listed (a PDF edited in place, or one swapped while the folder
went elsewhere and came back, is a stranger's file too). The files this process wrote into OUT
outside a staging folder (`pnp serve`'s cache) are vouched for by `vouch`.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
import time
from pathlib import Path

from datafile.errors import BuildError, DataError
from datafile.source import read_bytes, system_devices

from ..reading import user_cache
from ..reading.locate import SETTLED_NS

NAME = ".pnp-written"
MAX_LIST_BYTES = 64_000_000
_KEY_BYTES = 32
_here: dict[str, tuple[str, tuple]] = {}     # path -> (hash, stamp): what this process wrote in place


def _key() -> bytes | None:
    """The user's secret (created on first use, readable by the user only); None where the
    user's cache cannot hold it (then nothing is ever carried over: safe, only slower)."""
    path = user_cache.folder() / "output-key"
    for _attempt in range(2):
        try:
            data = read_bytes(path, str(path), _KEY_BYTES)
            if len(data) == _KEY_BYTES:
                return data
        except DataError:
            pass
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            continue      # another process made it meanwhile, or a damaged one: read it again
        except OSError:
            return None
        with os.fdopen(fd, "wb") as handle:
            handle.write(os.urandom(_KEY_BYTES))
    return None


def _mac(key: bytes, files: dict[str, str]) -> str:
    return hmac.new(key, json.dumps(files, sort_keys=True).encode(), hashlib.sha256).hexdigest()


def load(out: Path) -> dict[str, str]:
    """relative path -> hash, of the files pnp wrote into `out` ({} for a list pnp did not write)."""
    key = _key()
    try:
        document = json.loads(read_bytes(out / NAME, NAME, MAX_LIST_BYTES, None))
        files, mac = document["files"], document["mac"]
        valid = isinstance(files, dict) and all(isinstance(v, str) for v in files.values()) and isinstance(mac, str)
    except (DataError, ValueError, TypeError, KeyError):
        return {}
    if not valid or key is None or not hmac.compare_digest(_mac(key, files), mac):
        return {}
    return files


def save(folder: Path, files: dict[str, str]) -> None:
    """Write the list of `folder` (a staging folder about to become OUT)."""
    key = _key()
    document = {"files": files, "mac": _mac(key, files) if key else ""}
    (folder / NAME).write_text(json.dumps(document, sort_keys=True), encoding="utf-8")


def _stamp(st: os.stat_result) -> tuple:
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


def vouch(path: Path, digest: str) -> None:
    """`path` (a file this process just wrote in place, not in a staging folder) is pnp's."""
    _here[os.path.abspath(path)] = (digest, _stamp(os.lstat(path)))


def hash_of(path: Path, rel: str, files: dict[str, str]) -> str | None:
    """The hash of `path` when pnp wrote it (listed with these bytes, or vouched for by this
    process), else None. Only a regular file is read; a link, a pipe or a device never is."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    here = _here.get(os.path.abspath(path))
    if here and here[1] == _stamp(st):
        return here[0]
    if rel not in files:
        return None
    try:
        digest = file_digest(path)
    except (OSError, BuildError):
        return None
    return digest if digest == files[rel] else None


class Ours:
    """Whether pnp wrote a file of `out` with its present bytes, asked by its path relative to
    `out`: `Ours(out)("site/index.html")`. `files`: out's list, when the caller has read it."""

    def __init__(self, out: Path, files: dict[str, str] | None = None):
        self.out, self.files = out, load(out) if files is None else files

    def __call__(self, rel: str) -> bool:
        return hash_of(self.out / rel, rel, self.files) is not None


_DIGESTS: dict[str, tuple[tuple, str]] = {}


def file_digest(path: Path) -> str:
    """The hash of a file's bytes, remembered for the life of the process while its size,
    modification time and inode stay the same: a `--watch` loop hashes the fonts and the
    calculator's runtime once, not on every rebuild. A file modified in the last SETTLED_NS is
    read every time. Only a regular file is read (BuildError otherwise): a pipe would wait for a
    writer, /dev/zero or a file of /proc would never end."""
    fd = os.open(os.path.realpath(path), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_dev in system_devices():
            raise BuildError(f"{path} is not a regular file (a device, pipe or system file)")
        stamp = _stamp(st)
        known = _DIGESTS.get(str(path))
        if known and known[0] == stamp:
            return known[1]
        with os.fdopen(os.dup(fd), "rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").hexdigest()
    finally:
        os.close(fd)
    if time.time_ns() - st.st_mtime_ns > SETTLED_NS:
        _DIGESTS[str(path)] = (stamp, digest)
    return digest
