"""`pnp score GAME [STATE]`: the end-game calculator on the command line."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import yaml

from datafile.errors import BuildError, DataError
from scoring.api import GAMES, facts_from_game, score_data, score_file
from scoring.state import localise
from scoring.table import render_table
from scoring.tournay import cards_from_deck_file

from ..loading.catalog import load_project
from ..reading.i18n import Translator

LANGS = ["en", "fr", "de", "ja"]
BACK = ("<", "\x1b[A", "^[[A")    # "<", or the up arrow as a terminal without line editing sends it


class Back(Exception):
    """The player asked to go back one question."""


class ClickPrompt:
    """The questions asked when no state file is given (scoring/<game>.py `ask`): each answer is
    checked as it is typed and asked again until valid; questions, errors and choices speak
    `--lang` (msgids in locales/<lang>/LC_MESSAGES/prompts.po)."""

    def __init__(self, translate=lambda msgid: msgid, lang: str = "en"):
        self._ = translate
        self.lang = lang
        self.given: list[tuple[str, str]] = []    # (question, answer) accepted in this round
        self.replay: list[str] = []               # answers given before going back, answered again silently

    def t(self, msgid: str, **values) -> str:
        return self._(msgid).format(**values)

    def prompt_suffix(self, question: str) -> str:
        """What ends a question before the answer. In French a question mark is enough (« terminée ? »),
        else a colon after a no-break space (click's own ": " read « combien de tours: »)."""
        if self.lang != "fr":
            return ": "
        return " " if question.rstrip().endswith("?") else "\u00a0: "

    def say(self, msgid: str, **values) -> None:
        if not self.replay:
            click.echo(self.t(msgid, **values), err=True)

    def ask(self, msgid: str, parse, default: str | None = None, suffix: str = "", **values):
        """Ask until `parse(answer)` returns instead of raising ValueError (its message is shown).
        `<` or the up arrow goes back one question (Back); answers being replayed are not asked."""
        question = self.t(msgid, **values)
        while self.replay:
            answer = self.replay.pop(0)
            try:
                value = parse(answer)
            except ValueError:
                self.replay = []          # no longer fits: asked from here on
                break
            self.given.append((question, answer))
            return value
        while True:
            answer = click.prompt(question + suffix, default=default, show_default=bool(default), err=True,
                                  prompt_suffix=self.prompt_suffix(question + suffix)).strip()
            if answer in BACK:
                raise Back
            try:
                value = parse(answer)
            except ValueError as exc:
                click.secho(str(exc), fg="red", err=True)
                continue
            self.given.append((question, answer))
            return value

    def run(self, ask):
        """ask(self) with going back: on Back, the game's questions start again from the first,
        the answers before the one left answered again silently; then every answer is listed
        for review, and the count waits for Enter (`<` or a question's number goes back)."""
        click.echo(self.t("Type < (or the up arrow) and Enter to go back one question."), err=True)
        keep: list[str] = []
        while True:
            self.given, self.replay = [], list(keep)
            try:
                state = ask(self)
            except Back:
                keep = [a for _q, a in self.given][:-1]
                continue
            given = list(self.given)
            click.echo(self.t("Your answers:"), err=True)
            for i, (question, answer) in enumerate(given, 1):
                click.echo(f"  {i}. {question}{self.prompt_suffix(question)}{answer}", err=True)
            back = self._review(len(given))
            if back is None:
                return state
            keep = [a for _q, a in given][:back - 1]

    def _review(self, count: int) -> int | None:
        """None: count the points; else the number of the question to answer again. The end of
        the input counts (answers given by a script are not reviewed)."""
        def check(answer):
            if not answer:
                return None
            if answer in BACK:
                return count
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            raise ValueError(self.t("'{answer}' is not a whole number from {low} to {high}.", answer=answer,
                                    low=1, high=count))
        question = self.t("Count the points? (Enter: yes; <: back one question; a number: back to that question)")
        while True:
            try:
                answer = click.prompt(question, default="", show_default=False, err=True,
                                      prompt_suffix=self.prompt_suffix(question)).strip()
            except click.exceptions.Abort:
                return None
            try:
                return check(answer)
            except ValueError as exc:
                click.secho(str(exc), fg="red", err=True)

    def text(self, msgid: str, default: str | None = None, parse=None, **values) -> str:
        def check(answer):
            if not answer and default is None:
                raise ValueError(self.t("Please answer (it cannot be empty)."))
            return parse(answer) if parse else answer
        return self.ask(msgid, check, default, **values)

    def several(self, msgid: str, options, lower: bool = False, **values) -> list[str]:
        """Any of `options` (names or ids), separated by spaces or commas; empty: none."""
        def check(answer):
            picked = (answer.lower() if lower else answer).replace(",", " ").split()
            unknown = [x for x in picked if x not in options]
            if unknown:
                raise ValueError(self.t("'{answer}' is not one of: {choices}.", answer=unknown[0],
                                        choices=", ".join(options)))
            return picked
        return self.text(msgid, "", parse=check, **values)

    def integer(self, msgid: str, default: int | None = None, low: int | None = None, high: int | None = None,
                **values) -> int:
        def check(answer):
            try:
                number = int(answer)
            except ValueError:
                number = None
            if number is None or (low is not None and number < low) or (high is not None and number > high):
                raise ValueError(self.t("'{answer}' is not a whole number from {low} to {high}.", answer=answer,
                                        low="−∞" if low is None else low, high="∞" if high is None else high))
            return number
        return self.ask(msgid, check, None if default is None else str(default), **values)

    def words(self, msgid: str) -> list[str]:
        """The answers a language takes for yes ("y, yes") or no ("n, no"): the catalogue's words
        (German "j, ja"), and the English ones, which every keyboard can type."""
        own = [w.strip().casefold() for w in self.t(msgid).split(",") if w.strip()]
        return list(dict.fromkeys(own + msgid.split(", ")))

    def confirm(self, msgid: str, **values) -> bool:
        yes, no = self.words("y, yes"), self.words("n, no")

        def check(answer):
            if answer.casefold() in yes:
                return True
            if answer.casefold() in no or not answer:
                return False
            raise ValueError(self.t("Answer {yes} or {no}.", yes=yes[0], no=no[0]))
        return self.ask(msgid, check, "", f" [{yes[0]}/{no[0]}]", **values)

    def complain(self, problems) -> None:
        """Show the game's rule checks on answers already given (the question is then asked again)."""
        if not self.replay:
            click.secho(str(self.refusal(problems)), fg="red", err=True)

    def player_name(self, n: int, taken) -> str:
        """Player n's name, distinct from the names given before (the rules checks refuse twins)."""
        def distinct(answer):
            if answer in taken:
                raise ValueError(self.t("'{answer}' is already the name of another player.", answer=answer))
            return answer
        return self.text("Player {n} name", parse=distinct, n=n)

    def refusal(self, problems) -> ValueError:
        """The game's own rule checks on an answer (scoring/<game>.py), as the error to show."""
        from scoring.state import localised_parts
        return ValueError(" ".join(localised_parts(p.message, p.expected, self._, self.lang) for p in problems))

    def choice(self, msgid: str, options: dict[str, str] | list[str], default: str | None = None,
               **values) -> str:
        """One of `options` (value -> label shown); the value or the label is accepted, in any case."""
        options = options if isinstance(options, dict) else {o: o for o in options}
        listing = ", ".join(o if label == o else f"{label} ({o})" for o, label in options.items())
        lookup = {k.casefold(): o for o, label in options.items() for k in (o, label)}

        def check(answer):
            if answer.casefold() in lookup:
                return lookup[answer.casefold()]
            raise ValueError(self.t("'{answer}' is not one of: {choices}.", answer=answer, choices=listing))
        return self.ask(msgid, check, default, f" ({listing})", **values)


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
@click.option("--example", is_flag=True,
              help="Print an example state file of GAME (the rulebook's example) to start from: "
                   "pnp score GAME --example > state.yaml")
@click.pass_context
def score(ctx, game, state, lang, as_json, save, cards, example):
    """Score the end of a game of GAME from STATE, a YAML or JSON state file (`--example` prints
    one to start from). Without STATE, ask question by question."""
    if example:
        click.echo(_example(game).read_text(encoding="utf-8"), nl=False)
        return
    root = Path((ctx.find_root().obj or {}).get("root", Path.cwd()))
    translate = Translator(root, lang)
    plain = _fallback(Translator(root, lang, allow_missing=True))
    try:
        facts = _facts(root, game, cards)
        if state is None:
            prompt = ClickPrompt(translate, lang)
            try:
                answers = prompt.run(lambda p: GAMES[game].ask(p, lang=lang, **facts))
            except click.exceptions.Abort:   # Ctrl-C or the end of the input: said in --lang
                click.secho("\n" + plain("Stopped: nothing was scored."), fg="red", err=True)
                sys.exit(1)
            if save is None and sys.stdin.isatty():
                path = prompt.text("Save this tally as a state file? (file name; empty: no)", "")
                save = Path(path) if path else None
            if save:
                _write(save, answers, plain)
            try:
                result = score_data(game, answers, **facts)
            except DataError:
                # answers the rules refuse as a whole are never lost: kept in a file, and its lines named
                state = save or _free_name(Path(f"{game}-answers.yaml"))
                if not save:
                    _write(state, answers, plain)
                click.secho(plain("Your answers are in {path}: correct the lines below, then run "
                                  "pnp score {game} {path}").format(path=state, game=game), fg="yellow", err=True)
                result = score_file(game, state, display=_display(state), **facts)
        else:
            result = score_file(game, state, display=_display(state), **facts)
        text = (json.dumps(result.to_json(translate, lang), ensure_ascii=False, indent=2) if as_json
                else render_table(result, translate, lang))
    except DataError as exc:
        for problem in exc.problems:   # in --lang; English where a message has no translation
            click.secho(localise(problem, plain, lang), fg="red", err=True)
        click.secho(plain("{count} problem: this end of game cannot be scored.", "{count} problems: this end of game cannot be scored.",
                          count=len(exc.problems)),
                    fg="red", err=True)
        sys.exit(1)
    except BuildError as exc:
        click.secho(str(exc), fg="red", err=True)
        sys.exit(1)
    click.echo(text)


def _example(game: str) -> Path:
    """The rulebook's example of GAME, installed with pnp (examples/scores/ of a checkout)."""
    from ..reading.locate import bundled_root
    return bundled_root() / "examples" / "scores" / f"{game}-rulebook.yaml"


def _write(path: Path, answers: dict, plain) -> None:
    path.write_text(yaml.safe_dump(answers, sort_keys=False, allow_unicode=True), encoding="utf-8")
    click.echo(plain("saved {path}").format(path=path), err=True)


def _free_name(path: Path) -> Path:
    """`path`, else path-2, path-3…: an earlier file is never overwritten."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate


def _fallback(translate):
    """Translations for error messages: English when the catalogue itself is what is broken."""
    def safe(msgid: str, plural: str | None = None, /, **fields) -> str:
        try:
            return translate(msgid, plural, **fields)
        except (DataError, BuildError):
            english = plural if plural is not None and fields.get("count") != 1 else msgid
            return english.format(**fields) if fields else english
    return safe


def _facts(root: Path, game: str, deck_file: Path | None) -> dict:
    """The card facts the calculator needs, from --cards or from the project's card data."""
    if deck_file is not None:
        return {"cards": cards_from_deck_file(deck_file)}
    if game == "san-gimignano":
        return {}   # scored from the state alone
    return facts_from_game(load_project(root, [game]).games[game])


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
