"""Taverna: end-of-game scoring (spells and privileges, royal scoring, people scoring).

State file schema (YAML or JSON)::

    game: taverna
    elected: elf                    # 3-5 players: the elected people (human, elf, dwarf, orc)
    # elected: {king: elf, queen: dwarf}     # 2 players: the King's and the Queen's peoples
    tie_order: [Fred, Karl, Etienne]         # optional: whose birthday comes first, next, ...
    players:
      - name: Karl
        points: 0                   # victory points on the score track before the end (default 0)
        sous: 4
        unused_spells: 2            # spell cards still in hand: 1 sou each
        spells_cast: 3              # spells cast during the game (Archimage)
        fireworks_cast: 0           # of which Feu d'artifice (counts double for the Archimage)
        royal_favours: 2            # royal favour tiles owned, used or not (Reine)
        property_titles: 3          # (Archiduc)
        privileges: 0               # unused privilege tokens: 1 VP each
        tracks: {human: 10, elf: 2, dwarf: -3, orc: -1}   # the VP printed beside each marker
        scorings: [roy]             # optional: the royal scoring(s) chosen, in order

A track position is written as the VP printed beside the marker's step (-3, -1, 0, 1, 2,
4, 7, 10): each value is a different step. Royal scorings: roy, reine, grand-argentier,
archiduc, archimage. Without `scorings`, the calculator proposes each player's best
remaining scoring in turn, and says so.

Two players: each player takes two royal scorings, in the order first and second on the
King's people track, then first and second on the Queen's; both rankings are read on the
tracks as they stand before the royal scoring (a Roy taken first does not reorder them).
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from .result import (
    Category,
    GameResult,
    Join,
    Line,
    Name,
    PlayerScore,
    Text,
    rank_players,
)
from .state import Checks, StateModel, field_range

GAME = "taverna"
PEOPLES = ("human", "elf", "dwarf", "orc")            # left to right on the board
STEPS = (-3, -1, 0, 1, 2, 4, 7, 10)
TOP = STEPS[-1]
People = Literal["human", "elf", "dwarf", "orc"]
Scoring = Literal["roy", "reine", "grand-argentier", "archiduc", "archimage"]
SCORINGS = ("roy", "reine", "grand-argentier", "archiduc", "archimage")

BEFORE = Category("before", "Points before the end")
PRIVILEGES = Category("privileges", "Privilege tokens")
ROYAL = {"roy": Category("roy", "King (Roy)"), "reine": Category("reine", "Queen (Reine)"),
         "grand-argentier": Category("grand-argentier", "High Treasurer (Grand Argentier)"),
         "archiduc": Category("archiduc", "Archduke (Archiduc)"),
         "archimage": Category("archimage", "Archmage (Archimage)")}
TRACK = {"human": Category("human", "Humans"), "elf": Category("elf", "Elves"),
         "dwarf": Category("dwarf", "Dwarves"), "orc": Category("orc", "Orcs")}
CATEGORIES = [BEFORE, PRIVILEGES, *ROYAL.values(), *TRACK.values()]
LADDER = (3, 6, 9, 12, 15)
# names shown inside explanations; the card data gives them in every language (names_from_game)
NAMES = {**{p: Name(p) for p in PEOPLES}, "feu-d-artifice": Name("Feu d'artifice"),
         **{key: Name(c.label) for key, c in ROYAL.items()}}


def royal_categories(names: dict[str, Name] | None) -> dict[str, Category]:
    """The castle scorings' rows, named as on their cards when the card data is given."""
    names = names or {}
    return {key: Category(key, c.label, names[key].names) if key in names and names[key].names else c
            for key, c in ROYAL.items()}


def categories(names: dict[str, Name] | None = None) -> list[Category]:
    """The rows a score pad prints, royal scorings named from the card data."""
    return [BEFORE, PRIVILEGES, *royal_categories(names).values(), *TRACK.values()]


