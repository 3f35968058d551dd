"""Interface and layout strings ("Cost", "End of game", ...) from gettext PO catalogues.

Catalogues live in locales/<lang>/LC_MESSAGES/<domain>.po (one domain per part of the
project: pnp, tournay, aids, ...) and are read with Babel, so translators keep their usual
tools. English msgids are the source text; all domains of a language are merged.

A count in a sentence comes with its plural forms (msgid / msgid_plural / msgstr[n], as in any
gettext catalogue): `_("{count} card", "{count} cards", count=n)` picks the form by the
language's own plural rule (Babel's CLDR data), so no text says "1 cards" or "Karte(n)".
"""
from __future__ import annotations

import gettext
import io
import string
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from datafile.errors import BuildError, DataError, Problem
from datafile.source import read_text

from .characters import odd_character
from .locate import catalogue_paths, search_path
from .po_lines import check_lines, check_plural_count, header_line

SOURCE_LANGUAGE = "en"


def interface_languages(root: Path) -> list[str]:
    """The languages pnp's own texts speak here: English and each locales/<lang>/LC_MESSAGES of the
    project or installed with pnp (a folder without locales/ is fine)."""
    return sorted({SOURCE_LANGUAGE} | {p.name for base in search_path(root) if (base / "locales").is_dir()
                                       for p in (base / "locales").iterdir() if (p / "LC_MESSAGES").is_dir()})
MAX_MESSAGE = 5_000     # characters in one translation
PLURAL = "\x00"         # joins singular and plural msgid (the key) and the forms (the value), as .mo files do


@lru_cache(maxsize=32)
def _plural_rule(count: int, expression: str):
    """(number of forms, n -> form index) of a gettext Plural-Forms rule; ValueError if, for some
    count, it gives no form of the `count` (a header is data: plural=(n-5) or (1/n) is refused)."""
    rule = gettext.c2py(expression)
    for n in (*range(1001), 10_000, 1_000_000, 10 ** 9):
        try:
            index = rule(n)
        except ArithmeticError:
            raise ValueError(f"no form for {n}") from None
        if not 0 <= index < count:
            raise ValueError(f"form {index} for {n}")
    return count, rule


def source_plural_rule() -> tuple[int, str]:
    """English's rule (the msgid and msgid_plural of every entry), from Babel's data."""
    from babel.messages.plurals import get_plural
    rule = get_plural(SOURCE_LANGUAGE)
    return rule.num_plurals, rule.plural_expr


def plural_index(rule: tuple[int, str], n: int) -> int:
    """Which plural form `n` takes under `rule` (English: 0 for 1, else 1; Japanese: always 0)."""
    count, index = _plural_rule(*rule)
    return max(0, min(int(index(abs(int(n)))), count - 1))     # a rule is checked on samples of n only


class Messages(dict):
    """A language's translations (msgid -> msgstr), and the plural rule its catalogues declare
    (gettext's `Plural-Forms` header; Babel's data for the language where a file has none)."""
    plural: tuple[int, str]
    plural_line: int | None = None     # the header's line, None when the rule is Babel's


def load_catalogue(root: Path, lang: str) -> Messages:
    """Every domain of `lang` merged; DataError (file, line) on a damaged catalogue or a
    translation that could not be printed or formatted. Each file is read at every call (so
    `pnp serve` sees a new translation) and parsed once per content (_parsed)."""
    # bundled, then the project's own (locate.py)
    within = search_path(root)
    return _merged(tuple(_read(path, lang, within) for path in catalogue_paths(root, lang)), lang)


def read_catalogue(path: Path, lang: str, within: tuple[Path, ...] | None = None) -> Messages:
    """One domain's translations, checked as load_catalogue checks them; the file is read only
    from `within` (locate.search_path)."""
    name, text = _read(path, lang, within)
    if isinstance(text, tuple):
        raise DataError(list(text))
    return _parsed(name, text, lang)


def _read(path: Path, lang: str, within: tuple[Path, ...] | None) -> tuple[str, str | tuple[Problem, ...]]:
    """(name, the file's text) or (name, why it cannot be read)."""
    name = f"locales/{lang}/LC_MESSAGES/{path.name}"
    try:
        return name, read_text(path, name, within=within)
    except DataError as exc:
        return name, tuple(exc.problems)


