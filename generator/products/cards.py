"""cards.pdf: the instructions sheet (instructions.py), then every card of a game packed on
sheets (paper/packing.py): duplex sheets, a backs page after each fronts page, for the cards
with a back; single-sided sheets at the end for those without (or fold sheets with --fold).
Each sheet carries a label in its margin: the game, the sheet's number, its side, its decks."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from datafile.errors import BuildError, DataError, Problem
from datafile.source import line_of, load_yaml

from ..reading.i18n import Translator
from ..model.model import Deck
from ..card_layout.project import GameData, Project
from ..card_layout.templates import card_context
from ..paper.canvas import copy_canvas
from ..card_face.face import FaceRenderer
from ..card_face.face_colours import edge_key
from ..paper.canvas import draw_form
from ..paper.imposition import Layout, Progress, draw_sheets, new_canvas, page_count
from ..paper.sheet_options import SheetOptions
from ..paper.labels import listed, sheet_and_side
from ..paper.packing import Piece, Sheet
from ..paper.sheets import LABEL_BAND, LABEL_CLEAR, MIN_MARK, GridError, content
from ..reading.locate import search_path
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from .instructions import PAGES as INSTRUCTION_PAGES
from .instructions import draw_instructions


def count_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    lang = game.game.languages[0]
    options = options.for_language(project.sheets, lang)
    return INSTRUCTION_PAGES + page_count(_pack(project, game, options, _counted_pieces(project, game, lang, options))[1])


def _counted_pieces(project: Project, game: GameData, lang: str, options: SheetOptions) -> list[Piece]:
    """The pieces the page count packs, made once per loaded project, game and language for
    cards.pdf and its fold-over and ink-saver files: the options change them only by two_sided
    (_faces), and packing reads them without changing them (SharedFaces shares them too)."""
    memo = project.__dict__.setdefault("_counted_pieces", {})
    key = (game.id, lang, bool(options.two_sided))
    if key not in memo or memo[key][0] is not game:
        labels = Translator(project.root, lang, allow_missing=True)
        memo[key] = (game, [p for deck in game.decks for p in _pieces(project, game, deck, lang, labels, options)])
    return memo[key][1]


def _pack(project: Project, game: GameData, options: SheetOptions, pieces: list[Piece]) -> tuple[Layout, list[Sheet]]:
    """The layout and its sheets; a deck the paper does not hold is said at its line, as validate
    says it. Fold sheets go on the paper turned a quarter when that takes fewer sheets (poker
    cards: 4 a sheet, not 3), upright on a tie. The fold-over file (fold "auto") takes whichever
    fold and turn take fewest, preferring a fold line down the page: folded across, a back is
    upside down once the card is turned over sideways (as on duplex flipped on the short edge)."""
    if options.fold == "auto":      # (fold, turned): down the page first
        ways = [("long", False), ("short", True), ("short", False), ("long", True)]
    else:
        ways = [(options.fold, False), (options.fold, True)] if options.two_sided == "fold" else [(options.fold, False)]
    tries = [Layout(project.sheets, replace(options, fold=fold), turned=turned) for fold, turned in ways]
    best, refused = None, None
    for layout in tries:
        try:
            sheets = layout.pack(pieces)
        except BuildError as exc:
            refused = refused or exc
            continue
        if best is None or len(sheets) < len(best[1]):
            best = (layout, sheets)
    if best is None:
        problems = deck_fit_problems(project, game, tries[:1])
        if problems:
            raise DataError(problems) from None
        raise refused
    return best


def deck_fit_problems(project: Project, game: GameData, layouts: list[Layout]) -> list[Problem]:
    """Each deck's piece and grid on each layout's paper: a refusal at the deck's `size:` line, or
    at the grid's field (in the deck's file, or game.yaml when the deck takes the game's)."""
    problems = []
    for deck in game.decks:
        path = project.root / game.deck_files.get(deck.deck, "")
        if deck.component == "board":
            if deck.sheet is not None:
                problems.append(Problem(project.relative(path), _line(project, path, ("sheet",)), "sheet",
                                        "a board is printed in parts, a page each: it has no sheet grid",
                                        "no sheet: on a board deck"))
            continue
        grid = game.grid_of(deck)
        for layout in layouts:
            kind = "fold" if layout.options.two_sided == "fold" and deck.printed_back else "single"
            try:
                try:
                    layout.frame(project.size_of(deck), kind, grid and grid.key, deck.frame)
                except BuildError as upright:
                    if kind != "fold" or not _fits_turned(layout, project.size_of(deck), grid, deck.frame):
                        raise upright
            except GridError as exc:
                problems.append(grid_problem(project, game, deck, exc))
                break
            except BuildError as exc:
                problems.append(Problem(project.relative(path), _line(project, path, ("size",)), "size", str(exc),
                                        "a smaller piece, or a larger paper (--paper)"))
                break
    return list(dict.fromkeys(problems))    # a game's own grid: one line, not one per deck


