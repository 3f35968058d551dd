"""Player aids generated from the game data: a card-sized aid (double-sided, imposed like
cards) and a one-page reference, per game and language.

The words live in cards/<game>/aid/<lang>.yaml (sections of bullet points, one file per
language so translators and reviewers edit plain text); numbers come from the cards through
Jinja (`{{ decks.towers.count }}`, `each: decks.towers.cards`), never retyped. The icon legend
is built from the icons the game's cards actually show; an icon with no label in the
language fails the build.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Literal

from jinja2 import TemplateError
from pydantic import Field
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from .catalog import ICON_REF, GameData, Project, layout_id
from .errors import BuildError, DataError, Problem, field_path
from .model import Size, Strict
from .schema import validate
from .source import line_of, load_yaml
from .templates import View, card_context, compiled, compiled_expression, environment, localise

SLUG = r"^[a-z0-9][a-z0-9-]*$"
AID_LAYOUTS = ("aids/card-front", "aids/card-back", "aids/reference")
CODE_MSGIDS = {"Player aid", "Icons", "Icon legend"}   # labels(...) calls below
TRANSLATION_CALL = re.compile(r"""_\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*\)""")


# ---------------------------------------------------------------- the data files

class AidItem(Strict):
    """One bullet point; with `each`, one bullet per element of that list (as `item`)."""

    text: str
    each: str | None = None            # Jinja expression, e.g. decks.towers.cards
    show: Literal["both", "card", "reference"] = "both"


class AidSection(Strict):
    id: str = Field(pattern=SLUG)      # the same ids, in the same order, in every language
    heading: str
    card: Literal["front", "back"] | None = None   # where on the card-sized aid (none: reference only)
    intro: str | None = None
    items: list[str | AidItem] = []


class AidFile(Strict):
    sections: list[AidSection] = Field(min_length=1)


@dataclass
class Aid:
    lang: str
    file: str
    raw: object
    data: AidFile


def aid_path(game: GameData, lang: str) -> Path:
    return game.directory / "aid" / f"{lang}.yaml"


def load_aids(project: Project, game: GameData) -> dict[str, Aid]:
    """Every language's aid file of a game, validated and cross-checked; DataError otherwise."""
    problems: list[Problem] = []
    aids: dict[str, Aid] = {}
    for lang in game.game.languages:
        path = aid_path(game, lang)
        name = project.relative(path)
        if not path.exists():
            problems.append(Problem(name, 0, "", f"no {lang} player aid for {game.id}",
                                    f"a file {name} (copy another language's and translate it)"))
            continue
        try:
            raw = load_yaml(path, name)
            aids[lang] = Aid(lang, name, raw, validate(AidFile, raw, name))
        except DataError as exc:
            problems.extend(exc.problems)
    if aids:
        problems += _check_structure(aids)
        used = used_icons(project, game)
        known = project.icons_for(game.id)
        context = aid_context(project, game, game.game.languages[0])
        for aid in aids.values():
            problems += _check_texts(aid, used, known, aid_context(project, game, aid.lang) if aid.lang in
                                     game.game.languages else context)
    if problems:
        raise DataError(problems)
    return aids


def _check_structure(aids: dict[str, Aid]) -> list[Problem]:
    """Same sections, same order, same place on the card, same number of bullets everywhere."""
    langs = list(aids)
    ref = aids[langs[0]]
    shape = [(s.id, s.card, len(s.items)) for s in ref.data.sections]
    problems = []
    for lang in langs[1:]:
        aid = aids[lang]
        other = [(s.id, s.card, len(s.items)) for s in aid.data.sections]
        if other != shape:
            for i, (mine, theirs) in enumerate(zip(other + [None] * len(shape), shape + [None] * len(other))):
                if mine != theirs:
                    line = line_of(aid.raw, ("sections", min(i, len(other) - 1)))
                    problems.append(Problem(aid.file, line, f"sections[{i}]",
                                            f"(id, card, number of items) is {mine}, but {ref.file} has {theirs}",
                                            "the same sections in the same order in every language"))
                    break
    return problems


