"""Tournay: final scoring from each player's district, citizens, deniers and ramparts.

State file schema (YAML or JSON)::

    game: tournay
    players:                                  # 2 to 4
      - name: Madeline
        district:                             # up to 3 rows of up to 3 places
          - [yellow-1-market, [white-1-hospital, white-1-bishop], null]   # a place: one card id,
          - [white-3-saint-brice, red-3-porte-de-la-vigne]    # a stack (bottom to top), or null/[] if empty
        citizens: {yellow: 2, white: 2, red: 4}      # every citizen owned (standing, lying, on cards)
        deniers: 5
        ramparts: 1                                  # cards in the built ramparts pile

Card ids are those of cards/tournay/*.yaml (activity cards only: no event, Plaza or Town Crier).
Counts are bounded by what is in play: of each colour, the citizens given out and on the supply
(2 per player and 3: 7 with 2 players, 11 with 4), 15 event cards (ramparts) in all, and of each
level I or II deck 3 of its 6 interchangeable cards (marked for the swap, or of the expansion).
The top card of a stack is visible; covered cards still score their printed points. A player
"built" a prestige building when one of that name is visible in their district (a covered one
neither triggers nor makes a builder).
"""
from __future__ import annotations

import string
from typing import Annotated

from pydantic import Field

from datafile.errors import closest

from .result import (
    Category,
    GameResult,
    Join,
    Line,
    Name,
    PlayerScore,
    Text,
    rank_players,
    winners_of,
)
from .state import Checks, StateModel, field_range
from .tournay_cards import (  # noqa: F401  (the cards' API, re-exported)
    ACTIVITY_TYPES,
    ROMAN,
    CardInfo,
    CardLabel,
    card_labels,
    cards_from_deck_file,
    cards_from_game,
    district_cards,
    in_district,
)

GAME = "tournay"
COLOURS = ("yellow", "white", "red")
CAP = 12
CITIZENS_PER_COLOUR = 11      # the box: 33 citizens, 11 of each colour
EVENT_CARDS = 15              # ramparts are event cards fought and built
SWAPPED_PER_DECK = 3          # of a deck's 3 swap-marked base cards and 3 expansion cards
DENIERS = 30 * 1 + 9 * 5 + 10 * 10   # the coins in the box
PLAYERS = range(2, 5)         # the rulebook: 2 to 4 players
POINTS = Category("printed", "Printed points of the district")
RAMPARTS = Category("ramparts", "Ramparts")


def citizens_in_play(players: int) -> int:
    """Of each colour: 2 per player and 3 on the board's supply (the advanced game: 1 per player and
    players + 3 on the supply, the same total). Cards take citizens from the supply only, so no more
    are ever owned: 7 with 2 players, 9 with 3, the box's 11 with 4."""
    return min(CITIZENS_PER_COLOUR, 2 * players + 3)


def categories(cards: dict[str, CardInfo]) -> list[Category]:
    """One row per prestige building name (in card-data order), then printed points and ramparts."""
    seen: dict[str, Category] = {}
    for card in cards.values():
        if card.key and card.key not in seen:
            seen[card.key] = Category(f"prestige:{card.key}", card.name.get("en", card.key), card.name)
    return [*seen.values(), POINTS, RAMPARTS]


# ---------------------------------------------------------------- state

class Citizens(StateModel):
    yellow: int = Field(0, ge=0, le=CITIZENS_PER_COLOUR)
    white: int = Field(0, ge=0, le=CITIZENS_PER_COLOUR)
    red: int = Field(0, ge=0, le=CITIZENS_PER_COLOUR)


class Player(StateModel):
    name: str = Field(min_length=1, max_length=100)
    district: list[Annotated[list[str | Annotated[list[str], Field(max_length=40)] | None],
                             Field(max_length=10)]] = Field([], max_length=10)
    citizens: Citizens = Citizens()
    deniers: int = Field(0, ge=0, le=DENIERS)
    ramparts: int = Field(0, ge=0, le=EVENT_CARDS)

    def places(self):
        """(row, column, stack bottom-to-top) for every non-empty place."""
        for r, row in enumerate(self.district):
            for c, place in enumerate(row):
                stack = [place] if isinstance(place, str) else list(place or [])
                if stack:
                    yield r, c, stack


class State(StateModel):
    game: str = GAME
    players: list[Player] = Field(max_length=10)


