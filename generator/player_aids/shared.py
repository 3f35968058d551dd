"""What both player aids need: the checked aid content of one language, the template context of
their layouts, the paragraphs of headings, bullets and legend and their packing into a box, and
the warning for strings that fell back to English."""
from __future__ import annotations

from itertools import compress
from operator import not_

from reportlab.platypus import Paragraph

from datafile.errors import BuildError, DataError

from ..texts.aids import Aid, aid_path, load_aids
from ..card_layout.project import GameData, Project
from ..card_layout.templates import View, card_context
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.paragraph import Paragraph as FreshParagraph, WrapOnce
from ..typeset.text import TextBox, check_glyphs, lonely_last_line, style_for, to_markup

LINE_SPACING = 1.22      # a text line's height, as a multiple of its size


def _aid(project: Project, game: GameData, lang: str) -> Aid:
    return checked_language(lambda: load_aids(project, game), game, lang, "player aid", f" ({aid_path(game, lang)})")


def checked_language(load, game: GameData, lang: str, what: str, where: str = ""):
    """`load()`'s file of `lang` for the build: BuildError listing the data's problems, or naming
    the missing language."""
    try:
        files = load()
    except DataError as exc:
        raise BuildError(f"{what} data is invalid: {exc.problems[0]}" + (f" (and {len(exc.problems) - 1} more "
                         f"problem(s): pnp validate lists them)" if len(exc.problems) > 1 else "")) from None
    if lang not in files:
        raise BuildError(f"no {lang} {what} for {game.id}{where}")
    return files[lang]


def _warn_missing(labels, game: GameData, lang: str, what: str) -> None:
    if labels.missing:
        import click
        click.secho(f"\nwarning: {game.id}/{lang}/{what}: no {lang} translation for "
                    + ", ".join(f"'{m}'" for m in sorted(labels.missing)) + "; English used (--allow-missing)",
                    fg="yellow", err=True)


def _context(project: Project, game: GameData, lang: str, layout, labels, aid_values: dict) -> dict:
    deck = game.decks[0]
    ctx = card_context(game.game, deck, None, lang, layout.colors, labels)
    g = game.game
    ctx["game"] = View(id=g.game, name=g.name.get(lang), minutes=g.minutes,
                       players=View(min=g.players.min, max=g.players.max))
    ctx["aid"] = View(accent=layout.colors.get(f"accent-{game.id}", layout.colors.get("aid-accent", "#2b2118")),
                      **aid_values)
    return ctx


class Flow:
    """Paragraphs for an aid: accent headings, bullets with a hanging indent (blocks.py and
    page.py build the rest from them)."""

    def __init__(self, fonts, typo, icons, lang, accent):
        self.fonts, self.typo, self.icons, self.lang, self.accent = fonts, typo, icons, lang, accent
        self._parses: dict[tuple, tuple] = {}     # see _paragraph
        self._markups: dict[tuple, str] = {}      # (text, bullet, faces) -> its markup, glyphs checked
        self.hyphenate = True                     # False: every paragraph in whole words (card.py)

    @property
    def body_font(self) -> str:
        """The body face's name: a table's empty cells would otherwise set Helvetica."""
        return self.fonts.face(self.typo.roles["body"]).name

    @property
    def bold_font(self) -> str:
        return self.fonts.face(self.typo.roles["title"], True).name

    def _para(self, source: str, size: float, width: float, bold=False, color="#2b2118", bullet=False,
              align="left", space_before=0.0, italic=False, hyphenate=True):
        family = self.typo.roles["title" if bold else "body"]
        italic = italic and not self.typo.cjk
        face = self.fonts.face(family, bold, italic)
        # *emphasis* becomes <i> in every language (Japanese fonts.yaml families map it to the
        # regular file): its face is registered here, never left to whichever product ran first
        emphasis = source.replace("**", "").count("*") >= 2
        faces = [face] + ([self.fonts.face(family, True, italic)] if "**" in source else []) \
            + ([self.fonts.face(family, bold, True)] if emphasis else []) \
            + ([self.fonts.face(family, True, True)] if emphasis and "**" in source else [])
        checked = (source, bullet, tuple(f.name for f in faces))
        markup = self._markups.get(checked)
        if markup is None:          # the same text at each size tried: checked and turned into markup once
            missing = check_glyphs(source + ("•" if bullet else ""), faces)
            if missing:
                shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
                raise BuildError(f"font {face.said} has no glyph for {shown} (in: {source[:60]}…)")
            markup = self._markups[checked] = to_markup(source, self.lang, self.icons)
        box = TextBox(width, 10000, size, size, LINE_SPACING, align, color)
        style = style_for(face, self.typo, box, size, source)
        style.spaceBefore = space_before
        if not (hyphenate and self.hyphenate):    # a table or legend cell: a word stays whole
            style.hyphenationLang = None
        if bullet:
            style.leftIndent = size * 0.95
            style.bulletIndent = size * 0.1
            style.bulletFontName = face.name
            style.bulletFontSize = size
            style.bulletColor = self.accent
        cls = _KinsokuOnce if self.typo.cjk else _ParagraphOnce
        bullet_text = "•" if bullet else None
        para = self._paragraph(cls, markup, style, bullet_text)
        if getattr(style, "hyphenationLang", None):
            return _fewest_breaks(para, lambda: cls(markup, _unhyphenated(style), bulletText=bullet_text), width)
        return para


    def _paragraph(self, cls, markup: str, style, bullet_text):
        """cls(markup, style, bulletText=bullet_text), its markup parsed once: an aid is set at
        one size after another and its markup names no size, so the fragments of a parse differ
        between sizes only in the size they all take from the style (kept by the markup and every
        other style attribute; a parse that sets a size itself, or a style of its own, is not kept)."""
        key = (cls, markup, bullet_text, _parse_key(style))
        kept = self._parses.get(key)
        if kept is None:
            para = cls(markup, style, bulletText=bullet_text)
            if para.style is style and para.bulletText == bullet_text and _parsed(para) is not None \
                    and all(getattr(f, "fontSize", None) == style.fontSize for f in para.frags):
                self._parses[key] = (para.text, [_fresh(f) for f in para.frags])
            return para
        text, frags = kept
        para = cls(text, style, bulletText=bullet_text, frags=[_fresh(f, fontSize=style.fontSize) for f in frags])
        para._parsed = tuple(para.frags)      # breaks afresh from these, as from a parse (typeset/paragraph.py)
        return para


