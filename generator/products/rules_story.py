"""What rules.pdf says, in order: the title block (title, description, the place for the "what's
included" block, the contents with page numbers), the sections with their figures, the card index
(one entry per alike card, with its count) and "About this edition". Set in two columns of about
60 characters, ragged right (French and German hyphenated), no line of a paragraph left alone at
the top or bottom of a column, headings kept with what follows."""
from __future__ import annotations

import re
from typing import Callable
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable, KeepTogether, Table, TableStyle
from reportlab.platypus.flowables import HRFlowable

from datafile.errors import BuildError

from ..texts.figures import Figures
from ..reading.i18n import players_and_minutes
from ..texts.rules import REF, Rules, blocks, card_ref_name, count_label
from ..typeset.formulas import glue
from ..typeset.kinsoku import KinsokuParagraph
from ..typeset.paragraph import Paragraph, WrapOnce   # breaks afresh at every wrap
from ..typeset.text import HELD_LINK, TextBox, check_glyphs, markup_color, ordinals, style_for, to_markup, typeset
from .figures import CaptionedFigure, FigureFlowable

ACCENT_HEX, MUTED_HEX, INK_HEX = "#7a2e3b", "#6f604c", "#2b2118"
ACCENT, MUTED, INK = HexColor(ACCENT_HEX), HexColor(MUTED_HEX), HexColor(INK_HEX)
TOC_GUTTER = 14     # pt between a contents column's page numbers and the next column's titles
# the same colours in paragraph markup (links, counts)
LINK_MARKUP, MUTED_MARKUP, INK_MARKUP = (markup_color(c) for c in (ACCENT_HEX, MUTED_HEX, INK_HEX))
PLACEHOLDER = HELD_LINK + "{}\ue8fe"     # private-use brackets around a link index: survive to_markup
HELD_LINKS = re.compile(PLACEHOLDER.format(r"\d+"))
BODY, LEADING = 10.0, 1.38


class _Paragraph(WrapOnce, Paragraph):   # lines kept per width
    pass


class _KinsokuParagraph(WrapOnce, KinsokuParagraph):
    pass


class PageNumberSlot(Flowable):
    """A contents page number, drawn as the PDF form `name` (an XObject a page may use before it
    is defined): the number is known only once the story is laid out, and `fill` then draws it
    into the form, in the place the number would have had, before the PDF is saved. So one layout
    pass makes the contents; the number takes its height, not its width (it is set right-aligned)."""

    def __init__(self, name: str, number: Callable[[str], Flowable]):
        super().__init__()
        self.name, self.number = name, number
        self.sample = number("0")      # a number's height (the table measures its cells often)

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        self.height = self.sample.wrap(availWidth, availHeight)[1]
        return self.width, self.height

    def draw(self):
        self.canv.doForm(self.name)

    def fill(self, canv, page: int | str) -> None:
        number = self.number(str(page))
        number.wrap(self.width, self.height)
        canv.beginForm(self.name, 0, -self.height, self.width, 2 * self.height)   # room for descenders
        number.drawOn(canv, 0, 0)
        canv.endForm()


