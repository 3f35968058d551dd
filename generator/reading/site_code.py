"""Which layouts/site/ the site is made from: pnp's own, unless the user trusts the project's.

A project's layouts/site/ is code, not data: its page templates may hold any `<script>`, and
site.js, the calculator's files and the service worker run in every visitor's browser on the
site's origin. Everything else a project folder holds (YAML, layouts, catalogues, fonts, art) is
data, read by the project's rule and rendered in a sandbox. A setting inside the project cannot
say the project is trusted (whoever wrote the folder wrote the setting too), so the sign comes
from the user running pnp: `pnp --trust-site-code …` (or PNP_TRUST_SITE_CODE=1). Without it the
site is made from the bundled files, and the project's own are named once, on one line.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

import click

from .locate import bundled_root

_trusted = False
_noted: set[Path] = set()


def trust(yes: bool) -> None:
    """Set by the command line on every run (the flag, or PNP_TRUST_SITE_CODE)."""
    global _trusted
    _trusted = bool(yes)
    _noted.clear()


def trusted() -> bool:
    return _trusted


def site_folder(root: Path) -> Path:
    """layouts/site/ as the site uses it: the project's (else the bundled one) when trusted,
    the bundled one otherwise."""
    if _trusted:
        own = root / "layouts" / "site"
        return own if own.exists() else bundled_root() / "layouts" / "site"
    return bundled_root() / "layouts" / "site"


def site_file(root: Path, name: str) -> Path:
    """One file of layouts/site/ as the site uses it (the project's file wins only when trusted)."""
    if _trusted and (root / "layouts" / "site" / name).exists():
        return root / "layouts" / "site" / name
    return bundled_root() / "layouts" / "site" / name


def ignored(root: Path) -> list[str]:
    """The project's own layouts/site/ files the site does not use (untrusted), by name: those
    that differ from pnp's own (a copy of the bundled file changes nothing, and is not named).
    Nothing is followed or opened but regular files."""
    own, bundled = root / "layouts" / "site", bundled_root() / "layouts" / "site"
    if _trusted or not own.is_dir() or own.resolve() == bundled.resolve():
        return []
    names = []
    for folder, dirs, files in os.walk(own):
        dirs.sort()
        for name in sorted(files) + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(folder) / name
            rel = str(path.relative_to(own))
            if not _same(path, bundled / rel):
                names.append(rel)
    return names


def _same(path: Path, bundled: Path) -> bool:
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size != os.lstat(bundled).st_size or st.st_size > 4_000_000:
            return False
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        with os.fdopen(fd, "rb") as handle:
            return handle.read() == bundled.read_bytes()
    except OSError:
        return False


def note_ignored(root: Path) -> None:
    """One line naming the project's site files left unused (once per project and process)."""
    names = ignored(root)
    if names and root not in _noted:
        _noted.add(root)
        shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
        click.secho(f"layouts/site/: not used, the site is made from pnp's own files ({shown}): a project's site "
                    f"files are code that runs in the browser; if you trust this folder, run pnp --trust-site-code",
                    fg="yellow", err=True)
