"""Every card face's templates rendered once per language, without drawing: the icons the faces
show (the player aids' legend explains exactly those), the errors a template raises for a card
and the texts the text regions print (`pnp validate` reports the errors and checks the texts'
glyphs, so a face that would fail the card build fails validate first, naming the layout's file
and line, the card and the language).

What is rendered is what the card build renders (card_face/face.py): each region's `when`, then,
when the region is drawn, its `text` (text, icon and image regions) and any colour written as
a template. What the build does with the result (fitting text, finding the image, the glyphs)
is the build's own check.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from datafile.errors import BuildError, DataError, Problem

from ..card_layout import face_memo
from ..checks.crosscheck import ICON_REF
from .silent_boxes import note_face, silent_boxes
from .sheet_cells import holding, read_cell
from ..reading.i18n import Translator
from ..card_layout.colours import EXPECTED, NotAColour, drawn_colour
from ..card_layout.layouts import layout_id
from ..card_layout.resolved import embedded
from ..model.model import Size
from ..card_layout.project import GameData, Project
from ..card_layout.templates import card_context, compiled, compiled_expression, template_error
from ..card_layout.face_memo import WHEN


@dataclass(frozen=True)
class PrintedText:
    """A text region's text for one card in one language, as the card build will set it."""
    lang: str
    role: str          # the region's font role (layouts/fonts.yaml)
    bold: bool
    italic: bool
    source: str
    file: str          # where the region's text is written, for messages
    line: int
    field: str
    card: str          # "card 'x' of deck 'y'"
    row: object = field(default=None, compare=False)   # the Card: a spreadsheet's card names its cell


@dataclass(frozen=True)
class BoxContent:
    """A text region's text (or an image region's file) for one card in one language, with the
    region and the card size it is set in: what the build fits into its box (validate fits it
    too, nothing drawn)."""
    lang: str
    layout: str        # its id
    region: object     # layouts.Region
    size: Size
    source: str
    file: str          # where the region's text is written, for messages
    line: int
    field: str
    card: str          # "card 'x' of deck 'y'"
    deck: object = None      # the Deck and the card's index in it (None: a back), to name the
    index: int | None = None  # card's own text when it is what overflows


@dataclass
class Faces:
    icons: frozenset[str]
    problems: list[Problem] = field(default_factory=list)
    texts: list[PrintedText] = field(default_factory=list)   # each (language, role, style, text) once
    boxed: list[BoxContent] = field(default_factory=list)     # each (language, region, card size, text) once
    empty: list[Problem] = field(default_factory=list)        # text boxes drawn on no face with a text,
    #                                                           and boxes that print wrong on every face (silent_boxes.py)


def faces(project: Project, game: GameData) -> Faces:
    return game.once("faces", lambda: _faces(project, game))


def used_icons(project: Project, game: GameData) -> set[str]:
    """Icons a player sees on the game's cards: `:name:` in any card or deck text, and the icon
    regions and `:name:` of the layouts (faces and backs) the decks use."""
    return set(faces(project, game).icons)


def face_problems(project: Project, game: GameData) -> list[Problem]:
    """One problem per layout template and card that cannot be rendered (the first language)."""
    return faces(project, game).problems


def empty_boxes(project: Project, game: GameData) -> list[Problem]:
    """A warning per text box whose template gives no text on any face it is drawn on."""
    return faces(project, game).empty


def printed_texts(project: Project, game: GameData) -> list[PrintedText]:
    """What the text regions of every face print, per language (for validate's glyph check)."""
    return faces(project, game).texts


def box_contents(project: Project, game: GameData) -> list[BoxContent]:
    """What the text and image regions of every face print, in their boxes (for validate's fit
    check)."""
    return faces(project, game).boxed


UNTRANSLATED = re.compile(r"no [\w-]+ translation for '.*?' in ")   # reading/i18n.Translator's words
EXPECTED_COLOUR = f"{EXPECTED}, or a name of the layout's colors, in the cell"

# regions rendered (and texts fitted) for every face of every card in every language, all the
# project's games together: what `pnp validate` does in ~0.25 ms each (the shipped games: 10,032)
MAX_LAYOUT_WORK = 30_000


