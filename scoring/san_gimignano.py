"""Le Torri di San Gimignano: end-of-game scoring (one deal, or several deals added up).

State file schema (YAML or JSON)::

    game: san-gimignano
    players:                       # exactly 2
      - name: Adso
        marker: true               # holds the "tallest" marker (one player, once any tower stands)
        nobles: [monumento]        # advanced game: scoring nobles played (monumento, cappella)
        towers:
          - floors: [10, 10, 10, 10]   # one rank per card, any order
            completed: true            # turned over (default false)
          - floors: [5, 6, {buona_pietra: 7}, 8, 9]

A Buona Pietra floor is written `{buona_pietra: R}`: the noble stands for a card of rank R
(R is needed because a coloured tower could take it at either end). It counts as a floor of
rank R for every category, but not against the N cards of rank N; at most 3 are in the game.
R is 5 to 10, or 4 / 11 when it extends a coloured tower above its 5 or below its 10 (rulesheet).
The tallest-tower marker's holder has a tower at least as tall as anyone's, unless a uniform
tower of 10 (Conspiration) is in play: it may have destroyed the holder's tallest.

Several deals: replace `players` by `deals`, each a mapping with its own `players` and an
optional `closed_by: NAME`; `close_penalty: true` (top level) takes 10 points from a player
who closed a deal and did not win it.
"""
from __future__ import annotations

from pydantic import Field

from .result import (
    Category,
    GameResult,
    Join,
    Line,
    PlayerScore,
    Text,
    rank_players,
    winners_of,
)
from .state import Checks, StateModel, field_range

GAME = "san-gimignano"
RANKS = range(5, 11)
BUONA_PIETRA_RANKS = range(4, 12)   # 4 or 11 too: one rank beyond a coloured tower's 5 or 10
BUONA_PIETRA_COPIES = 3

COMPLETED = Category("completed", "Completed towers")
BLESSING = Category("blessing", "Blessing (uniform towers of 7)")
UNIFORM = Category("uniform", "Tallest uniform tower of each rank")
COLOURED = Category("coloured", "Coloured towers")
TALLEST = Category("tallest", "Tallest-tower marker")
MONUMENTO = Category("monumento", "Monumento")
CAPPELLA = Category("cappella", "Cappella di Santa Fina")
PENALTY = Category("close-penalty", "Closed without winning")
CATEGORIES = [COMPLETED, BLESSING, UNIFORM, COLOURED, TALLEST, MONUMENTO, CAPPELLA]
NOBLES = {"monumento": MONUMENTO, "cappella": CAPPELLA}


class BuonaPietra(StateModel):
    # 4 or 11: one rank beyond a coloured tower's 5 or 10 (the rulesheet lets it go past either end)
    buona_pietra: int = Field(ge=BUONA_PIETRA_RANKS.start, le=BUONA_PIETRA_RANKS.stop - 1,
                              description="the rank this noble stands for")


class Tower(StateModel):
    floors: list[int | BuonaPietra] = Field(max_length=13)   # 10 cards of a rank + 3 Buona Pietra
    completed: bool = False

    def ranks(self) -> list[int]:
        return [f if isinstance(f, int) else f.buona_pietra for f in self.floors]

    @property
    def height(self) -> int:
        return len(self.floors)

    @property
    def uniform(self) -> bool:
        return len(set(self.ranks())) == 1

    @property
    def rank(self) -> int:
        return self.ranks()[0]


class Player(StateModel):
    """The fields in the score pad's order (a player's column, top down): the score page's form
    and `pnp score`'s questions (ask) follow it."""
    name: str = Field(min_length=1, max_length=100)
    towers: list[Tower] = Field([], max_length=16)  # 48 floor cards make at most 16 towers of 3
    marker: bool = False
    nobles: list[str] = Field([], max_length=10)    # the game has 10 nobles


class Deal(StateModel):
    players: list[Player] = Field(max_length=10)
    closed_by: str | None = None


class State(StateModel):
    game: str = GAME
    players: list[Player] | None = None
    deals: list[Deal] | None = Field(None, max_length=100)
    close_penalty: bool = False


# ---------------------------------------------------------------- rule checks

def check(state: State, checks: Checks) -> None:
    checks.same_game(state.game, GAME)
    if (state.players is None) == (state.deals is None):
        checks.fail((), Text("score either one deal or several deals (the variant), one of the two"))
        return
    if state.players is not None:
        _check_deal(Deal(players=state.players), checks, ())
        return
    if not state.deals:
        checks.fail(("deals",), Text("no deal given"), Text("at least one deal"))
    names = None
    for d, deal in enumerate(state.deals):
        _check_deal(deal, checks, ("deals", d))
        these = sorted(p.name for p in deal.players)
        if names is None:
            names = these
        elif these != names:
            checks.fail(("deals", d, "players"), Text("players {these} differ from the first deal's",
                                                      these=", ".join(these)),
                        Text("the same players in every deal ({names})", names=", ".join(names)))