def _fits_turned(layout: Layout, size, grid, white) -> bool:
    """Does the paper turned a quarter hold the deck beside the fold? The build then turns it (_pack)."""
    try:
        Layout(layout.sheets, layout.options, layout.what, turned=True).frame(size, "fold", grid and grid.key, white)
    except BuildError:
        return False
    return True


def grid_warnings(project: Project, games: list[GameData], sheet: SheetOptions,
                  languages: list[str] | None = None) -> list[str]:
    """One line for each deck whose own grid fills its paper but for the crop marks' length
    (Squib's nine 63.5 x 88.9 mm cards on Letter): what it gave up for it."""
    out = []
    for game in games:
        papers = dict.fromkeys(sheet.for_language(project.sheets, lang).paper
                               for lang in game.game.languages if languages is None or lang in languages)
        for deck in game.decks:
            grid = game.grid_of(deck)
            if grid is None or deck.component == "board":
                continue
            for paper in papers:
                try:
                    frame = Layout(project.sheets, replace(sheet, paper=paper)).frame(
                        project.size_of(deck), "single", grid.key, deck.frame)
                except BuildError:    # refused: said by deck_fit_problems
                    break
                if frame.shortest >= MIN_MARK:
                    continue
                size = frame.size
                down = frame.rows.span(size.height) > frame.area.height
                field, count, length = ("rows", frame.rows.count, size.height) if down \
                    else ("columns", frame.cols.count, size.width)
                path = project.root / game.deck_files.get(deck.deck, "") if deck.sheet else game.directory / "game.yaml"
                edges = "above and below" if down else "left and right of"
                # the label, turned, goes in a side margin that keeps it clear of the cards (labels.py)
                beside = (content(frame.paper).width - (frame.cols.span(size.width) if down
                                                         else frame.rows.span(size.height))) / 2 - frame.bleed
                label = ", and a full sheet has no room for its label (which sheet, which side)" \
                    if beside < project.sheets.margin + LABEL_BAND + LABEL_CLEAR else ""
                out.append(f"warning: {project.relative(path)}:{_line(project, path, ('sheet', field))}: sheet.{field}: "
                           f"{count} {field} of {length:g} mm fill {paper} paper but for its crop marks: those "
                           f"{edges} the cards are {frame.shortest:.2g} mm long, not {project.sheets.marks.length:g}"
                           f"{label}; {field}: {count - 1} keeps {'both' if label else 'them whole'}")
                break
    return list(dict.fromkeys(out))    # a game's own grid: the same line for each of its decks of one size


def _line(project: Project, path: Path, keys: tuple) -> int:
    """The line of `keys` in a YAML file (0 when it does not load): read only for a problem."""
    try:
        return line_of(load_yaml(path, project.relative(path), search_path(project.root)), keys)
    except DataError:
        return 0


def grid_problem(project: Project, game: GameData, deck: Deck, exc: GridError) -> Problem:
    """A deck's grid refused by the paper, at its field: in the deck's file, or in game.yaml
    when the deck takes the game's."""
    path = project.root / game.deck_files.get(deck.deck, "") if deck.sheet else game.directory / "game.yaml"
    return Problem(project.relative(path), _line(project, path, ("sheet", exc.field)), f"sheet.{exc.field}",
                   str(exc), exc.fix)


