"""Hyphenation as a typesetter does it: pyphen's dictionary (the one LibreOffice uses), never
fewer than 3 letters either side of the break, the project's corrections for words the
dictionary breaks badly (layouts/hyphenation.yaml), and names never broken: every card, deck
and game name of the language plus the proper names listed in that file.

A `Hyphenator` is the callable ReportLab takes as `style.hyphenationLang`: word -> (head, tail)
pairs, longest head first.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pyphen

from datafile.errors import DataError, Problem
from datafile.source import load_yaml

from ..reading.locate import relative, search_path

MIN_PART = 3           # letters either side of a break
EXCEPTIONS = "layouts/hyphenation.yaml"
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


class LazyDictionary(pyphen.HyphDict):
    """A pyphen dictionary whose patterns are parsed on first lookup. pyphen parses every line
    up front: 0.46 s for German's 90 000 lines, in every process that hyphenates German, where a
    build looks up a few thousand. Here a line is only filed under its letters (one
    str.translate); a lookup parses its lines with pyphen's own HyphDict, so the positions are
    pyphen's (tests/print/test_hyphenation.py compares them for every word we print)."""

    def __init__(self, path: Path):
        with path.open("rb") as handle:
            self.encoding = handle.readline().decode().strip()
        encoding = "cp1251" if self.encoding.lower() == "microsoft-cp1251" else self.encoding
        self.lines: dict[str, list[str]] = {}
        for line in path.read_text(encoding).split("\n")[1:]:
            line = line.strip()
            if not line or line.startswith(pyphen.ignored):
                continue
            pattern = pyphen.parse_hex(lambda m: chr(int(m.group(1), 16)), line) if "^^" in line else line
            if "/" in pattern and "=" in pattern:
                pattern = pattern.split("/", 1)[0]
            self.lines.setdefault(pattern.translate(_DIGITS), []).append(line)
        self.patterns = self      # pyphen's positions() calls self.patterns.get(letters)
        self.parsed: dict[str, tuple | None] = {}
        self.cache = {}
        self.maxlen = max(map(len, self.lines))

    def get(self, letters: str):
        lines = self.lines.get(letters)
        if lines is None:
            return None
        if letters not in self.parsed:
            try:
                self.parsed[letters] = next(iter(pyphen.HyphDict(_Text(self.encoding, lines)).patterns.values()))
            except (ValueError, StopIteration):   # only zeros: pyphen drops the pattern
                self.parsed[letters] = None
        return self.parsed[letters]


_DIGITS = str.maketrans("", "", "0123456789")


class _Text:
    """A few lines of a dictionary, read by HyphDict as if they were its file."""

    def __init__(self, encoding: str, lines: list[str]):
        self.head = encoding + "\n"
        self.text = self.head + "\n".join(lines)

    def open(self, _mode: str):
        return io.BytesIO(self.head.encode("ascii"))

    def read_text(self, _encoding: str) -> str:
        return self.text


class Hyphenator:
    def __init__(self, dictionary: str, breaks: dict[str, tuple[int, ...]], names: frozenset[str]):
        self.dictionary = dictionary
        path = pyphen.LANGUAGES[pyphen.language_fallback(dictionary)]
        if path not in pyphen.hdcache:   # pyphen's own cache, filled with the lazy dictionary
            pyphen.hdcache[path] = LazyDictionary(path)
        self.pyphen = pyphen.Pyphen(lang=dictionary, left=MIN_PART, right=MIN_PART)
        self.breaks = breaks      # lower-cased word -> allowed break positions (empty: never)
        self.names = names        # lower-cased words of names: never broken

    def positions(self, word: str) -> list[int]:
        key = word.lower()
        if key in self.names:
            return []
        found = self.breaks.get(key)
        if found is None:
            found = self.pyphen.positions(word)
        return [p for p in found if MIN_PART <= p <= len(word) - MIN_PART]

    def __call__(self, word: str) -> list[tuple[str, str]]:
        return [(word[:p], word[p:]) for p in sorted(self.positions(word), reverse=True)]

    def shown(self, word: str) -> str:
        """The word with its allowed breaks marked: Adels-sta-pel."""
        out, last = [], 0
        for p in sorted(self.positions(word)):
            out.append(word[last:p])
            last = p
        return "-".join(out + [word[last:]])


