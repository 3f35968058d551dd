"""Every card face's templates rendered once per language, without drawing: the icons the faces
show (the player aids' legend explains exactly those) and the errors a template raises for a
card (`pnp validate` reports them, so a face that would fail the card build fails validate
first, naming the layout's file and line, the card and the language).

What is rendered is what the card build renders (paper/face.py): each region's `when`, then,
when the region is drawn, its `text` (text, icon and image regions) and any colour written as
a template. What the build does with the result (fitting text, finding the image, the glyphs)
is the build's own check.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from datafile.errors import BuildError, DataError, Problem

from .crosscheck import ICON_REF
from .i18n import Translator
from .layouts import layout_id
from .project import GameData, Project
from .templates import card_context, compiled, compiled_expression


@dataclass
class Faces:
    icons: frozenset[str]
    problems: list[Problem] = field(default_factory=list)


def faces(project: Project, game: GameData) -> Faces:
    return game.once("faces", lambda: _faces(project, game))


def used_icons(project: Project, game: GameData) -> set[str]:
    """Icons a player sees on the game's cards: `:name:` in any card or deck text, and the icon
    regions and `:name:` of the layouts (faces and backs) the decks use."""
    return set(faces(project, game).icons)


def face_problems(project: Project, game: GameData) -> list[Problem]:
    """One problem per layout template and card that cannot be rendered (the first language)."""
    return faces(project, game).problems


def _faces(project: Project, game: GameData) -> Faces:
    from .crosscheck import texts as _texts
    used: set[str] = set()
    problems: dict[tuple, Problem] = {}
    # `_('…')` as the build translates it: a missing translation fails the card build (without
    # --allow-missing), so it fails here
    labels = {lang: Translator(project.root, lang) for lang in game.game.languages}
    for deck in game.decks:
        for _path, text in _texts(deck, ()):
            values = text.root.values() if isinstance(text.root, dict) else [text.root]
            for value in values:
                used.update(ICON_REF.findall(value or ""))
        faces_ = [(project.layouts.get(layout_id(deck, card)), card, None) for card in deck.cards]
        if deck.back:
            faces_.append((project.layouts.get(deck.back.layout), None, deck.back.props))
        for layout, card, side in faces_:
            if layout is None:
                continue            # an unknown layout is the catalogue's problem
            for lang in game.game.languages:
                context = card_context(game.game, deck, card, lang, layout.colors, labels[lang], side)
                for region, key, exc in _render(layout, context, used):
                    where = (layout.id, region.name, key)
                    if where in problems or isinstance(exc, DataError):   # a broken catalogue: reported as such
                        continue    # one line per template: the first card and language it fails for
                    file, line = (region.origin or {}).get(key) or (region.origin or {}).get("") or (layout.file, 0)
                    what = f"card '{card.id}'" if card else "the back"
                    problems[where] = Problem(
                        file, line, f"{layout.id} regions.{region.name}.{key}",
                        f"{_message(exc)} (for {what} of deck '{deck.deck}', language {lang})",
                        "a template that renders for every card of the decks using this layout")
    return Faces(frozenset(used), list(problems.values()))


def _render(layout, context: dict, found: set[str]):
    """Render the face's templates; yields (region, key, exception) for each that fails."""
    for region in layout.regions:
        try:
            if region.when and not compiled_expression(region.when)(**context):
                continue
        except Exception as exc:  # noqa: BLE001 - any error of a user's template is a data problem
            yield region, "when", exc
            continue
        for key in ("text", "color", "fill", "stroke"):
            source = getattr(region, key)
            if not source or (key != "text" and "{" not in source) or \
                    (key == "text" and region.kind not in ("text", "icon", "image")):
                continue
            try:
                out = compiled(source).render(context)
            except Exception as exc:  # noqa: BLE001
                yield region, key, exc
                continue
            if key == "text" and region.kind == "icon":
                if out.strip():
                    found.add(out.strip())
            elif key == "text" and region.kind == "text":
                found.update(ICON_REF.findall(out))


def _message(exc: Exception) -> str:
    from .templates import PrintedValueError
    text = " ".join(str(exc).split())[:200]
    return text if isinstance(exc, (PrintedValueError, BuildError)) else f"Jinja: {type(exc).__name__}: {text}"