def names_from_game(game) -> dict[str, Name]:
    """The peoples' names (client tiles), the five castle scorings' names (castle cards: the
    pads and `pnp score` call them as the cards do) and the Feu d'artifice spell's name in
    every language, from the game's loaded card data (anything with `.decks[].cards[]`
    carrying `id` and a per-language `name`); English ids where the card data lacks them."""
    wanted = {f"tile-{p}": p for p in PEOPLES} | {"feu-d-artifice": "feu-d-artifice"} \
        | {s: s for s in SCORINGS}
    names = dict(NAMES)
    for deck in game.decks:
        for card in deck.cards:
            key = wanted.get(card.id)
            localised = _per_language(card.name)
            if key and localised:
                names[key] = Name(names[key].msgid, localised)
    return names


def _per_language(name) -> dict[str, str] | None:
    value = getattr(name, "root", name)      # a card name is a Text model, or plain data
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else None


ROYAL_FAVOURS = 15       # component list (../shared/gamedata/taverna.yaml): 15 royal favour tiles
SPELL_CARDS = 32         # 32 spell cards
PRIVILEGE_TOKENS = 15
PROPERTY_TITLES = 5      # cubes per player colour
MAX_SOUS = 999           # coins are not counted in the component list: a bound no game reaches
MAX_POINTS = 999
PLAYERS = range(2, 6)    # the rulebook: 2 to 5 players


class Tracks(StateModel):
    human: int = STEPS[0]
    elf: int = STEPS[0]
    dwarf: int = STEPS[0]
    orc: int = STEPS[0]


class Player(StateModel):
    """The fields in the score pad's order (a player's column, top down): the score page's form
    and `pnp score`'s questions (ask) follow it."""
    name: str = Field(min_length=1, max_length=100)
    points: int = Field(0, ge=-MAX_POINTS, le=MAX_POINTS)
    privileges: int = Field(0, ge=0, le=PRIVILEGE_TOKENS)
    scorings: list[Scoring] | None = Field(None, max_length=5)
    sous: int = Field(0, ge=0, le=MAX_SOUS)
    unused_spells: int = Field(0, ge=0, le=SPELL_CARDS)
    spells_cast: int = Field(0, ge=0, le=SPELL_CARDS)
    fireworks_cast: int = Field(0, ge=0, le=SPELL_CARDS)
    royal_favours: int = Field(0, ge=0, le=ROYAL_FAVOURS)
    property_titles: int = Field(1, ge=1, le=PROPERTY_TITLES)
    tracks: Tracks = Tracks()


class Elected(StateModel):
    king: People
    queen: People


class State(StateModel):
    game: str = GAME
    elected: People | Elected
    tie_order: list[str] | None = Field(None, max_length=10)
    players: list[Player] = Field(max_length=10)


def _tier(value: int, thresholds: tuple[int, ...]) -> int:
    """LADDER points for the highest threshold reached (the first one is always reached)."""
    reached = [i for i, t in enumerate(thresholds) if value >= t]
    return LADDER[reached[-1]] if reached else 0


