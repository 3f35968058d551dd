"""Explanations ("detail" of each line, tie-breaks, notes) in the language of `--lang`:
English templates with named placeholders, translated in locales/<lang>/LC_MESSAGES/scoring.po."""
from __future__ import annotations

import ast
import re
import json
import string
from pathlib import Path

import pytest

from generator.reading.i18n import Translator, load_catalogue
from scoring.api import score_data, score_file
from scoring.result import GameResult, Join, Name, Text, render
from scoring.tournay import cards_from_deck_file
from tests.conftest import game_facts, pnp

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "scores"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
LANGS = ("fr", "de", "ja")

# English words of the explanations that must not survive translation
ENGLISH = {
    "san-gimignano": ["floors", "holds the marker", "uniform tower", "tower(s)", "points each"],
    "tournay": ["builder", "not built", "visible cards", "citizens", "covered", "sets of", "yellow", "red"],
    "taverna": ["step up", "score track", "top step", "royal scoring order", "property titles",
                "unused spells", "elf 2", "Dwarf", "Elves"],
}
# fragments each translation must show, from the rulebook examples
EXPECTED = {
    ("san-gimignano", "fr"): ["aucune tour unie de 7", "10 (étages\u00a0: 4)", "détient le marqueur",
                              "nombre de tours × total des étages\u00a0: 3 × (5 + 3 + 3)"],
    ("san-gimignano", "ja"): ["7の単色の塔なし", "10（4階）", "マーカーを持っている", "多色の塔3基×総階数（5 + 3 + 3）",
                              "完成した塔4基×5点", "3階、1階につき2点"],
    ("tournay", "fr"): ["habitants (rouge)\u00a0: 4 → 4 × 2 (bâtisseur)", "deniers\u00a0: 13 ÷ 4 → 3 × 2 (bâtisseur)",
                        "(non bâtisseur)", "cartes, recouvertes comprises\u00a0: 7"],
    ("tournay", "ja"): ["市民コマ（赤）：4個 → 4×2点（建設者）", "ドゥニエ：13÷4", "（建設者以外）", "黄1、白1、赤2",
                        "見えているレベルⅠ・Ⅱカードの組：1組", "城壁2枚×1点", "Nellの鐘楼：8点"],     # as the cards say it (guide 003)
    ("taverna", "fr"): ["un niveau de plus sur chaque échelle de peuple", "points d’échelle\u00a0: Elfe 2 → 4, Nain −3 → −1, Orc −1 → 0",
                        "niveau le plus haut", "ordre du décompte royal\u00a0: Karl, Fred, Etienne",
                        "titres de propriété\u00a0: 4"],
    ("taverna", "ja"): ["すべての種族トラックで1段上昇", "エルフ：2→4点、ドワーフ：−3→−1点、オーク：−1→0点", "最上段",
                        "城の得点計算の順番：Karl、Fred、Etienne", "権利証：4つ",
                        "特権トークン1個×1点", "持っているお金：10スー"],
}


def _explanations(output: str) -> str:
    """The table's lines after the category rows: winner, details and notes."""
    return output[output.index("\n\n"):]


@pytest.mark.parametrize("lang", ["fr", "ja"])
@pytest.mark.parametrize("game", ["san-gimignano", "tournay", "taverna"])
def test_table_details_translated(game, lang):
    result = pnp("score", game, str(EXAMPLES / f"{game}-rulebook.yaml"), "--lang", lang)
    assert result.exit_code == 0, result.output
    text = _explanations(result.output)
    for fragment in EXPECTED[(game, lang)]:
        assert fragment in text, fragment
    for word in ENGLISH[game]:
        assert word not in text, word


