"""The score page at the table: each game's rulebook example (examples/scores/) played into the
form by taps and keystrokes, as a player would, counted, and the form's state checked to be the
example's. Names are typed once per table (kept by "new game") and counted apart."""
from __future__ import annotations

import pytest
import yaml

from tests.site.conftest import ROOT

EXAMPLES = ROOT / "examples" / "scores"
PLAYERS = ".name-players > .list > ol.items > li, .name-players > .opt > .list > ol.items > li"


class Counted:
    """Taps and keystrokes, per player."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1

    def type(self, locator, value) -> None:      # a number box selects its value on focus
        self.tap(locator)
        self.page.keyboard.type(str(value))
        self.count += len(str(value))

    def number(self, field, value: int, default: int = 0) -> None:
        """One tap on a stepper's button when the value is one step away, else typed."""
        if abs(value - default) == 1:
            self.tap(field.locator("button.step").nth(1 if value > default else 0))
        elif value != default:
            self.type(field.locator("input"), value)

    def pick(self, select, value) -> None:       # a native picker: open it, choose
        select.select_option(value)
        self.count += 2


def _san_gimignano(c: Counted, player, data: dict) -> None:
    for i, tower in enumerate(data.get("towers", [])):
        row = player.locator("ol.towers > li").nth(i)
        ranks = sorted(tower["floors"])
        low, high = ranks[0], ranks[-1]
        taps = [low] * (len(ranks) - 2) if low == high else [low, high]   # a first rank is 3 floors
        for r in taps:
            c.tap(row.locator(f".ranks button:text-is('{r}')"))
        if tower.get("completed"):
            c.tap(row.locator("label.choice"))
    if data.get("marker"):
        c.tap(player.locator(".name-marker input"))


def _taverna(c: Counted, player, data: dict) -> None:
    for field in ("points", "privileges"):
        c.number(player.locator(f".name-{field}"), data.get(field, 0))
    for key in data.get("scorings", []):
        c.tap(player.locator(f".name-scorings label.choice:has(input[value='{_SCORINGS.index(key)}'])"))
    defaults = {"property_titles": 1}
    for field in ("sous", "unused_spells", "spells_cast", "fireworks_cast", "royal_favours", "property_titles"):
        c.number(player.locator(f".name-{field}"), data.get(field, defaults.get(field, 0)), defaults.get(field, 0))
    for people, step in data.get("tracks", {}).items():
        if step != -3:
            c.tap(player.locator(f".name-{people} label.choice:has(input[value='{_STEPS.index(step)}'])"))