def _check_texts(aid: Aid, used: set[str], known: dict, context: dict) -> list[Problem]:
    problems = []
    for s, section in enumerate(aid.data.sections):
        texts = [(("sections", s, "heading"), section.heading, None)]
        if section.intro:
            texts.append((("sections", s, "intro"), section.intro, None))
        for i, item in enumerate(section.items):
            if isinstance(item, str):
                texts.append((("sections", s, "items", i), item, None))
            else:
                texts.append((("sections", s, "items", i, "text"), item.text, item.each))
        for loc, source, each in texts:
            where = field_path(loc)
            line = line_of(aid.raw, loc)
            try:
                for text in _render(source, each, context):
                    for icon in ICON_REF.findall(text):
                        if icon not in known:
                            problems.append(Problem(aid.file, line, where, f"unknown icon ':{icon}:'",
                                                    "an icon defined in layouts/icons.yaml or layouts/<game>.yaml"))
                        elif icon not in used:
                            problems.append(Problem(aid.file, line, where,
                                                    f"icon ':{icon}:' appears on no card of this game, so the "
                                                    f"legend cannot explain it", "an icon the cards use"))
            except (TemplateError, TypeError, AttributeError, KeyError) as exc:
                problems.append(Problem(aid.file, line, where, f"Jinja: {type(exc).__name__}: {exc}",
                                        "an expression over game, decks and lang"))
    return problems


# ---------------------------------------------------------------- context and texts

def aid_context(project: Project, game: GameData, lang: str) -> dict:
    """What aid texts see: the game and every deck with its cards, in one language."""
    decks = {}
    for deck in game.decks:
        cards = [View(id=c.id, name=c.name.get(lang), copies=c.copies, text=c.text.get(lang) if c.text else "",
                      props=localise(c.props, lang)) for c in deck.cards]
        decks[deck.deck] = View(id=deck.deck, name=deck.name.get(lang), count=deck.physical_count,
                                kinds=len(deck.cards), props=localise(deck.props, lang), cards=cards,
                                card=View({c.id: c for c in cards}))
    everything = [card for deck in decks.values() for card in deck.cards]

    def cards_where(**props):
        """Cards of every deck whose props equal the given values, e.g. cards_where(type='prestige')."""
        return [c for c in everything if all(c.props.get(k) == v for k, v in props.items())]

    g = game.game
    return {"lang": lang, "decks": View(decks), "cards": everything, "cards_where": cards_where,
            "game": View(id=g.game, name=g.name.get(lang), minutes=g.minutes,
                         players=View(min=g.players.min, max=g.players.max))}


def _render(source: str, each: str | None, context: dict) -> list[str]:
    if each is None:
        return [compiled(source).render(context).strip()]
    values = compiled_expression(each)(**context)
    return [compiled(source).render({**context, "item": value}).strip() for value in values]


@dataclass
class Section:
    id: str
    heading: str
    card: str | None
    intro: str
    items: list[str]        # for the reference
    card_items: list[str]   # for the card-sized aid


def sections(project: Project, game: GameData, aid: Aid) -> list[Section]:
    context = aid_context(project, game, aid.lang)
    out = []
    for s in aid.data.sections:
        ref, card = [], []
        for item in s.items:
            item = AidItem(text=item) if isinstance(item, str) else item
            texts = _render(item.text, item.each, context)
            if item.show in ("both", "reference"):
                ref += texts
            if item.show in ("both", "card"):
                card += texts
        intro = _render(s.intro, None, context)[0] if s.intro else ""
        out.append(Section(s.id, _render(s.heading, None, context)[0], s.card, intro, ref, card))
    return out


# ---------------------------------------------------------------- icons and legend

class _Labels:
    def __call__(self, msgid: str) -> str:
        return msgid