@pytest.mark.parametrize("game", ["san-gimignano", "tournay", "taverna"])
def test_json_details_in_german(game):
    result = pnp("score", game, str(EXAMPLES / f"{game}-rulebook.yaml"), "--json", "--lang", "de")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    english = json.loads(pnp("score", game, str(EXAMPLES / f"{game}-rulebook.yaml"), "--json").output)
    # same structure as in English
    assert [sorted(p) for p in data["players"]] == [sorted(p) for p in english["players"]]
    assert [[sorted(line) for line in p["lines"]] for p in data["players"]] == \
        [[sorted(line) for line in p["lines"]] for p in english["players"]]
    details = " | ".join(line["detail"] for p in data["players"] for line in p["lines"])
    details += " | ".join(data.get("notes", []))
    for word in ENGLISH[game]:
        assert word not in details, word
    german = {"san-gimignano": ["kein einheitlicher 7er-Turm", "10 (Stockwerke: 4)", "besitzt den Marker",
                                "Anzahl der Türme × Summe der Stockwerke: 3 × (5 + 3 + 3)"],
              "tournay": ["Bürger (rot): 4 → 4 × 2 (Erbauer)", "Denier: 13 ÷ 4 → 3 × 2 (Erbauer)", "(kein Erbauer)",
                          "Sätze sichtbarer Karten der Stufe I/II"],
              "taverna": ["eine Stufe höher auf jeder Volksleiste", "Punkte der Volksleisten: Elf 2 → 4, Zwerg −3 → −1, Ork −1 → 0",
                          "oberste Stufe", "Reihenfolge der Schlosswertung: Karl, Fred, Etienne",
                          "Besitzurkunden: 4"]}[game]
    for fragment in german:
        assert fragment in details, fragment


def test_python_api_stays_english():
    r = score_file("san-gimignano", EXAMPLES / "san-gimignano-rulebook.yaml")
    adso = r.player("Adso")
    assert adso.line("tallest").detail == "holds the marker"
    assert adso.line("uniform").detail == "10 (floors: 4) + 9 (floors: 3) + 8 (floors: 3) + 6 (floors: 3)"
    assert r.to_json()["players"][0]["lines"][4]["detail"] == "holds the marker"
    fr = r.to_json(Translator(ROOT, "fr"), "fr")
    assert fr["players"][0]["lines"][4]["detail"] == "détient le marqueur"
    t = score_file("taverna", EXAMPLES / "taverna-rulebook.yaml", **game_facts("taverna"))
    assert "track points: Elf 2 → 4, Dwarf −3 → −1, Orc −1 → 0" in t.player("Karl").line("roy").detail
    assert isinstance(t.player("Karl").line("roy").detail, str)


def test_text_rendering():
    fr = Translator(ROOT, "fr")
    text = Text("{how} → {count} × {value} (builder)", how=Text("{things}: {count}", things=Text("citizens"), count=3),
                count=3, value=2)
    assert text == "citizens: 3 → 3 × 2 (builder)"
    assert text.render(fr, "fr") == "habitants\u00a0: 3 → 3 × 2 (bâtisseur)"
    joined = Join([Name("yellow"), Name("red")], ", ")
    assert joined == "yellow, red" and render(joined, Translator(ROOT, "ja"), "ja") == "黄、赤"
    named = Name("elf", {"en": "Elf", "de": "Elf", "fr": "Elfe"})
    assert render(named, fr, "fr") == "Elfe" and render(named, fr, "ja") == "Elf"   # no ja name: English


# ------------------------------------------------------------- every path, every language

def _every_text(result: GameResult) -> list:
    return [line.detail for p in result.players for line in p.lines] + [result.tie_break, *result.notes]


def _tower(*floors, done=False):
    return {"floors": list(floors), "completed": done}


def _taverna_player(name, **kw):
    tracks = {"human": -3, "elf": -3, "dwarf": -3, "orc": -3, **kw.pop("tracks", {})}
    return {"name": name, "tracks": tracks, **kw}


