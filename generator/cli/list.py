"""`pnp list`: games, decks, card counts, sizes, languages and declared shortfalls."""
from __future__ import annotations

import click

from .common import counted, load_or_exit, shortfall_line


@click.command(name="list")
@click.argument("games", nargs=-1)
@click.pass_context
def list_(ctx, games):
    """Show games, decks, card counts and languages."""
    project = load_or_exit(ctx, games)
    for game in project.games.values():
        g = game.game
        players = counted(g.players.min, "player") if g.players.min == g.players.max else \
            f"{g.players.min}-{g.players.max} players"
        click.secho(f"{game.id} — {g.name.preferred('en')} ({players}, "
                    f"{g.minutes} min) [{', '.join(g.languages)}]", bold=True)
        for deck in game.decks:
            size = project.size_of(deck)
            line = (f"  {deck.deck:<20} {deck.physical_count:>4} cards  {len(deck.cards):>3} kinds  "
                    f"{size.width:g}x{size.height:g} mm{' round' if size.shape == 'round' else ''}")
            click.echo(line)
            if deck.shortfall:
                click.secho(f"  {'':<20} shortfall: {shortfall_line(deck)}", fg="yellow")
        groups: dict[str, list] = {}
        for deck in game.decks:
            if deck.group:
                groups.setdefault(deck.group, []).append(deck)
        for group, decks in groups.items():
            click.echo(f"  {group:<20} {sum(d.physical_count for d in decks):>4} cards  in {counted(len(decks), 'deck')}")
        total = sum(d.physical_count for d in game.decks)
        click.echo(f"  {'total':<20} {total:>4} cards")