def check(state: State, cards: dict[str, CardInfo], checks: Checks) -> None:
    checks.same_game(state.game, GAME)
    if len(state.players) not in PLAYERS:
        checks.fail(("players",), Text("players: {count}", count=len(state.players)), Text("2 to 4 players"))
    names = [p.name for p in state.players]
    used: dict[str, list[tuple]] = {}
    for i, player in enumerate(state.players):
        here = ("players", i)
        if player.name in names[:i]:
            checks.fail(here + ("name",), Text("player '{name}' is listed twice", name=player.name),
                        Text("distinct names"))
        if len(player.district) > 3:
            checks.fail(here + ("district",), Text("{count} rows", count=len(player.district)),
                        Text("at most 3 rows (a 3 × 3 district)"))
        for r, row in enumerate(player.district):
            if len(row) > 3:
                checks.fail(here + ("district", r), Text("{count} places in row {row}", count=len(row), row=r + 1),
                            Text("at most 3 columns (a 3 × 3 district)"))
        prestige: dict[str, tuple] = {}
        for r, c, stack in player.places():
            at = here + ("district", r, c)
            known = []
            for card_id in stack:
                card = cards.get(card_id)
                if card is None:
                    guess = closest(card_id, cards)
                    checks.fail(at, Text("unknown card '{card}'", card=card_id[:60]) if not guess else
                                Text("unknown card '{card}'; did you mean '{guess}'?", card=card_id[:60], guess=guess),
                                Text("the name of a Tournay card"))
                    continue
                used.setdefault(card_id, []).append(at)
                known.append(card)
                if card.type == "town-crier":
                    checks.fail(at, Text("'{card}' is a Town Crier", card=card_id),
                                Text("activity cards only (a Town Crier is never built)"))
                elif not in_district(card):
                    what = {"events": Text("'{card}' is an event card", card=card_id),
                            "plazas": Text("'{card}' is a Plaza card", card=card_id)}.get(
                        card.deck, Text("'{card}' is not an activity card", card=card_id))
                    checks.fail(at, what, Text("activity cards only (events become ramparts, the Plaza stays "
                                               "beside the district)"))
                if card.key:
                    if card.key in prestige:
                        checks.fail(at, Text("a second prestige building '{card}' in {player}'s district (also at "
                                             "row {row}, column {column})",
                                             card=Name(card.name.get("en", card_id), card.name), player=player.name, row=prestige[card.key][0] + 1,
                                             column=prestige[card.key][1] + 1),
                                    Text("one prestige building of each name per district"))
                    prestige.setdefault(card.key, (r, c))
            colours = {card.colour for card in known}
            if len(colours) > 1:
                checks.fail(at, Text("a stack mixing {colours} cards",
                                 colours=Join(COLOUR_NAMES[c] for c in COLOURS if c in colours)),
                            Text("one colour per stack (a card of another colour replaces the stack)"))
    for card_id, places in used.items():
        if len(places) > cards[card_id].copies:
            card = cards[card_id]       # named as the page's picker names it, level included where names are shared
            checks.fail(places[-1], Text("'{card}' is used {count} times", count=len(places),
                                         card=CardLabel(card.name.get("en", card_id), card=card_id,
                                                        among=tuple(district_cards(cards)))),
                        Text("at most {count} (copies in the game)", count=cards[card_id].copies))
    # each deck of levels I and II holds 3 of its 6 interchangeable cards: the 3 base cards marked
    # for the swap, the 3 expansion cards, or 3 drawn at random from the 6 (seed 002, "Expansion")
    swapped: dict[tuple, list[tuple]] = {}
    for card_id, places in used.items():
        card = cards[card_id]
        if card.props.get("removable") or card.props.get("expansion"):
            swapped.setdefault((card.colour, card.level), []).extend(places)
    for (colour, level), places in swapped.items():
        if len(places) > SWAPPED_PER_DECK:
            checks.fail(places[-1], Text("{count} {colour} level {level} cards of the expansion or marked for its "
                                         "swap", count=len(places), colour=COLOUR_NAMES.get(colour, colour),
                                         level=_levels([level])),
                        Text("at most {count} (each deck holds 3 of those 6 cards)", count=SWAPPED_PER_DECK))
    # the citizens in play and the box's 15 event cards, shared by all players
    most = citizens_in_play(len(state.players))
    for colour in COLOURS:
        total = sum(getattr(p.citizens, colour) for p in state.players)
        if total > most:
            checks.fail(("players",), Text("{count} {colour} citizens in all", count=total, colour=COLOUR_NAMES[colour]),
                        Text("at most {count} with {players} players (the citizens of each colour in play)",
                             count=most, players=len(state.players)))
    ramparts = sum(p.ramparts for p in state.players)
    if ramparts > EVENT_CARDS:
        checks.fail(("players",), Text("{count} ramparts in all", count=ramparts),
                    Text("at most {count} (the event cards in the game)", count=EVENT_CARDS))


