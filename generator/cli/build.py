"""`pnp build`: every printable of the chosen games and languages into OUT/<game>/<lang>/."""
from __future__ import annotations

import os
import sys
import signal
import threading
import time
from contextlib import ExitStack, nullcontext
from pathlib import Path

import click

from datafile.errors import BuildError, DataError

from ..planning import plan as builder, product_list
from ..paper.sheet_options import SheetOptions
from ..paper.output import output_folder
from .stubs import stub_problems
from .common import (
    bleed_option,
    duplex_option,
    fold_option,
    known_or_exit,
    languages_known_or_exit,
    language_paper_option,
    languages_or_exit,
    load_or_exit,
    offset_option,
    parse_offset,
    project_root,
    shown_path,
    split_list,
    writable_or_exit,
)
from .fetch_runtime import ensure_runtime, has_calculator
from .held_output import is_held


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", multiple=True, metavar="fr,en,de,ja", help="Languages to build (default: all of each game's).")
@language_paper_option
@bleed_option
@duplex_option
@offset_option
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/ in the project).")
@click.option("--only", "products", multiple=True, metavar="cards,...",
              help="Build only these products: cards, cards-fold-over, cards-ink-saver, calibration-page, "
                   "player-aid-card, player-aid, rules (with the site), score-pad.")
@click.option("--allow-missing", is_flag=True, help="Fall back to English for untranslated interface strings.")
@click.option("--deck-per-sheet", is_flag=True,
              help="Start every deck on a new sheet (default: sheets are filled across decks).")
@fold_option
@click.option("--ink-saver", is_flag=True,
              help="Light backgrounds and outlines instead of solid fills, in every product (same layout, same cuts).")
@click.option("--jobs", "-j", type=click.IntRange(1, 256), default=None,
              help="Worker processes (default: the machine's cores).")
