"""Our text markup to HTML for the site's pages: **bold**, *italic*, :icon: as inline SVG,
[[card]] and [[#section]] as links (one sprite of the icons a page used)."""
from __future__ import annotations

import re
from xml.sax.saxutils import escape

from markupsafe import Markup

from datafile.errors import BuildError

from ..reading.i18n import Translator
from ..card_layout.layout_file import IconSpec
from ..texts.rules import REF, Rules, card_ref_name
from ..typeset.text import BOLD, ITALIC, ordinals, styled, typeset, uncoloured
from .rules_parts import phrase_breaks

TOKEN = re.compile(r"(\[\[[#~]?[a-z0-9][a-z0-9-]*\]\]|:[a-z][a-z0-9-]*:)")

COUNT_BEFORE = re.compile(r"(\d+)\s*$")     # the number an icon follows: "2 :denier:"
# words that say how many as a number would, read aloud before an icon's label: « des habitants »,
# « autant de cartes », « aucun point » (issue 51: « avec des habitant », « ne perd aucun points »)
QUANTITY = {
    "fr": re.compile(r"(?i)(?:\b(?P<many>des|les|autant de|plusieurs|vos|ses|leurs|ces)"
                     r"|\b(?P<one>aucun|aucune|chaque))\s*$"),
    "de": re.compile(r"(?i)(?:\b(?P<many>mehrere|alle|keine|viele|deine|seine|ihre)|\b(?P<one>kein|keinen|jeden|jede|jedes))\s*$"),
}
# the mark may open a run held whole (「）に」, phrases.py): the icon's span then holds that run too
ICON_AND_MARK = re.compile(r'([+\u2212]?\d+(?:<wbr>)?)?(<svg class="icon"[^>]*>.*?</svg>)(?:<wbr>)?'
                           r'((?:<span class="nobr">(?=[。、，．）」』]))?[。、，．）」』]*)', re.S)
# Japanese: the words since the last mark before an icon, where its name may already be said
JA_CLAUSE = re.compile(r"[^。、：・\n（）「」]*$")


def _held_together(m: re.Match) -> str:
    number, icon, mark = m.group(1) or "", m.group(2), m.group(3)
    if not (number or mark):
        return icon
    return f'<span class="nobr">{number.replace("<wbr>", "")}{icon}{mark}</span>'


def named_beside(label: str, before: str, after: str, term: str = "") -> bool:
    """Japanese: the icon's name is said right beside it (「名声点1:prestige:」, 「城壁:rampart:1枚」, 「人物
    :arrow:：同じ行と列の…」, 「名声点（:prestige:）」), or it stands in the definition of the glossary term it names (「ドゥニエ」:
    「…記号は:denier:。」), so a screen reader reading the icon too would say it twice (issue 51); the
    icon is then left unsaid. A gloss in 「（…）」 is not part of the name (「市民コマ（白・宗教）」 is
    named by 「市民コマ」)."""
    word = label.split("（")[0].strip()
    clause = JA_CLAUSE.search(TOKEN.split(before)[-1]).group(0).replace("**", "")
    after = after.replace("**", "").lstrip("：")
    glossed = before.replace("**", "").endswith(word + "（")          # 「名声点（:prestige:）」
    return bool(word) and (word in clause or after.startswith(word) or glossed or word == term)


def unsaid(spec: IconSpec, lang: str) -> bool:
    """An icon whose `spoken` name in `lang` is empty is never read inside a sentence: the words
    beside it already say it (« **Personnages** :arrow: : améliorent les cartes de leur ligne et de
    leur colonne » was read « Personnages ligne et colonne : améliorent… », issue 51)."""
    said = spec.spoken
    if said is None:
        return False
    return (said.root if isinstance(said.root, str) else said.root.get(lang, None)) == ""


