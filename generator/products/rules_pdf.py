"""rules.pdf: the rules reference of one game in one language, as the site shows it.

Sections (with a PDF bookmark each, nested as in the YAML), then the card index generated
from cards/. Text goes through text.to_markup, so icons are the embedded icon font, as on
the cards; fonts come from FontBook (Cardo, BIZ UD PGothic with CJK wrapping).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
)
from reportlab.platypus.flowables import HRFlowable

from datafile.errors import BuildError

from ..data.contents import included_lines
from ..data.project import GameData, Project
from ..data.i18n import Translator, players_and_minutes
from ..data.rules import REF, Rules, blocks, count_label, load_rules
from ..paper.imposition import SheetOptions
from ..paper.ink import InkSaverCanvas
from ..typeset.fonts import FontBook
from ..typeset.icons import build_icon_font
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.text import TextBox, check_glyphs, style_for, to_markup, typeset

ACCENT = HexColor("#7a2e3b")
MUTED = HexColor("#6f604c")
INK = HexColor("#2b2118")
PLACEHOLDER = "\ue8ff{}\ue8fe"     # private-use brackets around a link index: survive to_markup


class _Doc(BaseDocTemplate):
    """Adds an outline entry (bookmark) for every flowable that carries `_outline`."""

    def afterFlowable(self, flowable: Flowable) -> None:
        outline = getattr(flowable, "_outline", None)
        if outline:
            key, title, level = outline
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(title, key, level=level, closed=level > 0)


def count_rules_pages(project: Project, game: GameData, options: SheetOptions) -> int:
    return 1   # unknown before layout; the progress bar counts one step per rules.pdf


class _Writer:
    def __init__(self, project: Project, game: GameData, lang: str, options: SheetOptions):
        self.project, self.game, self.lang = project, game, lang
        self.fonts = FontBook(project.root, project.fonts)
        self.typo = self.fonts.typography(lang)
        self.icons = build_icon_font(f"pnp-icons-{game.id}", project.icons_for(game.id))
        self.labels = Translator(project.root, lang, options.allow_missing)
        self.rules: Rules = load_rules(project, game, lang)
        self.titles = {s.id: typeset(s.title, lang) for s in self.rules.flat()}
        roles = self.typo.roles
        self.body_family, self.title_family, self.ui_family = roles["body"], roles["title"], roles["ui"]
        self.styles = {}

    # ---------------------------------------------------------- text

    def face(self, family, bold=False, italic=False):
        return self.fonts.face(family, bold, italic)

    def style(self, name: str, family: str, size: float, bold=False, italic=False, color=INK,
              space_before=0.0, space_after=3.0, left=0.0, leading=1.3):
        key = (name, family)
        if key not in self.styles:
            face = self.face(family, bold, italic)
            st = style_for(face, self.typo, TextBox(0, 0, size, size, leading, "left", color), size)
            st.name = name
            st.bulletFontName = face.name
            st.spaceBefore, st.spaceAfter, st.leftIndent = space_before, space_after, left
            if self.lang != "ja" and name == "body":
                st.alignment = 4  # justify
            self.styles[key] = st
        return self.styles[key]

    def markup(self, source: str, family: str) -> str:
        links: list[str] = []

        def ref(m):
            anchor, target = m.groups()
            if anchor:
                title, dest = self.titles[target], target
            else:
                title, dest = typeset(self.rules.card_names[target], self.lang), f"card-{target}"
            links.append(f'<a href="#{dest}" color="#7a2e3b">{escape(title)}</a>')
            return PLACEHOLDER.format(len(links) - 1)

        text = REF.sub(ref, source)
        visible = re.sub("\ue8ff\\d+\ue8fe", "", text)
        faces = [self.face(family)] + ([self.face(family, bold=True)] if "**" in visible else []) \
            + ([self.face(family, italic=True)] if visible.replace("**", "").count("*") >= 2 else [])
        missing = check_glyphs(visible + "".join(links), faces)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise BuildError(f"{self.game.id} rules ({self.lang}): font {faces[0].name} has no glyph for {shown}")
        out = to_markup(text, self.lang, self.icons)
        for i, link in enumerate(links):
            out = out.replace(PLACEHOLDER.format(i), link)
        return out

    def P(self, markup: str, style, **kw) -> Paragraph:
        """A paragraph that breaks Japanese lines by kinsoku rules (no line starts with ：)."""
        return (KinsokuParagraph if self.typo.cjk else Paragraph)(markup, style, **kw)

    def para(self, source: str, style, family) -> Paragraph:
        return self.P(self.markup(source, family), style)

    # ---------------------------------------------------------- story

    def story(self) -> list[Flowable]:
        _ = self.labels
        g = self.game.game
        title = self.style("title", self.title_family, 24, bold=True, color=ACCENT, space_after=4, leading=1.2)
        sub = self.style("subtitle", self.ui_family, 12, italic=self.lang != "ja", color=MUTED, space_after=10)
        body = self.style("body", self.body_family, 10.5)
        bullet = self.style("bullet", self.body_family, 10.5, left=12, space_after=2)
        heads = {1: self.style("h1", self.title_family, 16, bold=True, color=ACCENT, space_before=10, space_after=4),
                 2: self.style("h2", self.title_family, 13, bold=True, space_before=8, space_after=3),
                 3: self.style("h3", self.title_family, 11.5, bold=True, space_before=6, space_after=2)}
        term = self.style("term", self.body_family, 10.5, bold=True, space_after=0)
        definition = self.style("definition", self.body_family, 10.5, left=12)
        card_title = self.style("card", self.title_family, 11, bold=True, space_before=5, space_after=1)
        summary = self.style("summary", self.ui_family, 9.5, color=MUTED, space_after=1, left=10)
        effect = self.style("effect", self.body_family, 10, left=10)

        story: list[Flowable] = []
        head = self.P(escape(typeset(g.name.get(self.lang), self.lang)), title)
        head._outline = ("top", g.name.get(self.lang), 0)
        story += [head, self.P(escape(typeset(self.rules.title or _("Rules reference"), self.lang)), sub)]
        facts = players_and_minutes(_, g.players.min, g.players.max, g.minutes)
        story.append(self.para(_("{description} ({facts})", description=g.description.get(self.lang), facts=facts),
                               body, self.body_family))
        heading, lines = included_lines(self.game, self.lang, _)   # as the card sheets' first page says
        story.append(self.P(escape(typeset(heading, self.lang)), heads[2]))
        story += [self.P(escape(typeset(line, self.lang)), summary) for line in lines]
        for section in self.rules.flat():
            level = min(section.level, 3)
            h = self.P(f'<a name="{section.id}"/>' + self.markup(section.title, self.title_family), heads[level])
            h._outline = (section.id, self.titles[section.id], section.level)
            flow: list[Flowable] = [h]
            for kind, items in blocks(section.body, self.lang):
                if kind == "ul":
                    flow += [self.P(self.markup(item, self.body_family), bullet, bulletText="•") for item in items]
                else:
                    flow.append(self.para(items[0], body, self.body_family))
            for t in section.terms:
                flow.append(KeepTogether([self.para(t.term, term, self.body_family),
                                          self.para(t.definition, definition, self.body_family)]))
            story.append(CondPageBreak(40 * mm))
            story += flow
        story.append(CondPageBreak(60 * mm))
        h = self.P('<a name="cards"/>' + escape(typeset(_("Card index"), self.lang)), heads[1])
        h._outline = ("cards", _("Card index"), 1)
        story.append(h)
        for deck in self.rules.decks:
            # a deck with no printable card shows its shortfall note, never "(0 cards)"
            count = (f' <font size="10" color="#6f604c">({escape(count_label(_, deck.unit, deck.count))})</font>'
                     if deck.count else "")
            dh = self.P(f'<a name="deck-{deck.id}"/>' + escape(typeset(deck.name, self.lang)) + count, heads[2])
            dh._outline = (f"deck-{deck.id}", deck.name, 2)
            story += [CondPageBreak(30 * mm), dh]
            if deck.shortfall:
                story.append(self.P(escape(typeset(deck.shortfall, self.lang)), summary))
            for card in deck.cards:
                parts: list[Flowable] = [self.P(
                    f'<a name="card-{card.id}"/>' + self.markup(card.name, self.title_family) +
                    f' <font color="#6f604c">×{card.copies}</font>', card_title)]
                if card.summary:
                    parts.append(self.para(card.summary, summary, self.ui_family))
                if card.text:
                    parts.append(self.para(card.text, effect, self.body_family))
                story.append(KeepTogether(parts))
            story.append(HRFlowable(width="100%", thickness=0.4, color=MUTED, spaceBefore=4, spaceAfter=2))
        return story


def write_rules(project: Project, game: GameData, lang: str, path: Path, options: SheetOptions,
                progress: Callable[[int], None] = lambda n: None) -> int:
    w = _Writer(project, game, lang, options)
    paper = project.sheets.papers[options.paper]
    size = (paper.width * mm, paper.height * mm)
    name = game.game.name.get(lang)
    footer_face = w.face(w.ui_family).name
    margin = 18 * mm

    def footer(canvas, doc):
        canvas.saveState()
        canvas.setFont(footer_face, 8.5)
        canvas.setFillColor(MUTED)
        canvas.drawString(margin, 10 * mm, name)
        canvas.drawRightString(size[0] - margin, 10 * mm, str(doc.page))
        canvas.restoreState()

    doc = _Doc(str(path), pagesize=size, leftMargin=margin, rightMargin=margin, topMargin=16 * mm,
               bottomMargin=18 * mm, title=w.labels("{game} — {title}", game=name, title=w.labels("Rules reference")), author="pnp-studio",
               creator="pnp-studio", subject=f"language: {lang}", invariant=1, pageCompression=1, lang=lang,
               initialFontName=w.face(w.body_family).name)
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=footer)])
    try:
        # --ink-saver: the one paint transform every product shares (paper/ink.py)
        doc.build(w.story(), **({"canvasmaker": InkSaverCanvas} if options.ink_saver else {}))
    except BuildError:
        raise
    except Exception as exc:  # a layout failure names the file it was building
        raise BuildError(f"{game.id}/{lang}/rules.pdf: {type(exc).__name__}: {exc}") from None
    progress(1)
    return doc.page
