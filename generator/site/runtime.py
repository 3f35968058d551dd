"""What the score page runs in the browser: Pyodide (CPython in WebAssembly, npm), pydantic with
its WebAssembly core (PyPI), and the project's own `scoring` and `datafile` packages with PyYAML's
pure-Python code, zipped. The rules are not written twice: the page calls `scoring.api.score_data`
exactly as `pnp score` does.

The runtime is vendored at build time from .cache/vendor/ (filled by .ci/vendor-web with npm and
pip); never fetched by the page. Without it the site still builds and the score page says so.
Everything lands under site/assets/calculator/, loaded only by the score pages.
"""
from __future__ import annotations

import dataclasses
import io
import json
import os
import zipfile
from pathlib import Path

import yaml

import datafile.errors
import scoring.api
from scoring.api import facts_from_game

from ..data.i18n import read_catalogue
from ..data.locate import locate, search_path

FOLDER = "assets/calculator"
PYODIDE = ["pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide-lock.json", "package.json"]
# the project's own packages, as installed: found from one of their modules (under pytest the
# name `scoring` alone may be tests/scoring/)
PACKAGES = {"scoring": scoring.api, "datafile": datafile.errors}


def vendor_dir(root: Path) -> Path:
    """Where .ci/vendor-web put the runtime: $PNP_WEB_VENDOR, else .cache/vendor/ beside the code."""
    return Path(os.environ.get("PNP_WEB_VENDOR") or Path(__file__).resolve().parents[2] / ".cache" / "vendor")


def available(root: Path) -> bool:
    v = vendor_dir(root)
    return (v / "pyodide" / "pyodide.asm.wasm").is_file() and any((v / "wheels").glob("pydantic_core-*.whl"))


def files(root: Path) -> dict[str, Path]:
    """Site path -> vendored file, for the runtime (empty when not vendored)."""
    if not available(root):
        return {}
    v = vendor_dir(root)
    out = {f"{FOLDER}/pyodide/{name}": v / "pyodide" / name for name in PYODIDE}
    for wheel in sorted((v / "wheels").glob("*.whl")):
        out[f"{FOLDER}/wheels/{wheel.name}"] = wheel
    return out


def wheels(root: Path) -> list[str]:
    return sorted(p.rsplit("/", 1)[1] for p in files(root) if "/wheels/" in p)


def bundle(root: Path) -> bytes:
    """scoring/, datafile/ and PyYAML's pure-Python modules as a zip (fixed dates: reproducible)."""
    sources: list[tuple[str, Path]] = []
    for package, module in PACKAGES.items():
        folder = Path(module.__file__).parent
        sources += [(f"{package}/{p.name}", p) for p in sorted(folder.glob("*.py"))]
    yaml_dir = Path(yaml.__file__).parent
    sources += [(f"yaml/{p.name}", p) for p in sorted(yaml_dir.glob("*.py")) if p.name != "cyaml.py"]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, path in sources:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return out.getvalue()


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


def catalogue_json(root: Path, lang: str) -> dict[str, str]:
    """The scoring messages of `lang` (locales/<lang>/LC_MESSAGES/scoring.po), for the results."""
    if lang == "en":
        return {}
    path = locate(root, "locales", lang, "LC_MESSAGES", "scoring.po")
    # checked as every catalogue is: the page's Python fills these with str.format too
    return read_catalogue(path, lang, search_path(root)) if path.is_file() else {}