def _rare_results() -> list[GameResult]:
    """States reaching the explanations the rulebook examples do not show."""
    results = []
    # San Gimignano: advanced game, marker tie-break, several deals with the closing penalty and a shared win
    results.append(score_data("san-gimignano", {"game": "san-gimignano", "players": [
        {"name": "A", "marker": True, "nobles": ["monumento", "cappella"],
         "towers": [_tower(7, 7, 7, 7, 7), _tower(5, 6, 7)]},
        {"name": "B", "towers": [_tower(10, 10, 10, 10, 10, done=True), _tower(9, 9, 9, done=True)]}]}))
    results.append(score_data("san-gimignano", {"game": "san-gimignano", "players": [
        {"name": "A", "marker": True}, {"name": "B", "towers": [_tower(10, 10, 10)]}]}))
    deal1 = {"closed_by": "A", "players": [
        {"name": "A", "towers": [_tower(5, 5, 5, done=True), _tower(6, 6, 6, done=True),
                                 _tower(8, 8, 8, done=True), _tower(9, 9, 9, done=True)]},
        {"name": "B", "towers": [_tower(10, 10, 10), _tower(5, 6, 7, 8, 9, 10), _tower(9, 9, 9, 9),
                                 _tower(8, 8, 8, 8)], "marker": True}]}
    deal2 = {"players": [{"name": "A", "towers": []}, {"name": "B", "towers": []}]}
    results.append(score_data("san-gimignano", {"game": "san-gimignano", "close_penalty": True,
                                                "deals": [deal1, deal2]}))
    results.append(score_data("san-gimignano", {"game": "san-gimignano", "deals": [
        {"players": [{"name": "A"}, {"name": "B"}]}]}))
    # Tournay: every kind of count, the cap, no card, a shared win
    cards = cards_from_deck_file(FIXTURES / "tournay-cards.yaml")
    a = {"name": "A", "district": [["cathedral", "tour-henry-viii", "saint-nicolas"],
                                   ["tour-d-arras", "y-weaver", "y-market"], ["mint", "la-madeleine", "belfry"]],
         "citizens": {"yellow": 3, "white": 2, "red": 5}, "ramparts": 3, "deniers": 60}
    results.append(score_data("tournay", {"game": "tournay", "players": [a, {"name": "B", "deniers": 4}]},
                              cards=cards))
    results.append(score_data("tournay", {"game": "tournay", "players": [{"name": "A"}, {"name": "B"}]},
                              cards=cards))
    # Taverna: proposals, Feu d'artifice, a Roy that moves no track, birthday tie-break, shared win
    top = {"human": 10, "elf": 10, "dwarf": 10, "orc": 10}
    results.append(score_data("taverna", {"game": "taverna", "elected": "human", "players": [
        _taverna_player("A", tracks=top, scorings=["roy"]),
        _taverna_player("B", spells_cast=3, fireworks_cast=1, unused_spells=2),
        _taverna_player("C", royal_favours=3)]}))
    base = {"game": "taverna", "elected": "human", "players": [
        _taverna_player("A", scorings=["reine"]), _taverna_player("B", scorings=["archiduc"]),
        _taverna_player("C", scorings=["archimage"])]}
    results.append(score_data("taverna", base))
    results.append(score_data("taverna", {**base, "tie_order": ["C", "A", "B"]}))
    return results


def _templates_of(value) -> set[str]:
    if isinstance(value, Text):
        return {value.template}.union(*(_templates_of(v) for v in value.values.values()))
    if isinstance(value, Join):
        return set().union(*(_templates_of(v) for v in value.items))
    return set()


@pytest.mark.parametrize("lang", LANGS)
def test_every_explanation_has_a_translation(lang):
    translate = Translator(ROOT, lang)              # raises on a missing translation
    seen = set()
    for result in _rare_results():
        for text in _every_text(result):
            if not text:
                continue
            shown = render(text, translate, lang)
            assert shown, text
            if lang == "fr":
                seen |= _templates_of(text)
    if lang == "fr":
        for template in ("played", "towers of 5 floors or more: {towers} × 5", "closed deal {deal} and did not win it: −10",
                         "equal totals: {player} holds the tallest-tower marker and wins",
                         "equal totals over several deals: the rules give no tie-break, so the win is shared",
                         "{detail} = {raw}, capped at {cap}", "no card", "no condition",
                         "equal totals: the rules give no tie-break, the win is shared",
                         "some players chose no royal scoring; proposed (the best one left for each, in turn): "
                         "{choices}", "{scoring}; track points: {moves}", "equal totals: {player}'s birthday comes first",
                         "equal totals, and the birthdays that break the tie were not given: the win is shared",
                         "{player}: unused spells sold for 1 sou each: {spells} ({before} → {after} sous)"):
            assert template in seen, template