class Story:
    def __init__(self, writer, rules: Rules, figures: Figures, figure_maker):
        self.w, self.rules, self.figures, self.figure_maker = writer, rules, figures, figure_maker
        self.lang = rules.lang
        self.page_slots: dict[str, PageNumberSlot] = {}     # section key -> its number in the contents
        self.titles = {s.id: typeset(s.title, self.lang) for s in rules.flat()}
        self.styles: dict[str, object] = {}

    # ---------------------------------------------------------- text

    def style(self, name: str, family: str, size: float, bold=False, italic=False, color=INK,
              space_before=0.0, space_after=3.0, left=0.0, leading=LEADING, keep=False, align="left"):
        if name not in self.styles:
            face = self.w.face(family, bold, italic and not self.w.typo.cjk)
            st = style_for(face, self.w.typo, TextBox(0, 0, size, size, leading, align, color), size)
            st.name = name
            st.bulletFontName = face.name
            st.spaceBefore, st.spaceAfter, st.leftIndent = space_before, space_after, left
            st.allowWidows = st.allowOrphans = 0       # never a paragraph's line alone in a column
            st.keepWithNext = int(keep)
            self.styles[name] = st
        return self.styles[name]

    def markup(self, source: str, family: str) -> str:
        links: list[str] = []

        def ref(m):
            anchor, target = m.groups()
            if anchor == "#":
                title, dest = self.titles[target], target
            else:
                title, dest = typeset(card_ref_name(self.rules.card_names[target], anchor), self.lang), f"card-{target}"
            links.append(f'<a href="#{dest}" color="{LINK_MARKUP}">{escape(title)}</a>')
            return PLACEHOLDER.format(len(links) - 1)

        text = REF.sub(ref, glue(source))
        visible = HELD_LINKS.sub("", text)
        faces = [self.w.face(family)] + ([self.w.face(family, bold=True)] if "**" in visible else []) \
            + ([self.w.face(family, italic=True)] if visible.replace("**", "").count("*") >= 2 else [])
        missing = check_glyphs(visible + "".join(links), faces)
        if missing:
            shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            raise BuildError(f"{self.rules.where(missing)}: the font of language {self.lang} has no glyph for {shown} "
                             f"(expected characters that font has, or another font for {self.lang} in layouts/fonts.yaml)")
        out = to_markup(text, self.lang, self.w.icons)
        for i, link in enumerate(links):
            out = out.replace(PLACEHOLDER.format(i), link)
        return out

    def P(self, markup: str, style, **kw) -> Paragraph:
        return (_KinsokuParagraph if self.w.typo.cjk else _Paragraph)(markup, style, **kw)

    def para(self, source: str, style, family) -> Paragraph:
        return self.P(self.markup(source, family), style)

    def plain(self, text: str, style) -> Paragraph:
        return self.P(escape(typeset(text, self.lang)), style)

    # ---------------------------------------------------------- the parts

    def title_block(self, width: float, included: list[Flowable]) -> list[Flowable]:
        """Full width on page 1: title, description, the what's-included block, the contents."""
        _ = self.w.labels
        g = self.rules.game.game
        w = self.w
        title = self.style("title", w.title_family, 24, bold=True, color=ACCENT, space_after=2, leading=1.2)
        sub = self.style("subtitle", w.ui_family, 12, italic=True, color=MUTED, space_after=6)
        intro = self.style("intro", w.body_family, 10.5, space_after=6)
        head = self.plain(g.name.get(self.lang), title)
        head._outline = ("top", g.name.get(self.lang), 0)
        facts = players_and_minutes(_, g.players.min, g.players.max, g.minutes)
        out = [head, self.plain(self.rules.title or _("Rules reference"), sub),
               self.para(_("{description} ({facts})", description=g.description.get(self.lang), facts=facts),
                         intro, w.body_family)]
        out += included              # the "what's included" block (components, from the card data)
        return out + self.contents(width)

    def included(self, heading: str, before: list[str], table: list[Flowable], after: list[str]) -> list[Flowable]:
        """The print-and-assemble box: sentences, the table of printed pieces, sentences."""
        if not (before or table or after):
            return []
        head = self.style("included-head", self.w.title_family, 11, bold=True, color=ACCENT, space_after=1, keep=True)
        line = self.style("included", self.w.ui_family, 9.5, space_after=0, leading=1.25)
        spaced = self.style("included-after", self.w.ui_family, 9.5, space_before=4, space_after=0, leading=1.25)

        def said(text: str, style) -> Flowable:
            return self.P(ordinals(escape(typeset(text, self.lang)), self.lang, "super"), style)
        out = [self.plain(heading, head)] + [said(text, line) for text in before]
        if table:
            table[0].spaceBefore = 3
        return out + table + [said(text, spaced if i == 0 and table else line) for i, text in enumerate(after)]

    def contents(self, width: float) -> list[Flowable]:
        """Top-level sections, the card index and About this edition, with their pages, in three
        columns."""
        _ = self.w.labels
        entry = self.style("toc", self.w.ui_family, 9.5, space_after=0, leading=1.25)
        number = self.style("toc-page", self.w.ui_family, 9.5, color=MUTED, space_after=0, leading=1.25,
                            align="right")
        items = [(s.id, self.titles[s.id]) for s in self.rules.sections] + [("cards", typeset(_("Card index"), self.lang))]
        if self.rules.about_notes():
            items.append(("about", typeset(_("About this edition"), self.lang)))
        columns = 3
        rows = -(-len(items) // columns)
        col = width / columns
        data = [["", ""] * columns for _r in range(rows)]
        for i, (key, title) in enumerate(items):
            r, c = i % rows, i // rows
            data[r][2 * c] = self.P(f'<a href="#{key}" color="{INK_MARKUP}">{escape(title)}</a>', entry)
            slot = PageNumberSlot(f"toc{i}", lambda text: self.P(text, number))
            data[r][2 * c + 1] = self.page_slots[key] = slot
        heading = self.style("toc-head", self.w.title_family, 11, bold=True, color=ACCENT, space_before=6,
                             space_after=2, keep=True)
        # a page number ends its own column, a gutter before the next column's title: set flush
        # against that title, "1 The tallest tower" read as one entry
        table = Table(data, colWidths=[col - 14, 14] * columns, hAlign="LEFT")
        gutters = [("LEFTPADDING", (2 * c, 0), (2 * c, -1), TOC_GUTTER) for c in range(1, columns)]
        table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), self.w.face(self.w.ui_family).name, 9.5),
                                   ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                                   *gutters,
                                   *[("RIGHTPADDING", (2 * c + 1, 0), (2 * c + 1, -1), 0) for c in range(columns)],
                                   # a number on the last line of a title that wraps, as in a book's contents
                                   *[("VALIGN", (2 * c + 1, 0), (2 * c + 1, -1), "BOTTOM") for c in range(columns)],
                                   ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                                   ("LINEABOVE", (0, 0), (-1, 0), 0.6, ACCENT)]))
        return [self.plain(_("Contents"), heading), table]

    def number_contents(self, canv, pages: dict[str, int]) -> None:
        """Draw the contents' page numbers (`pages`: section key -> page) once the layout is done."""
        for key, slot in self.page_slots.items():
            slot.fill(canv, pages.get(key, ""))

    def sections(self, column: float) -> list[Flowable]:
        w = self.w
        body = self.style("body", w.body_family, BODY)
        bullet = self.style("bullet", w.body_family, BODY, left=11, space_after=2)
        heads = {1: self.style("h1", w.title_family, 15, bold=True, color=ACCENT, space_before=9, space_after=3,
                               keep=True, leading=1.2),
                 2: self.style("h2", w.title_family, 12.5, bold=True, space_before=7, space_after=2, keep=True,
                               leading=1.2),
                 3: self.style("h3", w.title_family, 11, bold=True, space_before=5, space_after=2, keep=True)}
        term = self.style("term", w.body_family, BODY, bold=True, space_after=0, keep=True)
        definition = self.style("definition", w.body_family, BODY, left=11)
        story: list[Flowable] = []
        for section in self.rules.flat():
            level = min(section.level, 3)
            h = self.P(f'<a name="{section.id}"/>' + self.markup(section.title, w.title_family), heads[level])
            h._outline = (section.id, self.titles[section.id], section.level)
            story.append(h)
            for kind, items in blocks(section.body, self.lang):
                if kind == "ul":
                    story += [self.P(self.markup(item, w.body_family), bullet, bulletText="•") for item in items]
                else:
                    story.append(self.para(items[0], body, w.body_family))
            for t in section.terms:
                story += [self.para(t.term, term, w.body_family), self.para(t.definition, definition, w.body_family)]
            for figure in self.figures.after(section.id):
                story.append(self.figure(figure, column))
        return story

    def figure(self, figure, column: float) -> Flowable:
        caption = self.style("caption", self.w.ui_family, 8.5, italic=True, color=MUTED, space_before=2,
                             space_after=6, leading=1.25)
        drawing = FigureFlowable(self.figure_maker, figure, min(column, figure.width * 2.835))
        return CaptionedFigure(drawing, self.para(figure.caption.get(self.lang), caption, self.w.ui_family))

    def index(self) -> list[Flowable]:
        _ = self.w.labels
        w = self.w
        h1 = self.styles["h1"]
        deck_head = self.style("deck", w.title_family, 12, bold=True, space_before=6, space_after=1, keep=True,
                               leading=1.2)
        card_title = self.style("card", w.title_family, 10.5, bold=True, space_before=3, space_after=0, keep=True)
        summary = self.style("summary", w.ui_family, 9, color=MUTED, space_after=0, leading=1.3)
        effect = self.style("effect", w.body_family, 9.5, space_after=1, leading=1.32)
        h = self.P('<a name="cards"/>' + escape(typeset(_("Card index"), self.lang)), h1)
        h._outline = ("cards", _("Card index"), 1)
        story: list[Flowable] = []
        lead: list[Flowable] = [h]      # headings still to place, with the next card
        for deck in self.rules.decks:
            if not deck.count:
                continue     # nothing printed: "What's included" says why, in a sentence
            count = count_label(_, deck.unit, deck.count)   # no "(2 / 32)": a counter is not for players
            dh = self.P(f'<a name="deck-{deck.id}"/>' + escape(typeset(deck.name, self.lang)) +
                        f' <font size="9" color="{MUTED_MARKUP}">{escape(typeset(count, self.lang))}</font>', deck_head)
            dh._outline = (f"deck-{deck.id}", deck.name, 2)
            # the deck's heading goes with its first card: ReportLab's keepWithNext does not join a
            # KeepTogether, so the heading was left alone at the foot of a column
            lead.append(dh)
            for card in deck.cards:
                anchors = "".join(f'<a name="card-{i}"/>' for i in card.ids)
                gap = "" if self.lang == "ja" else " "      # 「ギルド変更×2」, "Change of guild ×2"
                parts: list[Flowable] = [self.P(anchors + self.markup(card.name, w.title_family) +
                                                f'{gap}<font color="{MUTED_MARKUP}">×{card.copies}</font>', card_title)]
                if card.summary:
                    parts.append(self.para(card.summary, summary, w.ui_family))
                if card.text:
                    parts.append(self.para(card.text, effect, w.body_family))
                story.append(KeepTogether(lead + parts))
                lead = []
            story.extend(lead)           # a deck without cards: its heading alone
            lead = []
            story.append(HRFlowable(width="100%", thickness=0.4, color=MUTED, spaceBefore=3, spaceAfter=1))
        return story + lead              # no deck at all: the heading alone

    def about(self) -> list[Flowable]:
        texts = self.rules.about_notes()
        if not texts:
            return []
        _ = self.w.labels
        note = self.style("about", self.w.body_family, 9, color=MUTED, space_after=3, leading=1.32)
        h = self.P('<a name="about"/>' + escape(typeset(_("About this edition"), self.lang)), self.styles["h1"])
        h._outline = ("about", _("About this edition"), 1)
        return [h] + [self.para(t, note, self.w.body_family) for t in texts]