# style attributes a parse does not read, or reads only as the size every fragment takes
_NOT_PARSED = frozenset({"name", "fontSize", "leading", "spaceBefore", "leftIndent", "bulletIndent",
                         "bulletFontSize", "hyphenationLang"})


def _parse_key(style) -> tuple:
    """The style's attributes (in their order: another order only misses the memo), their types,
    the plain values and the others' repr, made without a Python step per attribute (~40 a
    style, for every paragraph an aid tries)."""
    attrs = dict(vars(style))
    for name in _NOT_PARSED:
        attrs.pop(name, None)
    values = tuple(attrs.values())
    kinds = tuple(map(type, values))
    plain = tuple(map(_PLAIN.__contains__, kinds))
    return (tuple(attrs), kinds, tuple(compress(values, plain)),
            tuple(map(repr, compress(values, map(not_, plain)))))


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _parsed(para):
    return getattr(para, "_parsed", None)


def _fresh(frag, **changes):
    """A copy of a parsed fragment (its lists copied: nothing is shared between paragraphs)."""
    copy = frag.clone(**changes)
    for name, value in vars(copy).items():
        if isinstance(value, list):
            setattr(copy, name, list(value))
    return copy


class _ParagraphOnce(WrapOnce, FreshParagraph):
    pass


class _KinsokuOnce(WrapOnce, KinsokuParagraph):
    pass


def _unhyphenated(style):
    plain = style.clone(style.name)
    plain.hyphenationLang = None
    return plain


def _fewest_breaks(hyphenated, make_whole, width: float):
    """The paragraph with whole words when it takes no more lines than the hyphenated one and
    leaves no word alone on its last line that the other does not: a hyphen only where the
    line breaks cannot be rebalanced without it (issue 28)."""
    hyphenated.wrap(width, 10000)
    if _no_hyphen_made(hyphenated):
        # ReportLab asks the hyphenator only for a word that overflows its line, and without a
        # hyphen made the whole-word breaking takes the same steps: the same lines, so this is
        # the whole-word paragraph (its style without hyphenation for any later wrap or split)
        hyphenated.style = _unhyphenated(hyphenated.style)
        return hyphenated
    whole = make_whole()
    whole.wrap(width, 10000)
    lines = [len(getattr(p.blPara, "lines", [])) for p in (hyphenated, whole)]
    if lines[1] <= lines[0] and (not lonely_last_line(whole) or lonely_last_line(hyphenated)):
        return whole
    return hyphenated


def _no_hyphen_made(para) -> bool:
    """Its last wrap split no word at a hyphenation point (ReportLab's count; a second attempt
    that it does not count, embeddedHyphenation > 1, rules the shortcut out)."""
    return (not isinstance(para, KinsokuParagraph) and getattr(para, "_hyphenations", None) == 0
            and getattr(para.style, "embeddedHyphenation", 0) <= 1)


def pack(blocks, width: float, height: float, columns: int = 1):
    """Place blocks top-down in `columns` columns: (column, y from the top, flowable, height)
    for each, or None if they do not fit."""
    placed, col, y = [], 0, 0.0
    for kind, items, size in blocks:
        sized = [(f, f.getSpaceBefore(), f.wrap(width, height)[1]) for f in items]

        def total(at_top: bool) -> float:
            gap = 0.0 if at_top else (size * 0.6 if kind == "section" else 0.0)
            return gap + sum(sb + h for _f, sb, h in sized) - (sized[0][1] if at_top else 0.0)

        if y + total(y == 0) > height:
            halves = _split_item(kind, sized, width, height - y - (sized[0][1] if y else 0.0))
            if halves and col + 1 < columns:    # a long bullet runs on into the next column
                head, tail = halves
                y += 0.0 if y == 0 else sized[0][1]
                placed.append((col, y, head, head.wrap(width, height)[1]))
                col, y = col + 1, 0.0
                placed.append((col, y, tail, tail.wrap(width, height)[1]))
                y += placed[-1][3]
                continue
            col, y = col + 1, 0.0
            if col >= columns or total(True) > height:
                return None
        at_top = y == 0
        y += 0.0 if at_top else (size * 0.6 if kind == "section" else 0.0)
        for i, (f, sb, h) in enumerate(sized):
            y += 0.0 if (at_top and i == 0) else sb
            placed.append((col, y, f, h))
            y += h
    return placed


def _split_item(kind: str, sized, width: float, room: float):
    """A lone bullet paragraph cut where `room` ends, as (head, tail), when each keeps at least two
    lines (no line alone at a column's foot or head); None otherwise."""
    if kind != "item" or len(sized) != 1 or not isinstance(sized[0][0], Paragraph) or room <= 0:
        return None
    whole = sized[0][0]
    parts = whole.split(width, room)
    for part in parts:
        part.wrap(width, 10000)
    if len(parts) == 2 and min(len(part.blPara.lines) for part in parts) >= 2:
        return parts
    whole.wrap(width, 10000)        # split() drops the paragraph's lines: it is drawn whole
    return None
