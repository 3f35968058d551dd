# Runs inside Pyodide, under Node.js, once per machine (run.mjs; generator/site/runtime_compile.py):
# the calculator's Python compiled ahead, so that a phone's first visit does not compile it.
# Each module a score imports becomes an unchecked-hash .pyc in place of its .py (the bytecode of
# this very interpreter, CPython 3.14; no timestamp in it: the same runtime gives the same bytes);
# every other module keeps its source, so nothing the calculator might import later is missing.
import importlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

HOME = "/home/pyodide/pnp"        # where calc-worker.js unpacks the wheels (the compiled code's file names)
# the standard library the scoring package, datafile and PyYAML import beyond pydantic's (which is
# found by importing it): a module missing here is only compiled in the browser, as before
ALSO = ["base64", "binascii", "codecs", "collections", "contextlib", "copy", "dataclasses", "datetime",
        "difflib", "enum", "fractions", "functools", "gettext", "io", "itertools", "json", "math",
        "operator", "re", "string", "textwrap", "types", "typing", "unicodedata", "warnings"]


def used() -> set[str]:
    """The files of every module a score page's start imports: pydantic with a model built and
    validated (pydantic imports more on its first model), and ALSO."""
    sys.path.insert(0, HOME)
    import pydantic

    class Probe(pydantic.BaseModel):
        n: int = 0
        names: list[str] = []

    Probe.model_validate({"n": 1, "names": ["a"]})
    for name in ALSO:
        importlib.import_module(name)
    return {m.__file__ for m in list(sys.modules.values()) if isinstance(getattr(m, "__file__", None), str)}


def convert(source: str, target: str, prefix: str, files: set[str] | None) -> None:
    """`source` (a zip) written to `target` with the modules of `files` (None: all) compiled;
    entries sorted, dates fixed: reproducible."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w") as out:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            data, name = zin.read(info), info.filename
            if name.endswith(".py") and (files is None or prefix + name in files):
                code = compile(data, prefix + name, "exec", dont_inherit=True)
                data = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                name += "c"
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            out.writestr(entry, data, compresslevel=9)


def main(stdlib: str, wheels: list[str], out: str) -> list[str]:
    files = used()
    convert(stdlib, f"{out}/python_stdlib.zip", stdlib + "/", files)
    for wheel in wheels:
        convert(wheel, f"{out}/{wheel.rsplit('/', 1)[1]}", HOME + "/", files)
    return sorted(files)


def bundle(source: str, target: str) -> None:
    """The scoring bundle (scoring, datafile, PyYAML: all of it is imported), every module compiled."""
    convert(source, target, HOME + "/", None)
