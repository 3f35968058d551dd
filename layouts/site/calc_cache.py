# Runs in the browser (Pyodide), written by calc.js as the interpreter's sitecustomize, before
# anything else is imported. The runtime ships Python sources only, and compiling them is most of
# the calculator's start (about 3 s of 4 on a small machine); unmarshalling the same code takes
# 0.02 s. So a finder placed before the path finder runs the code compiled on an earlier visit
# (/pnp-code.bin, kept by calc.js in the browser's IndexedDB under a key naming the runtime and
# the scoring package's bundle: code is never reused for another source), and records what it
# compiles now, for calc.js to keep.
import importlib
import marshal
import sys
import zipfile
from importlib.machinery import PathFinder

CACHE = "/pnp-code.bin"


class _Loader:
    """The path finder's loader, with the module's code taken from the cache when it is there."""

    def __init__(self, inner, name, cache):
        self._inner, self._name, self._cache = inner, name, cache

    def create_module(self, spec):
        return self._inner.create_module(spec)

    def exec_module(self, module):
        blob = self._cache.lookup(self._name)
        if blob is None:
            code = self._inner.get_code(self._name)
            if code is not None:
                self._cache.fresh[self._name] = marshal.dumps(code)
        else:
            code = marshal.loads(blob)
            self._cache.reused += 1
        exec(code, module.__dict__)

    def __getattr__(self, name):          # get_source, get_resource_reader, ...: the real loader's
        return getattr(self._inner, name)


class CodeCache:
    def __init__(self, table):
        self.table, self.fresh, self.reused = table, {}, 0

    def find_spec(self, name, path=None, target=None):
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None and str(spec.origin or "").endswith(".py") \
                and hasattr(spec.loader, "get_code"):
            spec.loader = _Loader(spec.loader, name, self)
        return spec

    def reload(self):
        """The code file of this visit, after the interpreter's memory was restored from an
        earlier one (whose table was that visit's): read when an import first needs it, as the
        snapshot holds what the calculator imports (unmarshalling 4-5 MB is not for nothing)."""
        self.table, self.fresh, self.reused = None, {}, 0   # what the snapshot compiled, that visit kept

    def lookup(self, name):
        if self.table is None:
            self.table = _read()
        return self.table.get(name)

    def dump(self):
        """Everything compiled so far, for the next visit; None when nothing is new."""
        if not self.fresh:
            return None
        self.lookup("")
        self.table.update(self.fresh)
        self.fresh = {}
        return marshal.dumps(self.table)


class Later:
    """A restored interpreter holds the packages' modules already: their files (hundreds: 0.5-0.7 s
    to unpack on a phone) are unpacked only if an import asks for a module of theirs that it does
    not hold. `tops`: the archives' top-level modules and packages."""

    def __init__(self, archives, tops, home):
        self.archives, self.tops, self.home, self.done = archives, set(tops), home, False

    def find_spec(self, name, path=None, target=None):
        if not self.done and name.partition(".")[0] in self.tops:
            self.done = True
            for archive in self.archives:
                with zipfile.ZipFile(archive) as z:
                    z.extractall(self.home)
            importlib.invalidate_caches()
        return None                       # the path finder finds it now


def unpack_later(archives, tops, home):
    sys.meta_path.insert(0, Later(archives, tops, home))


class StdlibLater:
    """A restored interpreter holds the standard library's modules it imported and the directory
    of its zip (zipimport's), so its start is given an empty zip in its place (3.3 MB not read
    from the offline cache at each visit): the real one is written by calc-worker.js after the
    answer to the page, or by `mount` (synchronous) the first time an import reaches the finders
    before that. First of the finders: the packages' (Later) re-reads the zips' directories."""

    def __init__(self, mount):
        self.mount, self.done, self.missed = mount, False, []

    def find_spec(self, name, path=None, target=None):
        if not self.done:
            self.missed.append(name)
            self.mount()
            self.done = True
        return None                       # the path finder finds it in the real zip now


def stdlib_later(mount):
    """Installs StdlibLater; the path of the standard library's zip (for calc-worker.js)."""
    finder = StdlibLater(mount)
    sys.meta_path.insert(0, finder)
    sys.pnp_stdlib_later = finder
    return next((p for p in sys.path if p.endswith(".zip")), "")


def _read():
    try:
        with open(CACHE, "rb") as f:
            table = marshal.load(f)
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return table if isinstance(table, dict) else {}


def _install():
    cache = CodeCache(_read())
    at = next((i for i, f in enumerate(sys.meta_path) if f is PathFinder), len(sys.meta_path))
    sys.meta_path.insert(at, cache)
    sys.pnp_code_cache = cache


_install()
