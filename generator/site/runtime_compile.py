"""The calculator's Python compiled ahead, once per machine: Pyodide ships its standard library
and the wheels as sources, and CPython compiling them was most of a phone's first start. Node.js
runs the pinned Pyodide itself (precompile/run.mjs, precompile/inside.py) and writes the same
archives with each module a score imports as bytecode of that very interpreter (CPython 3.14).

What it writes is pinned below like the downloads: the same runtime compiles to the same bytes
(no timestamp in the .pyc, entries sorted, dates fixed), and anything else is refused. Without
Node.js (or when it fails) the site serves the sources, as before: slower, never wrong.
    compiled/python_stdlib.zip, compiled/<wheel>     beside runtime_fetch's pyodide/ and wheels/
    compiled/bundles/<hash>.zip                      the scoring bundle (runtime.bundle), per version
The scoring bundle changes with pnp (and a developer's edits to scoring/): it is compiled by the
first build that serves it, named by the hash of its sources and of the compiler.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..reading.user_cache import write_whole
from . import runtime_fetch

FOLDER = "compiled"
SCRIPT = Path(__file__).parent / "precompile" / "run.mjs"
TIMEOUT = 300            # seconds; it takes 10-20 s on a busy 2-core machine
# name -> (sha256, size) of what SCRIPT writes from the pinned runtime (change both together)
COMPILED = {
    "python_stdlib.zip": ("ff8232fa3868d98f48f5a3621971bc0d036baab33e3889df0c74a407533b8f5a", 3308416),
    "pydantic-2.14.3-py3-none-any.whl": ("130ac41c56230e88498e6f2e11656cdf81d9244095aeb61b7b7ae6673cc5c509", 684552),
    "pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl":
        ("75897c7f81edc0f83bb2d3ad3a00fe0e023ee8fe7457af57c5d21f0abf073106", 1471770),
    "typing_extensions-4.16.0-py3-none-any.whl":
        ("5159ff6d96bc1c1bc10088b2887d30c5918ef6c1b2bf11876874360135db9ab0", 78695),
    "annotated_types-0.8.0-py3-none-any.whl":
        ("9a0a3214c9d06749b75842ea86050aef54a77df9ce634b3782dd42f2199768f4", 17211),
    "typing_inspection-0.4.5-py3-none-any.whl":
        ("94a1aee00f3156cc5f266714efa35b48dc26e0419d4dbf9d40eadfb5bfbc706d", 20404),
}


# the runtime these pins are for (taken at import: the tests' stand-in runtime changes runtime_fetch's)
PINNED_STDLIB = runtime_fetch.PYODIDE_FILES["python_stdlib.zip"][1]


class CompileError(Exception):
    """One line: why the compiled code could not be made (the sources are served instead)."""


def node() -> str | None:
    """Node.js: $PNP_NODE ("" to do without), else `node` on the PATH."""
    chosen = os.environ.get("PNP_NODE")
    return (chosen or None) if chosen is not None else shutil.which("node")


def available(folder: Path) -> bool:
    """Every compiled file is there, at its pinned size (checked by hash when written)."""
    return all(runtime_fetch.regular(folder / FOLDER / name, size) for name, (_sha, size) in COMPILED.items())


def compilable(folder: Path) -> bool:
    """`folder` holds the pinned runtime (not a stand-in), which COMPILED is made from."""
    return runtime_fetch.regular(folder / "pyodide" / "python_stdlib.zip", PINNED_STDLIB)


def verify(folder: Path) -> list[str]:
    """The compiled files of `folder` that are there and differ from the pinned ones (names)."""
    out = []
    for name, (sha, _size) in COMPILED.items():
        path = folder / FOLDER / name
        if path.exists() and runtime_fetch._sha256(path) != sha:
            out.append(f"{FOLDER}/{name}")
    return out


FAILED = "failed.txt"        # why the last attempt failed (one line), until one succeeds


def failure(folder: Path) -> str:
    """Why the last attempt to compile failed ("" if none did)."""
    path = folder / FOLDER / FAILED
    try:
        return path.read_text("utf-8", "replace")[:500].strip() if runtime_fetch.regular(path) else ""
    except OSError:
        return ""


def remember_failure(folder: Path, reason: str) -> None:
    write_whole(folder / FOLDER / FAILED, reason.encode("utf-8"))


def compile_runtime(folder: Path) -> None:
    """Run SCRIPT on the runtime of `folder` and keep what it writes if it is the pinned bytes.
    Written whole or not at all (the files are renamed into place one by one once all are checked:
    a half-compiled set is never `available`, and the page then uses the sources)."""
    binary = node()
    if not binary:
        raise CompileError("Node.js is not installed (`node` not found)")
    wheels = [str(folder / "wheels" / w.name) for w in runtime_fetch.WHEELS]
    with tempfile.TemporaryDirectory(prefix="pnp-compile-") as scratch:
        try:
            done = subprocess.run([binary, str(SCRIPT), str(folder / "pyodide"), scratch, *wheels],
                                  capture_output=True, text=True, timeout=TIMEOUT)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise CompileError(f"Node.js could not run ({exc})") from None
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1][:200]
            raise CompileError(f"Node.js failed ({last}; tested with Node.js 20)")
        made = {}
        for name, (sha, size) in COMPILED.items():
            path = Path(scratch) / name
            data = path.read_bytes() if runtime_fetch.regular(path) else b""
            if len(data) != size or hashlib.sha256(data).hexdigest() != sha:
                raise CompileError(f"the compiled {name} is not the pinned file ({len(data)} bytes): not used")
            made[name] = data
    for name, data in made.items():
        write_whole(folder / FOLDER / name, data)
    (folder / FOLDER / FAILED).unlink(missing_ok=True)


def bundle(folder: Path, sources: bytes) -> bytes | None:
    """The scoring bundle `sources` (a zip) with every module compiled, made once per version of
    it; None when the runtime is not compiled or Node.js cannot do it (the sources are served)."""
    if not available(folder):
        return None
    compiler = b"".join(p.read_bytes() for p in sorted(SCRIPT.parent.iterdir()) if p.suffix in (".mjs", ".py"))
    name = hashlib.sha256(hashlib.sha256(compiler).digest() + sources).hexdigest()[:20] + ".zip"
    path = folder / FOLDER / "bundles" / name
    if name not in _bundles and not runtime_fetch.regular(path):
        binary = node()
        if not binary:
            return None
        with tempfile.TemporaryDirectory(prefix="pnp-compile-") as scratch:
            (Path(scratch) / "in").mkdir()
            (Path(scratch) / "in" / name).write_bytes(sources)
            try:
                done = subprocess.run([binary, str(SCRIPT), str(folder / "pyodide"), scratch, "--bundle",
                                       str(Path(scratch) / "in" / name)], capture_output=True, timeout=TIMEOUT)
            except (OSError, subprocess.TimeoutExpired):
                return None
            made = Path(scratch) / name
            if done.returncode != 0 or not runtime_fetch.regular(made):
                return None
            write_whole(path, made.read_bytes())
    if name not in _bundles:
        _bundles[name] = path.read_bytes()
    return _bundles[name]


_bundles: dict[str, bytes] = {}        # read once per process (every score page asks)


def files(folder: Path) -> dict[str, Path]:
    """Runtime file name (`python_stdlib.zip`, a wheel's) -> its compiled copy; empty when the set
    is not complete."""
    return {name: folder / FOLDER / name for name in COMPILED} if available(folder) else {}