def used_icons(project: Project, game: GameData) -> set[str]:
    """Icons a player sees on the game's cards: `:name:` in any card or deck text, and the icon
    regions and `:name:` of the layouts (faces and backs) the decks use."""
    from .catalog import _texts
    used: set[str] = set()
    for deck in game.decks:
        for _path, text in _texts(deck, ()):
            values = text.root.values() if isinstance(text.root, dict) else [text.root]
            for value in values:
                used.update(ICON_REF.findall(value or ""))
        faces = [(project.layouts.get(layout_id(deck, card)), card, None) for card in deck.cards]
        if deck.back:
            faces.append((project.layouts.get(deck.back.layout), None, deck.back.props))
        for layout, card, side in faces:
            if layout is None:
                continue
            for lang in game.game.languages:
                context = card_context(game.game, deck, card, lang, layout.colors, _Labels(), side)
                used.update(_layout_icons(layout, context))
    return used


def _layout_icons(layout, context) -> set[str]:
    found = set()
    for region in layout.regions:
        try:
            if region.when and not compiled_expression(region.when)(**context):
                continue
            if region.kind == "icon":
                name = compiled(region.text or "").render(context).strip()
                if name:
                    found.add(name)
            elif region.kind == "text" and region.text:
                found.update(ICON_REF.findall(compiled(region.text).render(context)))
        except Exception:  # a template that cannot render here is reported by the card build
            continue
    return found


def legend(project: Project, game: GameData, lang: str) -> list[tuple[str, str]]:
    """(icon, label) for every icon the cards use, in label order; BuildError if one has no label."""
    icons = project.icons_for(game.id)
    entries, unlabelled = [], []
    for name in sorted(used_icons(project, game)):
        spec = icons.get(name)
        if spec is None:
            raise BuildError(f"{game.id}: the cards use icon '{name}', which no layout file defines")
        label = spec.label.root if isinstance(spec.label.root, str) else spec.label.root.get(lang)
        if not label:
            unlabelled.append(name)
            continue
        entries.append((name, label))
    if unlabelled:
        raise BuildError(f"{game.id}: the icon legend cannot explain {', '.join(unlabelled)} in '{lang}': "
                         f"add a {lang} `label` to these icons (layouts/icons.yaml or layouts/{game.id}.yaml)")
    return sorted(entries, key=lambda e: e[1].lower())


# ---------------------------------------------------------------- interface strings

def layout_msgids(project: Project, layout_ids) -> set[str]:
    found = set()
    for lid in layout_ids:
        layout = project.layouts.get(lid)
        if layout is None:
            continue
        for region in layout.regions:
            for source in (region.text, region.when):
                for single, double in TRANSLATION_CALL.findall(source or ""):
                    found.add(single or double)
    return found


def game_msgids(project: Project, game: GameData) -> dict[str, set[str]]:
    """msgid -> where it comes from: the layouts the game's decks use, and the aid layouts."""
    ids = set()
    for deck in game.decks:
        ids.update(layout_id(deck, card) for card in deck.cards)
        if deck.back:
            ids.add(deck.back.layout)
    out: dict[str, set[str]] = {}
    for msgid in layout_msgids(project, ids):
        out.setdefault(msgid, set()).add("cards")
    for msgid in layout_msgids(project, AID_LAYOUTS) | CODE_MSGIDS:
        out.setdefault(msgid, set()).add("aids")
    return out


# ---------------------------------------------------------------- rendering helpers

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


def card_text(parts: list[Section], legend_entries: list[tuple[str, str]] | None, legend_heading: str) -> str:
    """Our card markup for one side of the card-sized aid: bold headings, bulleted lines."""
    blocks = []
    for s in parts:
        lines = [f"**{s.heading}**"] + ([s.intro] if s.intro and not s.card_items else [])
        lines += [f"• {t}" for t in s.card_items]
        blocks.append("\n".join(lines))
    if legend_entries:
        # a no-break space keeps each icon on the line of its label
        blocks.append(f"**{legend_heading}**\n" + "   ".join(f":{n}:\u00a0{label}" for n, label in legend_entries))
    return "\n".join(blocks)


# ---------------------------------------------------------------- the card-sized aid

def card_size(project: Project, game: GameData) -> Size:
    """The size of the game's cards: the rectangular size most of its decks use (tiles and
    tokens aside), the larger on a tie; poker when the game has no rectangular deck."""
    votes: dict[tuple, list] = {}
    for deck in game.decks:
        size = project.size_of(deck)
        if size.shape == "rect" and size.height > size.width:
            votes.setdefault((size.width, size.height), [0, size])[0] += 1
    if not votes:
        return project.sheets.sizes.get("poker") or Size(width=63, height=88)
    return max(votes.values(), key=lambda v: (v[0], v[1].width * v[1].height))[1]


