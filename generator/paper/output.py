"""All-or-nothing output.

`Staging(out)` (a build): every file is written into a staging folder beside OUT
(`.OUT.staging-PID`); on commit the folder is completed with hard links to everything else
already in OUT, then swapped with OUT in one atomic `renameat2(RENAME_EXCHANGE)`. A kill at
any moment therefore leaves OUT either complete as before or complete as new; the leftovers of a
killed build (staging folders, a swapped-out old folder, per-file temporaries) are removed by the
next build, and a failed build never creates anything in OUT.

`Staging()` (a single file, e.g. the calibration page): temporary files beside their targets,
renamed into place on commit; the temporaries a killed run left there are removed first.

A shipped output folder is untrusted: OUT is never written through a link (a linked OUT, or a
linked folder anywhere below it, is refused with one line: `refuse_links`; an OUT that is a pipe
or a file, too), and what a commit carries over from OUT is only what pnp wrote there (written.py:
a stray page, a `.gz` beside a page, a link, a pipe or a device is dropped, never re-linked into
the new set). Leftovers named like a staging or old folder are examined with lstat only: a link
or a special file is unlinked, never followed, renamed into place or opened, and a folder is
removed by `remove_tree`, which opens folders only.
"""
from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
import stat
from pathlib import Path

from datafile.errors import BuildError

from . import written
from .written import file_digest    # a file's hash: where the build's cache and the site read it

# what a killed run may leave behind: per-file temporaries and whole-set staging/old folders
CACHE_DIR = ".pnp-cache"    # planning/cache.py's folder in OUT: never a user's leftover
_FILE_TEMPORARY = re.compile(r"^\..+\.(\d+)\.tmp$")
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def output_folder(path: Path, chosen: bool = False) -> Path:
    """`path` as an absolute folder whose parents' links are resolved, but not `path` itself: a
    shipped project's `output -> ~/.ssh` is refused (BuildError, one line), never written into.
    A folder given with --out (`chosen`) that holds files but no list of what pnp wrote is
    refused too: a commit keeps only what pnp wrote, and `--out ~/Desktop` must not empty it."""
    path = Path(os.path.abspath(path))
    if path.is_symlink():
        raise BuildError(f"{path}: a link, and pnp never writes through a link (expected a real folder: remove "
                         f"the link, or give --out another folder)")
    _refuse_non_folder(path)
    if chosen and path.is_dir() and not os.path.lexists(path / written.NAME) and _holds_files(path):
        raise BuildError(f"{path}: holds files pnp did not write (it has no {written.NAME}), and the output "
                         f"folder keeps only what pnp writes (expected an empty or new folder: give --out another "
                         f"one, or empty it)")
    return path.parent.resolve() / path.name


def _holds_files(folder: Path) -> bool:
    """Whether `folder` holds anything but folders and a killed run's temporaries (the walk
    stops at the first such file; nothing is opened)."""
    for here, dirs, files in os.walk(folder):
        if any(not _FILE_TEMPORARY.match(f) for f in files) or any(os.path.islink(os.path.join(here, d)) for d in dirs):
            return True
    return False