def _check_deal(deal: Deal, checks: Checks, at: tuple) -> None:
    if len(deal.players) != 2:
        checks.fail(at + ("players",), Text("players: {count}", count=len(deal.players)), Text("exactly 2 players"))
    names = [p.name for p in deal.players]
    for i, name in enumerate(names):
        if name in names[:i]:
            checks.fail(at + ("players", i, "name"), Text("player '{name}' is listed twice", name=name),
                        Text("distinct names"))
    holders = [i for i, p in enumerate(deal.players) if p.marker]
    for i in holders[1:]:
        checks.fail(at + ("players", i, "marker"), Text("more than one player holds the tallest-tower marker"),
                    Text("at most one holder"))
    nobles = {}
    for i, player in enumerate(deal.players):
        here = at + ("players", i)
        for n, noble in enumerate(player.nobles):
            if noble not in NOBLES:
                checks.fail(here + ("nobles", n), Text("'{noble}' is not a noble that scores", noble=noble[:60]),
                            Text("one of {names} (other nobles score nothing)", names=", ".join(NOBLES)))
            elif noble in nobles:
                checks.fail(here + ("nobles", n), Text("{noble} is played by {player} already",
                                                       noble=NOBLES[noble], player=nobles[noble]),
                            Text("each noble once in the game (there is one copy)"))
            else:
                nobles[noble] = player.name
        for t, tower in enumerate(player.towers):
            _check_tower(tower, checks, here + ("towers", t))
    _count_cards(deal, checks, at)
    _check_marker(deal, checks, at)
    if deal.closed_by is not None:
        closer = next((p for p in deal.players if p.name == deal.closed_by), None)
        if closer is None:
            checks.fail(at + ("closed_by",), Text("'{name}' is not a player of this deal", name=deal.closed_by),
                        Text("one of {names}", names=", ".join(names)))
        elif sum(t.completed for t in closer.towers) < 4:
            checks.fail(at + ("closed_by",), Text("{name} closed construction with completed towers: {count}",
                                                  name=closer.name, count=sum(t.completed for t in closer.towers)),
                        Text("at least 4 completed towers to close"))


def _count_cards(deal: Deal, checks: Checks, at: tuple) -> None:
    """No more cards of a rank in the towers than the game has (N of rank N, 3 Buona Pietra)."""
    used = {rank: 0 for rank in RANKS}
    pietre = 0
    for player in deal.players:
        for tower in player.towers:
            for floor in tower.floors:
                if isinstance(floor, int):
                    used[floor] = used.get(floor, 0) + 1
                else:
                    pietre += 1
    for rank, count in used.items():
        if rank in RANKS and count > rank:
            checks.fail(at + ("players",), Text("{count} cards of rank {rank} are in towers", count=count, rank=rank),
                        Text("at most {rank} (the game has {rank} cards of rank {rank})", rank=rank))
    if pietre > BUONA_PIETRA_COPIES:
        checks.fail(at + ("players",), Text("{count} Buona Pietra floors", count=pietre),
                    Text("at most {count}", count=BUONA_PIETRA_COPIES))


def _check_marker(deal: Deal, checks: Checks, at: tuple) -> None:
    """The marker goes to whoever builds a tower taller than every other (rulesheet, "La tour la plus
    haute"), so no one else can have a taller tower than its holder, unless a Conspiration (a
    uniform tower of 10) destroyed the holder's tallest tower afterwards. The first tower built is
    the tallest of all and takes it, and nothing puts it back: once a tower stands, someone holds it
    (a forgotten marker cost its holder 10 points without a word)."""
    holder = next((p for p in deal.players if p.marker), None)
    if holder is None:
        if any(t.floors for p in deal.players for t in p.towers):
            checks.fail(at + ("players",), Text("nobody holds the tallest-tower marker"),
                        Text("a holder: the first tower built takes it, and it never leaves play"))
        return
    conspiracy = any(t.uniform and t.rank == 10 for p in deal.players for t in p.towers if t.floors)
    mine = max((t.height for t in holder.towers), default=0)
    for i, player in enumerate(deal.players):
        theirs = max((t.height for t in player.towers), default=0)
        if player is not holder and theirs > mine and not conspiracy:
            checks.fail(at + ("players", i, "towers"),
                        Text("{name} has a tower of {floors} floors, taller than any of {holder}, who holds the "
                             "tallest-tower marker", name=player.name, floors=theirs, holder=holder.name),
                        Text("the marker with the player who built the tallest tower (only a Conspiration, a "
                             "uniform tower of 10, can leave it with a shorter one)"))


