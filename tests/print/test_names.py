"""One name per thing per language: what the score pads and `pnp score` call a card-backed
category (Tournay's prestige buildings, Taverna's castle scorings) is the card's own name, and
the cards, the rules and the site use that same name; no French name in another language."""
from __future__ import annotations

import re

import pytest

from generator.loading.catalog import load_project
from generator.products.scorepad import pad_categories
from generator.typeset.text import typeset
from tests.conftest import ROOT, pnp
from tests.print.conftest import html_text, pdf_text

LANGS = ["fr", "en", "de", "ja"]
FRENCH_ROYAL = re.compile(r"\b(Roy|Reine|Grand Argentier|Archiduc|Archimage)\b|アルジャンティエ|ロワ|レーヌ")


def flat(text: str) -> str:
    """Whitespace- and apostrophe-blind text (names may wrap across lines; Japanese has no
    spaces; straight apostrophes are test_typography's business)."""
    return re.sub(r"\s+", "", text).replace("\u2019", "'")


def named_rows(game_id: str) -> list:
    game = load_project(ROOT, [game_id]).games[game_id]
    return [c for c in pad_categories(game) if c.names]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, at_least", [("tournay", 15), ("taverna", 5), ("san-gimignano", 2)])
def test_pads_cards_rules_and_site_share_names(full_build, game, at_least, lang):
    rows = named_rows(game)
    assert len(rows) >= at_least
    texts = {product: flat(pdf_text(full_build / game / lang / product))
             for product in ("score-pad.pdf", "cards.pdf", "rules.pdf")}
    texts["site"] = flat(html_text(full_build / "site" / game / f"{lang}.html"))
    for row in rows:
        name = typeset(row.names[lang], lang)    # Tour d’Arras, as typeset everywhere
        missing = [product for product, text in texts.items() if flat(name) not in text]
        assert missing == [], f"'{name}' is not in {missing}"


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_no_french_scoring_names_outside_french(full_build, lang):
    pad = pdf_text(full_build / "taverna" / lang / "score-pad.pdf")
    assert FRENCH_ROYAL.findall(pad) == []
    result = pnp("score", "taverna", str(ROOT / "examples" / "scores" / "taverna-rulebook.yaml"), "--lang", lang)
    assert result.exit_code == 0, result.output
    assert FRENCH_ROYAL.findall(result.output) == []


def test_pnp_score_names_the_scorings_as_the_cards_do():
    result = pnp("score", "taverna", str(ROOT / "examples" / "scores" / "taverna-rulebook.yaml"), "--lang", "en")
    names = {c.key: c.names["en"] for c in named_rows("taverna")}
    assert names["grand-argentier"] == "Lord Treasurer"
    shown = [n for n in names.values() if n in result.output]
    assert shown, result.output
    assert "High Treasurer" not in result.output
