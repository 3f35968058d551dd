"""Nothing rebuilt twice: a content-addressed cache of products.

A product's key is a hash of everything it reads: the game's YAML files with every translated
text reduced to the product's language (so editing one card's English text changes the keys of
that game's English products only), every layout file, every font file, the language's locale
catalogues (and English, the --allow-missing fallback), the build options, and the code that
renders it (the project's version, a hash of its Python sources, the versions of the libraries
that shape the bytes). The cache lives in OUT/.pnp-cache/, inside the output it describes, so it
moves with the whole-set atomic swap; entries are named by key and by the hash of their own
bytes, and an entry whose bytes no longer match (a PDF edited in place) is never served.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Callable

from datafile.errors import BuildError, DataError
from datafile.source import load_yaml

from ..reading import site_code
from ..reading.locate import input_files, relative, search_path
from ..paper import written
from ..paper.output import CACHE_DIR, file_digest, link_or_copy   # noqa: F401 (CACHE_DIR: cache.CACHE_DIR)

KEEP = 400            # entries kept (most recently used first)
_LIBRARIES = ("pnp-studio", "reportlab", "pyphen", "fonttools", "brotli", "uharfbuzz", "jinja2", "babel",
              "pydantic", "pyyaml", "pillow", "svglib", "openpyxl")   # brotli, uharfbuzz: the web fonts' bytes
_CODE = ("generator", "datafile", "scoring")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_VIEWS: dict[tuple, dict[str, str]] = {}     # (file digest, languages) -> {lang: digest of its view}


@lru_cache(maxsize=None)
def _code_fingerprint() -> str:
    """The renderer itself: a code change without a version bump must not serve old output.
    Computed once per process: it describes the code this process runs, even if the files
    change under a running `--watch`."""
    package = Path(__file__).resolve().parents[2]
    h = hashlib.sha256()
    for name in _CODE:
        for path in sorted((package / name).rglob("*.py")):
            h.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes() + b"\0")
    for lib in _LIBRARIES:
        try:
            h.update(f"{lib}={metadata.version(lib)};".encode())
        except metadata.PackageNotFoundError:
            h.update(f"{lib}=?;".encode())
    return h.hexdigest()


def _reduce(value, languages: frozenset, lang: str):
    """A YAML value with every {fr:, en:, ...} text replaced by its `lang` entry."""
    if isinstance(value, dict):
        if value and all(isinstance(k, str) and k in languages for k in value):
            return {lang: _reduce(value.get(lang), languages, lang)}
        return {str(k): _reduce(v, languages, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [_reduce(v, languages, lang) for v in value]
    return value


class Keys:
    """Computes product keys for one build (file hashes read once per build)."""

    def __init__(self, root: Path, options, extra: dict | None = None):
        self.root = root
        from ..paper.colophon import build_epoch     # printed in every file (paper/colophon.py)
        self.base = {"code": _code_fingerprint(), "options": dataclasses.asdict(options),
                     "date": build_epoch(root), **(extra or {})}
        self._files: dict[Path, str] = {}
        self._digests: dict[tuple, str] = {}

    def shared(self, *inputs) -> str:
        """A key for something made from `inputs` by this code whatever the build's options (a
        web-font subset), for the user's cache that every project and output folder share."""
        return _sha(json.dumps([self.base["code"], *inputs], sort_keys=True, ensure_ascii=False).encode())

    def _file(self, path: Path) -> str:
        if path not in self._files:
            self._files[path] = file_digest(path)
        return self._files[path]

    def of(self, *inputs) -> str:
        """A key for something made from `inputs` (file paths are read, the rest serialised) with
        this build's code and options: a web-font subset, a page of the site."""
        return _sha(json.dumps([self.base, *[self._file(i) if isinstance(i, Path) else i for i in inputs]],
                               sort_keys=True, default=str, ensure_ascii=False).encode())

    def _tree(self, folder: Path) -> dict[str, str]:
        if not folder.is_dir():
            return {}
        return {str(p): self._file(p) for p in input_files(folder, search_path(self.root))}

    def _everywhere(self, *parts: str) -> dict[str, str]:
        """A folder of the project and of the data bundled with pnp (layouts, fonts and
        catalogues the project lacks come from there)."""
        found = {}
        for base in search_path(self.root):
            found.update(self._tree(base.joinpath(*parts)))
        return found

    def _language_view(self, path: Path, languages: frozenset, lang: str) -> str:
        """The digest of a YAML file as one language sees it. The file is parsed once for all
        its languages and only the digests kept (a deck of thousands of cards would otherwise
        stay in memory through the build), by the file's own digest: a `--watch` loop parses
        again only the files that were edited."""
        digest = self._file(path)
        if (digest, languages) not in _VIEWS:
            if len(_VIEWS) > 4096:
                _VIEWS.clear()
            try:   # the loader's limits: a stray alias bomb in a game's subfolder is only bytes here
                # named as the loader names it, so the parse it kept serves here (datafile/source.py)
                data = load_yaml(path, relative(self.root, path), search_path(self.root))
                _VIEWS[digest, languages] = {
                    one: _sha(json.dumps(_reduce(data, languages, one), sort_keys=True, default=str,
                                         ensure_ascii=False).encode()) for one in sorted(languages)}
            except DataError:
                _VIEWS[digest, languages] = {}
        return _VIEWS[digest, languages].get(lang) or digest

    def game_inputs(self, game_dir: Path, languages: list[str], lang: str) -> dict:
        """The game's files as one language sees them: per-language files (aid/en.yaml) of
        that language only, other YAML reduced to that language."""
        langs = frozenset(languages)
        view = {}
        for path in input_files(game_dir, search_path(self.root)):
            rel = str(path)
            if path.suffix in (".yaml", ".yml"):
                if path.stem in langs and path.parent != game_dir:
                    if path.stem == lang:
                        view[rel] = self._language_view(path, langs, lang)
                    continue
                view[rel] = self._language_view(path, langs, lang)
            else:
                view[rel] = self._file(path)
        return view

    def shared_inputs(self) -> str:
        """Everything a process keeps once loaded: layouts and fonts, and every locale."""
        return self._memo(("shared",), lambda: {**self._everywhere("layouts"), **self._everywhere("locales"),
                                                "root": str(self.root)})

    def _memo(self, what: tuple, compute) -> str:
        if what not in self._digests:
            self._digests[what] = _sha(json.dumps(compute(), sort_keys=True, default=str,
                                                  ensure_ascii=False).encode())
        return self._digests[what]

    def key(self, product: str, game_dir: Path, languages: list[str], lang: str) -> str:
        inputs = {
            **self.base,
            "product": product,
            "lang": lang,
            # the site is made from the project's own site files only when the user trusts them
            **({"site_code": site_code.trusted()} if product == "site" else {}),
            "game": self._memo(("game", game_dir, lang), lambda: self.game_inputs(game_dir, languages, lang)),
            "layouts": self._memo(("layouts",), lambda: self._everywhere("layouts")),
            "locales": self._memo(("locales", lang), lambda: {**self._everywhere("locales", "en"),
                                                               **self._everywhere("locales", lang)}),
        }
        return _sha(json.dumps(inputs, sort_keys=True, default=str).encode())