def _check_tower(tower: Tower, checks: Checks, at: tuple) -> None:
    for f, floor in enumerate(tower.floors):
        if isinstance(floor, int) and floor not in RANKS:
            checks.fail(at + ("floors", f), Text("no tower card of rank {rank}", rank=floor),
                        Text("a rank from 5 to 10"))
            return
    ranks = tower.ranks()
    if len(ranks) < 3:
        checks.fail(at + ("floors",), Text("floors in this tower: {count}", count=len(ranks)),
                    Text("at least 3 floors (built from 3 cards)"))
        return
    if len(set(ranks)) == 1:
        if ranks[0] not in RANKS:
            checks.fail(at + ("floors",), Text("a uniform tower of Buona Pietra standing for {rank}", rank=ranks[0]),
                        Text("a rank from 5 to 10 (4 or 11 only for a Buona Pietra that continues a coloured "
                             "tower's run above a 5 or below a 10)"))
        return
    ordered = sorted(ranks)
    if len(set(ranks)) != len(ranks) or ordered != list(range(ordered[0], ordered[0] + len(ranks))):
        shown = Join(ranks, ", ")          # 「10、9、7」 in Japanese, not a Latin comma
        checks.fail(at + ("floors",), Text("floors {floors} are neither one rank nor consecutive ranks", floors=shown),
                    Text("a uniform tower, of one rank, or a coloured one, of consecutive ranks with one floor each"))


# ---------------------------------------------------------------- scoring

def score(state: State) -> GameResult:
    if state.players is not None:
        return score_deal(state.players)
    deals = [score_deal(deal.players) for deal in state.deals]
    names = [p.name for p in state.deals[0].players]
    players = []
    for name in names:
        lines = []
        for d, result in enumerate(deals, 1):
            part = result.player(name)
            cat = Category(f"deal-{d}", "Deal {}", number=d)
            lines.append(Line(cat, part.total, " + ".join(f"{line.points}" for line in part.lines)))
        players.append(PlayerScore(name, lines))
    notes = []
    if state.close_penalty:
        for d, (deal, result) in enumerate(zip(state.deals, deals), 1):
            for player in players:
                closed_and_lost = deal.closed_by == player.name and player.name not in result.winners
                player.lines.append(Line(PENALTY, -10 if closed_and_lost else 0,
                                         Text("closed deal {deal} and did not win it: −10", deal=d)
                                         if closed_and_lost else ""))
        for player in players:  # one penalty row, all deals together
            penalties = [line for line in player.lines if line.category is PENALTY]
            player.lines = [line for line in player.lines if line.category is not PENALTY]
            why = [p.detail for p in penalties if p.detail]
            player.lines.append(Line(PENALTY, sum(p.points for p in penalties),
                                     Join(why, "; ")))
    rank_players(players)
    winners = winners_of(players)
    if len(winners) > 1:
        notes.append(Text("equal totals over several deals: the rules give no tie-break, so the win is shared"))
    return GameResult(GAME, players, winners, notes=notes)


def score_deal(players_in: list[Player]) -> GameResult:
    advanced = any(p.nobles for p in players_in)
    best: dict[int, int] = {}
    for p in players_in:
        for t in p.towers:
            if t.uniform:
                best[t.rank] = max(best.get(t.rank, 0), t.height)
    players = []
    for p in players_in:
        lines = []
        done = sum(t.completed for t in p.towers)
        lines.append(Line(COMPLETED, 5 * done, Text("{towers} × 5", towers=done)))
        sevens = [t.height for t in p.towers if t.uniform and t.rank == 7]
        lines.append(Line(BLESSING, 2 * sum(sevens),
                          Text("floors: {floors}, 2 points each", floors=" + ".join(map(str, sevens)))
                          if sevens else Text("no uniform tower of 7")))
        mine = {}
        for t in p.towers:
            if t.uniform:
                mine[t.rank] = max(mine.get(t.rank, 0), t.height)
        won = sorted((r for r, h in mine.items() if h == best[r]), reverse=True)
        lines.append(Line(UNIFORM, sum(won),
                          Join((Text("{rank} (floors: {floors})", rank=r, floors=mine[r]) for r in won), " + ")
                          if won else Text("no tallest uniform tower")))
        coloured = [t.height for t in p.towers if not t.uniform]
        lines.append(Line(COLOURED, len(coloured) * sum(coloured),
                          Text("towers × floors: {towers} × ({floors})", towers=len(coloured),
                               floors=" + ".join(map(str, coloured)))
                          if coloured else Text("no coloured tower")))
        lines.append(Line(TALLEST, 10 if p.marker else 0, Text("holds the marker") if p.marker else ""))
        if advanced:
            lines.append(Line(MONUMENTO, 7 if "monumento" in p.nobles else 0,
                              Text("played") if "monumento" in p.nobles else ""))
            tall = sum(t.height >= 5 for t in p.towers)
            has = "cappella" in p.nobles
            lines.append(Line(CAPPELLA, 5 * tall if has else 0,
                              Text("towers of 5 floors or more: {towers} × 5", towers=tall) if has else ""))
        players.append(PlayerScore(p.name, lines))
    holder = {p.name for p in players_in if p.marker}
    rank_players(players, before=lambda s: (s.name not in holder,))
    winners = winners_of(players)
    totals = sorted((p.total for p in players), reverse=True)
    tie = ""
    if len(totals) > 1 and totals[0] == totals[1] and len(winners) == 1:
        tie = Text("equal totals: {player} holds the tallest-tower marker and wins", player=winners[0])
    return GameResult(GAME, players, winners, tie_break=tie)