def check(state: State, checks: Checks) -> None:
    checks.same_game(state.game, GAME)
    n = len(state.players)
    if n not in PLAYERS:
        checks.fail(("players",), Text("players: {count}", count=n), Text("2 to 5 players"))
    two = n == 2
    if two and not isinstance(state.elected, Elected):
        # the remedy in the game's words, which read right in a state file's message and on the score page
        checks.fail(("elected",), Text("a two-player game has a King's and a Queen's people"),
                    Text("two peoples, the King's and the Queen's"))
    if not two and isinstance(state.elected, Elected):
        checks.fail(("elected",), Text("only the two-player game has a Queen's people"), Text("one elected people"))
    if isinstance(state.elected, Elected) and state.elected.king == state.elected.queen:
        people = NAMES.get(state.elected.king, state.elected.king)
        checks.fail(("elected", "queen"), Text("the King and the Queen both elected the {people} people",
                                               people=people), Text("two different peoples"))
    names = [p.name for p in state.players]
    for i, p in enumerate(state.players):
        here = ("players", i)
        if p.name in names[:i]:
            checks.fail(here + ("name",), Text("player '{name}' is listed twice", name=p.name), Text("distinct names"))
        for people in PEOPLES:
            value = getattr(p.tracks, people)
            if value not in STEPS:
                checks.fail(here + ("tracks", people), Text("{value} is not a step of the people track", value=value),
                            Text("one of {steps}", steps=", ".join(map(str, STEPS))))
        if p.fireworks_cast > p.spells_cast:
            checks.fail(here + ("fireworks_cast",), Text("Feu d'artifice cast: {count}, spells cast in all: {cast}",
                                                         count=p.fireworks_cast, cast=p.spells_cast),
                        Text("at most the spells cast ({cast})", cast=p.spells_cast))
        if p.unused_spells + p.spells_cast > SPELL_CARDS:
            checks.fail(here + ("spells_cast",), Text("{count} spells held or cast", count=p.unused_spells + p.spells_cast),
                        Text("at most {count} (the spell cards in the game)", count=SPELL_CARDS))
        if p.scorings is not None and len(p.scorings) != (2 if two else 1):
            checks.fail(here + ("scorings",), Text("royal scorings chosen: {count}", count=len(p.scorings)),
                        Text("2 per player with two players") if two else Text("1 per player"))
    for people in PEOPLES:
        at_top = [i for i, p in enumerate(state.players) if getattr(p.tracks, people) == TOP]
        for i in at_top[1:]:
            checks.fail(("players", i, "tracks", people),
                        Text("{count} players on the top step of the {people} track", count=len(at_top),
                             people=NAMES[people]),
                        Text("only the first player to reach it (one player)"))
    taken: dict[str, str] = {}
    for i, p in enumerate(state.players):
        for s, choice in enumerate(p.scorings or []):
            if choice in taken:
                checks.fail(("players", i, "scorings", s), Text("{scoring} is also chosen by {name}", scoring=choice,
                                                                name=taken[choice]),
                            Text("each royal scoring used once"))
            taken[choice] = p.name
    # the box, shared by all players (component list)
    for field_name, limit, what in (("privileges", PRIVILEGE_TOKENS, Text("privilege tokens")),
                                    ("royal_favours", ROYAL_FAVOURS, Text("royal favour tiles")),
                                    ("spells", SPELL_CARDS, Text("spell cards held or cast"))):
        total = sum(p.unused_spells + p.spells_cast if field_name == "spells" else getattr(p, field_name)
                    for p in state.players)
        if total > limit:
            checks.fail(("players",), Text("{count} {what} in all", count=total, what=what),
                        Text("at most {count} (the game has {count})", count=limit))
    if state.tie_order is not None and sorted(state.tie_order) != sorted(names):
        checks.fail(("tie_order",), Text("{order} is not an order of the players", order=", ".join(state.tie_order)),
                    Text("each of {names} once", names=", ".join(names)))


def track_order(players: list[Player], elected: str) -> list[Player]:
    """First to last on the elected people's track; ties go to the next track to the right."""
    start = PEOPLES.index(elected)
    sequence = [PEOPLES[(start + k) % 4] for k in range(4)]
    return sorted(players, key=lambda p: tuple(-getattr(p.tracks, t) for t in sequence))


def _roy_step(value: int, people: str, player: Player, everyone: list[Player], positions: dict) -> int:
    if value == TOP:
        return TOP
    following = STEPS[STEPS.index(value) + 1]
    if following == TOP and any(positions[o.name][people] == TOP for o in everyone if o is not player):
        return value  # the top step belongs to the first player who reached it
    return following