def layout_work(project: Project, game: GameData) -> int:
    """The regions `game`'s faces render: cards and backs × languages × their layout's regions."""
    total = 0
    for deck in game.decks:
        lids = [layout_id(deck, card) for card in deck.cards] + ([deck.back.layout] if deck.back else [])
        size = _size(project, deck)
        for index, lid in enumerate(lids):
            layout = _layout(project, lid, size)
            times = len(deck.cards) if index == len(deck.cards) and layout is not None \
                and face_memo.reads_card(layout) else 1    # a back of each card
            total += len(layout.regions) * len(game.game.languages) * times if layout is not None else 0
    return total


def _over_budget(project: Project, game: GameData) -> Problem | None:
    """The project's games in order, each adding its layout work: the game that passes the
    budget, and those after it, are not rendered."""
    total = 0
    for other in project.games.values():
        total += layout_work(project, other)
        if other is game:
            break
    if total <= MAX_LAYOUT_WORK:
        return None
    deck = game.decks[0] if game.decks else None
    return Problem(game.deck_files.get(deck.deck, "") if deck else f"cards/{game.id}", 0, "cards",
                   f"the cards' faces draw {total:,} regions in all (each card and back × each language × "
                   f"the regions of its layout, the project's games together)",
                   f"at most {MAX_LAYOUT_WORK:,}: fewer regions in the layouts, or the games in separate projects")