def write_cards(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                progress: Progress = lambda n: None, shared: SharedFaces | None = None) -> int:
    """Render the game's card sheets in one language to `path`; return the page count. With
    `shared` (the cards' files of one game and language rendered in turn, planning/product_list.py),
    the plain file (not folded, not ink-saving) leaves there a copy of its canvas with the faces
    drawn, for cards-fold-over.pdf, and the faces' steps, for cards-ink-saver.pdf."""
    options = options.for_language(project.sheets, lang)
    leave_copy = shared is not None and options.fold == "none" and not options.ink_saver   # alone: no copy
    shared = (shared or SharedFaces()).for_file(project, game, lang, options)
    fonts = FontBook(project.root, project.fonts)
    labels = Translator(project.root, lang, options.allow_missing)
    canvas, pieces = _faces_drawn(project, game, lang, path, options, fonts, labels, leave_copy, shared)
    layout, sheets = _pack(project, game, options, pieces)
    names = {deck.deck: deck.name.get(lang) for deck in game.decks}
    pages = draw_instructions(canvas, game, lang, labels, fonts, layout, sheets, names, project.root)
    progress(pages)
    font = fonts.face(fonts.typography(lang).roles["ui"]).name
    pages += draw_sheets(canvas, layout, sheets, _labeller(game, lang, labels, sheets, names), font, progress)
    canvas.save()
    return pages


class SharedFaces:
    """What the cards' files of one game and language share, rendered in turn by one planning
    unit that owns this and drops it after (planning/plan.py, workers.py): each face's drawing
    steps by form, the pieces, and the canvas cards.pdf left with its faces drawn."""

    def __init__(self):
        self.made_for: tuple | None = None
        self.steps: dict[str, list] = {}
        self.pieces: dict[bool, list[Piece]] = {}
        self.canvas: tuple | None = None

    def for_file(self, project: Project, game: GameData, lang: str, options: SheetOptions) -> "SharedFaces":
        """This, emptied first if it holds another game's, language's, bleed's or fallback's faces."""
        made_for = (id(project), id(game), lang, options.bleed, options.allow_missing)
        if self.made_for != made_for:
            self.__init__()
            self.made_for = made_for
        return self


def _faces_drawn(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions, fonts: FontBook,
                 labels: Translator, leave_copy: bool, shared: SharedFaces) -> tuple[Canvas, list[Piece]]:
    """A new canvas for the file with every face drawn on it (a form each), and the pieces.
    cards.pdf and cards-fold-over.pdf begin alike, the same faces drawn in the same order (the
    fold only packs the sheets otherwise): cards.pdf leaves a copy of its canvas at that point,
    which the other takes instead of drawing them again. cards-ink-saver.pdf paints the same
    faces otherwise: it takes their steps (FaceRenderer.draw). All three have the same pieces."""
    two_sided = bool(options.two_sided)
    if two_sided not in shared.pieces:
        shared.pieces[two_sided] = [p for deck in game.decks for p in _pieces(project, game, deck, lang, labels,
                                                                              options)]
    pieces = shared.pieces[two_sided]
    drawn_for = (replace(options, fold="none"), two_sided)
    if shared.canvas is not None and shared.canvas[0] == drawn_for and not leave_copy:
        canvas = shared.canvas[1]
        shared.canvas = None
        canvas._filename = str(path)
        return canvas, pieces
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons, base=game.directory)
    canvas = new_canvas(path, options, project, labels("{game} — {title}", game=game.game.name.get(lang), title=labels("Card sheets")), lang, fonts,
                        game=game.game)
    for deck in game.decks:
        size = project.size_of(deck)
        for form, layout, context, label, card, _back in _faces(project, game, deck, lang, labels, options):
            draw_form(canvas, form, size, options.bleed,
                      lambda c: renderer.draw(c, layout, size, context, options.bleed, label, steps=
                                              shared.steps.setdefault(form, []), card=card))
    if leave_copy:
        shared.canvas = (drawn_for, copy_canvas(canvas, str(path)))
    return canvas, pieces