@lru_cache(maxsize=64)
def _merged(files: tuple, lang: str) -> Messages:
    """Keyed on the files' names and contents: an edited file (whatever its size or time) is a new key."""
    merged = Messages()
    problems: list[Problem] = []
    read: list[tuple[str, Messages]] = []
    for name, text in files:
        if isinstance(text, tuple):
            problems += text
            continue
        try:
            read.append((name, _parsed(name, text, lang)))
        except DataError as exc:
            problems += exc.problems
    # one rule per language: the first header's (a file without one has Babel's, which must agree)
    declared = [(name, messages) for name, messages in read if messages.plural_line is not None] or read[:1]
    for name, messages in read:
        merged.update(messages)
        if messages.plural != declared[0][1].plural:
            count, expression = declared[0][1].plural
            first = declared[0][0].rsplit("/", 1)[-1]
            problems.append(Problem(name, messages.plural_line or 1, "Plural-Forms",
                                    f"nplurals={messages.plural[0]}; plural={messages.plural[1]}",
                                    f"the rule of {first}: \"Plural-Forms: nplurals={count}; "
                                    f"plural={expression};\\n\" in this file's header too"))
    if problems:
        raise DataError(problems)
    # a language without catalogues translates nothing: English's rule, as for any untranslated text
    merged.plural = declared[0][1].plural if declared else source_plural_rule()
    return merged


# Parsed catalogues by content (file name, language, text), as datafile/source.py keeps YAML:
# a copied project, `pnp validate` after an edit, --watch, serve and studio parse again only the
# files whose text changed. A damaged file's problems are kept too. Callers never change a Messages.
_catalogues: dict[tuple[str, str, str], Messages | tuple[Problem, ...]] = {}
MAX_CATALOGUES = 512     # ~10 kB of text each; oldest out first


def _parsed(name: str, text: str, lang: str) -> Messages:
    key = (name, lang, text)
    entry = _catalogues.get(key)
    if entry is None:
        try:
            entry = _parse_catalogue(name, text, lang)
        except DataError as exc:
            entry = tuple(exc.problems)
        while len(_catalogues) >= MAX_CATALOGUES:
            _catalogues.pop(next(iter(_catalogues)), None)
        _catalogues[key] = entry
    if isinstance(entry, tuple):
        raise DataError(list(entry))
    return entry


def _parse_catalogue(name: str, text: str, lang: str) -> Messages:
    from babel.messages.pofile import (
        PoFileError,
        read_po,  # imported here: English builds never need it
    )

    check_plural_count(text, name)
    check_lines(text, name)
    try:
        catalogue = read_po(io.StringIO(text), locale=lang, abort_invalid=True)
    except (PoFileError, ValueError, TypeError, KeyError, IndexError) as exc:
        raise DataError([Problem(name, getattr(exc, "lineno", 0) or 0, "",
                                 f"not a readable gettext catalogue ({str(exc)[:150]})",
                                 "msgid \"...\" / msgstr \"...\" pairs")]) from None
    merged = Messages()
    problems: list[Problem] = []
    # the rule the file declares (its header), else Babel's for the language: a catalogue
    # written with two French forms stays valid when CLDR (Babel 2.19) gives French three
    merged.plural = (catalogue.num_plurals, catalogue.plural_expr)
    merged.plural_line = header_line(text)
    try:
        _plural_rule(*merged.plural)
    except (ValueError, SyntaxError, RecursionError, MemoryError):
        raise DataError([Problem(name, merged.plural_line or 0, "Plural-Forms", f"plural={merged.plural[1][:40]}",
                                 f"a C expression of n giving a form from 0 to {merged.plural[0] - 1} for every "
                                 f"count, as gettext reads it (e.g. plural=(n > 1);)")]) from None
    for message in catalogue:
        if not (message.id and message.string and not message.fuzzy):
            continue
        if not isinstance(message.id, str) or not isinstance(message.string, str):
            plural = _plural_message(message, lang, merged.plural[0])
            if isinstance(plural, _Bad):
                problems.append(Problem(name, message.lineno, *plural.args))
            elif plural:
                merged[plural[0]] = plural[1]
            continue
        problem = _check_translation(message.id, message.string)
        if problem:
            problems.append(Problem(name, message.lineno, f"msgstr of '{message.id[:40]}'", *problem))
            continue
        merged[message.id] = message.string
    if problems:
        raise DataError(problems)
    return merged


