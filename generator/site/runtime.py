"""What the score page runs in the browser: Pyodide (CPython in WebAssembly, npm), pydantic with
its WebAssembly core (PyPI), and the project's own `scoring` and `datafile` packages with PyYAML's
pure-Python code, zipped. The rules are not written twice: the page calls `scoring.api.score_data`
exactly as `pnp score` does.

The runtime is fetched once per machine from the npm registry and PyPI (runtime_fetch.py, pinned
and hash-checked) into a per-user cache, and copied into every site that needs it; the page never
reaches outside its own site. Without it the site still builds and the score page says to use the
score pad. Everything lands under site/assets/calculator/, loaded by the score page's worker
(layouts/site/calc-worker.js); any page of the game has the service worker keep it and starts the
calculator once in the background, so that the score page starts warm.
"""
from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import zipfile
from functools import lru_cache
from pathlib import Path

import yaml

import datafile.errors
import scoring.api
from scoring.api import facts_from_game

from ..reading import user_cache
from ..reading.i18n import read_catalogue
from ..reading.locate import locate, read_input, search_path
from ..reading.site_code import site_file
from . import runtime_compile, runtime_fetch

FOLDER = "assets/calculator"
RUNTIME_ID = runtime_fetch.RUNTIME_ID
PYODIDE = list(runtime_fetch.PYODIDE_FILES)      # the npm package's files the site uses
# the project's own packages, as installed: found from one of their modules (under pytest the
# name `scoring` alone may be tests/scoring/)
PACKAGES = {"scoring": scoring.api, "datafile": datafile.errors}


def runtime_dir(root: Path | None = None) -> Path:
    """The runtime's folder: $PNP_RUNTIME_DIR; else $PNP_WEB_VENDOR (the name it had when a CI
    script put it there: same layout); else the user's cache (one per runtime version, shared
    by every project of that user). `root` is unused: the runtime belongs to the machine."""
    chosen = os.environ.get("PNP_RUNTIME_DIR") or os.environ.get("PNP_WEB_VENDOR")
    if chosen:
        return Path(chosen)
    return user_cache.folder() / "runtime" / runtime_fetch.RUNTIME_ID


vendor_dir = runtime_dir       # the former name (tests, other scripts)


def available(root: Path | None = None) -> bool:
    """Every file the page loads is there, at its pinned size."""
    todo, _ = runtime_fetch.missing(runtime_dir(root))
    return not todo


def files(root: Path | None = None) -> dict[str, Path]:
    """Site path -> runtime file (with the .br/.gz copies beside those that have them); empty
    when the runtime is not there."""
    if not available(root):
        return {}
    v = runtime_dir(root)
    compiled = runtime_compile.files(v)     # the same archives with bytecode, when Node.js made them
    out = {}
    for name in PYODIDE:
        out[f"{FOLDER}/pyodide/{name}"] = compiled.get(name) or v / "pyodide" / name
        for ext in ("br", "gz"):
            packed = v / "pyodide" / f"{name}.{ext}"
            if name in runtime_fetch.COMPRESSED and runtime_fetch.regular(packed):
                out[f"{FOLDER}/pyodide/{name}.{ext}"] = packed
    for wheel in runtime_fetch.WHEELS:
        out[f"{FOLDER}/wheels/{wheel.name}"] = compiled.get(wheel.name) or v / "wheels" / wheel.name
    return out


def site_id(root: Path | None = None) -> str:
    """The runtime as a site serves it: what the service worker's cache and the browser's kept
    interpreter are named by (compiled or sources: other bytes under the same names)."""
    return RUNTIME_ID + ("+compiled" if runtime_compile.available(runtime_dir(root)) else "")


def loaded(root: Path | None = None) -> list[str]:
    """The runtime's site paths the page loads (not the compressed copies)."""
    return [p for p in files(root) if not p.endswith((".br", ".gz"))]


def wheels(root: Path | None = None) -> list[str]:
    return sorted(p.rsplit("/", 1)[1] for p in files(root) if "/wheels/" in p)


def _sources() -> list[tuple[str, Path]]:
    sources: list[tuple[str, Path]] = []
    for package, module in PACKAGES.items():
        folder = Path(module.__file__).parent
        sources += [(f"{package}/{p.name}", p) for p in sorted(folder.glob("*.py"))]
    yaml_dir = Path(yaml.__file__).parent
    sources += [(f"yaml/{p.name}", p) for p in sorted(yaml_dir.glob("*.py")) if p.name != "cyaml.py"]
    return sources


def bundle(root: Path | None = None) -> bytes:
    """scoring/, datafile/ and PyYAML's pure-Python modules as a zip (fixed dates: reproducible)."""
    return _bundle(tuple((name, path, *_stamp(path)) for name, path in _sources()))


def served_bundle(root: Path | None = None) -> bytes:
    """The bundle as the site serves it: compiled ahead where the runtime is (runtime_compile)."""
    sources = bundle(root)
    return runtime_compile.bundle(runtime_dir(root), sources) or sources


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


@lru_cache(maxsize=4)
def _bundle(files: tuple) -> bytes:         # made once per version of the sources (every score page asks)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path, *_ in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return out.getvalue()


def worker_config(root: Path) -> dict | None:
    """What a page needs to start the calculator's worker (calc-worker.js), paths relative to a
    game's folder; None without the runtime. Every page of a game carries it: the score page to
    run the calculator, the others to prepare it in the background once its runtime is kept."""
    if not available(root):
        return None
    # what the browser keeps between visits (compiled code, the started interpreter) is used only
    # with these very sources: the runtime, the scoring bundle and calc_cache.py
    # a trusted project's own calc_cache.py is read by the project's rule (never a pipe or /dev/zero)
    made_with = hashlib.sha256(served_bundle(root) + read_input(root, site_file(root, "calc_cache.py")))
    return dict(runtime="../" + FOLDER + "/", wheels=wheels(root), code="../assets/calc.py",
                cache="../assets/calc_cache.py", worker="../assets/calc-worker.js",
                key=f"{site_id(root)}/{made_with.hexdigest()[:16]}")



def worker_json(root: Path) -> str:
    """worker_config as the JSON a page carries ("" without the runtime)."""
    config = worker_config(root)
    return json.dumps(config, sort_keys=True) if config else ""

def facts_json(game) -> dict:
    """The card facts `score_data` takes, as plain data the page turns back into the same types."""
    facts = facts_from_game(game)
    out = {}
    if "cards" in facts:
        out["cards"] = [dataclasses.asdict(c) for c in facts["cards"].values()]
    if "names" in facts:
        # Taverna's are Names (a msgid and names per language); San Gimignano's are plain
        # per-language dicts (its noble rows)
        out["names"] = {k: {"msgid": n.msgid, "names": n.names} if hasattr(n, "msgid") else {"plain": n}
                        for k, n in facts["names"].items()}
    return json.loads(json.dumps(out, default=str))


CATALOGUES = ["scoring.po", "checks.po"]   # the results' words, and why a state is refused


def catalogue_json(root: Path, lang: str) -> dict[str, str]:
    """The scoring messages of `lang` (locales/<lang>/LC_MESSAGES/scoring.po and checks.po), for
    the results and the problems, as `pnp score` shows them."""
    if lang == "en":
        return {}
    out: dict[str, str] = {}
    for name in CATALOGUES:
        path = locate(root, "locales", lang, "LC_MESSAGES", name)
        # checked as every catalogue is: the page's Python fills these with str.format too
        out.update(read_catalogue(path, lang, search_path(root)) if path.is_file() else {})
    return out
