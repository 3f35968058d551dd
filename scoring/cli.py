"""`pnp score GAME [STATE]`: the end-game calculator on the command line."""
from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import click
import yaml

from generator.errors import BuildError, DataError
from generator.i18n import Translator

from .api import GAMES, score_data, score_file
from .result import GameResult, render
from .tournay import cards_from_deck_file

LANGS = ["en", "fr", "de", "ja"]


class ClickPrompt:
    """The questions asked when no state file is given."""

    def text(self, question: str, default: str | None = None) -> str:
        return click.prompt(question, default=default, show_default=bool(default))

    def integer(self, question: str, default: int | None = None) -> int:
        return click.prompt(question, default=default, type=int)

    def confirm(self, question: str) -> bool:
        return click.confirm(question, default=False)

    def choice(self, question: str, options: list[str]) -> str:
        return click.prompt(question, type=click.Choice(options))


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    space = " " * max(0, width - _width(text))
    return space + text if right else text + space


def render_table(result: GameResult, translate, lang: str) -> str:
    """Categories as rows, players as columns, then totals, ranks, winner and the details."""
    t = translate
    rows = [[c.title(t, lang)] + [_cell(p, c.key) for p in result.players] for c in result.categories()]
    rows.append([t("Total")] + [str(p.total) for p in result.players])
    rows.append([t("Rank")] + [str(p.rank) for p in result.players])
    header = [""] + [p.name for p in result.players]
    widths = [max(_width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    rule = "  ".join("-" * w for w in widths)
    out = ["  ".join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(header)), rule]
    for r in rows[:-2]:
        out.append("  ".join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(r)))
    out.append(rule)
    for r in rows[-2:]:
        out.append("  ".join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(r)))
    out.append("")
    label = t("Winner") if len(result.winners) == 1 else t("Shared win")
    colon = "\u00a0:" if lang == "fr" else ("：" if lang == "ja" else ":")
    out.append(f"{label}{colon} {', '.join(result.winners)}" + (f" ({render(result.tie_break, t, lang)})" if result.tie_break else ""))
    out.append("")
    out.append(t("How the points were counted") + colon)
    for p in result.players:
        for line in p.lines:
            if line.detail:
                out.append(f"  {p.name} · {line.category.title(t, lang)}{colon} {line.points} — "
                           f"{line.explain(t, lang)}")
    for note in result.notes:
        out.append(f"* {render(note, t, lang)}")
    return "\n".join(out)


def _cell(player, key: str) -> str:
    lines = [line for line in player.lines if line.category.key == key]
    return str(sum(line.points for line in lines)) if lines else "–"


@click.command()
@click.argument("game", type=click.Choice(sorted(GAMES)))
@click.argument("state", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--lang", type=click.Choice(LANGS), default="en", show_default=True,
              help="Language of the category names and explanations.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Without STATE: save the answers as a state file (YAML) too.")
@click.option("--cards", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="Tournay only: read card data from this deck file instead of cards/tournay/.")
@click.pass_context
def score(ctx, game, state, lang, as_json, save, cards):
    """Score the end of a game of GAME from STATE (a YAML or JSON state file; examples in
    examples/scores/). Without STATE, ask question by question."""
    root = Path((ctx.find_root().obj or {}).get("root", Path.cwd()))
    translate = Translator(root, lang)
    try:
        deck = cards_from_deck_file(cards) if cards else None
        if state is None:
            answers = GAMES[game].ask(ClickPrompt())
            if save:
                save.write_text(yaml.safe_dump(answers, sort_keys=False, allow_unicode=True), encoding="utf-8")
                click.echo(f"saved {save}", err=True)
            result = score_data(game, answers, root=root, cards=deck)
        else:
            result = score_file(game, state, root=root, cards=deck, display=_display(state))
        text = (json.dumps(result.to_json(translate, lang), ensure_ascii=False, indent=2) if as_json
                else render_table(result, translate, lang))
    except DataError as exc:
        for problem in exc.problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(exc.problems)} problem(s): this end of game cannot be scored.", fg="red", err=True)
        sys.exit(1)
    except BuildError as exc:
        click.secho(str(exc), fg="red", err=True)
        sys.exit(1)
    click.echo(text)


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