# ---------------------------------------------------------------- scoring

def visible(player: Player, cards: dict[str, CardInfo]) -> list[CardInfo]:
    return [cards[stack[-1]] for _r, _c, stack in player.places()]


COLOUR_NAMES = {"yellow": Name("yellow"), "white": Name("white"), "red": Name("red")}
KIND_NAMES = {"building": Name("visible buildings"), "character": Name("visible characters"),
              "prestige": Name("visible prestige buildings")}


def _levels(levels) -> Join:
    """Levels as the cards print them: "I/II", in Japanese 「Ⅰ・Ⅱ」."""
    return Join((Name(ROMAN[""].get(v, str(v)), {"ja": ROMAN["ja"].get(v, str(v))}) for v in levels), "/")


def counted(player: Player, counts: dict, cards: dict[str, CardInfo]) -> tuple[int, Text]:
    """How many elements a prestige building counts for this player, and how."""
    what = counts.get("what", "flat")
    colours = counts.get("colours") or list(COLOURS)
    per = counts.get("per") or 1
    sets = counts.get("sets", False)
    if what == "cards":
        types, levels = counts.get("types"), counts.get("levels")
        pool = [c for c in visible(player, cards)
                if (not types or c.type in types) and (not levels or c.level in levels)
                and (not counts.get("colours") or c.colour in colours)]
        by_colour = {col: sum(c.colour == col for c in pool) for col in colours}
        noun = Join((KIND_NAMES[t] for t in types), " / ") if types else Text("visible cards")
    elif what == "citizens":
        by_colour = {col: getattr(player.citizens, col) for col in colours}
        pool, levels = None, None
        noun = Text("citizens")
    elif what == "deniers":
        return player.deniers // per, Text("deniers: {deniers} ÷ {per}", deniers=player.deniers, per=per)
    elif what == "ramparts":
        return player.ramparts // per, Text("ramparts: {ramparts}", ramparts=player.ramparts)
    else:
        return 1, Text("no condition")
    if sets:
        n = min(by_colour.values())
        shown = Join((Text("{colour} {count}", colour=COLOUR_NAMES[k], count=v) for k, v in by_colour.items()), ", ")
        if what == "citizens":
            return n // per, Text("sets of citizens, one of each colour: {sets} ({shown})", sets=n, shown=shown)
        if levels:
            return n // per, Text("sets of visible level {levels} cards, one of each colour: {sets} ({shown})",
                                  levels=_levels(levels), sets=n, shown=shown)
        return n // per, Text("sets of visible cards, one of each colour: {sets} ({shown})", sets=n, shown=shown)
    total = sum(by_colour.values()) if pool is None else len(pool)
    filters = []
    if counts.get("colours"):
        filters.append(Join((COLOUR_NAMES[c] for c in colours), "/"))
    if levels:
        filters.append(Text("level {levels}", levels=_levels(levels)))
    # citizens apart from cards: Japanese counts them with another counter (市民コマ4個, カード4枚)
    if pool is None:
        how = (Text("citizens ({filters}): {count}", filters=Join(filters, ", "), count=total) if filters
               else Text("citizens: {count}", count=total))
    else:
        how = (Text("{things} ({filters}): {count}", things=noun, filters=Join(filters, ", "), count=total) if filters
               else Text("{things}: {count}", things=noun, count=total))
    return total // per, (Text("{how} ÷ {per}", how=how, per=per) if per > 1 else how)


