"""`pnp validate`: check every YAML file of the chosen games, and the layouts."""
from __future__ import annotations

import re
import sys
from dataclasses import replace

import click

from datafile.errors import BuildError, DataError, Problem, field_path, once_per_place
from datafile.source import line_of, load_yaml, read_text

from ..texts.aid_card import load_aid_cards
from ..texts.aids import load_aids, used_icons
from ..loading.catalog import load_project_and_problems
from ..texts.figures import load_figures
from ..checks.glossary import glossary_problems
from ..reading.characters import strings
from ..face_checks.faces import empty_boxes, face_problems, printed_texts
from ..face_checks.column_words import column_words
from ..checks.literals import literal_problems
from ..reading.i18n import load_catalogue
from ..texts.languages import language_problems
from ..card_layout.region_checks import FONT_FILE
from ..reading.locate import search_path
from ..card_layout.project import Project
from ..texts.rules import load_rules
from ..paper.sheet_options import SheetOptions
from ..card_face.placed import placing_problems
from ..site.sources import site_problems
from ..typeset.hyphenation import check_corrections
from .stubs import fold_stubs
from .common import bleed_option, counted, fold_option, language_paper_option, only_languages, project_root, shortfall_line


@click.command()
@click.argument("games", nargs=-1)
@click.option("--allow-missing", is_flag=True,
              help="Untranslated interface strings are no problem (the build falls back to English).")
@click.option("--lang", "langs", multiple=True, metavar="fr,en,...", help="Languages to check (default: all of each game's).")
@language_paper_option
@bleed_option
@fold_option
@click.pass_context
def validate(ctx, games, allow_missing, langs, paper, bleed, fold):
    """Check the YAML of GAMES (default: all) and the layouts; exit 1 on any problem. With
    --paper, what the build sets on the paper (cards, aid card, player aid, score pad, rules) is
    checked on that paper, as `pnp build --paper` sets it; --bleed and --fold place the cards as
    the build's do."""
    project, problems = load_project_and_problems(project_root(ctx), list(games) or None)
    project = only_languages(project, langs)     # --lang: those languages' texts, faces and papers
    broken = {problem.file for problem in problems}
    for game in (project.games.values() if project else []):
        # what a language needs (files, icon labels, translations) is checked even when the
        # texts are not complete yet, so adding a language is reported in one round
        problems += language_problems(project, game, allow_missing=allow_missing)
        if not any(f.startswith(project.relative(game.directory)) for f in broken):
            # a field said wrong already (in any layout extending its box's): not again
            said = {(p.file, p.line, _box_field(p.field)) for p in problems}
            boxes = {f"at {p.file}:{p.line})" for p in problems if p.line}   # a box's slip: not again per cell
            problems += [p for p in _content_problems(project, game, SheetOptions(paper, bleed, fold=fold))
                         if (p.file, p.line, _box_field(p.field)) not in said and not any(b in p.message for b in boxes)]
    # a catalogue shared by several games, a box other layouts extend: once
    problems = fold_stubs(project, once_per_place(dict.fromkeys(problems)))
    if project is not None:
        problems += check_corrections(project.root)   # layouts/hyphenation.yaml
    if problems:
        for problem in problems:
            click.secho(str(problem), fg="red", err=True)
        click.secho(f"{len(problems)} problem(s) found; nothing was written.", fg="red", err=True)
        sys.exit(1)
    from ..face_checks.canvas_size import size_warnings
    from ..face_checks.frame import cut_outlines
    from ..face_checks.system_fonts import substitute_notes
    for line in size_warnings(project, list(project.games.values())) + cut_outlines(project, list(project.games.values())):
        click.secho(line, fg="yellow", err=True)    # prints, but not what was meant (or under the white frame)
    from ..products.cards import grid_warnings
    for line in grid_warnings(project, list(project.games.values()), SheetOptions(paper, bleed, fold=fold)):
        click.secho(line, fg="yellow", err=True)
    for line in substitute_notes(project, list(project.games.values())):   # prints, in a stand-in
        click.secho(line, fg="yellow", err=True)
    from ..checks.quantity import quantity_notes
    from ..checks.near_columns import near_notes   # prints, more copies than rows; a header read as it is
    for line in quantity_notes(project, list(project.games.values())) + near_notes(project, [*project.games.values()]):
        click.secho(line, fg="yellow", err=True)
    for game in project.games.values():
        for empty in empty_boxes(project, game) + literal_problems(project, game) + column_words(project, game):
            click.secho(f"warning: {empty}", fg="yellow", err=True)
        cards = sum(d.physical_count for d in game.decks)
        click.echo(f"{game.id}: ok ({counted(len(game.decks), 'deck')}, {counted(cards, 'card')}, "
                   f"languages {', '.join(game.game.languages)})")
        for deck in game.decks:
            if deck.shortfall:
                click.secho(f"  {deck.deck}: {shortfall_line(deck)}", fg="yellow")
    click.echo(f"layouts: ok ({len(project.layouts)} layouts)")


