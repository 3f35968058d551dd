"""`pnp validate --paper P` refuses what `pnp build --paper P` refuses (issue 23, item 3): the
pieces, the rules' columns, the aid card, the one-page aid and the score pad, each at its own
line; and a paper too small for the rules or the aid is one line with the fix, never an internal
error."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp

GAME = "san-gimignano"
# product -> what names it in validate's lines: the file (and field) the build's refusal is about
NAMED_BY = {"cards": r"cards/san-gimignano/(nobles|towers)\.yaml:\d+: size: ",
            "rules": r"cards/san-gimignano/game\.yaml:\d+: name: rules: ",
            "player-aid-card": r"cards/san-gimignano/aid-card/\w+\.yaml:\d+: sides: player aid card: ",
            "player-aid": r"cards/san-gimignano/aid/de\.yaml:\d+: sections: ",
            "score-pad": r"cards/san-gimignano/game\.yaml:\d+: players: "}


def _lines(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.strip()]


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("paper", ["60x80", "90x127"])
def test_validate_on_a_paper_refuses_first_what_the_build_refuses_on_it(tmp_path, paper):
    checked = pnp("validate", GAME, "--paper", paper)
    assert checked.exit_code == 1
    problems = _lines(checked)[:-1]
    assert problems and all(re.match(r"cards/san-gimignano/[\w/-]+\.yaml:[1-9]\d*: ", p) for p in problems), problems
    refused = []
    for product, named in NAMED_BY.items():
        built = pnp("build", GAME, "--lang", "de", "--paper", paper, "--only", product, "--out", str(tmp_path / product))
        lines = _lines(built)
        if built.exit_code == 0:
            continue
        refused.append(product)
        assert "internal error" not in built.output and lines[-1] == "Nothing was written.", lines
        assert any(re.match(named, p) for p in problems), (product, problems)
    assert "cards" in refused if paper == "60x80" else "player-aid-card" in refused, refused


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_validate_without_paper_checks_each_languages_own_paper():
    assert pnp("validate", GAME).exit_code == 0
    assert pnp("validate", GAME, "--paper", "a4").exit_code == 0


@pytest.mark.parametrize("product", ["rules", "player-aid"])
def test_a_paper_too_small_for_the_rules_or_the_aid_is_one_line_with_the_fix(tmp_path, product):
    built = pnp("build", "taverna", "--lang", "en", "--paper", "50x70", "--only", product, "--out", str(tmp_path))
    assert built.exit_code == 1
    failure = [line for line in _lines(built) if line.startswith("build failed: ")]
    assert len(failure) == 1 and "--paper" in failure[0] and "internal error" not in built.output, built.output


def test_a_rules_block_taller_than_a_column_names_the_paper(tmp_path):
    """A figure or table kept whole that no column of the page holds: ReportLab's LayoutError,
    said as the paper it is about and the fix."""
    built = pnp("build", "taverna", "--lang", "en", "--paper", "120x170", "--only", "rules", "--out", str(tmp_path))
    assert built.exit_code == 1
    failure = [line for line in _lines(built) if line.startswith("build failed: ")]
    assert len(failure) == 1 and "120x170" in failure[0] and "--paper" in failure[0], built.output
    assert "LayoutError" not in built.output and " at 0x" not in built.output


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
@pytest.mark.parametrize("paper, refused", [("148x210", False), ("120x170", False), ("148x150", True)])
def test_validate_places_the_cards_beside_the_fold_as_the_build_does(tmp_path, paper, refused):
    """With --fold a card and its back share half the page, less the fold's lane (the marks; the
    bleed too for pieces without a white frame), upright or turned a quarter as the build turns
    it (on 120 x 170 mm only turned): on 148 x 150 mm a poker card fits alone but not beside its back either way, and validate
    says so at the deck's `size:` line, as the build refuses it."""
    options = ["--paper", paper, "--fold", "short", "--bleed", "3"]
    built = pnp("build", "taverna", "--lang", "fr", *options, "--only", "cards", "--out", str(tmp_path))
    assert built.exit_code == (1 if refused else 0), built.output
    checked = pnp("validate", "taverna", *options)
    sizes = [line for line in _lines(checked) if re.match(r"cards/taverna/\w[\w-]*\.yaml:[1-9]\d*: size: ", line)]
    assert bool(sizes) == refused, sizes
    if refused:     # the fix named: the fold is what leaves no room
        assert "beside the fold" in sizes[0] and "--fold none" in built.output, (sizes, built.output)
