"""Japanese lists in 五十音順 (issue 51): the icon legends and the score page's card picker sort by
the readings stored next to the Japanese names (`reading: {ja: …}`), never by code point.

Read: the project's icons and cards, and the built Japanese site (legend pages, the calculator's
card picker); the printed legends come from the same function as the site's.
"""
from __future__ import annotations

import html
import json
import re
import unicodedata

import pytest

from generator.loading.catalog import load_project
from generator.model.model import KANA_READING
from tests.conftest import ROOT

GAMES = ["tournay", "taverna", "san-gimignano"]


def _plain(kana: str) -> str:
    """The primary order of a Japanese dictionary: hiragana, voicing and small kana set aside
    (か = が, や = ゃ), 「ー」 read as the vowel it lengthens (カード as かあど), 「・」 left out."""
    out = []
    for c in unicodedata.normalize("NFKD", kana):
        c = chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c
        if unicodedata.combining(c) or c == "・":
            continue
        if c == "ー" and out:
            c = "あいうえお"["AIUEO".index(unicodedata.name(out[-1])[-1])]
        name = unicodedata.name(c, "")
        out.append(unicodedata.lookup(name.replace("SMALL ", "")) if "HIRAGANA LETTER SMALL" in name else c)
    return "".join(out)


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT)


def _readings(project, game_id: str) -> dict[str, str]:
    """Japanese label or card name -> its reading (the name itself when it is all kana)."""
    out = {}
    for spec in project.icons_for(game_id).values():
        label = spec.label.root if isinstance(spec.label.root, str) else spec.label.root.get("ja")
        if label and (label not in out or "ja" in spec.reading):
            out[label] = spec.reading.get("ja", label)
    game = project.games[game_id]
    for deck in game.decks:
        for card in deck.cards:
            name = card.name.root if isinstance(card.name.root, str) else card.name.root.get("ja")
            if name and (name not in out or "ja" in card.reading):
                out[name] = card.reading.get("ja", name)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_japanese_icon_label_has_a_reading(project, game):
    """A legend can only be put in 五十音順 if every label written with kanji says how it is read."""
    unread = [label for label, reading in _readings(project, game).items()
              if not KANA_READING.fullmatch(reading) and label in _legend_labels(project, game)]
    assert unread == []


def test_every_tournay_card_of_the_picker_has_a_reading(project):
    game = project.games["tournay"]
    unread = [card.id for deck in game.decks if deck.deck not in ("events", "plazas") for card in deck.cards
              if not KANA_READING.fullmatch(card.reading.get("ja", card.name.get("ja")))]
    assert unread == []


def _legend_labels(project, game_id: str) -> set[str]:
    from generator.texts.aids import legend
    game = project.games[game_id]
    return {label for _, label in legend(project, game, "ja")}


@pytest.mark.parametrize("game", GAMES)
def test_the_japanese_legend_pages_are_in_gojuon_order(full_build, project, game):
    page = (full_build / "site" / game / "ja-icons.html").read_text(encoding="utf-8")
    labels = [html.unescape(re.sub(r"<[^>]+>", "", m)).strip() for m in re.findall(r"<dd>(.*?)</dd>", page, re.S)]
    assert len(labels) >= 10
    reading = _readings(project, game)
    keys = [_plain(reading[label]) for label in labels]
    assert keys == sorted(keys), list(zip(labels, keys))


def test_the_japanese_card_picker_is_in_gojuon_order(full_build, project):
    page = (full_build / "site" / "tournay" / "ja-score.html").read_text(encoding="utf-8")
    spec = json.loads(re.search(r'id="calc-form-spec"[^>]*>(.*?)</script>', page, re.S).group(1))
    district = next(iter(_find(spec, "district")))
    reading = _readings(project, "tournay")
    rows: dict[tuple, list[str]] = {}
    for _id, label, colour, level in district["cards"]:
        rows.setdefault((colour, level), []).append(label)
    assert len(rows) == 9
    for row, labels in rows.items():
        # a label adds what tells cards apart (「修道院Ⅱ」, 「図書館Ⅰ（名声点1）」) to the card's name
        keys = [_plain(reading[max((n for n in reading if label.startswith(n)), key=len)]) for label in labels]
        assert keys == sorted(keys), (row, list(zip(labels, keys)))


def _find(node, kind: str):
    if isinstance(node, dict):
        if node.get("t") == kind:
            yield node
        for value in node.values():
            yield from _find(value, kind)
    elif isinstance(node, list):
        for value in node:
            yield from _find(value, kind)


def test_a_reading_not_in_kana_is_refused():
    from pydantic import ValidationError

    from generator.model.model import Card
    assert Card(id="a", name={"ja": "勝利点"}, reading={"ja": "しょうりてん"}).reading == {"ja": "しょうりてん"}
    with pytest.raises(ValidationError, match="not in kana"):
        Card(id="a", name={"ja": "勝利点"}, reading={"ja": "勝利点"})


@pytest.mark.parametrize("game", GAMES)
def test_rules_glossary_is_in_gojuon_order_of_its_readings(game):
    """The rules' 用語集 (Japanese editor, fourth reading: it was in the writer's order): every term
    written with kanji carries its kana reading, and the terms follow 五十音順 of those readings."""
    import yaml
    data = yaml.safe_load((ROOT / "cards" / game / "rules" / "ja.yaml").read_text(encoding="utf-8"))
    stack, terms = list(data["sections"]), []
    while stack:
        section = stack.pop()
        terms += section.get("terms") or []
        stack += section.get("sections") or []
    assert len(terms) >= 5
    for t in terms:
        assert KANA_READING.fullmatch(t.get("reading") or t["term"]), f"{t['term']}: no reading"
    keys = [_plain(t.get("reading") or t["term"]) for t in terms]
    assert keys == sorted(keys), [t["term"] for t in terms]