def _box_field(field: str) -> str:
    """`rogues/crook-x regions.level.text` -> `regions.level.text`: the box's field, whichever layout
    extending it met the mistake."""
    layout, _, rest = field.partition(" ")
    return rest if "/" in layout and rest.startswith("regions.") else field


def _content_problems(project: Project, game, sheet: SheetOptions = SheetOptions()) -> list:
    """Card faces rendered as the build renders them, player aids, aid cards, rules texts and
    figures (cards/<game>/aid/, aid-card/, rules/), checked like the cards; what is set on the
    paper, with the sheet options (paper None: each language's, as the build)."""
    problems = list(face_problems(project, game))   # card faces: what the card build renders
    # a game without an aid/ folder has no player aids (the build says it skips them)
    checks = [lambda: load_aids(project, game), lambda: load_aid_cards(project, game)] \
        if (game.directory / "aid").is_dir() else []
    checks += [lambda: _known_icons(project, game)]  # renders every face's texts: a template over its budget
    checks += [lambda: site_problems(project.root)]  # the site's templates and assets (read as a build reads them)
    checks += [lambda lang=lang: load_rules(project, game, lang) for lang in game.game.languages]
    checks += [lambda: load_figures(project, game, [s.id for s in load_rules(project, game, game.game.languages[0]).flat()])]
    # every language's catalogues, English's too: the build reads them all (the site's calculator)
    checks += [lambda lang=lang: load_catalogue(project.root, lang) for lang in game.game.languages
               if (project.root / "locales" / lang).is_dir()]
    for check in checks:
        try:
            check()
        except DataError as exc:
            problems += exc.problems
    problems += glyph_problems(project, game)
    problems += glossary_problems(project, game)     # one term per concept (glossary/<lang>.yaml)
    # what fits is judged once the texts render and print: only then is it the build's question
    return problems + (paper_fit(project, game, sheet) + aid_card_fit(project, game)
                       + aid_page_fit(project, game, sheet.paper) + score_pad_fit(project, game, sheet.paper)
                       + placing_problems(project, game) if not problems else [])


def _papers(project: Project, game, paper: str | None) -> dict[str, str]:
    """Language -> the paper the build sets it on: `paper` (--paper) or the language's own."""
    options = SheetOptions(paper)
    return {lang: options.for_language(project.sheets, lang).paper for lang in game.game.languages}


