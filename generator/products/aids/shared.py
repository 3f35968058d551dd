"""What both player aids need: the checked aid content of one language, the template context of
their layouts, and the warning for strings that fell back to English."""
from __future__ import annotations

from datafile.errors import BuildError, DataError

from ...data.aids import Aid, aid_path, load_aids
from ...data.catalog import GameData, Project
from ...data.templates import View, card_context


def _aid(project: Project, game: GameData, lang: str) -> Aid:
    try:
        aids = load_aids(project, game)
    except DataError as exc:
        raise BuildError("player aid data is invalid:\n  " + "\n  ".join(str(p) for p in exc.problems)) from None
    if lang not in aids:
        raise BuildError(f"no {lang} player aid for {game.id} ({aid_path(game, lang)})")
    return aids[lang]


def _warn_missing(labels, game: GameData, lang: str, what: str) -> None:
    if labels.missing:
        import click
        click.secho(f"\nwarning: {game.id}/{lang}/{what}: no {lang} translation for "
                    + ", ".join(f"'{m}'" for m in sorted(labels.missing)) + "; English used (--allow-missing)",
                    fg="yellow", err=True)


def _context(project: Project, game: GameData, lang: str, layout, labels, aid_values: dict) -> dict:
    deck = game.decks[0]
    ctx = card_context(game.game, deck, None, lang, layout.colors, labels)
    g = game.game
    ctx["game"] = View(id=g.game, name=g.name.get(lang), minutes=g.minutes,
                       players=View(min=g.players.min, max=g.players.max))
    ctx["aid"] = View(accent=layout.colors.get(f"accent-{game.id}", layout.colors.get("aid-accent", "#2b2118")),
                      **aid_values)
    return ctx