def _regular(path: Path) -> bool:
    """A regular file itself (not a link to one, a pipe or a device): what OUT's cache may hold."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _intact(entry: Path) -> bool:
    """A cache entry `<key>-<content hash>` whose bytes still match the hash in its name (never
    one altered in place), itself a regular file: a link there is never served (a shipped
    output is untrusted)."""
    try:
        return _regular(entry) and file_digest(entry) == entry.name.rpartition("-")[2]
    except (OSError, BuildError):     # gone meanwhile, or not a file to read
        return False


class Store:
    """Entries `<key>-<content hash>` in OUT/.pnp-cache/; new ones go into the staging folder."""

    def __init__(self, out: Path, staged: Path | None, trusted: dict[str, str] | None = None):
        self.old = out / CACHE_DIR
        self.new = (staged / CACHE_DIR) if staged is not None else self.old
        self.used: set[str] = set()
        # what pnp wrote into OUT (written.py): a shipped cache entry, named right for a key
        # anyone can compute, is never taken for a product
        self.listed = written.Ours(out, trusted)

    def _ours(self, entry: Path) -> bool:
        return self.listed(f"{CACHE_DIR}/{entry.name}")

    def _entry(self, key: str) -> Path | None:
        """The entry for `key`, if an earlier build left one whose bytes still match the hash in
        its name (never one altered in place) and pnp wrote it."""
        if not self.old.is_dir():
            return None
        for entry in self.old.glob(f"{key}-*"):
            if _intact(entry) and self._ours(entry):
                self.used.add(entry.name)
                return entry
        return None

    def _wrote(self, entry: Path) -> None:
        if self.new == self.old:     # in place (pnp serve): vouched for until the next commit lists it
            written.vouch(entry, file_digest(entry))

    def fetch(self, key: str, into: Path) -> bool:
        """Link the entry for `key` to `into`; False when absent or altered."""
        found = self._entry(key)
        if found:
            link_or_copy(found, into)
        return found is not None

    def put(self, key: str, produced: Path) -> None:
        self.new.mkdir(parents=True, exist_ok=True)
        name = f"{key}-{file_digest(produced)}"
        entry = self.new / name
        if not entry.exists():
            link_or_copy(produced, entry)
            self._wrote(entry)
        self.used.add(name)

    def remembered(self, key: str, make: Callable[[], bytes], read: bool = True) -> bytes:
        """The bytes made for `key` by an earlier build (unaltered), else `make()`, kept for the next."""
        found = self._entry(key) if read else None
        if found:
            return found.read_bytes()
        data = make()
        name = f"{key}-{_sha(data)}"
        self.new.mkdir(parents=True, exist_ok=True)
        if not (self.new / name).exists():
            (self.new / name).write_bytes(data)
            self._wrote(self.new / name)
        self.used.add(name)
        return data

    def site_is_current(self, key: str, site: Path) -> bool:
        """True when OUT's site was built from these inputs and its files are as written."""
        marker = self.old / f"site-{key}"
        try:
            small = _regular(marker) and marker.lstat().st_size < 16_000_000 and self._ours(marker)
            files = json.loads(marker.read_text(encoding="utf-8")) if small else None
            current = isinstance(files, dict) and all(
                _regular(site / rel) and file_digest(site / rel) == digest for rel, digest in files.items())
        except (OSError, ValueError, TypeError):
            return False
        if current:
            self.used.add(marker.name)
        return current

    def site_written(self, key: str, staged_site: Path) -> None:
        files = {str(p.relative_to(staged_site)): file_digest(p)
                 for p in sorted(staged_site.rglob("*")) if p.is_file()}
        self.new.mkdir(parents=True, exist_ok=True)
        (self.new / f"site-{key}").write_text(json.dumps(files, sort_keys=True), encoding="utf-8")
        self._wrote(self.new / f"site-{key}")
        self.used.add(f"site-{key}")

    def drop_unused(self, prefix: str) -> None:
        """Remove the entries named `prefix`… that this run did not use (for a writer without a
        staging, `pnp serve`: a build keeps only what carry_over takes)."""
        for entry in self.old.glob(f"{prefix}*"):
            if entry.name not in self.used:
                entry.unlink(missing_ok=True)

    def carry_over(self) -> None:
        """Into the new output's cache: this build's entries and the most recent others, KEEP
        in all (the staging does not link the old cache itself)."""
        if self.new == self.old or not self.old.is_dir():
            return
        others = sorted((p for p in self.old.iterdir() if p.name not in self.used),
                        key=lambda p: p.lstat().st_mtime, reverse=True)
        for entry in [self.old / name for name in self.used] + others[:max(0, KEEP - len(self.used))]:
            if _regular(entry) and self._ours(entry) and not (self.new / entry.name).exists():
                link_or_copy(entry, self.new / entry.name)