def _refuse_non_folder(path: Path) -> None:
    """BuildError (one line) when `path` exists and is not a folder: an `output` that is a pipe
    would hang whoever opened it, and is never swapped away either."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    if not stat.S_ISDIR(mode):
        raise BuildError(f"{path}: not a folder (a file, pipe or device), and pnp writes a whole folder there "
                         f"(expected a folder: remove it, or give --out another folder)")


def refuse_links(folder: Path) -> None:
    """BuildError (one line) when `folder` or any folder below it is a symbolic link: a shipped
    `output/site/demo -> /dir` must not lead the next writer into /dir."""
    folder = Path(folder)
    if folder.is_symlink():
        raise BuildError(f"{folder}: a link, and pnp never writes through a link (expected a real folder: "
                         f"remove the link, or choose another output folder)")
    for here, dirs, _files in os.walk(folder):
        for name in dirs:
            if os.path.islink(os.path.join(here, name)):
                raise BuildError(f"{os.path.join(here, name)}: a link to a folder, and pnp never writes "
                                 f"through a link (expected a real folder: remove the link)")


class Staging:
    """Collects finished files; `commit` puts them in place at once, `discard` removes them."""

    def __init__(self, root: Path | None = None):
        self._pending: list[tuple[Path, Path]] = []
        self.root = Path(os.path.abspath(root)) if root is not None else None
        self.folder: Path | None = None
        # paths relative to OUT (a top-level name, or `game/lang/png`) the commit does not carry
        # over from OUT: the caller writes them whole (the cache, an export's folder)
        self.not_carried: set[str] = set()
        self._swept: set[Path] = set()
        # what pnp wrote into OUT (relative path -> hash): the only files a commit carries over
        self.trusted: dict[str, str] = {}
        # what OUT held that pnp did not write, left out of the new set by the commit
        self.dropped: list[str] = []
        if self.root is not None:
            refuse_links(self.root)
            _refuse_non_folder(self.root)
            remove_leftovers(self.root)
            self.trusted = written.load(self.root)
            self.folder = _sibling(self.root, "staging", os.getpid())
            remove_tree(self.folder)
            self.folder.mkdir(parents=True)

    def temporary(self, target: Path) -> Path:
        if self.folder is not None:
            tmp = self.folder / Path(os.path.abspath(target)).relative_to(self.root)
            tmp.parent.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.parent not in self._swept:
                self._swept.add(target.parent)
                remove_temporaries(target.parent)
            tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        self._pending.append((tmp, target))
        return tmp

    def staged(self) -> dict[Path, Path]:
        """target -> temporary file, for what this run has written so far (the site copies them)."""
        return {target: tmp for tmp, target in self._pending}

    def commit(self) -> list[Path]:
        targets = [target for _tmp, target in self._pending]
        if self.folder is None:
            for tmp, target in self._pending:
                os.replace(tmp, target)
                # a rename between two links of one file does nothing (POSIX): the link to the
                # same bytes the target already has stays behind
                tmp.unlink(missing_ok=True)
        else:
            hashes = {}
            if self.root.exists():
                hashes, self.dropped = _link_missing(self.root, self.folder, self.not_carried, self.trusted)
            written.save(self.folder, _listed(self.folder, hashes))
            _swap_in(self.folder, self.root)
            self.folder = None
        self._pending.clear()
        return targets

    def discard(self) -> None:
        if self.folder is not None:
            remove_tree(self.folder)
            self.folder = None
        for tmp, _target in self._pending:
            tmp.unlink(missing_ok=True)
        self._pending.clear()

    def __enter__(self) -> "Staging":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None:
            self.discard()


def dropped_note(staging: "Staging") -> str | None:
    """One line naming what a commit left out of OUT because pnp had not written it."""
    names = staging.dropped
    if not names:
        return None
    shown = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
    return (f"{staging.root.name}/: left out {len(names)} file(s) pnp did not write ({shown}); "
            f"the output folder holds only what pnp writes\n")


def _sibling(root: Path, kind: str, pid: int) -> Path:
    return root.parent / f".{root.name}.{kind}-{pid}"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False   # our own leftover from an earlier run in this process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_leftovers(root: Path) -> None:
    """Undo what a killed build left: restore OUT if it was killed between the two renames of
    the fallback swap, then remove staging and old folders of builds no longer running."""
    if not root.parent.is_dir():
        return
    pattern = re.compile(rf"^\.{re.escape(root.name)}\.(staging|old)-(\d+)$")
    for entry in sorted(root.parent.iterdir()):
        match = pattern.match(entry.name)
        if not match or _alive(int(match.group(2))):
            continue
        try:
            mode = os.lstat(entry).st_mode
        except OSError:
            continue
        if match.group(1) == "old" and stat.S_ISDIR(mode) and not os.path.lexists(root):
            # the previous complete output (a shipped one is carried no further: written.py)
            os.rename(entry, root)
            continue
        remove_tree(entry)


def remove_tree(path: Path) -> None:
    """Remove `path` and what it holds, as far as it can, opening nothing but folders: a link is
    removed, never followed; a pipe or a device is unlinked, never opened (shutil.rmtree opens
    what it removes, and waits on a pipe for a writer that never comes)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return
    try:
        if not stat.S_ISDIR(mode):
            os.unlink(path)
            return
    except OSError:
        return
    # bottom-up, without following links (os.walk lists with scandir: nothing is opened)
    for here, dirs, files in os.walk(path, topdown=False, followlinks=False):
        for name in files:
            _quietly(os.unlink, os.path.join(here, name))
        for name in dirs:
            full = os.path.join(here, name)
            _quietly(os.unlink if os.path.islink(full) else os.rmdir, full)
    _quietly(os.rmdir, path)


