"""A translation catalogue's lines, checked before Babel reads them: Babel trusts a value's quotes
and its plural count, so a slip there would print a wrong card or allocate without bound."""
from __future__ import annotations

import re

from datafile.errors import DataError, Problem

MAX_PLURALS = 6         # plural forms of a language (Arabic has the most: 6)

_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_NPLURALS = re.compile(r"nplurals\s*=\s*(\d+)")


def header_line(text: str) -> int | None:
    """The line of a catalogue's Plural-Forms header (its text may be split over quoted lines)."""
    return next((n for n, line in enumerate(text.split("\n"), 1) if "Plural-Forms" in line or "nplurals" in line), None)


# a line Babel reads: a keyword and one quoted text, or a quoted text continuing the one above
_LINE = re.compile(r'(?:(msgid|msgid_plural|msgctxt|msgstr|msgstr\[\d+\]) +)?"(?:[^"\\]|\\.)*"[ \t]*')
_KEYWORD = re.compile(r"(msgid_plural|msgid|msgctxt|msgstr(?:\[\d+\])?)\b[ \t]*(.*)")


def check_lines(text: str, name: str) -> None:
    """Babel reads a value by cutting its first and last character, quotes or not: `msgstr Leiter`
    would print "eite". It has no strict mode for this, so each line is checked before Babel reads
    it: a comment, a keyword with one quoted text, or a quoted text (a continuation)."""
    problems = []
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        if not line or line.startswith("#") or _LINE.fullmatch(line):
            continue
        keyword = _KEYWORD.fullmatch(line)
        word, value = (keyword.group(1), keyword.group(2)) if keyword else ("", line)
        inner = value.strip()
        inner = inner[1:] if inner.startswith('"') else inner
        inner = inner[:-1] if inner.endswith('"') and not inner.endswith('\\"') else inner
        inner = inner[1:-1] if len(inner) > 1 and inner[0] == inner[-1] == "'" else inner
        fixed = '"' + re.sub(r'(?<!\\)"', '\\"', inner) + '"'
        if re.fullmatch(r'(?:"(?:[^"\\]|\\.)*"[ \t]*){2,}', value.strip()):   # "a" "b": one text, joined
            fixed = '"' + "".join(_QUOTED.findall(value)) + '"'
        if not keyword and re.match(r"[A-Za-z_]", line) and not line.startswith(('"', "'")):
            got = f"unknown keyword {line.split()[0][:30]!r}"
            expected = "msgid, msgid_plural, msgctxt, msgstr or msgstr[N], then a quoted text"
        else:
            got = (f"{word} {value[:60]}" if word else value[:60]) + " is not one quoted text"
            expected = f"a quoted text: {(word + ' ') if word else ''}{fixed[:80]}"
        problems.append(Problem(name, number, "", got, expected))
    if problems:
        raise DataError(problems)


def check_plural_count(text: str, name: str) -> None:
    """Babel allocates a list of `nplurals` entries per plural message before any check
    (nplurals=300000000: 4.7 GB): the count is refused before Babel reads the file. The header
    may split its text over several quoted lines, so the count is looked for in the quoted texts
    joined."""
    joined = "".join(_QUOTED.findall(text)).replace("\\n", " ")
    for count in _NPLURALS.findall(joined):
        if len(count) > 3 or int(count) > MAX_PLURALS:
            line = header_line(text) or 0
            raise DataError([Problem(name, line, "Plural-Forms", f"nplurals={count[:12]}",
                                     f"at most {MAX_PLURALS} plural forms")])