def paper_fit(project: Project, game, sheet: SheetOptions = SheetOptions()) -> list[Problem]:
    """Each deck's piece fits the paper the build imposes it on, with the sheet options (a board
    is printed in parts; with --fold a card with a back goes beside the fold): refused here first,
    at the deck's `size:` line. On a paper asked for (--paper), the rules are laid out too (at the
    game's `name:` line: the paper is the option's)."""
    from ..paper.imposition import Layout
    from ..products.cards import deck_fit_problems
    from ..products.rules_pdf import check_rules
    problems = []
    for lang in game.game.languages if sheet.paper and (game.directory / "rules").is_dir() else ():
        try:      # laid out in memory, only when asked for a paper: the default papers hold the rules
            check_rules(project, game, lang, SheetOptions(sheet.paper, allow_missing=True))
        except BuildError as exc:
            path = game.directory / "game.yaml"
            problems.append(Problem(project.relative(path), _line(project, path, "name"), "name",
                                    f"rules: {exc}", "a larger paper"))
            break
        except (DataError, KeyError):
            break                  # reported by the data checks
    layouts = [Layout(project.sheets, replace(sheet, paper=name))
               for name in dict.fromkeys(_papers(project, game, sheet.paper).values())]
    problems += deck_fit_problems(project, game, layouts)
    if (game.directory / "aid-card").is_dir():
        from ..texts.aid_card_schema import aid_card_path
        from ..player_aids.card import card_grid
        for lang, name in _papers(project, game, sheet.paper).items():
            try:
                card_grid(project, name, sheet.bleed)
            except BuildError as exc:
                path = aid_card_path(game, lang)
                problems.append(Problem(project.relative(path), _line(project, path, "sides"), "sides",
                                        f"player aid card: {exc}", "a larger paper (--paper)"))
                break
    return problems


def aid_card_fit(project: Project, game) -> list[Problem]:
    """Each side of each language's aid card packed as the build packs it: a side whose blocks do
    not fit at the smallest size is refused here first, at its `side:` line."""
    from ..texts.aid_card_schema import aid_card_path
    from ..reading.i18n import Translator
    from ..player_aids.blocks import TooWide
    from ..player_aids.card import FittedSides, MIN_SIZE
    try:
        cards = load_aid_cards(project, game)
    except (DataError, BuildError):
        return []                      # reported by the data checks
    problems = []
    for lang in cards:
        path = aid_card_path(game, lang)
        text = read_text(path, str(path), within=search_path(project.root))   # by the rule, as it was loaded
        sides = list(re.finditer(r"^\s*-?\s*side:\s*['\"]?([\w-]+)['\"]?\s*$", text, re.M))

        def where(side: str) -> tuple[int, str]:
            """The side's line and field (sides[i], as the data checks name it)."""
            for index, found in enumerate(sides):
                if found.group(1) == side:
                    return text.count("\n", 0, found.start()) + 1, f"sides[{index}]"
            return 0, "sides"
        try:
            fitted = FittedSides(project, game, lang, Translator(project.root, lang, True))
        except (DataError, BuildError, KeyError):
            continue                   # a missing layout or text: reported by the checks above
        header_failed = False
        for index in range(len(fitted)):
            side = fitted.sides[index][0]
            try:
                fits = fitted.fits(index)      # kept by content within the process (aids/fit_memo.py)
            except TooWide as exc:             # one phrase wider than its column, at every size
                what = str(exc).removeprefix("aid card: ").split(";")[0]
                problems.append(Problem(project.relative(path), *where(side), f"side {side}: {what}",
                                        "a shorter phrase, or a wider column (`widths` of the block)"))
                continue
            except (DataError, BuildError, KeyError):   # reported by the data checks
                continue
            if not fits:
                problems.append(Problem(project.relative(path), *where(side),
                                        f"side {side}: its blocks do not fit on the player aid card at {MIN_SIZE} pt",
                                        "shorter texts, or a block moved to another side"))
            try:
                if not header_failed:
                    fitted.check_face(index, SheetOptions().bleed)
            except BuildError as exc:          # the card's title: the game's name or a translation
                problems.append(_header_problem(project, game, exc))
                header_failed = True           # the same title on every side: said once
    return problems


def score_pad_fit(project: Project, game, paper: str | None = None) -> list[Problem]:
    """The score pad set as the build sets it on each language's paper (or `paper`): a pad whose
    rows and player columns do not fit legibly is refused here first, at the game's `players:` line."""
    from ..planning.plan import why_skipped
    from ..products.scorepad import scorepad_fits
    if why_skipped("score-pad", game):
        return []
    path = game.directory / "game.yaml"
    for lang, name in _papers(project, game, paper).items():
        try:
            fits = scorepad_fits(project, game, lang, name)
        except (DataError, BuildError, KeyError):
            continue                   # a glyph or a text: reported by the checks that find those
        if not fits:
            return [Problem(project.relative(path), _line(project, path, "players"), "players",
                            f"the score pad's columns for "
                            f"{game.game.players.max} players do not fit legibly on one "
                            f"{name} page (language {lang})", "fewer players at most, or a larger paper")]
    return []