def aid_card_pages(project: Project, game: GameData, options) -> int:
    return 1 if options.duplex == "none" else 2


def write_aid_card(project: Project, game: GameData, lang: str, path: Path, options,
                   progress: Callable[[int], None] = lambda n: None) -> int:
    from .cards import draw_form, impose, new_canvas
    from .fonts import FontBook, build_icon_font
    from .i18n import Translator
    from .render import FaceRenderer
    from .sheets import make_grid

    aid = _aid(project, game, lang)
    parts = sections(project, game, aid)
    entries = legend(project, game, lang)
    fonts = FontBook(project.root, project.fonts)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    renderer = FaceRenderer(fonts, lang, icons)
    labels = Translator(project.root, lang, options.allow_missing)
    size = card_size(project, game)
    grid = make_grid(project.sheets, options.paper, size, options.bleed)
    canvas = new_canvas(path, options, project, f"{game.game.name.get(lang)} — {labels('Player aid')}", lang, fonts)
    front_layout, back_layout = project.layouts["aids/card-front"], project.layouts["aids/card-back"]
    legend_heading = labels("Icons")
    front = card_text([s for s in parts if s.card == "front"], None, legend_heading)
    back = card_text([s for s in parts if s.card == "back"], entries, legend_heading)
    values = dict(front=front, back=back)
    for name, layout, side in (("front", front_layout, front), ("back", back_layout, back)):
        ctx = _context(project, game, lang, layout, labels, values)
        draw_form(canvas, f"aid.{game.id}.{name}", size, options.bleed,
              lambda c, layout=layout, ctx=ctx, name=name: renderer.draw(
                  c, layout, size, ctx, options.bleed, f"player aid card ({name})"))
    copies = min(max(game.game.players.max, 1), grid.per_page)
    back = f"aid.{game.id}.back" if options.duplex != "none" else None
    pages = impose(canvas, grid, [f"aid.{game.id}.front"] * copies, back, options, progress)
    canvas.save()
    _warn_missing(labels, game, lang, "player-aid-card.pdf")
    return pages


# ---------------------------------------------------------------- the one-page reference

MARGIN = 12.0        # mm
HEADER = 22.0        # mm
GAP = 7.0            # mm between columns
COLUMNS = 2
BASE_SIZE, MIN_SIZE, STEP = 10.0, 6.0, 0.25


def aid_reference_pages(project: Project, game: GameData, options) -> int:
    return 1


def write_aid_reference(project: Project, game: GameData, lang: str, path: Path, options,
                        progress: Callable[[int], None] = lambda n: None) -> int:
    from .cards import new_canvas
    from .fonts import FontBook, build_icon_font
    from .i18n import Translator
    from .render import FaceRenderer

    aid = _aid(project, game, lang)
    parts = sections(project, game, aid)
    entries = legend(project, game, lang)
    fonts = FontBook(project.root, project.fonts)
    typo = fonts.typography(lang)
    icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
    labels = Translator(project.root, lang, options.allow_missing)
    paper = project.sheets.papers[options.paper]
    layout = project.layouts["aids/reference"]
    ctx = _context(project, game, lang, layout, labels, {})
    canvas = new_canvas(path, options, project, f"{game.game.name.get(lang)} — {labels('Player aid')}", lang, fonts)

    # header: a layout drawn like a card face, as wide as the text block
    width = paper.width - 2 * MARGIN
    renderer = FaceRenderer(fonts, lang, icons)
    canvas.saveState()
    canvas.translate(MARGIN * mm, (paper.height - MARGIN - HEADER) * mm)
    renderer.draw(canvas, layout, Size(width=width, height=HEADER, radius=0), ctx, 0, "player aid (header)")
    canvas.restoreState()
    legend_heading = labels("Icon legend")
    accent = ctx["aid"]["accent"]

    column = (width - (COLUMNS - 1) * GAP) / COLUMNS * mm
    height = (paper.height - 2 * MARGIN - HEADER - 5) * mm
    flow = _Flow(fonts, typo, icons, lang, accent)
    size = BASE_SIZE
    while size >= MIN_SIZE - 1e-6:
        blocks = flow.blocks(parts, entries, legend_heading, size, column)
        placed = _pack(blocks, column, height)
        if placed is not None:
            break
        size -= STEP
    else:
        raise BuildError(f"player aid {game.id}/{lang}: the reference does not fit on one "
                         f"{options.paper} page even at {MIN_SIZE} pt; shorten cards/{game.id}/aid/{lang}.yaml")
    top = (paper.height - MARGIN - HEADER - 5) * mm
    for col, y, flowable, h in placed:
        x = MARGIN * mm + col * (column + GAP * mm)
        flowable.drawOn(canvas, x, top - y - h)
    if COLUMNS > 1:
        canvas.setStrokeColor(accent)
        canvas.setLineWidth(0.3)
        for c in range(1, COLUMNS):
            x = MARGIN * mm + c * column + (c - 0.5) * GAP * mm
            canvas.line(x, top, x, MARGIN * mm)
    canvas.showPage()
    canvas.save()
    progress(1)
    _warn_missing(labels, game, lang, "player-aid.pdf")
    return 1


