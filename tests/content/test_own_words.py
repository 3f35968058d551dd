"""No shipped text repeats the rulebooks' wording: the project writes its own summaries.

For every language that has a rulebook (French: seeds 000, 001, 004; English: 002; Japanese:
003; German: none), no card, aid or rules text may share a run of 10 consecutive words with a
rulebook of that language. Words are compared lower-case, without punctuation; numbers and markup
(icons, card links, ``{{ … }}`` templates) are left out, since a number or a name is a fact, not
wording. Japanese has no spaces between words, so it is compared as runs of letters (kana, kanji,
Latin; punctuation and digits removed): 20 characters, about the length of a 10-word clause,
while shorter runs are set terms (「条件を満たすプレイヤー」, card names) that a faithful summary
must reuse.

The rulebooks are in ``../shared/seeds/`` beside the repository. Without them the test is
skipped, except on CI (``CI=true``), where they must be present.
"""
from __future__ import annotations

import os

import pytest

from .shipped import RULEBOOKS, SEEDS, rulebook_grams, shared_runs, shipped_texts

RUN = {"fr": 10, "en": 10, "ja": 20}


@pytest.fixture(scope="module", autouse=True)
def seeds_present():
    if not SEEDS.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"rulebooks not found at {SEEDS} (CI clones shared/ beside the repository)")
        pytest.skip(f"rulebooks not found at {SEEDS}")


@pytest.mark.parametrize("lang", sorted(RULEBOOKS))
def test_no_long_run_shared_with_the_rulebooks(lang):
    n = RUN[lang]
    grams = rulebook_grams(lang, n)
    found = []
    for where, text in shipped_texts(lang):
        runs = shared_runs(text, grams, n, lang)
        if runs:
            found.append(f"{where}: {sorted(runs)[0]!r}" + (f" (+{len(runs) - 1} overlapping)" if len(runs) > 1 else ""))
    assert not found, f"{len(found)} {lang} text(s) share a run of {n} with a rulebook:\n" + "\n".join(found)


def test_the_comparison_finds_a_copied_run():
    """The check itself: a sentence copied from a rulebook is caught, a paraphrase is not."""
    grams = rulebook_grams("fr", RUN["fr"])
    copied = "Les tours terminées ne sont plus détruites par l'effet Donazione, ne peuvent pas être prolongées."
    assert shared_runs(copied, grams, RUN["fr"], "fr")
    assert not shared_runs("Une tour terminée est à l'abri des Donazione et ne grandit plus.", grams,
                           RUN["fr"], "fr")