def _faces(project: Project, game: GameData) -> Faces:
    from ..checks.crosscheck import texts as _texts
    too_much = _over_budget(project, game)
    if too_much is not None:   # not rendered: every icon counts as shown (no second, false problem)
        return Faces(frozenset(project.icons_for(game.id)), [too_much])
    used: set[str] = set()
    problems: dict[tuple, Problem] = {}
    # `_('…')` as the build translates it: a missing translation fails the card build (without
    # --allow-missing), so it fails here
    labels = {lang: Translator(project.root, lang) for lang in game.game.languages}
    texts: dict[tuple, PrintedText] = {}
    boxed: dict[tuple, BoxContent] = {}
    layout_keys: dict[int, tuple | None] = {}     # the layouts stay alive meanwhile (the project holds them)
    translators: dict[str, tuple | None] = {}
    filled: dict[tuple, list] = {}   # (layout, box) -> [layout, region, faces drawn, any text]
    noted: dict = {}                 # (layout, box) -> silent_boxes.Box
    # a template failing on a cell it reads ('Aimm' for colors[...]): the cell's, unless it fails
    # on every face of its layout (then the layout's own mistake): decided once all are rendered
    drawn: dict[tuple, int] = {}     # (layout, lang) -> faces rendered
    failed: dict[tuple, int] = {}    # (layout, box, field, lang) -> faces it failed on
    pending: list[tuple] = []        # (that key, the cell's problem, the layout's place, its problem)
    asked: list[tuple] = []          # (a cell, the place, the problem) of a msgid the catalogue lacks
    for deck in game.decks:
        for _path, text in _texts(deck, ()):
            values = text.root.values() if isinstance(text.root, dict) else [text.root]
            for value in values:
                used.update(ICON_REF.findall(value or ""))
        size = _size(project, deck)      # None: an unknown size name (the cross-checks report it)
        faces_ = [(_layout(project, layout_id(deck, card), size), card, None, position)
                  for position, card in enumerate(deck.cards)]
        if deck.back:    # one back for the deck, or one per card when its layout reads `card`
            back = _layout(project, deck.back.layout, size)
            faces_ += [(back, card, deck.back.props, position) for position, card in enumerate(deck.cards)] \
                if back is not None and face_memo.reads_card(back) else [(back, None, deck.back.props, None)]
        for layout, card, side, position in faces_:
            if layout is None:
                continue            # an unknown or broken layout: the layout check's problem
            if id(layout) not in layout_keys:
                layout_keys[id(layout)] = face_memo.layout_key(layout)
            for lang in game.game.languages:
                try:
                    context = card_context(game.game, deck, card, lang, layout.colors, labels[lang], side)
                except (KeyError, AttributeError):   # a text missing in `lang`: reported by the cross-checks
                    continue
                what = (f"the back of card '{card.id}'" if side is not None else f"card '{card.id}'") if card \
                    else "the back"
                rendered = _rendered(layout, context, layout_keys[id(layout)], translators, labels[lang])
                used.update(rendered.icons)
                note_face(noted, layout, deck, card, what, rendered)
                drawn[(layout.id, lang)] = drawn.get((layout.id, lang), 0) + 1
                for index, key, data_error, message, value in rendered.failures:
                    region = layout.regions[index] if index is not None else None
                    cell = holding(card, lang, value) if value is not None and region else None
                    if cell:   # a spreadsheet's value the face cannot draw (`blu` as a fill): at its cell
                        problems.setdefault(cell, Problem(*cell, f"{message} (for {what} of deck '{deck.deck}', "
                                                          f"box '{region.name}' of layout {layout.id})",
                                                          EXPECTED_COLOUR))
                        continue
                    file, line = _origin(region, key, layout) if region else layout.background_at or (layout.file, 0)
                    # one line per template, at its line: the first card and language it fails for (a
                    # box other layouts extend fails for each of them, and is one mistake)
                    where = (file, line, key) if line else (layout.id, region.name if region else "", key)
                    problem = Problem(
                        file, line, f"{layout.id} regions.{region.name}.{key}" if region else f"{layout.id} {key}",
                        f"{message} (for {what} of deck '{deck.deck}', language {lang})",
                        "a template that renders for every card of the decks using this layout")
                    read = read_cell(card, lang, getattr(region, key, None) if region else layout.background,
                                     key == "when", message) if not data_error else None
                    untranslated = UNTRANSLATED.match(message)
                    if untranslated:   # one msgid missing from a catalogue: said once, whatever box asks
                        where = ("translation", lang, untranslated.group(0))
                        if read:       # unless its cell has a mistake of its own (`Aimm`): then there
                            asked.append(((read[0], read[2], read[3]), where, problem))
                            continue
                    elif read:
                        template = (layout.id, *where, lang)
                        failed[template] = failed.get(template, 0) + 1
                        shown = f"'{read[3]}'" if read[3] else "an empty cell"
                        pending.append((template, (read[0], read[2], read[3]), where, problem, Problem(
                            *read[:3], f"{shown} is a value the layout cannot print: {message} (for {what} of "
                            f"deck '{deck.deck}', language {lang}, at {file}:{line})",
                            "a value the layout's templates know, as the other rows have")))
                        continue
                    if where in problems or (data_error and region):   # a broken catalogue: reported as such
                        continue    # one line per template: the first card and language it fails for
                    problems[where] = problem
                for index, source in rendered.printed:
                    region = layout.regions[index]
                    if region.kind == "text" and "{%" not in region.text:   # an {% if %} may mean to be empty
                        seen = filled.setdefault((layout.id, index), [layout, region, set(), False])
                        seen[2].add((deck.deck, what))
                        seen[3] = seen[3] or bool(source)
                    fitted = (lang, id(region), size and size.width, size and size.height, source)
                    if source and size and fitted not in boxed:
                        boxed[fitted] = BoxContent(lang, layout.id, region, size, source,
                                                   *_origin(region, "text", layout),
                                                   f"{layout.id} regions.{region.name}.text",
                                                   f"{what} of deck '{deck.deck}'", deck, position)
                    key = (lang, region.font, region.bold, region.italic, source)
                    if source and region.kind == "text" and key not in texts:
                        file, line = _origin(region, "text", layout)
                        texts[key] = PrintedText(*key, file, line, f"{layout.id} regions.{region.name}.text",
                                                 f"{what} of deck '{deck.deck}'", card)
    for template, cell, where, problem, at_cell in pending:   # one line per cell, or per template
        if failed[template] < drawn[(template[0], template[-1])]:
            problems.setdefault(cell, at_cell)
        else:
            problems.setdefault(where, problem)
    for cell, where, problem in asked:
        if cell not in problems:
            problems.setdefault(where, problem)
    empty = [_empty(layout, region, shown) for layout, region, shown, text in filled.values() if not text]
    return Faces(frozenset(used), list(problems.values()), list(texts.values()), list(boxed.values()),
                 empty + silent_boxes(game, noted, game.decks))


