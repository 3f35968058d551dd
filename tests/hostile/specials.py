"""Fuzz mutations that are not a file's content (issue 30): a link or a special file put where a
project, or the output folder it ships with, is read or written. Used by fuzzing.py.

A slot is where it goes (the mutated file itself, a site asset or template, a licence, a new
file in the game folder, the output folder, a folder inside it); a target is what it is (a link
to /proc/self/environ, /proc/self/pagemap, /dev/zero, the canary file outside the project, the
root folder, nowhere; or a named pipe). `place` puts it and returns what undoes it; `escaped`
says whether anything outside the project was written (the victim folder changed).
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Callable

TARGETS = ("/proc/self/environ", "/proc/self/pagemap", "/dev/zero", "fifo", "outside", "/", "dangling")
SLOTS = ("self", "site-asset", "site-template", "licence", "game-extra", "output", "output-folder")
SITE_ASSETS = ("site.js", "site.css", "sw.js", "icon.svg")
SITE_TEMPLATES = ("home.html", "base.html", "game.html", "legend.html")


def describe(where: int, payload: int) -> str:
    return f"{SLOTS[where % len(SLOTS)]} -> {TARGETS[payload % len(TARGETS)]}"


def _make(path: Path, target: str, base: Path) -> None:
    if target == "fifo":
        os.mkfifo(path)
    elif target == "outside":
        path.symlink_to(base / "outside" / "secret")
    elif target == "dangling":
        path.symlink_to(base / "nowhere" / "nothing")
    else:
        path.symlink_to(target)


def _replace(path: Path, target: str, base: Path) -> Callable[[], None]:
    """`path` (a file, a link or nothing) becomes the special file; undo puts back what was there.
    What was there is moved aside and back (never written through the link), so it comes back as
    the same file (inode and modification time): what the parent process loaded before the case
    (catalog._last_load, keyed by them) stays valid for the next case."""
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = None
    if os.path.lexists(path):
        (base / "aside").mkdir(exist_ok=True)
        aside = base / "aside" / path.name
        os.rename(path, aside)
    _make(path, target, base)

    def undo() -> None:
        if os.path.lexists(path):
            path.unlink()
        if aside is not None:
            os.rename(aside, path)
    return undo


def victim(base: Path) -> Path:
    folder = base / "victim"
    folder.mkdir(exist_ok=True)
    (folder / "id_rsa").write_text("key")
    return folder


def snapshot(folder: Path) -> tuple:
    st = folder.stat()
    return st.st_ino, st.st_mode, sorted(os.listdir(folder))


def clear_output(out: Path) -> None:
    """The output folder removed, whatever a case left there (a link is removed, not followed)."""
    if out.is_symlink():
        out.unlink()
    elif out.exists():
        shutil.rmtree(out)


def place(root: Path, base: Path, out: Path, file: Path, game: str, where: int, payload: int) -> Callable[[], None]:
    slot, target = SLOTS[where % len(SLOTS)], TARGETS[payload % len(TARGETS)]
    if slot == "self":
        return _replace(file, target, base)
    if slot == "site-asset":
        return _replace(root / "layouts" / "site" / SITE_ASSETS[payload % len(SITE_ASSETS)], target, base)
    if slot == "site-template":
        return _replace(root / "layouts" / "site" / SITE_TEMPLATES[where % len(SITE_TEMPLATES)], target, base)
    if slot == "licence":
        fonts = root / "layouts" / "fonts"
        name = ("Cardo-LICENSE.txt", "BIZUDGothic-LICENSE.txt")[payload % 2]
        if fonts.is_symlink():      # never change the fonts a link leads to
            return lambda: None
        return _replace(fonts / name, target, base)   # the link to the licence is moved aside and back
    if slot == "game-extra":
        return _replace(root / "cards" / game / "zz-special", target, base)
    clear_output(out)
    folder = victim(base)
    if slot == "output":
        out.symlink_to(folder)
    else:
        (out / game / "en").parent.mkdir(parents=True)
        (out / game / "en").symlink_to(folder)
    return lambda: clear_output(out)


def command_product(where: int) -> str:
    """What the build of a case runs: the site for what the site reads, the cards otherwise."""
    return "cards" if SLOTS[where % len(SLOTS)] in ("game-extra",) else "rules"


def leaked(out: Path, canaries: tuple[str, ...]) -> str | None:
    """A canary found in a regular file the build wrote (a licence linked to /proc/self/environ
    used to be published as it was: the process's own environment, whose PATH= is a canary too)."""
    if not out.is_dir() or out.is_symlink():
        return None
    canaries = (*canaries, "PATH=" + os.environ.get("PATH", "/")[:40])
    for path in out.rglob("*"):
        if path.is_symlink() or not path.is_file() or path.stat().st_size > 4_000_000:
            continue
        data = path.read_bytes()
        for canary in canaries:
            if canary.encode() in data:
                return f"{canary} in {path.relative_to(out)}"
    return None