@click.option("--no-cache", is_flag=True, help="Render every product, even those whose inputs did not change.")
@click.option("--watch", is_flag=True, help="Stay running; rebuild what changed whenever cards/, layouts/ or locales/ change.")
@click.option("--verbose", "-v", is_flag=True, help="List every file written (default: a summary).")
@click.pass_context
def build(ctx, games, langs, paper, bleed, duplex, back_offset, out_dir, products, allow_missing, deck_per_sheet,
          fold, ink_saver, jobs, no_cache, watch, verbose):
    """Build printables for GAMES (default: every game) into OUT/<game>/<lang>/."""
    if watch:
        _watch(ctx, {**ctx.params, "watch": False})
        return
    started = time.perf_counter()
    known_or_exit("build", "--only", split_list(products), [p.name for p in product_list.PRODUCTS], "product")
    project = load_or_exit(ctx, games)
    languages = split_list(langs)
    for game in project.games.values():
        languages_known_or_exit("build", game, languages)
    languages_or_exit(project, languages, allow_missing)
    options = SheetOptions(paper, bleed, duplex, parse_offset(back_offset), allow_missing, deck_per_sheet,
                           ink_saver, fold, tuple(sorted(split_list(products) or ())) or None)
    try:   # a shipped `output -> ~/.ssh` is refused, never written through
        out = output_folder(out_dir or project_root(ctx) / "output", chosen=out_dir is not None)
    except BuildError as exc:
        click.secho(f"build failed: {exc}", fg="red", err=True)
        sys.exit(1)
    if out in (Path(out.anchor), Path.home()) or project_root(ctx).is_relative_to(out):
        # the build swaps the whole folder: never the project, a home or a root folder
        raise click.BadParameter(f"{out} holds the project or is a home or root folder; "
                                 f"choose a folder for the output only (default: output/)", param_hint="--out")
    writable_or_exit(out)
    skipped: list[str] = []
    plan = builder.plan(project, languages, out, split_list(products), skipped)
    stubs = [p for game in {job.game.id: job.game for job in plan
                            if job.product.name in ("player-aid-card", "player-aid", "rules")}.values()
             for p in stub_problems(project, game)]   # pnp new's example aid and rules, for cards now gone
    if stubs:
        for problem in stubs:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(stubs)} problem(s) found; nothing was written.", fg="red", err=True)
        sys.exit(1)
    if verbose:
        for note in skipped:   # a game builds what it has, and says what it left out
            click.secho(f"skipped: {note}", fg="yellow", err=True)
    elif skipped and not (ctx.obj or {}).get("said_skipped"):   # quiet: one line for them all, once a watch
        names = sorted({note.split(":")[1].split("(")[0].strip().removeprefix("no ") for note in skipped})
        click.secho(f"skipped {len(skipped)}: {', '.join(names)[:120]} (files a game does not have; -v says which)",
                    fg="yellow", err=True)
        if ctx.obj is not None and ctx.obj.get("watching") is not None:
            ctx.obj["said_skipped"] = True
    for game in project.games.values() if verbose else ():
        if any(job.game is game and job.product.name == "rules" for job in plan) \
                and not (game.directory / "rules").is_dir():
            click.secho(f"note: {game.id} has no rules/ folder: its rules.pdf and site page list the cards only",
                        fg="yellow", err=True)
    from ..face_checks.canvas_size import size_warnings
    from ..face_checks.frame import cut_outlines, cut_warnings, frame_warning
    from ..face_checks.system_fonts import substitute_notes
    from ..checks.near_columns import near_notes
    from ..checks.quantity import quantity_notes
    from ..products.cards import grid_warnings
    from ..products.text_landing import text_lands
    framed = [frame_warning(project, list(project.games.values()), text_lands(project, languages))] \
        + cut_warnings(project, list(project.games.values()), options.bleed) \
        + cut_outlines(project, list({job.game.id: job.game for job in plan}.values())) \
        + size_warnings(project, list(project.games.values())) \
        + substitute_notes(project, list(project.games.values())) \
        + quantity_notes(project, list({job.game.id: job.game for job in plan}.values())) \
        + near_notes(project, list({job.game.id: job.game for job in plan}.values())) \
        + grid_warnings(project, list({job.game.id: job.game for job in plan}.values()), options, languages) \
        if not (ctx.obj or {}).get("said_frame") and any(job.product.name == "cards" for job in plan) else []
    if any(framed):   # once a watch, as the skipped files
        for line in filter(None, framed):
            click.secho(line, fg="yellow", err=True)
        if ctx.obj is not None and ctx.obj.get("watching") is not None:
            ctx.obj["said_frame"] = True
    if any(job.product.name == "cards" for job in plan) and not (ctx.obj or {}).get("said_empty"):
        from ..face_checks.faces import empty_boxes
        from ..face_checks.column_words import column_words
        from ..checks.literals import literal_problems
        for game in {job.game.id: job.game for job in plan}.values():
            for empty in empty_boxes(project, game) + literal_problems(project, game) \
                    + column_words(project, game):   # once a watch
                click.secho(f"warning: {empty}", fg="yellow", err=True)
        if ctx.obj is not None and ctx.obj.get("watching") is not None:
            ctx.obj["said_empty"] = True
    if any(job.product.name == "rules" and has_calculator(job.game) for job in plan):
        ensure_runtime()      # the score pages' calculator: fetched once per machine, on first need
    try:
        with ExitStack() as stack:
            bar, current, removed = None, {"label": ""}, []

            def start(pages: int) -> None:   # once the cache has said what is left to render
                nonlocal bar
                if pages and _terminal():   # a log gets no bar, only the summary
                    # no ETA: click extrapolates from the first pages, which wait for the workers to
                    # start, and said 12:50 for a 5-second build; pages done / to do says it plainly
                    bar = stack.enter_context(click.progressbar(length=pages, label="Building", show_pos=True,
                                                                show_eta=False, file=sys.stderr,
                                                                item_show_func=lambda label: label))

            written = builder.run(project, plan, options, progress=lambda n: bar and bar.update(n, current["label"]),
                                  announce=lambda job: current.update(label=job.label),
                                  workers=jobs or os.cpu_count() or 1, use_cache=not no_cache, out=out,
                                  warn=lambda text: click.echo(text, err=True, nl=False), start=start,
                                  removed=removed)
    except (BuildError, DataError) as exc:
        click.secho(f"build failed: {exc}", fg="red", err=True)
        click.secho("Nothing was written.", fg="red", err=True)
        sys.exit(1)
    except OSError as exc:   # disk full, permissions changed during the build, ...: the output is left as it was
        where = f" {exc.filename}" if getattr(exc, "filename", None) else ""
        click.secho(f"build failed: cannot write{where}: {exc.strerror or exc}", fg="red", err=True)
        click.secho("Nothing was written.", fg="red", err=True)
        sys.exit(1)
    if removed:   # a product whose files are gone (aid/ removed): its old PDF goes too, and off the site
        click.secho(f"removed {len(removed)} old file(s) the game no longer makes: {', '.join(removed)[:200]}",
                    fg="yellow", err=True)
    if verbose:
        for path in written:
            click.echo(shown_path(path, ctx))
    elif ctx.obj is not None and ctx.obj.get("watching") is not None:
        ctx.obj["watching"] = (written, out, time.perf_counter() - started)
    else:
        click.echo(summary(written, out, ctx))