def _empty(layout, region, drawn: set) -> Problem:
    file, line = _origin(region, "text", layout)
    backs = sum(1 for _, what in drawn if what.startswith("the back"))
    faces = f"{len(drawn) - backs} card(s)" if len(drawn) > backs else ""
    faces += (" and " if faces and backs else "") + (f"{backs} back(s)" if backs else "")
    return Problem(file, line, f"{layout.id} regions.{region.name}.text",
                   f"prints nothing on any of the {faces} that draw it: '{region.text[:60]}' is empty "
                   f"in every language", "a text some card fills (a column or property with values), "
                   "or the box removed")


def _rendered(layout, context: dict, layout_key: tuple | None, translators: dict, translator) -> face_memo.Rendered:
    """The face rendered, or taken from the memo (face_memo.py) when the same templates saw the
    same context and catalogue before."""
    if translator.lang not in translators:
        translators[translator.lang] = face_memo.translator_key(translator)
    parts = (layout_key, face_memo.context_key(context), translators[translator.lang])
    key = parts if None not in parts else None
    rendered = face_memo.lookup(key)
    if rendered is None:
        found: set[str] = set()
        printed: list = []
        outputs: dict = {}
        failures = tuple((index, name, isinstance(exc, DataError), _message(exc), getattr(exc, "value", None))
                         for index, name, exc in _render(layout, context, found, printed, outputs))
        rendered = face_memo.Rendered(failures, frozenset(found), tuple(printed), outputs)
        face_memo.keep(key, rendered)
    return rendered


def _size(project: Project, deck):
    """The deck's card size, or None for an unknown size name."""
    return project.sheets.sizes.get(deck.size) if isinstance(deck.size, str) else deck.size


def _layout(project: Project, lid: str, size):
    """The resolved layout on the deck's card size, or None when it is unknown or does not resolve
    (the layout check reports why, once)."""
    try:
        layout = project.layouts.get(lid)
        return project.layouts.sized(lid, size.width, size.height) if layout and size else layout
    except DataError:
        return None


def _origin(region, key: str, layout) -> tuple[str, int]:
    return (region.origin or {}).get(key) or (region.origin or {}).get("") or (layout.file, 0)


def _render(layout, context: dict, found: set[str], printed: list, outputs: dict):
    """Render the face's templates (face_memo.templated: the background's, then each region's);
    yields (region index or None, key, exception) for each that fails, and adds (region index,
    text) to `printed` for each text and image region drawn, and what each template that renders
    gives to `outputs` (face_memo.Rendered.outputs)."""
    hidden = set()      # regions whose `when` is false, or fails
    for index, kind, key, source in face_memo.templated(layout):
        if index in hidden:
            continue
        try:
            if key == "when":
                shown = outputs[WHEN, source] = bool(compiled_expression(source)(**context))
                if not shown:
                    hidden.add(index)
                continue
            out = outputs[source] = compiled(source).render(context)
        except Exception as exc:  # noqa: BLE001 - any error of a user's template is a data problem
            if key == "when":
                hidden.add(index)
            yield index, key, exc
            continue
        if key == "text" and kind == "icon":
            if out.strip():
                found.add(out.strip())
        elif key == "text" and kind == "text":
            out = embedded(layout, out, kind, layout.regions[index])   # Squib's embed keys, as the build draws them
            found.update(ICON_REF.findall(out))
            printed.append((index, out.strip()))
        elif key == "text":     # an image: its file is placed (validate) like a text
            printed.append((index, out.strip()))
        elif key in ("color", "fill", "stroke"):   # drawn as the build draws it (card_face/face_colours.py)
            try:
                drawn_colour(out.strip(), layout.colors)
            except NotAColour as exc:
                yield index, key, exc


def _message(exc: Exception) -> str:
    """The build's words for the failure (card_face/face.py)."""
    return " ".join(str(exc).split())[:200] if isinstance(exc, (BuildError, NotAColour)) else template_error(exc)