def _faces(project: Project, game: GameData, deck: Deck, lang: str, labels: Translator, options: SheetOptions):
    """(form, layout, context, label, card, back) of each face of a deck: its back when backs are
    printed (one shared by the deck, card None), then each card's front, followed by the card's
    own back when the back layout reads `card` (project.back_per_card)."""
    printed = bool(deck.back and options.two_sided)
    per_card = printed and project.back_per_card(deck)
    if printed and not per_card:
        layout = project.back_layout(deck)
        yield (f"{game.id}.{deck.deck}.back", layout,
               card_context(game.game, deck, None, lang, layout.colors, labels, deck.back.props),
               f"back of deck {deck.deck}", None, True)
    for card in deck.cards:
        layout = project.layout_for(deck, card)
        yield (f"{game.id}.{deck.deck}.{card.id}", layout, card_context(game.game, deck, card, lang, layout.colors,
                                                                         labels),
               f"card '{card.id}' (deck {deck.deck})", card, False)
        if per_card:     # card ids are slugs: no id ends in ".back"
            layout = project.back_layout(deck)
            yield (f"{game.id}.{deck.deck}.{card.id}.back", layout,
                   card_context(game.game, deck, card, lang, layout.colors, labels, deck.back.props),
                   f"back of card '{card.id}' (deck {deck.deck})", card, True)


def _pieces(project: Project, game: GameData, deck: Deck, lang: str, labels: Translator,
            options: SheetOptions) -> list[Piece]:
    """One piece per physical card of a deck, with the edge colours of its faces."""
    size = project.size_of(deck)
    grid = game.grid_of(deck)
    back_form, back_key = None, None
    fronts: list[tuple] = []
    for form, layout, context, label, card, back in _faces(project, game, deck, lang, labels, options):
        edge = edge_key(layout, context, label, lang, size, card)
        if back and card is None:
            back_form, back_key = form, edge
        elif back:
            fronts[-1][2:4] = [form, edge]
        else:
            fronts.append([card, form, None, None, edge])
    pieces: list[Piece] = []
    for card, form, own_back, own_key, edge in fronts:
        back = (own_back or back_form) if deck.printed_back else None
        piece = Piece(form, back, size, edge, own_key if own_back else back_key, deck.deck,
                      board=deck.component == "board", grid=grid and grid.key, frame=deck.frame)
        pieces += [piece] * card.copies
    return pieces


def _labeller(game: GameData, lang: str, _: Translator, sheets: list[Sheet], names: dict[str, str]):
    total = len(sheets)
    sides = {"fronts": _("fronts"), "backs": _("backs"), "single": _("one side only"),
             "fold": _("fold on the dashed line")}

    def label(index: int, side: str, sheet: Sheet) -> tuple[str, str]:
        where = _("sheet {n} of {total}").format(n=index + 1, total=total)
        if side == "board":
            part = _("{board}, part {n} of {total}").format(board=names.get(sheet.piece.deck, ""), n=sheet.number,
                                                          total=sheet.rows * sheet.cols)
            return (f"{game.game.name.get(lang)} · {where} · {part}",
                    _("Cut on the marks; lay each part over its neighbours to the left and above, crosses on crosses."))
        counts = Counter(p.deck for p in sheet.pieces if side != "backs" or p.back)
        times = "×" if lang == "ja" else " ×"      # 「王の恩寵×15」: Japanese puts no space before a count
        decks = listed([f"{names.get(d, d)}{times}{n}" for d, n in counts.items()])
        return f"{game.game.name.get(lang)} · {sheet_and_side(where, sides[side])}", decks
    return label


# ---------------------------------------------------------------- the files shipped next to cards.pdf


def write_calibration_page(project, game, lang, path, options, progress=lambda n: None) -> int:
    """calibration-page.pdf: the duplex test on the cards' paper and flip edge, in the player's
    words (what the frame forgives, what to do beyond it)."""
    from ..paper import colophon
    from .calibrate import write_calibration
    fonts = FontBook(project.root, project.fonts)
    duplex = "long" if options.duplex == "none" else options.duplex
    _ = Translator(project.root, lang, options.allow_missing)
    write_calibration(path, project.sheets.papers[options.paper], options.paper, duplex, options.back_offset,
                      fonts, lang, _, player=True, colophon=colophon.for_game(game, lang, _, project.root),
                      game_name=game.game.name.get(lang), fold_over=options.built("cards-fold-over"),
                      meta=lambda c: colophon.stamp(c, project.root, colophon.credits(game.game) or None))
    progress(2)
    return 2


def count_calibration_page(project, game, options) -> int:
    return 2