def _names(root: Path, lang: str) -> set[str]:
    """The words of every card, deck and game name in `lang` (from cards/<game>/*.yaml)."""
    words: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            name = node.get("name")
            if isinstance(name, dict) and isinstance(name.get(lang), str):
                words.update(w.lower() for w in WORD.findall(name[lang]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in sorted((root / "cards").glob("*/*.yaml")):
        try:   # by the project's rule and the loader's limits: a stray pipe, link or alias bomb names nothing
            walk(load_yaml(path, relative(root, path), search_path(root)))   # as the loader names it: its parse serves
        except DataError:
            continue
    return words


def parse_breaks(path: Path, data, lang: str) -> tuple[dict[str, tuple[int, ...]], set[str]]:
    """`lang:` in layouts/hyphenation.yaml: a list of words, each written with its only allowed
    breaks ("Adels-sta-pel") or none ("Spielende": never broken); `names:` lists proper names."""
    breaks: dict[str, tuple[int, ...]] = {}
    problems = []
    if not isinstance(data, dict):
        raise DataError([Problem(str(path), getattr(data, "line", 0), "", "not a mapping",
                                 "languages (de: [...], fr: [...]) and names: [...]")])
    entries = data.get(lang) or []
    if not isinstance(entries, list):
        raise DataError([Problem(str(path), data.key_lines.get(lang, 0) if hasattr(data, "key_lines") else 0,
                                 lang, "not a list", "a list of words: [Adels-sta-pel, Spielende]")])
    for index, entry in enumerate(entries):
        line = entries.item_lines[index] if hasattr(entries, "item_lines") else 0
        if not isinstance(entry, str) or not WORD.fullmatch(entry.replace("-", "")):
            problems.append(Problem(str(path), line, f"{lang}[{index}]", f"'{entry}' is not a word",
                                    "one word, with hyphens only where it may break: Adels-sta-pel"))
            continue
        parts = entry.split("-")
        if len(parts) > 1 and min(len(parts[0]), len(parts[-1])) < MIN_PART:
            problems.append(Problem(str(path), line, f"{lang}[{index}]",
                                    f"'{entry}' leaves fewer than {MIN_PART} letters on one side",
                                    f"at least {MIN_PART} letters before the first hyphen and after the last"))
            continue
        cuts, total = [], 0
        for part in parts[:-1]:
            total += len(part)
            cuts.append(total)
        breaks["".join(parts).lower()] = tuple(cuts)
    names = {w.lower() for name in (data.get("names") or []) for w in WORD.findall(str(name))}
    if problems:
        raise DataError(problems)
    return breaks, names


def _corrections(root: Path):
    """layouts/hyphenation.yaml as loaded; absent or empty, it corrects nothing."""
    path = root / EXCEPTIONS
    return (load_yaml(path, EXCEPTIONS, search_path(root)) if path.exists() else None) or {}


@lru_cache(maxsize=None)
def hyphenator(root: Path, lang: str, dictionary: str) -> Hyphenator:
    """The project's hyphenator for one language (read once per process)."""
    breaks, names = parse_breaks(Path(EXCEPTIONS), _corrections(root), lang)
    return Hyphenator(dictionary, breaks, frozenset(names | _names(root, lang)))


def check_corrections(root: Path) -> list[Problem]:
    """Problems of layouts/hyphenation.yaml, every language (for `pnp validate`)."""
    try:
        data = _corrections(root)
        if not isinstance(data, dict):
            parse_breaks(Path(EXCEPTIONS), data, "")    # says what the file should be
        problems = []
        for lang in [k for k in data if k != "names"]:
            try:
                parse_breaks(Path(EXCEPTIONS), data, lang)
            except DataError as exc:
                problems += exc.problems
        return problems
    except DataError as exc:
        return list(exc.problems)