def _templates_in_code() -> set[str]:
    """Every Text(...) template and Name(...) msgid written in scoring/*.py."""
    found = set()
    for path in (ROOT / "scoring").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Text", "Name")
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_every_template_with_its_placeholders(lang):
    templates = _templates_in_code()
    assert len(templates) > 40
    catalogue = load_catalogue(ROOT, lang)

    def fields(text):
        return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}

    missing = sorted(t for t in templates if not catalogue.get(t))
    assert not missing, missing
    wrong = sorted(t for t in templates if fields(catalogue[t]) != fields(t))
    assert not wrong, wrong


@pytest.mark.parametrize("game", ["san-gimignano", "tournay", "taverna"])
def test_japanese_table_sets_no_space_beside_full_width_marks(game):
    """「勝者：Nell」, not 「勝者： Nell」: Japanese sets no space after ： or around （）."""
    result = pnp("score", game, str(EXAMPLES / f"{game}-rulebook.yaml"), "--lang", "ja")
    assert result.exit_code == 0, result.output
    text = _explanations(result.output)
    assert "：" in text
    for mark in ("： ", " （", "（ ", " ）"):
        assert mark not in text, mark


@pytest.mark.parametrize("lang, people", [("fr", "Elfe"), ("de", "Elf"), ("ja", "エルフ")])
def test_a_refusal_names_the_people_in_the_players_language(tmp_path, lang, people):
    """Two players on the top step of the elves' track: the refusal names the people as the
    board does, not by the state file's key ("elf")."""
    import yaml
    state = yaml.safe_load((EXAMPLES / "taverna-rulebook.yaml").read_text(encoding="utf-8"))
    for player in state["players"][:2]:
        player["tracks"]["elf"] = 10
    bad = tmp_path / "two-on-top.yaml"
    bad.write_text(yaml.safe_dump(state, allow_unicode=True), encoding="utf-8")
    result = pnp("score", "taverna", str(bad), "--lang", lang)
    assert result.exit_code == 1
    assert people in result.output and "elf " not in result.output and "elfの" not in result.output


def test_japanese_refusals_give_each_limit_its_counter():
    """Fifth reading: 「最大9（ゲーム内の枚数）」, 「この塔の階数：5」: numbers with no counter in the
    calculator's Japanese refusals (site and pnp score)."""
    catalogue = load_catalogue(ROOT, "ja")
    for msgid in ("at most {count} (copies in the game)", "at most {count} (the event cards in the game)",
                  "at most {count} (the spell cards in the game)", "floors in this tower: {count}",
                  "at most {count} with {players} players (the citizens of each colour in play)",
                  "at most {rank} (the game has {rank} cards of rank {rank})",
                  "at most {count} (each deck holds 3 of those 6 cards)"):
        assert re.search(r"\{(?:count|rank)\}[枚個階]", catalogue[msgid]), catalogue[msgid]


def test_japanese_refusal_lists_a_towers_floors_with_japanese_commas(tmp_path):
    """Fifth Japanese reading: 「各階の数字（10, 9, 7）」 set Latin commas in a Japanese sentence."""
    import yaml
    state = {"game": "san-gimignano", "players": [{"name": "A", "towers": [{"floors": [10, 9, 7]}]}, {"name": "B"}]}
    bad = tmp_path / "gap.yaml"
    bad.write_text(yaml.safe_dump(state, allow_unicode=True), encoding="utf-8")
    result = pnp("score", "san-gimignano", str(bad), "--lang", "ja")
    assert result.exit_code == 1 and "10、9、7" in result.output and "10, 9" not in result.output, result.output
    english = pnp("score", "san-gimignano", str(bad))
    assert "floors 10, 9, 7 are neither" in english.output, english.output
