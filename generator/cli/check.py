"""`pnp check [GAME…] [--json]`: preflight before printing; exit 1 on errors, 0 with warnings."""
from __future__ import annotations

import json
import re
import sys

import click

from ..loading.catalog import load_project_and_problems
from .stubs import fold_stubs, stub_problems
from .common import languages_known_or_exit, project_root, split_list

LEVELS = {"error": "red", "warning": "yellow", "note": None}


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", multiple=True, metavar="fr,en,...", help="Languages to check (default: all of each game's).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable report (for CI).")
@click.option("--allow-missing", is_flag=True, help="Fall back to English for untranslated interface strings.")
@click.pass_context
def check(ctx, games, langs, as_json, allow_missing):
    """Preflight GAMES (default: every game): text fit per language, glyphs, legibility, safe
    zone and bleed, image dpi, unused icons and properties."""
    from ..texts.languages import language_problems
    from ..products.preflight import Finding, Report, aid_page_sizes, aid_pages, check_game, problem_findings
    from ..face_checks.faces import empty_boxes
    from ..face_checks.column_words import column_words
    from ..checks.literals import literal_problems
    from .validate import aid_card_fit, aid_page_fit, glyph_problems, score_pad_fit
    from ..face_checks.canvas_size import size_warnings
    from ..paper.sheet_options import SheetOptions
    from ..products.cards import grid_warnings

    report = Report()
    languages = split_list(langs)
    project, problems = load_project_and_problems(project_root(ctx), list(games) or None)
    sizes = {}
    for game in (project.games.values() if project else []):
        languages_known_or_exit("check", game, languages)
        chosen = [lang for lang in game.game.languages if not languages or lang in languages]
        sizes[game.id] = aid_page_sizes(project, game, chosen)   # before aid_page_fit: each page is set once
        # what the build refuses before drawing: a missing aid or rules file, label or translation
        problems += language_problems(project, game, languages, allow_missing)
        # a side over the aid card, the aid page or the score pad: refused as validate refuses them
        problems += aid_card_fit(project, game) + aid_page_fit(project, game) + score_pad_fit(project, game)
        # a card's name or text the rules and aid print in a font without its glyph (the faces' own
        # glyphs are check_game's findings)
        problems += glyph_problems(project, game, names_only=True)
    if not problems:   # pnp new's example aid and rules, for cards now gone (the build's check)
        problems = [p for game in (project.games.values() if project else []) for p in stub_problems(project, game)]
    if problems:   # nothing can be drawn: the problems, as lines or (CI reads JSON whatever happened) JSON
        problems = fold_stubs(project, list(dict.fromkeys(problems)))
        if as_json:
            report.findings += problem_findings(problems)
            click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
        else:
            for problem in problems:
                click.secho(str(problem), fg="red", err=True)
            click.secho(f"{len(problems)} problem(s) found; nothing was checked further.", fg="red", err=True)
        sys.exit(1)
    for game in project.games.values():
        chosen = [lang for lang in game.game.languages if not languages or lang in languages]
        check_game(project, game, chosen, report, allow_missing=allow_missing)
        # an empty box, and boxes that print wrong (face_checks/silent_boxes.py; a cell's tag names no box)
        report.findings += [Finding("warning", "empty-text", game.id, _said_at(p),
                                    box=p.field.split(" regions.")[-1].split(".")[0] if " regions." in p.field else "",
                                    summary=_said_at(p), file=p.file, line=p.line,
                                    field=p.field) for p in empty_boxes(project, game)]
        report.findings += [Finding("warning", "untranslated", game.id, f"{p.file}:{p.line}: {p.message}",
                                    box=p.field.rsplit(".", 2)[-2], summary=f"{p.file}:{p.line}: {p.message}",
                                    file=p.file, line=p.line, field=p.field) for p in literal_problems(project, game)]
        report.findings += [Finding("warning", "untranslated", game.id, f"{p.file}:{p.line}: {p.field}: {p.message}",
                                    summary=f"{p.file}:{p.line}: {p.field}: {p.message}", file=p.file, line=p.line,
                                    field=p.field) for p in column_words(project, game)]   # a sheet's column
        aid_pages(project, game, sizes[game.id], report)
        for line in size_warnings(project, [game], boxes=False):      # as validate and the build say it
            report.findings.append(_said("size-bleed", game.id, line))
        for line in grid_warnings(project, [game], SheetOptions(), chosen):    # marks shortened for a grid
            report.findings.append(_said("grid-marks", game.id, line))
    if as_json:
        click.echo(json.dumps(report.as_json(), indent=2, ensure_ascii=False))
    else:
        _table(report)
    sys.exit(1 if report.count("error") else 0)


def _said(code: str, game: str, line: str):
    """A warning validate prints (`warning: file:line: …`) as a finding, with its file and line."""
    from ..products.preflight import Finding
    text = line.removeprefix("warning: ")
    at = re.match(r"([^\s:]+):(\d+): ", text)
    return Finding("warning", code, game, text, file=at.group(1) if at else "", line=int(at.group(2)) if at else 0)


def _columns(rows: list[tuple]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if index == 0:
            click.echo("  ".join("-" * width for width in widths))
    click.echo()


def _aid_table(pages: list[dict]) -> None:
    """The one-page aids: the size each is set at, and what the next size up would need."""
    if not pages:
        return
    click.echo("Player aid page: body size, and what a larger size needs")
    rows = [("game", "lang", "paper", "size", "next size up")]
    for page in pages:
        if page["next_pt"] is None:
            needs = "— (the largest size)"
        elif page["too_wide"]:
            needs = f"{page['next_pt']:g} pt: {page['too_wide']}"
        elif page["over_pt"] is None:
            needs = f"{page['next_pt']:g} pt: more than a column too long"
        else:
            low, high = page["cut_lines"]
            needs = (f"{page['next_pt']:g} pt: columns {page['over_pt']:g} pt short "
                     f"(cut {low}{f'-{high}' if high > low else ''} line{'s' if high > 1 else ''})")
        rows.append((page["game"], page["lang"], page["paper"], f"{page['size_pt']:g} pt", needs))
    _columns(rows)


def _table(report) -> None:
    click.echo("Text fit: size used against the layout's size, per language")
    rows = [("game", "lang", "boxes", "shrunk", "largest shrink", "where", "smallest")]
    for row in report.fit_summary():
        shrink = (f"-{row['largest_shrink_pt']:g} pt ({row['largest_shrink_pct']}%)"
                  if row["shrunk"] else "—")
        rows.append((row["game"], row["lang"], str(row["boxes"]), str(row["shrunk"]), shrink, row["where"] or "—",
                     f"{row['smallest_pt']:g} pt"))
    _columns(rows)
    _aid_table(report.aid_pages)
    # one line per kind of problem and place: the same box failing on 40 cards in 4 languages
    # is one thing to fix (--json lists every card)
    groups: dict[tuple, list] = {}
    for finding in report.findings:
        key = (finding.level, finding.code, finding.game, finding.deck, finding.face, finding.box,
               finding.summary or finding.message)
        groups.setdefault(key, []).append(finding)
    for (level, _code, game, deck, face, box, text), found in groups.items():
        where = "/".join(part for part in (game, deck) if part)
        side = f" {face}" if face else ""
        boxed = f" '{box}'" if box and not text.startswith("box ") else ""
        cards = list(dict.fromkeys(f.card or "back" for f in found if f.deck))
        langs = list(dict.fromkeys(f.lang for f in found if f.lang))
        extra = []
        if len(found) > 1 or found[0].summary:
            if cards:
                extra.append(f"{len(cards)} card(s): {', '.join(cards[:4])}{', …' if len(cards) > 4 else ''}")
            if langs:
                extra.append(", ".join(langs))
            values = [f.value for f in found if f.value is not None]
            if values:
                extra.append(f"lowest {min(values):g}")
        elif found[0].card or found[0].lang:
            extra.append(" ".join(part for part in (found[0].card, found[0].lang) if part))
        tail = f" [{'; '.join(extra)}]" if extra else ""
        first = found[0]   # the box's (or card's) file and line, as validate and the build name it
        at = f"{first.file}:{first.line}: " if first.file and first.line else f"{first.file}: " if first.file else ""
        at = "" if text.startswith(at.strip()) else at     # a data problem's message names it already
        click.secho(f"{level:<7} {at}{where}{side}{boxed}: {text}{tail}", fg=LEVELS[level])
    click.echo(f"\n{report.count('error')} error(s), {report.count('warning')} warning(s), "
               f"{report.count('note')} note(s)")


def _said_at(problem) -> str:
    """A box's warning at its line (the box is the finding's own); a cell's with its column."""
    column = "" if " regions." in problem.field else f" {problem.field}:"
    return f"{problem.file}:{problem.line}:{column} {problem.message}"