class _Bad(Exception):
    """A plural message's problem, before it knows its file and line."""


def _plural_message(message, lang: str, count: int):
    """(key, forms joined) of a msgid_plural entry, None if untranslated, or a _Bad."""
    ids, forms = message.id, message.string
    if isinstance(ids, str) or isinstance(forms, str) or len(ids) != 2:
        return _Bad("msgstr", "a plural entry needs msgid, msgid_plural and msgstr[n]",
                    "msgid / msgid_plural / msgstr[0] …")
    if not any(forms):
        return None
    if len(forms) != count or not all(forms):
        return _Bad(f"msgstr of '{ids[0][:40]}'", f"{sum(1 for f in forms if f)} plural forms",
                    f"{count} (msgstr[0] … msgstr[{count - 1}]) for '{lang}'")
    for form in forms:
        problem = _check_translation(ids[1], form)
        if problem:
            return _Bad(f"msgstr of '{ids[0][:40]}'", *problem)
    return ids[0] + PLURAL + ids[1], PLURAL.join(forms)


def _fields(text: str) -> list[tuple[str, str | None, str | None]] | None:
    try:
        return [(f, spec, conv) for _, f, spec, conv in string.Formatter().parse(text) if f is not None]
    except ValueError:
        return None


def _check_translation(msgid: str, msgstr: str) -> tuple[str, str] | None:
    """A translation must be printable and name exactly its msgid's {placeholders}, none when it
    has none: scoring fills them with str.format, so an attribute, index or width there would
    run on our data, and an unknown name would stop the command."""
    if len(msgstr) > MAX_MESSAGE:
        return f"a translation of {len(msgstr)} characters", f"at most {MAX_MESSAGE}"
    odd = odd_character(msgstr)
    if odd:
        return f"{odd[1]} U+{ord(odd[0]):04X} cannot be printed", "printable characters"
    source, translated = _fields(msgid), _fields(msgstr)
    if source is None:     # not a template (a lone brace): never formatted
        return None
    if translated is None or any(spec or conv for _, spec, conv in translated) or \
            sorted({f for f, _, _ in translated}) != sorted({f for f, _, _ in source}):
        shown = ", ".join("{" + f + "}" for f in sorted({f for f, _, _ in source}))
        # a prompt is formatted even without placeholders: "{x}" there would stop `pnp score`
        return "its placeholders differ from the English text's", (
            f"exactly {shown}, without formats" if shown else "no {placeholder} (a brace itself is written {{ or }})")
    return None


def english_only(root: Path, lang: str) -> bool:
    """A language pnp has no catalogue for at all (es, it…): its interface strings print in English,
    every one of them, so no page mixes the two (a new game in it builds at once)."""
    return lang != SOURCE_LANGUAGE and not catalogue_paths(root, lang)