def royal_points(choice: str, player: Player, sous: int, everyone, positions,
                 names: dict[str, Name] = NAMES) -> tuple[int, Text]:
    if choice == "roy":
        return 5, Text("5 VP and one step up every people track (without the track bonuses)")
    if choice == "reine":
        return _tier(player.royal_favours, (0, 2, 3, 4, 5)), Text("royal favours: {count}",
                                                                   count=player.royal_favours)
    if choice == "grand-argentier":
        return _tier(sous, (0, 6, 9, 12, 15)), Text("sous: {count}", count=sous)
    if choice == "archiduc":
        return _tier(player.property_titles, (1, 2, 3, 4, 5)), Text("property titles: {count}",
                                                                      count=player.property_titles)
    cast = player.spells_cast + player.fireworks_cast
    how = (Text("spells cast: {count}, {fireworks} counted twice: {total}", count=player.spells_cast,
                fireworks=names["feu-d-artifice"], total=cast) if player.fireworks_cast
           else Text("spells cast: {count}", count=player.spells_cast))
    return _tier(cast, (0, 2, 3, 4, 5)), how


def _value(choice: str, player: Player, sous: int, everyone, positions) -> int:
    """What a scoring is worth to the player, counting Roy's track steps."""
    points, _ = royal_points(choice, player, sous, everyone, positions)
    if choice == "roy":
        mine = positions[player.name]
        points += sum(_roy_step(mine[t], t, player, everyone, positions) - mine[t] for t in PEOPLES)
    return points


def score(state: State, names: dict[str, Name] | None = None) -> GameResult:
    """`names`: names_from_game(game), for peoples and spells named in other languages."""
    royal = royal_categories(names)
    names = names or NAMES
    players = state.players
    sous = {p.name: p.sous + p.unused_spells for p in players}
    positions = {p.name: {t: getattr(p.tracks, t) for t in PEOPLES} for p in players}
    if isinstance(state.elected, Elected):
        king, queen = track_order(players, state.elected.king), track_order(players, state.elected.queen)
        turns = [(king[0], 0), (king[1], 0), (queen[0], 1), (queen[1], 1)]
        # a player first on both tracks takes their first and second choice in that order
        turns = [(p, sum(q is p for q, _ in turns[:i])) for i, (p, _) in enumerate(turns)]
    else:
        turns = [(p, 0) for p in track_order(players, state.elected)]
    taken: list[str] = []
    chosen: dict[str, list[tuple[str, int, str]]] = {p.name: [] for p in players}
    notes, proposed = [], []
    for player, slot in turns:
        given = player.scorings[slot] if player.scorings else None
        if given is None:
            reserved = {c for q in players if q is not player for c in (q.scorings or [])}
            free = [s for s in SCORINGS if s not in taken and s not in reserved]
            given = max(free, key=lambda s: (_value(s, player, sous[player.name], players, positions),
                                              -SCORINGS.index(s)))
            proposed.append(Text("{player}: {scoring}", player=player.name, scoring=royal[given]))
        taken.append(given)
        points, how = royal_points(given, player, sous[player.name], players, positions, names)
        if given == "roy":
            mine = positions[player.name]
            before = dict(mine)
            for t in PEOPLES:
                mine[t] = _roy_step(mine[t], t, player, players, positions)
            moved = [Text("{people} {before} → {after}", people=names[t], before=_signed(before[t]), after=_signed(mine[t]))
                     for t in PEOPLES if before[t] != mine[t]]
            how = Text("{scoring}; track points: {moves}", scoring=how, moves=Join(moved) if moved else Text("no track moved"))
        chosen[player.name].append((given, points, how))
    notes.append(Text("royal scoring order: {players}", players=Join(p.name for p, _ in turns)))
    if proposed:
        notes.append(Text("some players chose no royal scoring; proposed (the best one left for each, in turn): "
                          "{choices}", choices=Join(proposed, "; ")))
    result_players = []
    for p in players:
        lines = [Line(BEFORE, p.points, Text("score track before the end")),
                 Line(PRIVILEGES, p.privileges, Text("{tokens} × 1", tokens=p.privileges))]
        picked = {c: (pts, how) for c, pts, how in chosen[p.name]}
        for key in SCORINGS:
            if key in picked:
                lines.append(Line(royal[key], picked[key][0], picked[key][1]))
        for t in PEOPLES:
            lines.append(Line(TRACK[t], positions[p.name][t], Text("top step") if positions[p.name][t] == TOP else ""))
        result_players.append(PlayerScore(p.name, lines))
    order_of = {name: i for i, name in enumerate(state.tie_order or [])}
    rank_players(result_players, before=lambda s: (order_of.get(s.name, 0),))
    winners = [p.name for p in result_players if p.rank == 1]
    totals = sorted((p.total for p in result_players), reverse=True)
    tie = ""
    if len(totals) > 1 and totals[0] == totals[1]:
        if state.tie_order:
            tie = Text("equal totals: {player}'s birthday comes first", player=winners[0])
        else:
            notes.append(Text("equal totals, and the birthdays that break the tie were not given: the win is shared"))
    # each player's royal lines show only what they took; the sous line explains the conversion
    for p in players:
        if p.unused_spells:
            notes.append(Text("{player}: unused spells sold for 1 sou each: {spells} ({before} → {after} sous)",
                              player=p.name, spells=p.unused_spells, before=p.sous, after=sous[p.name]))
    return GameResult(GAME, result_players, winners, tie_break=tie, notes=notes,
                      order=[c.key for c in CATEGORIES])


