"""`pnp export png|tts|printshop GAME…`: card faces for screens, Tabletop Simulator and print
shops, into OUT/<game>/<lang>/<target>/, all or nothing: written into a staging copy of OUT and
swapped in at once, as a build is (paper/output.py), each target folder replaced whole."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from datafile.errors import BuildError, DataError

from ..paper.output import Staging, dropped_note, output_folder
from .common import (known_or_exit, language_paper_option, languages_known_or_exit, load_or_exit, project_root,
                     shown_path, split_list, usage_error)


@click.command()
@click.argument("target", type=click.Choice(["png", "tts", "printshop", "cutter"]))
@click.argument("games", nargs=-1)
@click.option("--lang", "langs", multiple=True, metavar="fr,en,...", help="Languages (default: all of each game's).")
@click.option("--dpi", type=click.FloatRange(36, 1200), default=300, show_default=True,
              help="Resolution of png and tts images.")
@click.option("--bleed", type=click.FloatRange(0, 10), default=3.0, show_default=True,
              help="png: bleed in mm around each face; 0 (or --no-bleed) for the trimmed card.")
@click.option("--no-bleed", is_flag=True, help="png: the trimmed card only (same as --bleed 0).")
@click.option("--preset", default=None, metavar="NAME",
              help="printshop: a preset of layouts/printshops.yaml (drivethrucards, thegamecrafter).")
@click.option("--machine", default=None, metavar="NAME",
              help="cutter: a machine of layouts/cutters/ (silhouette, cricut, generic).")
@language_paper_option
@click.option("--url-base", default=None, metavar="URL",
              help="tts: where you will upload the images (default: file:/// paths on this machine).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output folder (default: output/ in the project).")
@click.option("--allow-missing", is_flag=True, help="Fall back to English for untranslated interface strings.")
@click.option("--deck", "deck_id", multiple=True, metavar="DECK,...", help="Only these decks (repeatable).")
@click.option("--card", "card_id", multiple=True, metavar="CARD,...",
              help="Only these cards (their fronts and their decks' backs; repeatable: --card a --card b).")
@click.pass_context
def export(ctx, target, games, langs, dpi, bleed, no_bleed, preset, machine, paper, url_base, out_dir, allow_missing, deck_id,
           card_id):
    """Export GAMES (default: every game) as TARGET: png (one image per face), tts (Tabletop
    Simulator sheets and saved object), printshop --preset NAME, or cutter --machine NAME (print
    sheets and SVG cut files for a home cutting machine)."""
    shop = cutter = None
    if target == "cutter":
        cutter = _cutter_or_exit(ctx, machine)
    elif machine or paper:
        usage_error("export", f"{'--machine' if machine else '--paper'} is for `pnp export cutter` only")
    if target == "printshop":
        from ..exporters.printshop import load_presets
        try:
            presets = load_presets(project_root(ctx))
        except DataError as exc:
            for problem in exc.problems:
                click.secho(str(problem), fg="red", err=True)
            sys.exit(1)
        if not preset:   # one line, not click's usage block
            usage_error("export", f"printshop needs --preset NAME: one of {', '.join(presets)} "
                                  f"(layouts/printshops.yaml)")
        known_or_exit("export", "--preset", [preset], list(presets), "preset")
        shop = presets[preset]
    elif preset:
        usage_error("export", "--preset is for `pnp export printshop` only")
    project = load_or_exit(ctx, games)
    chosen = _chosen(project, split_list(deck_id), split_list(card_id))   # game id -> (decks, card ids), for --deck/--card
    languages = split_list(langs)
    started = time.perf_counter()
    notes: list[str] = []
    shop_files = 0
    try:
        out = output_folder(out_dir or project_root(ctx) / "output", chosen=out_dir is not None)   # never through a link
        with Staging(out) as staging:
            for game in project.games.values():
                if game.id not in chosen:
                    continue
                only = dict(zip(("decks", "cards"), chosen[game.id]))
                languages_known_or_exit("export", game, languages)
                for lang in languages or game.game.languages:
                    folder = out / game.id / lang
                    # the new export replaces the old one whole (no stale faces of removed cards)
                    staging.not_carried.add(f"{game.id}/{lang}/{_folder(target, preset, machine)}")
                    if target == "png":
                        from ..exporters.png import export_png
                        export_png(project, game, lang, folder / "png", staging, dpi, 0 if no_bleed else bleed,
                                   allow_missing, **only)
                    elif target == "tts":
                        from ..exporters.tts import export_tts
                        export_tts(project, game, lang, folder / "tts", staging, dpi, url_base, allow_missing, **only)
                    elif target == "cutter":
                        from ..exporters.cutter import export_cutter
                        export_cutter(project, game, lang, folder / _folder(target, preset, machine), staging, cutter,
                                      allow_missing, paper=paper, **only)
                    else:
                        from ..exporters.printshop import export_printshop
                        made, skipped = export_printshop(project, game, lang, folder / preset, staging, shop,
                                                         allow_missing, **only)
                        shop_files += len(made)
                        notes += [f"{game.id}/{lang}: skipped {line}" for line in skipped]
            if target == "printshop" and not shop_files:   # every deck another size: a failure, not "0 files"
                raise BuildError(f"{preset} takes no deck of {', '.join(chosen)}: "
                                 f"{'; '.join(dict.fromkeys(n.split(': skipped ', 1)[1] for n in notes))[:300]}; "
                                 f"give the deck that size (size: in its file) or choose another preset")
            written = staging.commit()
            note = dropped_note(staging)
            if note:
                click.secho(note.rstrip(), fg="yellow", err=True)
    except (BuildError, DataError) as exc:
        click.secho(f"export failed: {exc}", fg="red", err=True)
        click.secho("Nothing was written.", fg="red", err=True)
        sys.exit(1)
    except OSError as exc:   # disk full, permissions: the output is left as it was
        where = f" {exc.filename}" if getattr(exc, "filename", None) else ""
        click.secho(f"export failed: cannot write{where}: {exc.strerror or exc}", fg="red", err=True)
        click.secho("Nothing was written.", fg="red", err=True)
        sys.exit(1)
    for note in dict.fromkeys(notes):
        click.secho(note, fg="yellow", err=True)
    total = sum(path.stat().st_size for path in written)
    folders = sorted({path.parent for path in written})
    for folder in folders:
        click.echo(shown_path(folder, ctx))
    click.echo(f"{len(written)} file(s), {total / 1e6:.1f} MB in {time.perf_counter() - started:.1f} s")


def _folder(target: str, preset: str | None, machine: str | None) -> str:
    return preset if target == "printshop" else f"cutter-{machine}" if target == "cutter" else target


def _cutter_or_exit(ctx, machine: str | None):
    """The machine's validated file, or one line per problem and exit 1."""
    from ..model.cutters import known_machines, load_cutter
    root = project_root(ctx)
    if not machine:
        usage_error("export", f"cutter needs --machine NAME: one of {', '.join(known_machines(root))}")
    try:
        return load_cutter(root, machine)
    except DataError as exc:
        for problem in exc.problems:
            click.secho(str(problem), fg="red", err=True)
        sys.exit(1)


def _chosen(project, deck_ids: list[str] | None, card_ids: list[str] | None) -> dict:
    """game id -> (decks, card ids or None) to export: every game whole, or what --deck and
    --card name (each may be given several times: all of them, never only the last); an id no
    game has is one line with a guess."""
    if not deck_ids and not card_ids:
        return {game_id: (None, None) for game_id in project.games}
    every = [d for game in project.games.values() for d in game.decks]
    known_or_exit("export", "--deck", deck_ids, sorted({d.deck for d in every}), "deck")
    in_decks = [d for d in every if not deck_ids or d.deck in deck_ids]
    scope = f" of deck {', '.join(deck_ids)}" if deck_ids else ""
    known_or_exit("export", "--card", card_ids, sorted({c.id for d in in_decks for c in d.cards}), "card", scope)
    chosen = {}
    for game in project.games.values():
        decks = [d for d in game.decks if not deck_ids or d.deck in deck_ids]
        if card_ids:
            decks = [d for d in decks if any(c.id in card_ids for c in d.cards)]
        if decks:
            chosen[game.id] = (decks, set(card_ids) if card_ids else None)
    return chosen