@dataclass
class Translator:
    """Callable as `_` in templates; remembers what it could not translate."""

    root: Path
    lang: str
    allow_missing: bool = False
    missing: set[str] = field(default_factory=set)
    _catalogue: Messages | DataError | None = field(default=None, repr=False)

    def __call__(self, msgid: str, plural: str | None = None, /, **fields) -> str:
        """`msgid` in this language; with `plural`, the form that fields['count'] takes. Named
        `fields` fill the translation's {placeholders} (checked against the msgid's own)."""
        if plural is None and msgid == "":   # an empty cell prints nothing (gettext's '' is the .po header)
            return ""
        if plural is None:
            text, _translated = self._lookup(msgid)
        else:
            n = fields.get("count")
            if not isinstance(n, int):
                raise BuildError(f"'{msgid}': a plural text needs count=<a whole number>")
            joined, translated = self._lookup(msgid + PLURAL + plural)
            forms = joined.split(PLURAL)
            rule = self._messages().plural if translated else source_plural_rule()
            text = forms[min(plural_index(rule, n), len(forms) - 1)]
        return text.format(**fields) if fields else text

    def _lookup(self, key: str) -> tuple[str, bool]:
        """(translation, True), or (the English key, False) for English or a tolerated gap."""
        if self.lang == SOURCE_LANGUAGE:
            return key, False
        text = self._messages().get(key)
        if text:
            return text, True
        shown = key.replace(PLURAL, "' / '")
        self.missing.add(shown)
        if not self.allow_missing and not english_only(self.root, self.lang):
            raise BuildError(f"no {self.lang} translation for '{shown}' in {self._catalogue_named()} "
                             f"(add it, or build with --allow-missing to fall back to English)")
        return key, False

    def _catalogue_named(self) -> str:
        """The project's own catalogue for the language when it has one (where a game's texts go),
        else every catalogue's place."""
        own = sorted((self.root / "locales" / self.lang / "LC_MESSAGES").glob("*.po"))
        if len(own) == 1:
            return f"locales/{self.lang}/LC_MESSAGES/{own[0].name}"
        return f"locales/{self.lang}/LC_MESSAGES/*.po"

    def _messages(self) -> Messages:
        if self._catalogue is None:   # once per translator (one product): thousands of calls
            try:
                self._catalogue = load_catalogue(self.root, self.lang)
            except DataError as exc:   # a damaged catalogue fails every call alike, unread again
                self._catalogue = exc
        if isinstance(self._catalogue, DataError):
            raise DataError(self._catalogue.problems)
        return self._catalogue

    def plural_of(self, msgid: str) -> tuple[str, str] | None:
        """The English (singular, plural) of the plural entry that has `msgid` as one of its
        two forms (an icon's label), so a number before the icon can choose the form."""
        keys = self._messages() if self.lang != SOURCE_LANGUAGE else _plural_keys(self.root)
        for key in keys:
            if PLURAL in key and msgid in key.split(PLURAL):
                one, other = key.split(PLURAL)
                return one, other
        return None


def _plural_keys(root: Path) -> set[str]:
    """English has no catalogue: its plural msgids are those of the translations beside it."""
    from .locate import search_path
    langs = {d.name for base in search_path(root) for d in (base / "locales").glob("*") if d.is_dir()}
    return {key for lang in sorted(langs) for key in load_catalogue(root, lang) if PLURAL in key}


def players_and_minutes(translate, low: int, high: int, minutes: int) -> str:
    """A game's header facts, "2–4 players · 45 min" / 「2〜4人・45分」, from the catalogue (the
    same messages as layouts/aids.yaml's header)."""
    if low == high:
        return translate("{count} player · {minutes} min", "{count} players · {minutes} min",
                         count=low, minutes=minutes)
    return translate("{min}–{max} players · {minutes} min", min=low, max=high, minutes=minutes)


def sort_key(text: str, lang: str = "", reading: str | None = None) -> tuple[str, ...]:
    """Dictionary order for a list a reader scans (legends, card pickers): accents and case set
    aside first (« Évêché » among the E, « Péage, Prêtre, Prieur »), then kept to break ties.
    Japanese goes by 五十音順 of the text's reading (kana, from the data: a kanji's reading
    cannot be worked out reliably), else of the text itself."""
    if lang == "ja":
        kana = _hiragana(reading or text)
        return _gojuon(kana), kana, text
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return bare.casefold(), text


_VOWELS = {"A": "あ", "I": "い", "U": "う", "E": "え", "O": "お"}


def _hiragana(text: str) -> str:
    """Katakana as hiragana (ヴ as ゔ), everything else as it is."""
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def _gojuon(kana: str) -> str:
    """The primary key of 五十音順 (JIS X 4061): voiced and small kana as their plain letter
    (が as か, ゃ as や), 「ー」 as the vowel it lengthens, 「・」 and spaces left out."""
    out: list[str] = []
    for c in unicodedata.normalize("NFD", kana):
        if unicodedata.combining(c) or c in "・ \u3000":
            continue
        if c == "ー" and out:
            name = unicodedata.name(out[-1], "")
            c = _VOWELS.get(name[-1:], c) if name.startswith("HIRAGANA") else c
        elif "ぁ" <= c <= "ゖ" and "SMALL" in unicodedata.name(c, ""):
            c = unicodedata.lookup(unicodedata.name(c).replace("SMALL ", ""))
        out.append(c)
    return "".join(out)