class _Flow:
    """Paragraph flowables for the reference at one body size (headings, bullets, legend)."""

    def __init__(self, fonts, typo, icons, lang, accent):
        self.fonts, self.typo, self.icons, self.lang, self.accent = fonts, typo, icons, lang, accent

    def _para(self, source: str, size: float, width: float, bold=False, color="#2b2118", bullet=False,
              align="left", space_before=0.0):
        from .kinsoku import KinsokuParagraph
        from .text import TextBox, check_glyphs, style_for, to_markup
        family = self.typo.roles["title" if bold else "body"]
        face = self.fonts.face(family, bold)
        faces = [face] + ([self.fonts.face(family, True)] if "**" in source else [])
        missing = check_glyphs(source + ("•" if bullet else ""), faces)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise BuildError(f"font {face.name} has no glyph for {shown} (in: {source[:60]}…)")
        box = TextBox(width, 10000, size, size, 1.22, align, color)
        style = style_for(face, self.typo, box, size)
        style.spaceBefore = space_before
        if bullet:
            style.leftIndent = size * 0.95
            style.bulletIndent = size * 0.1
            style.bulletFontName = face.name
            style.bulletFontSize = size
            style.bulletColor = self.accent
        cls = KinsokuParagraph if self.typo.cjk else Paragraph
        return cls(to_markup(source, self.lang, self.icons), style, bulletText="•" if bullet else None)

    def blocks(self, parts: list[Section], entries, legend_heading: str, size: float, width: float):
        """Groups that must stay together: a heading with its intro and first bullet, then each bullet."""
        out = []
        for s in parts:
            head = [self._para(s.heading, size * 1.25, width, bold=True, color=self.accent)]
            if s.intro:
                head.append(self._para(s.intro, size, width, space_before=size * 0.15))
            rest = [self._para(t, size, width, bullet=True, space_before=size * 0.2) for t in s.items]
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


def _pack(blocks, width: float, height: float):
    """Place blocks top-down in COLUMNS columns; None if they do not fit."""
    placed, col, y = [], 0, 0.0
    for kind, items, size in blocks:
        sized = [(f, f.getSpaceBefore(), f.wrap(width, height)[1]) for f in items]

        def total(at_top: bool) -> float:
            gap = 0.0 if at_top else (size * 0.8 if kind == "section" else 0.0)
            return gap + sum(sb + h for _f, sb, h in sized) - (sized[0][1] if at_top else 0.0)

        if y + total(y == 0) > height:
            col, y = col + 1, 0.0
            if col >= COLUMNS or total(True) > height:
                return None
        at_top = y == 0
        y += 0.0 if at_top else (size * 0.8 if kind == "section" else 0.0)
        for i, (f, sb, h) in enumerate(sized):
            y += 0.0 if (at_top and i == 0) else sb
            placed.append((col, y, f, h))
            y += h
    return placed