# ---------------------------------------------------------------- questions (pnp score without a file)

def ask(prompt, **_facts) -> dict:
    """Ask for a one-deal state question by question; returns plain data for the State model.
    `prompt` (generator/cli/score.py) translates the questions and asks again until an answer
    parses; the rule checks then run on the whole state, as for a file."""
    def floors(answer: str) -> list:
        parsed = []
        for item in answer.replace(",", " ").split():
            noble = item.upper().startswith("B")
            try:
                rank = int(item[1:] if noble else item)
            except ValueError:
                rank = 0
            if rank not in (BUONA_PIETRA_RANKS if noble else RANKS):
                raise ValueError(prompt.t("'{item}' is not a rank from 5 to 10 (or B4 to B11 for a Buona Pietra).",
                                          item=item))
            parsed.append({"buona_pietra": rank} if noble else rank)
        if not parsed:
            raise ValueError(prompt.t("Give at least one floor."))
        return parsed

    built: list[dict] = []   # every tower accepted so far, of both players

    def tower(answer: str) -> list:
        """A tower the rules allow, checked as typed (a tower of two floors was accepted, and the
        whole game refused at the end): its own shape, and the cards of each rank left."""
        parsed = floors(answer)
        checks = Checks(None, "")
        towers = [Tower.model_validate({"floors": t}, strict=False) for t in built + [parsed]]
        _check_tower(towers[-1], checks, ())
        _count_cards(Deal(players=[Player(name="-", towers=towers)]), checks, ())
        if checks.problems:
            raise prompt.refusal(checks.problems[:1])
        return parsed

    def ask_towers(name: str, _player: dict, _players: list) -> list:
        towers = []
        count = prompt.integer("{name}: how many towers", *field_range(Player, "towers"), name=name)
        for t in range(1, count + 1):
            parsed = prompt.text("{name}, tower {t}: floor ranks (e.g. 8 8 8, or 5 6 7; a Buona Pietra as B7)",
                                 parse=tower, name=name, t=t)
            built.append(parsed)
            towers.append({"floors": parsed, "completed": prompt.confirm("{name}, tower {t}: completed?",
                                                                         name=name, t=t)})
        return towers

    def ask_marker(name: str, player: dict, players: list) -> bool:
        # one marker: not asked of a player without a tower, nor once the first player holds it
        return bool(player["towers"]) and not any(p["marker"] for p in players) and prompt.confirm(
            "{name}: holds the tallest-tower marker?", name=name)

    def ask_nobles(name: str, _player: dict, players: list) -> list:
        taken = {noble for p in players for noble in p["nobles"]}   # one copy of each noble
        return prompt.several("{name}: scoring nobles played (monumento, cappella; empty if none)",
                              [noble for noble in NOBLES if noble not in taken], lower=True, name=name)

    questions = {"towers": ask_towers, "marker": ask_marker, "nobles": ask_nobles}
    players: list[dict] = []
    for n in (1, 2):
        name = prompt.player_name(n, [p["name"] for p in players])
        player = {"name": name}
        for field in Player.model_fields:      # the score pad's order, as the score page's form
            if field != "name":
                player[field] = questions[field](name, player, players)
        players.append(player)
    nobody = [prompt.t("nobody")] if not built else []      # a tower built took the marker
    while True:   # the marker's holder built the tallest tower (unless a Conspiration destroyed it)
        checks = Checks(None, "")
        _check_marker(Deal.model_validate({"players": players}, strict=False), checks, ())
        if not checks.problems:
            return {"game": GAME, "players": players}
        prompt.complain(checks.problems[:1])
        holder = prompt.choice("Who holds the tallest-tower marker", [p["name"] for p in players] + nobody)
        for p in players:
            p["marker"] = p["name"] == holder
