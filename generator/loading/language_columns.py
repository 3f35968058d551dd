"""One column per language, as nanDECK and Squib designers translate a sheet without .po files:
`Text` and `Text.de` (columns.py reads the rest of the header). The plain column holds the
game's first language that has no column of its own; every other language needs its column,
and an empty cell there is a missing translation, refused as a YAML text lacking a language is
(never an English card in a German build)."""
from __future__ import annotations

import re

from datafile.errors import Problem, closest

from ..model.language_codes import NOT_LANGUAGES, language_problem
from .headers import property_key

DOTTED = re.compile(r"^(?P<stem>.+)\.(?P<lang>[A-Za-z]{2,3})$")
# `Text_de`, `Text-de`, `Text (de)`, `Text [de]`: other spellings of the same idea, answered with the dot
OTHER = re.compile(r"^(?P<stem>.+?)(?:[_\- ]|\s*[(\[])(?P<lang>[A-Za-z]{2})[)\]]?$")


def split(header: str, stems: set[str], languages: list[str]) -> tuple[str, str] | str | None:
    """(stem, language) for a translation's column (`Text.de`); a one-line complaint for a slip
    of one (`Text_de`, `Text.dee`, `Text.fr` in a game without French); None for any other
    header. `stems`: the keys (headers.property_key) of the headers that may have translations."""
    if not languages:
        return None
    dotted = DOTTED.match(header)
    if dotted and property_key(dotted["stem"].removeprefix("props.")) in stems:
        stem, lang = dotted["stem"], dotted["lang"].lower()
        if lang in languages or language_problem(lang) is None:   # a language the game does not print yet: kept
            return stem, lang
        guess = NOT_LANGUAGES.get(lang) if NOT_LANGUAGES.get(lang) in languages else closest(lang, languages)
        return (f"'{lang}' is not a language code"
                + (f"; did you mean '{stem}.{guess}'?" if guess else f" (the game's: {', '.join(languages)})"))
    other = OTHER.match(header)
    if other and other["lang"].lower() in languages and property_key(other["stem"]) in stems:
        return (f"did you mean '{other['stem']}.{other['lang'].lower()}'? (a translation's column is the "
                f"column's header, a dot and the language)")
    return None


def base_language(given: set[str], languages: list[str]) -> str | None:
    """The language of a plain column beside its translations: the game's first without a column."""
    return next((lang for lang in languages if lang not in given), None)


def free_problems(header: list[str], free: list[str], at: tuple[str, int], display: str) -> list[Problem]:
    """A deck's `language_free:` naming a column its spreadsheet lacks: one line at that entry."""
    lower = {h.strip().lower(): h for h in header if h and h.strip()}
    problems = []
    for name in free:
        if name.strip().lower() not in lower:
            guess = lower.get(closest(name.strip().lower(), list(lower)) or "")
            problems.append(Problem(*at, "language_free", f"no column '{name}' in {display}"
                                    + (f"; did you mean '{guess}'?" if guess else ""),
                                    f"one of its columns: {', '.join(lower.values())[:200]}"))
    return problems