def _header_problem(project: Project, game, exc: BuildError) -> Problem:
    """A text of an aid's header (a bundled layout) that does not fit: at the game's name, the
    text a game brings into it (the rest are pnp's own words and their translations)."""
    path = game.directory / "game.yaml"
    return Problem(project.relative(path), _line(project, path, "name"), "name", str(exc),
                   "a shorter name, or a shorter translation of the aid's words (locales/)")


def aid_page_fit(project: Project, game, paper: str | None = None) -> list[Problem]:
    """Each language's one-page player aid set as the build sets it on the language's paper (or
    `paper`): one that does not fit even at the smallest size is refused here first, at its
    `sections:` line."""
    from ..texts.aids import aid_path
    from ..player_aids.page import MIN_SIZE, check_header, reference_fits
    if not (game.directory / "aid").is_dir():
        return []
    problems = []
    for lang, name in _papers(project, game, paper).items():
        try:
            fits = reference_fits(project, game, lang, name)
        except (DataError, BuildError, KeyError):
            continue                   # reported by the data checks
        try:
            check_header(project, game, lang, name)
        except BuildError as exc:
            problems.append(_header_problem(project, game, exc))
        if not fits:
            path = aid_path(game, lang)
            problems.append(Problem(project.relative(path), _line(project, path, "sections"), "sections",
                                    f"the player aid does not fit on one {name} page even "
                                    f"at {MIN_SIZE} pt", "shorter texts or fewer items, or a larger paper"))
    return problems


def _line(project: Project, path, key: str) -> int:
    """The line of a top-level key of a YAML file (0 when it does not load): read only for a problem."""
    try:
        return line_of(load_yaml(path, project.relative(path), search_path(project.root)), (key,))
    except DataError:
        return 0


def _known_icons(project: Project, game) -> None:
    """Every icon the faces show (an icon region's name is a template) is defined, as the build
    requires; rendering them all also finds a template over its budget (aids.py)."""
    from ..face_checks.icon_refs import check_unknown_icons    # at the box (or cell) that writes it
    check_unknown_icons(project, game, sorted(used_icons(project, game) - project.defined_icons(game.id)))


