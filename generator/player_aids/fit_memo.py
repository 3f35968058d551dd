"""A process-wide memo of whether each aid-card side, and each language's one-page player aid,
fits (`pnp validate` and `pnp check`: cli/validate.aid_card_fit and aid_page_fit), keyed on what
packing reads, by content: packing is most of validate's time, and the fuzz tests validate
hundreds of times in children forked from a warm parent, most after a change that does not touch
the aids.

Packing a side (card._fit_side) reads the side's rendered blocks (the aid-card file's texts after
their templates saw the decks: the key holds the rendered text, so a card fact quoted from a deck
is in it), the icon legend's entries, the body region's size, the language's typography (its
font roles, whether it is Japanese, the hyphenation dictionary with the project's corrections),
the font files of its families (path, size, modification time: a replaced file is a new key) and
the game's icons (the icon font is made from their definitions). A side whose key cannot be made
(a font that does not resolve) is packed every time. The accent colour and the interface strings
only colour and label what is drawn: they are not in the key.
"""
from __future__ import annotations

from typing import Any

from datafile.errors import BuildError, DataError

from ..reading.locate import locate_inside

MAX_SIDES = 4_096      # 4 sides x 4 languages a game; older entries go first
FACE_FILES = ("regular", "bold", "italic", "bold_italic")

_memo: dict[tuple, Any] = {}


def clear() -> None:
    _memo.clear()


def side_fits(key: tuple | None, pack) -> bool:
    """pack() is not None, or what it gave for the same key before; a DataError, BuildError or
    KeyError it raised is raised again for the same key."""
    if key is not None and key in _memo:
        found = _memo[key]
        if isinstance(found, Exception):
            raise found
        return found
    try:
        found = pack() is not None
    except (DataError, BuildError, KeyError) as exc:
        _keep(key, exc)
        raise
    _keep(key, found)
    return found


def _keep(key: tuple | None, value) -> None:
    if key is None:
        return
    if len(_memo) >= MAX_SIDES:
        _memo.pop(next(iter(_memo)), None)
    _memo[key] = value


def side_key(fitted, blocks) -> tuple | None:
    """Everything packing one side of `fitted` (card.FittedSides) reads, or None."""
    shared = fitted.shared_memo_key      # shared_key, made once per FittedSides (8 font files located)
    if shared is None:
        return None
    return (fitted.game.id, fitted.lang, tuple(_block_key(b) for b in blocks), *shared)


def shared_key(fitted) -> tuple | None:
    """What every side of `fitted` reads alike: the legend, the body box, the typography, the
    fonts' files and the icons; None when a font file cannot be found."""
    return setting_key(fitted.project, fitted.game, fitted.typo, fitted.entries,
                       (fitted.body.width, fitted.body.height))


def page_key(project, game, typo, entries, paper, sections, blocks, legend_heading: str) -> tuple | None:
    """Everything setting the one-page player aid (page._reference) reads, or None: the page's
    size, its sections as rendered (headings, intros, items), the aid card's blocks it quotes
    (the turn flow, the tables), the legend and its heading, and setting_key's typography."""
    shared = setting_key(project, game, typo, entries, (paper.width, paper.height))
    if shared is None:
        return None
    return (game.id, typo.lang, "page", legend_heading,
            tuple((s.id, s.heading, s.intro, tuple(s.items), tuple(s.per_card)) for s in sections),
            tuple(_block_key(b) for b in blocks), *shared)


def setting_key(project, game, typo, entries, box: tuple) -> tuple | None:
    """What setting aid text in a box reads besides the text: the legend's entries, the box, the
    typography, the fonts' files and the icons; None when a font file cannot be found."""
    fonts = _font_key(project, typo)
    if fonts is None:
        return None
    hyphenator = typo.hyphenator
    hyphenation = None if hyphenator is None else (
        hyphenator.dictionary, tuple(sorted(hyphenator.breaks.items())), tuple(sorted(hyphenator.names)))
    icons = tuple(sorted((name, spec.path, spec.advance, spec.color)
                         for name, spec in project.icons_for(game.id).items()))
    return (tuple(entries), box, (typo.lang, tuple(sorted(typo.roles.items())), typo.hyphenation, typo.cjk,
                                  hyphenation), fonts, icons)


def _block_key(block) -> tuple:
    """What Blocks reads of a rendered block (card rows: their cells only)."""
    return (block.kind, block.heading, block.numbered, tuple(tuple(i) if isinstance(i, (list, tuple)) else i
                                                             for i in block.items),
            tuple(block.columns), tuple(block.widths) if block.widths is not None else None,
            tuple(tuple(row.cells) for row in block.rows), block.tie)


def _font_key(project, typo) -> tuple | None:
    """The title and body families of the language as fonts.yaml names their files, and each
    file's place, size and modification time."""
    spec = project.fonts
    out = []
    for role in ("title", "body"):
        family = typo.roles.get(role)
        files = spec.families.get(family) if family is not None else None
        if files is None:
            return None
        for style in FACE_FILES:
            name = getattr(files, style)
            if not name:
                out.append((role, style, None))
                continue
            try:
                path, _folder = locate_inside(project.root, ("layouts", "fonts"), name)
                stat = path.stat()
            except (DataError, BuildError, OSError, ValueError):
                return None
            out.append((role, style, str(path.resolve()), stat.st_size, stat.st_mtime_ns))
    return tuple(out)
