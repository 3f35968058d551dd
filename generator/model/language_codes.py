"""What a language code is: two lowercase letters of ISO 639-1, and the likely code for one
written otherwise ('jp', 'eng', 'en-US', 'english'), for the model's validators and `pnp new`."""
from __future__ import annotations

import re
from functools import lru_cache

from pydantic_core import PydanticCustomError

LANG = re.compile(r"^[a-z]{2}$")
# codes written for a language that are not ISO 639-1 codes: a country's (jp), ISO 639-2 (eng, ger)
NOT_LANGUAGES = {"jp": "ja", "cn": "zh", "gr": "el", "dk": "da", "cz": "cs", "ua": "uk", "us": "en", "gb": "en",
                 "eng": "en", "fra": "fr", "fre": "fr", "ger": "de", "deu": "de", "jpn": "ja", "spa": "es",
                 "ita": "it", "por": "pt", "nld": "nl", "dut": "nl", "chi": "zh", "zho": "zh", "kor": "ko",
                 "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es", "italian": "it"}


@lru_cache(maxsize=1)
def iso_languages() -> frozenset[str]:
    """The 184 two-letter codes of ISO 639-1, as Babel (CLDR) names them in English."""
    from babel import Locale
    return frozenset(code for code in Locale("en").languages if len(code) == 2)


def language_problem(code: object) -> str | None:
    """Why `code` is not a language code, with the likely one ("jp": "did you mean 'ja'?"), or None."""
    text = str(code)
    if LANG.match(text) and text not in NOT_LANGUAGES:
        if text in iso_languages():
            return None
        return f"'{text}' is an unknown language (a code of ISO 639-1: en, fr, de, ja, es, …)"
    base = re.split(r"[-_]", text)[0].lower()
    guess = NOT_LANGUAGES.get(base) or (base if LANG.match(base) and base not in NOT_LANGUAGES else None)
    return (f"'{text[:20]}' is not a language code (two lowercase letters, ISO 639-1)"
            + (f"; did you mean '{guess}'?" if guess else ""))


def _language(value: str) -> str:
    problem = language_problem(value)
    if problem:
        raise PydanticCustomError("language", problem)
    return value