class Inline:
    """Our text markup to HTML: **bold**, *italic*, :icon: (inline SVG), [[card]], [[#section]].
    An icon after a number is read out in that number's form (「1 Prestigepunkt」, "2 deniers"):
    the catalogue's plural entry that has the icon's English label as one of its forms."""

    def __init__(self, rules: Rules, icons: dict[str, IconSpec], section_titles: dict[str, str],
                 labels: Translator | None = None):
        self.rules = rules
        self.icons = icons
        self.titles = section_titles
        self.labels = labels
        self.used: set[str] = set()
        self.term = ""
        self.plurals: dict[str, tuple[str, str] | None] = {}   # label -> plural_of's answer

    def __call__(self, source: str, term: str = "") -> Markup:
        """`term`: the glossary term `source` defines; an icon that names it is seen, not read out."""
        self.term = term
        text = styled(uncoloured(source or ""), self.rules.lang, TOKEN, self._token)
        text = BOLD.sub(r"<strong>\1</strong>", text)
        text = ordinals(ITALIC.sub(r"<em>\1</em>", text), self.rules.lang, "sup")
        if self.rules.lang == "ja":
            # an icon keeps its number and the mark after it on its line (「+1◎。」): no line starts
            # with 。、）」 or an icon whose number ended the line before
            text = ICON_AND_MARK.sub(_held_together, phrase_breaks(text))
        return Markup(text.replace("\n", "<br>"))

    def _token(self, match: re.Match) -> str:
        token = match.group(0)
        ref = REF.fullmatch(token)
        if ref:
            anchor, target = ref.groups()
            if anchor == "#":
                return f'<a class="ref" href="#{target}">{escape(self.titles[target])}</a>'
            name = card_ref_name(self.rules.card_names[target], anchor)
            return f'<a class="ref card-ref" href="#card-{target}">{escape(typeset(name, self.rules.lang))}</a>'
        name = token.strip(":")
        if name not in self.icons:
            raise BuildError(f"unknown icon ':{name}:'")
        if self.rules.lang == "ja" and named_beside(self.icons[name].label.get("ja"), match.string[:match.start()],
                                                    match.string[match.end():], self.term):
            return self.icon(name, spoken=False)
        if unsaid(self.icons[name], self.rules.lang):     # its `spoken` name is "": the sentence names it
            return self.icon(name, spoken=False)
        count = COUNT_BEFORE.search(match.string, 0, match.start())
        if count:
            return self.icon(name, int(count.group(1)), in_sentence=True)
        word = QUANTITY.get(self.rules.lang)
        word = word.search(match.string, 0, match.start()) if word else None
        return self.icon(name, (2 if word.group("many") else 1) if word else None, in_sentence=True)

    def icon(self, name: str, count: int | None = None, in_sentence: bool = False, spoken: bool = True) -> str:
        """The icon as inline SVG, read out by its label (in a sentence, by its `spoken` name where it
        has one); `spoken=False`: seen only, where the words beside it already name it (the legend's
        entries, 「名声点1:prestige:」)."""
        self.used.add(name)
        spec = self.icons[name]
        if not spoken:
            return (f'<svg class="icon" viewBox="0 0 {spec.advance} 1000" aria-hidden="true" focusable="false">'
                    f'<use href="#icon-{name}"></use></svg>')
        lang = self.rules.lang
        said = spec.spoken if in_sentence and spec.spoken else None
        label = said.get(lang) if said and (isinstance(said.root, str) or lang in said.root) \
            else spec.label.get(lang)
        english = spec.label.root if isinstance(spec.label.root, str) else spec.label.root.get("en")
        forms = self._plural_of(english) if count is not None and self.labels and english else None
        # the number's form of the label, unless the language's words have no number (Japanese) and a
        # spoken name says the icon better than its label (「15スー」, not 「15スー（硬貨）」)
        if forms and not (said and lang in said.root and
                          self.labels(*forms, count=1) == self.labels(*forms, count=2)):
            label = self.labels(*forms, count=count)
        label = escape(typeset(label, self.rules.lang), {'"': "&quot;"})
        return (f'<svg class="icon" viewBox="0 0 {spec.advance} 1000" role="img" aria-label="{label}">'
                f'<title>{label}</title><use href="#icon-{name}"></use></svg>')

    def _plural_of(self, english: str) -> tuple[str, str] | None:
        """Asked once a page for each icon: plural_of reads the whole catalogue (English: every
        language's), and a rules page shows a few icons hundreds of times."""
        if english not in self.plurals:
            self.plurals[english] = self.labels.plural_of(english)
        return self.plurals[english]

    def sprite(self) -> Markup:
        symbols = []
        for name in sorted(self.used):
            spec = self.icons[name]
            fill = escape(spec.color or "currentColor", {'"': "&quot;"})   # a colour (model.py), escaped all the same
            symbols.append(f'<symbol id="icon-{escape(name)}" viewBox="0 0 {spec.advance} 1000">'
                           f'<path d="{escape(spec.path, {chr(34): "&quot;"})}" fill="{fill}"></path></symbol>')
        return Markup('<svg class="sprite" aria-hidden="true" focusable="false">' + "".join(symbols) + "</svg>")
