"""pnp's folder in the user's cache: what every project of the user shares. The calculator's
runtime (site/runtime.py) and two stores of bytes made by key: web-font subsets (planning/plan.py)
and icon fonts (typeset/icons.py). The same inputs made by the same code give the same bytes
wherever they are made, so a second project, a new --out or a cleared OUT cache reuses them."""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Callable

from datafile.errors import DataError
from datafile.source import read_bytes

KEEP = 64                       # entries a store keeps, the most recently used (a web-font subset: 0.1-0.6 MB)
MAX_ENTRY_BYTES = 64_000_000    # an entry larger than this is not ours: never read


def folder() -> Path:
    """The user's cache folder of pnp (platformdirs: ~/.cache/pnp-studio on Linux, the system's
    own place on macOS and Windows)."""
    import platformdirs
    return Path(platformdirs.user_cache_dir("pnp-studio", appauthor=False))


def write_whole(path: Path, data: bytes) -> None:
    """`data` into `path`, whole or not at all: written beside it under a name of its own, then
    renamed (another process may read `path` meanwhile); nothing is left behind on failure."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class SharedStore:
    """Entries `<key>-<hash of their bytes>` in one folder of the user's cache. Written whole or
    not at all (other processes read the folder meanwhile); an entry is served only if the bytes
    read match the hash in its name (a cut-short or altered file is made again); the `keep`
    most recently used are kept."""

    def __init__(self, folder: Path, keep: int = KEEP):
        self.folder, self.keep = folder, keep

    def remembered(self, key: str, make: Callable[[], bytes], read: bool = True) -> bytes:
        """The bytes kept for `key`, else `make()`, kept for the next; `read=False` (--no-cache)
        makes them anew."""
        for entry in sorted(self.folder.glob(f"{key}-*")) if read else []:
            try:   # the project's reading rule: a regular file, bounded, not a link to a device
                data = read_bytes(entry, str(entry), MAX_ENTRY_BYTES)
                if hashlib.sha256(data).hexdigest() == entry.name.rpartition("-")[2]:
                    os.utime(entry)    # recently used
                    return data
            except (DataError, OSError):
                continue
        data = make()
        try:
            write_whole(self.folder / f"{key}-{hashlib.sha256(data).hexdigest()}", data)
            kept = sorted((p for p in self.folder.iterdir() if not p.name.startswith(".")),
                          key=lambda p: p.lstat().st_mtime_ns, reverse=True)
            for old in kept[self.keep:]:
                old.unlink(missing_ok=True)
        except OSError:
            pass    # a read-only or full cache only costs time
        return data