def score(state: State, cards: dict[str, CardInfo]) -> GameResult:
    order: dict[str, CardInfo] = {}   # prestige names visible anywhere, in the order met
    builders: dict[str, set[str]] = {}
    for player in state.players:
        for card in visible(player, cards):
            if card.key:
                order.setdefault(card.key, card)
                builders.setdefault(card.key, set()).add(player.name)
    players = []
    for player in state.players:
        lines = []
        for key, card in order.items():
            spec = card.props["prestige"]
            built = player.name in builders[key]
            value = spec["builder"] if built else spec["others"]
            n, how = counted(player, spec.get("counts", {}), cards)
            raw = n * value
            points = min(raw, CAP)
            detail = (Text("{how} → {count} × {value} (builder)", how=how, count=n, value=value) if built
                      else Text("{how} → {count} × {value} (not built)", how=how, count=n, value=value))
            if raw > CAP:
                detail = Text("{detail} = {raw}, capped at {cap}", detail=detail, raw=raw, cap=CAP)
            lines.append(Line(Category(f"prestige:{key}", card.name.get("en", key), card.name), points, detail))
        printed = [(cards[cid].props.get("points") or 0) for _r, _c, stack in player.places() for cid in stack]
        lines.append(Line(POINTS, sum(printed),
                          Text("cards, covered ones included: {count} → {points}", count=len(printed),
                               points=" + ".join(map(str, printed)))
                          if printed else Text("no card")))
        lines.append(Line(RAMPARTS, player.ramparts, Text("{ramparts} × 1", ramparts=player.ramparts)))
        players.append(PlayerScore(player.name, lines))
    rank_players(players)
    winners = winners_of(players)
    notes = [Text("equal totals: the rules give no tie-break, the win is shared")] if len(winners) > 1 else []
    return GameResult(GAME, players, winners, notes=notes)


# ---------------------------------------------------------------- questions

def ask(prompt, lang: str = "en", cards: dict[str, CardInfo] | None = None, **_facts) -> dict:
    """Ask for a state question by question. Cards are named (in `lang`) or given by id, in any
    case, commas between them; "?" lists them. Each answer is checked as typed."""
    # only what a district can hold, named as the score page names it (tournay_cards.py)
    buildable = district_cards(cards or {})
    labels = card_labels(buildable, lambda msgid: prompt.t(msgid, **{f: "{" + f + "}" for _, f, _, _ in
                                                                   string.Formatter().parse(msgid) if f}), lang)
    lookup = {}
    for card in buildable:
        for key in (card.id, labels[card.id], *card.name.values()):
            lookup.setdefault(key.casefold(), card.id)

    def listing() -> None:
        prompt.say("Cards (name: id):")
        for card in buildable:
            prompt.say("  {name}: {id}", name=labels[card.id], id=card.id)

    def stack(answer: str) -> list[str] | None:
        if answer == "?":
            listing()
            raise ValueError(prompt.t("Name the cards (or their ids), bottom to top, commas between them."))
        items = [x.strip() for x in answer.split(",") if x.strip()]
        if len(items) == 1 and items[0].casefold() not in lookup:   # ids separated by spaces
            items = items[0].split()
        ids = []
        for item in items:
            if item.casefold() not in lookup:
                raise ValueError(prompt.t("'{item}' is not a Tournay card; type ? to list them.", item=item))
            ids.append(lookup[item.casefold()])
        return ids or None

    if buildable:
        listing()
    count = prompt.integer("Number of players ({min}-{max})", PLAYERS[0], PLAYERS[0], PLAYERS[-1],
                           min=PLAYERS[0], max=PLAYERS[-1])
    players = []
    for n in range(1, count + 1):
        name = prompt.player_name(n, [p["name"] for p in players])
        district = []
        for r in range(1, 4):
            row = []
            for c in range(1, 4):
                row.append(prompt.text("{name}, row {r} column {c}: cards bottom to top (names or ids; "
                                       "empty if none; ? lists them)", "", parse=stack, name=name, r=r, c=c))
            district.append(row)
        citizens = {}
        for col in COLOURS:     # within the citizens in play that the players before have not taken
            default, low, high = field_range(Citizens, col)
            left = citizens_in_play(count) - sum(p["citizens"][col] for p in players)
            citizens[col] = prompt.integer("{name}: {colour} citizens owned", default, low, min(high, left), name=name,
                                           colour=prompt.t(col))
        players.append({"name": name, "district": district, "citizens": citizens,
                        "deniers": prompt.integer("{name}: deniers", *field_range(Player, "deniers"), name=name),
                        "ramparts": prompt.integer("{name}: ramparts built", *field_range(Player, "ramparts"),
                                                   name=name)})
    return {"game": GAME, "players": players}