def glyph_problems(project: Project, game, names_only: bool = False) -> list[Problem]:
    """Every character the products print has a glyph in its font, as the build checks: each
    face's text regions in their own font and style, and the player aid and rules texts in the
    language's body font (layouts/fonts.yaml), and each card's name and text as the rules and
    aid print them. `names_only`: only the last (pnp check finds the others itself)."""
    from ..typeset.fonts import FontBook
    from ..face_checks.sheet_cells import with_characters
    from ..typeset.text import check_glyphs, plain_text
    fonts, problems = FontBook(project.root, project.fonts), {}
    spec = project.fonts      # each language's roles (FontBook.typography would also load hyphenation)
    roles = {lang: {**spec.default.roles, **(spec.languages[lang].roles if lang in spec.languages else {})}
             for lang in game.game.languages}

    said: set[tuple[str, str, str]] = set()   # (card, language, character) a face's problem names already

    def check(source: str, lang: str, role: str, bold: bool, italic: bool, where, detail: str,
              card: str = "", row=None) -> None:
        """`where()` gives (file, line, field): called only for a problem (counting a line costs);
        `row`: the card, whose spreadsheet cell holding the character is named instead (once for
        all languages, as the build names it)."""
        try:   # as card_face/face.py picks it: a role, a family of fonts.yaml, a font file of the game
            family = roles[lang][role] if role in roles[lang] else role if role in spec.families \
                else fonts.file_family(game.directory, role) if FONT_FILE.match(role) else fonts.system_family(role)
            face = fonts.face(family, bold, italic)
            faces = [face] + ([fonts.face(family, True, italic)] if "**" in source else []) \
                + ([fonts.face(family, bold, True)] if source.replace("**", "").count("*") >= 2 else [])
        except BuildError as exc:
            # a file of layouts/fonts.yaml that cannot be used (damaged, bitmaps only): said once, at
            # the first text set in it, as the build stops at it; the others are reported where they load
            if (role in roles[lang] or role in spec.families) and ("font", str(exc)) not in problems:
                problems["font", str(exc)] = Problem(*where(), str(exc), "a usable font file (.ttf or .otf)")
            return
        except (DataError, OSError, KeyError):
            return                      # an unknown family or a font that cannot be read: reported where fonts load
        missing = [c for c in check_glyphs(source, faces) if (card, lang, c) not in said]
        if not missing:
            return
        said.update((card, lang, c) for c in missing if card)
        cell = with_characters(row, lang, missing) if row is not None else None
        place = cell or where()
        if cell:
            detail += f"box {where()[2].rsplit('.', 1)[0].split('regions.')[-1]} at {where()[0]}:{where()[1]}, "
        if (place, None if cell else lang) not in problems and (place, None) not in problems:
            lang_key = None if cell else lang
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            own = role not in roles[lang] and role not in spec.families and FONT_FILE.match(role)   # a file of the game
            name = project.relative(game.directory / role) if own else face.said
            problems[place, lang_key] = Problem(*place, f"font {name} has no glyph for {shown} ({detail}language "
                                            f"{lang})", f"characters {name} has (or another font: the box's font:)"
                                            if own or face.name.startswith("pnp-system-")
                                            else f"characters {name} has, or another family for the '{role}' role "
                                            f"of {lang} in the project's layouts/fonts.yaml")

    for text in [] if names_only else printed_texts(project, game):
        check(text.source, text.lang, text.role, text.bold, text.italic,
              lambda text=text: (text.file, text.line, text.field), f"{text.card}, ", text.card, text.row)
    for folder in () if names_only else ("aid", "aid-card", "rules"):
        for lang in game.game.languages:
            path = game.directory / folder / f"{lang}.yaml"
            if not path.is_file():
                continue
            name = project.relative(path)
            try:
                raw = load_yaml(path, name, search_path(project.root))
            except DataError:
                continue                # reported by the aid and rules checks
            for loc, value in strings(raw):
                check(plain_text(value), lang, "body", False, False,
                      lambda name=name, raw=raw, loc=loc: (name, line_of(raw, loc), field_path(loc)), "")
    # the rules' card index and the player aid name each card (the title font, and the body
    # font's bold) and the rules quote its text (the body font), whatever its face's box font is
    papers = [lang for lang in game.game.languages
              if any((game.directory / folder / f"{lang}.yaml").is_file() for folder in ("aid", "rules"))]
    for deck in game.decks:
        for card in deck.cards:
            for lang in papers:
                for field, value, styles in (("name", card.name.get(lang), (("title", False), ("title", True),
                                                                            ("body", True))),
                                             ("text", card.text.get(lang) if card.text else None, (("body", False),))):
                    for role, bold in styles if value else ():
                        check(plain_text(value), lang, role, bold, False,
                              lambda deck=deck, card=card, field=field, lang=lang: _card_place(project, game, deck,
                                                                                               card, field, lang),
                              "in the rules and player aid, ", f"card '{card.id}' of deck '{deck.deck}'")
    return list(problems.values())


def _card_place(project: Project, game, deck, card, field: str, lang: str) -> tuple[str, int, str]:
    """File, line and field of a card's name or text (its row and column for a spreadsheet's card)."""
    sheet = getattr(card, "_sheet", None)
    if sheet:
        display, row, columns = sheet
        return display, row, columns.label_for((field, lang))
    file = game.deck_files.get(deck.deck, "")
    try:
        raw = load_yaml(project.root / file, file, search_path(project.root))
    except DataError:
        return file, 0, field
    cards = raw.get("cards") if isinstance(raw, dict) else None
    index = next((i for i, c in enumerate(cards or []) if isinstance(c, dict) and c.get("id") == card.id), None)
    if index is None:
        return file, 0, field
    loc = ("cards", index, field, lang) if isinstance(cards[index].get(field), dict) else ("cards", index, field)
    return file, line_of(raw, loc), field_path(loc)