def _tournay(c: Counted, player, data: dict) -> None:
    for row in data.get("district", []):
        for place in row:
            stack = [place] if isinstance(place, str) else place or []
            for i, card in enumerate(stack):             # in view: one tap; covered: a second
                for _ in range(1 if i == len(stack) - 1 else 2):
                    c.tap(player.locator(f".district button[data-card='{card}']"))
    for colour, n in data.get("citizens", {}).items():
        _count(c, player.locator(f".name-{colour}"), n)
    deniers = data.get("deniers", 0)          # the tens, then the units: a tap each
    for part in (deniers // 10 * 10, deniers % 10):
        if part:
            c.tap(player.locator(f".name-deniers label.choice:has(input[value='{part}'])"))
    _count(c, player.locator(".name-ramparts"), data.get("ramparts", 0))


def _count(c: Counted, field, n: int) -> None:
    if n:
        c.tap(field.locator(f"label.choice:has(input[value='{n}'])"))


_SCORINGS = ("roy", "reine", "grand-argentier", "archiduc", "archimage")
_STEPS = (-3, -1, 0, 1, 2, 4, 7, 10)
PLAY = {"san-gimignano": _san_gimignano, "taverna": _taverna, "tournay": _tournay}
# taps and keystrokes per player, names aside (issue 53: as a pencil, 15 at most)
MOST = {"san-gimignano": 15, "taverna": 15, "tournay": 15}


def _same(game: str, a: dict, b: dict) -> bool:
    from scoring.api import GAMES
    model = GAMES[game].State
    a, b = (model.model_validate(x).model_dump() for x in (a, b))
    if game == "tournay":           # what the rules score: the cards in view, and those under them
        for state in (a, b):
            for p in state["players"]:
                stacks = [[s] if isinstance(s, str) else s for row in p.pop("district") for s in row if s]
                p["district"] = (sorted(s[-1] for s in stacks), sorted(card for s in stacks for card in s[:-1]))
    return a == b


def _form_only(full_build, page_factory, serve_site, game: str):
    """A phone on `game`'s English score page with the form shown and the runtime held back:
    entry and results only, no Python needed."""
    server = serve_site(full_build / "site")
    page, errors = page_factory(390, 844, service_workers="block")
    page.route("**/pyodide/pyodide.mjs", lambda route: route.fulfill(
        content_type="text/javascript", body="export function loadPyodide() { return new Promise(() => {}); }"))
    page.goto(server.url + f"{game}/en-score.html")
    page.wait_for_selector("#calc-form:not([hidden])")
    return page, errors


@pytest.mark.slow      # about 3 s a game: every tap played through the browser
@pytest.mark.parametrize("game", sorted(PLAY))
def test_the_rulebook_example_in_few_taps(full_build, page_factory, serve_site, game):
    example = yaml.safe_load((EXAMPLES / f"{game}-rulebook.yaml").read_text("utf-8"))
    page, errors = _form_only(full_build, page_factory, serve_site, game)
    table = Counted(page)
    if game == "taverna":                   # the elected people: once for the table
        table.pick(page.locator(".name-elected .variant select"), str(_PEOPLES.index(example["elected"])))
    counts = []
    for i, data in enumerate(example["players"]):
        if page.locator(PLAYERS).count() <= i:
            table.tap(page.locator(".name-players > .list > button.add"))
        player = page.locator(PLAYERS).nth(i)
        player.locator(".name-name input").fill(data["name"])
        c = Counted(page)
        PLAY[game](c, player, data)
        counts.append(c.count)
    state = page.evaluate("window.pnpCalc.state()")
    assert _same(game, {**state, "game": game}, example), (state, example)
    print(game, "taps and keystrokes per player:", counts, "table:", table.count)
    assert max(counts) <= MOST[game], counts
    assert not errors


_PEOPLES = ("human", "elf", "dwarf", "orc")


def test_only_what_a_player_enters_is_a_control(full_build, page_factory, serve_site):
    """San Gimignano's players are what its page asks, not an option with a checkbox of their own
    (the state model's `players` may be absent only for the several-deals variant): ticking the
    variant puts the players away and the state has its deals instead."""
    page, errors = _form_only(full_build, page_factory, serve_site, "san-gimignano")
    assert page.get_by_role("checkbox", name="Players", exact=True).count() == 0
    assert page.locator(PLAYERS).count() == 2 and page.locator(PLAYERS).first.is_visible()
    assert len(page.evaluate("window.pnpCalc.state()")["players"]) == 2
    page.get_by_role("checkbox", name="Several deals (variant)").check()
    state = page.evaluate("window.pnpCalc.state()")
    assert "players" not in state and state["deals"] == [], state
    assert not page.locator(PLAYERS).first.is_visible()
    assert not errors


def test_results_a_table_trusts_and_a_new_game_keeps_the_names(full_build, page_factory, serve_site):
    """Each total opens on its lines; the winner stands with the tie-break the rules give; a new
    game empties the form but for the players' names."""
    from generator.reading.i18n import Translator
    from scoring.api import score_data
    example = yaml.safe_load((EXAMPLES / "san-gimignano-rulebook.yaml").read_text("utf-8"))
    result = score_data("san-gimignano", example).to_json(Translator(ROOT, "en"), "en")
    result["tie_break"] = "equal totals: the marker's holder wins"      # as a tie would say it
    page, errors = _form_only(full_build, page_factory, serve_site, "san-gimignano")
    page.evaluate("s => window.pnpCalc.load(s)", example)
    page.evaluate("r => window.pnpCalc.show({ok: true, result: r})", result)
    totals = page.locator("#calc-result details")
    assert totals.count() == 2 and not totals.first.locator("li").first.is_visible()
    totals.first.locator("summary").click()
    lines = totals.first.locator("li")
    assert lines.count() == len(result["players"][0]["lines"]) and lines.first.is_visible()
    assert page.inner_text(".winner").endswith(f"{result['winners'][0]} ({result['tie_break']})")
    page.click("#calc-new")
    state = page.evaluate("window.pnpCalc.state()")
    assert [p["name"] for p in state["players"]] == ["Adso", "William"]
    assert all(not p.get("towers") and not p.get("marker") for p in state["players"])
    assert page.locator("#calc-result > *").count() == 0 and not errors