def _quietly(remove, path: str) -> None:
    try:
        remove(path)
    except OSError:
        pass


def remove_temporaries(folder: Path) -> None:
    """Remove the per-file temporaries (`.name.PID.tmp`) that killed runs left in `folder`."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _FILE_TEMPORARY.match(entry.name)
        if match and not _alive(int(match.group(1))) and not entry.is_dir(follow_symlinks=False):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def link_or_copy(src: Path, dst: Path) -> None:
    """`dst` becomes a hard link to `src` (a copy on a file system without hard links). Files
    of the output and the cache are never altered in place, only replaced, so sharing is safe."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists():
        dst.unlink()
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


def _link_missing(source: Path, staged: Path, skip: set[str],
                  trusted: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """Complete the staged tree with hard links to every file of OUT this build did not write
    that pnp wrote there before, bytes unchanged (files stay shared, nothing is copied). Left
    out: the paths in `skip`, per-file temporaries of killed runs, and whatever pnp did not
    write (a shipped output is untrusted: a stray file, a link, a pipe, a device). Returns the
    hashes of what was carried and the relative paths dropped."""
    carried, dropped = {}, []
    for folder, dirs, files in os.walk(source):
        here = Path(folder)
        rel = here.relative_to(source)
        files = [f for f in files if str(rel / f) not in skip]
        dirs[:] = [d for d in dirs if str(rel / d) not in skip and not os.path.islink(here / d)]
        for name in files:
            path = rel / name
            src, dst = here / name, staged / path
            if _FILE_TEMPORARY.match(name) or str(path) == written.NAME or os.path.lexists(dst):
                continue
            digest = written.hash_of(src, str(path), trusted)
            if digest is None:
                if path.parts[0] != CACHE_DIR:   # pnp's own cache: an entry it cannot vouch for (written
                    dropped.append(str(path))    # in place by a stopped `pnp serve` or studio) just goes
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(src, dst, follow_symlinks=False)
            except OSError:   # a file system without hard links
                shutil.copy2(src, dst, follow_symlinks=False)
            carried[str(path)] = digest
    return carried, dropped


def _listed(staged: Path, known: dict[str, str]) -> dict[str, str]:
    """relative path -> hash of every regular file of the staged tree (the carried ones known)."""
    files, by_inode = {}, {}     # a product, its site copy and its cache entry: one file, hashed once
    for folder, _dirs, names in os.walk(staged):
        for name in names:
            path = Path(folder) / name
            rel = str(path.relative_to(staged))
            st = os.lstat(path)
            if rel == written.NAME or not stat.S_ISREG(st.st_mode):
                continue
            inode = written._stamp(st)
            files[rel] = by_inode[inode] = known.get(rel) or by_inode.get(inode) or file_digest(path)
    return dict(sorted(files.items()))


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2); False where the system cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _swap_in(staged: Path, root: Path) -> None:
    if not root.exists():
        os.rename(staged, root)
    elif _exchange(staged, root):
        remove_tree(staged)     # now the previous output
    else:
        # two renames; a kill between them is repaired by the next build (remove_leftovers)
        old = _sibling(root, "old", os.getpid())
        os.rename(root, old)
        os.rename(staged, root)
        remove_tree(old)