def _terminal() -> bool:
    """A progress bar only where it is seen as it runs: not in a watched rebuild's held lines."""
    return sys.stderr.isatty() and not is_held(sys.stderr)


def _pdfs(written: list[Path], out: Path) -> list[Path]:
    """The printables among what a build wrote (the site's downloads are copies of them)."""
    return [p for p in written if p.suffix == ".pdf" and p.is_relative_to(out) and p.relative_to(out).parts[0] != "site"]


def summary(written: list[Path], out: Path, ctx) -> str:
    """What a build wrote, in at most three lines: the PDFs per game and language, the site."""
    pdfs = _pdfs(written, out)
    places = sorted({"/".join(p.relative_to(out).parts[:2]) for p in pdfs})
    site = [p for p in written if p.is_relative_to(out / "site")]
    lines = [f"{len(pdfs)} PDF(s) in {shown_path(out, ctx)}/: {', '.join(places[:8])}{', …' if len(places) > 8 else ''}"
             if pdfs else f"nothing new in {shown_path(out, ctx)}/"]
    if site:
        lines.append(f"site: {shown_path(out / 'site' / 'index.html', ctx)} ({len(site)} files)")
    lines.append("(pnp build -v lists every file)")
    return "\n".join(lines)


def _watch(ctx: click.Context, params: dict, interval: float = 0.5) -> None:
    """Build, then rebuild whenever an input changes (mtime polling); the cache makes each
    rebuild render only the products whose inputs changed. A failed build keeps watching."""
    from ..reading.settling import settled
    from ..site.serve import snapshot
    from .held_output import held, show
    seen, first = None, True
    ctx.ensure_object(dict)

    def inputs() -> tuple:
        return snapshot(project_root(ctx), list(params.get("games") or ()) or None)

    def stop(_signum, _frame):   # SIGTERM stops as Ctrl-C does: a rebuild under way is discarded whole
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop) if threading.current_thread() is threading.main_thread() else None
    try:
        while True:
            now = inputs()
            if now != seen:
                # a file being saved: built once whole (the first build waits too: one reading)
                rebuilding = seen is not None
                seen = settled(inputs, now) if rebuilding else now
                ctx.obj["watching"] = None if params.get("verbose") else ()
                owed = {key: ctx.obj.get(key) for key in ("said_skipped", "said_frame", "said_empty")}
                # a rebuild's lines wait for its end (the first build's progress is shown live)
                with held() if rebuilding else nullcontext([]) as lines:
                    try:
                        ctx.invoke(build, **params)
                    except SystemExit:
                        pass
                done = ctx.obj.pop("watching", None)
                if rebuilding and inputs() != seen:
                    # a save began while this rebuild read the files: maybe half of it, so nothing of
                    # it is shown (its once-a-watch warnings are still owed); the PDFs it wrote are
                    # replaced by the rebuild that follows, once the save has settled
                    ctx.obj.update(owed)
                    done = None
                else:
                    show(lines)
                if done:   # one line a rebuild: when, how long, what changed
                    written, out, seconds = done
                    pdfs = [shown_path(p, ctx) for p in _pdfs(written, out)]
                    more = f" and {len(pdfs) - 2} more" if len(pdfs) > 2 else ""
                    click.echo(f"{time.strftime('%H:%M:%S')} rebuilt in {seconds:.2f} s: "
                               f"{', '.join(pdfs[:2]) + more if pdfs else 'nothing changed'}")
                if first:
                    click.echo("watching every file the build reads (Ctrl-C to stop)", err=True)
                    first = False
            time.sleep(interval)
    except KeyboardInterrupt:
        pass
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
