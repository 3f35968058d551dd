"""What both player aids need: the checked aid content of one language, the template context of
their layouts, the paragraphs of headings, bullets and legend and their packing into a box, and
the warning for strings that fell back to English."""
from __future__ import annotations

from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from datafile.errors import BuildError, DataError

from ...data.aids import Aid, Section, aid_path, load_aids
from ...data.project import GameData, Project
from ...data.templates import View, card_context
from ...typeset.kinsoku import KinsokuParagraph
from ...typeset.text import TextBox, check_glyphs, style_for, to_markup


def _aid(project: Project, game: GameData, lang: str) -> Aid:
    try:
        aids = load_aids(project, game)
    except DataError as exc:
        raise BuildError("player aid data is invalid:\n  " + "\n  ".join(str(p) for p in exc.problems)) from None
    if lang not in aids:
        raise BuildError(f"no {lang} player aid for {game.id} ({aid_path(game, lang)})")
    return aids[lang]


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
    """Paragraph flowables for an aid at one body size: accent headings, bullets with a hanging
    indent, the icon legend in two columns."""

    def __init__(self, fonts, typo, icons, lang, accent):
        self.fonts, self.typo, self.icons, self.lang, self.accent = fonts, typo, icons, lang, accent

    def _para(self, source: str, size: float, width: float, bold=False, color="#2b2118", bullet=False,
              align="left", space_before=0.0):
        family = self.typo.roles["title" if bold else "body"]
        face = self.fonts.face(family, bold)
        faces = [face] + ([self.fonts.face(family, True)] if "**" in source else []) \
            + ([self.fonts.face(family, bold, True)] if source.replace("**", "").count("*") >= 2 else [])
        missing = check_glyphs(source + ("•" if bullet else ""), faces)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise BuildError(f"font {face.name} has no glyph for {shown} (in: {source[:60]}…)")
        box = TextBox(width, 10000, size, size, 1.22, align, color)
        style = style_for(face, self.typo, box, size, source)
        style.spaceBefore = space_before
        if bullet:
            style.leftIndent = size * 0.95
            style.bulletIndent = size * 0.1
            style.bulletFontName = face.name
            style.bulletFontSize = size
            style.bulletColor = self.accent
        cls = KinsokuParagraph if self.typo.cjk else Paragraph
        return cls(to_markup(source, self.lang, self.icons), style, bulletText="•" if bullet else None)

    def blocks(self, parts: list[Section], entries, legend_heading: str, size: float, width: float,
               on_card: bool = False):
        """Groups that must stay together: a heading with its intro and first bullet, then each bullet.
        `on_card`: the card-sized aid's items (`show: card`) instead of the reference's."""
        out = []
        for s in parts:
            head = [self._para(s.heading, size * 1.25, width, bold=True, color=self.accent)]
            if s.intro:
                head.append(self._para(s.intro, size, width, space_before=size * 0.15))
            items = s.card_items if on_card else s.items
            rest = [self._para(t, size, width, bullet=True, space_before=size * 0.2) for t in items]
            out.append(("section", head + rest[:1]))
            out.extend(("item", [p]) for p in rest[1:])
        if entries:
            head = self._para(legend_heading, size * 1.25, width, bold=True, color=self.accent)
            cells = [self._para(f":{n}: {label}", size, width / 2 - 4) for n, label in entries]
            rows = [cells[i:i + 2] + [Spacer(1, 1)] * (2 - len(cells[i:i + 2])) for i in range(0, len(cells), 2)]
            table = Table(rows, colWidths=[width / 2] * 2, hAlign="LEFT")
            body = self.fonts.face(self.typo.roles["body"]).name  # else the table sets Helvetica
            table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), body, size), ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                                       ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                                       ("VALIGN", (0, 0), (-1, -1), "TOP")]))
            out.append(("section", [head, table]))
        return [(kind, items, size) for kind, items in out]


def pack(blocks, width: float, height: float, columns: int = 1):
    """Place blocks top-down in `columns` columns: (column, y from the top, flowable, height)
    for each, or None if they do not fit."""
    placed, col, y = [], 0, 0.0
    for kind, items, size in blocks:
        sized = [(f, f.getSpaceBefore(), f.wrap(width, height)[1]) for f in items]

        def total(at_top: bool) -> float:
            gap = 0.0 if at_top else (size * 0.8 if kind == "section" else 0.0)
            return gap + sum(sb + h for _f, sb, h in sized) - (sized[0][1] if at_top else 0.0)

        if y + total(y == 0) > height:
            col, y = col + 1, 0.0
            if col >= columns or total(True) > height:
                return None
        at_top = y == 0
        y += 0.0 if at_top else (size * 0.8 if kind == "section" else 0.0)
        for i, (f, sb, h) in enumerate(sized):
            y += 0.0 if (at_top and i == 0) else sb
            placed.append((col, y, f, h))
            y += h
    return placed