# ---------------------------------------------------------------- questions

def ask(prompt, **_facts) -> dict:
    """Ask for a state question by question; each answer is checked as typed (ranges, choices)."""
    peoples = {p: prompt.t(p) for p in PEOPLES}
    count = prompt.integer("Number of players ({min}-{max})", 3, PLAYERS[0], PLAYERS[-1],
                           min=PLAYERS[0], max=PLAYERS[-1])
    if count == 2:
        elected = {"king": prompt.choice("King's people", peoples),
                   "queen": prompt.choice("Queen's people", peoples)}
    else:
        elected = prompt.choice("Elected people", peoples)

    players = []
    for n in range(1, count + 1):
        name = prompt.player_name(n, [p["name"] for p in players])

        def number(msgid: str, field: str, name=name, most: int | None = None) -> int:   # within the model's bounds
            default, low, high = field_range(Player, field)
            return prompt.integer(msgid, default, low, high if most is None else min(most, high), name=name)
        player = {"name": name}
        questions = {
            "points": lambda: number("{name}: VP on the score track", "points"),
            "privileges": lambda: number("{name}: privilege tokens", "privileges"),
            "scorings": lambda: prompt.several("{name}: royal scorings chosen (empty: let the calculator propose)",
                                               SCORINGS, name=name) or None,
            "sous": lambda: number("{name}: sous", "sous"),
            "unused_spells": lambda: number("{name}: spells still in hand", "unused_spells"),
            "spells_cast": lambda: number("{name}: spells cast", "spells_cast"),
            # among the spells cast, checked as typed
            "fireworks_cast": lambda: number("{name}: of which Feu d'artifice", "fireworks_cast",
                                             most=player["spells_cast"]),
            "royal_favours": lambda: number("{name}: royal favours owned (used or not)", "royal_favours"),
            "property_titles": lambda: number("{name}: property titles", "property_titles"),
            "tracks": lambda: {t: int(prompt.choice("{name}: {people} track (VP beside the marker)",
                                                    [str(s) for s in STEPS], name=name, people=peoples[t]))
                               for t in PEOPLES}}
        for field in Player.model_fields:      # the score pad's order, as the score page's form
            if field != "name" and (value := questions[field]()) is not None:
                player[field] = value
        players.append(player)
    names = [p["name"] for p in players]
    order = prompt.several("Birthday order for a tie (names, first first; empty if unknown)", names)
    state = {"game": GAME, "elected": elected, "players": players}
    if order:
        state["tie_order"] = order
    return state


def _signed(step: int) -> str:
    """A track value as printed: −3 with a true minus sign (U+2212), as the rules and the pad print it."""
    return str(step).replace("-", "\u2212")
