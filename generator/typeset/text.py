"""Card text: our small markup to ReportLab paragraphs, per-language typography, and
shrink-to-fit that fails loudly instead of clipping."""
from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from datafile.errors import BuildError

from ..card_layout.colours import SPAN, span_colour
from .fonts import Face, Typography, missing_glyphs
from .hyphenation import MIN_PART
from .icons import IconFont
from .kinsoku import KinsokuParagraph
from .paragraph import Paragraph, overflows

ICON = re.compile(r":([a-z][a-z0-9-]*):")
BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
# *italic*: the stars may touch Japanese text (の*建設中*です), not Latin letters or digits
# (2*3*4 and snake*case stay as they are).
LATIN_WORD = "0-9A-Za-z\u00c0-\u024f"
ITALIC = re.compile(rf"(?<![*{LATIN_WORD}])\*(?!\s)(.+?)(?<!\s)\*(?![*{LATIN_WORD}])", re.S)
HELD = re.compile("\ue8f0(\\d+)\ue8f1")
APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)|(?<=[^\W\d])'(?![\w'])")   # qu'elle, players'
OPEN_SINGLE = re.compile(r"(?<![\w'])'(?=\w)")
DOUBLE = re.compile(r'"([^"\n]*)"')
QUOTES = {"en": ("\u201c", "\u201d"), "de": ("\u201e", "\u201c"), "fr": ("\u00ab\u00a0", "\u00a0\u00bb"),
          "ja": ("\u300c", "\u300d")}
ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
NBSP, NNBSP = "\u00a0", "\u202f"
MARKUPS_KEPT, _NO_ICONS = 16_384, {}     # to_markup's results kept per icon font
# a number keeps its unit on its line (100 %, 5 mm, 45 min)
UNIT = re.compile(r"(?<=\d) (?=%|(?:mm|cm|pt|min)\b)")
# opens a cross-reference held out of a text while it is typeset (rules_story.PLACEHOLDER)
HELD_LINK = "\ue8ff"
# ...and a count keeps what it counts, as typesetters do ("1 habitant", "2 zusätzliche", "3 cards",
# "4 [[plaza-blue]]n"): a line never ends on a bare number whose word begins the next one
COUNT = re.compile(r"(?<![\w.,])(\d{1,3}) (?=\*{0,2}(?:[^\W\d_]|" + HELD_LINK + "))")
GLUE = re.compile("(?<=\\d) +(?=\ue8f0)")     # "3 :coin:" -> 3 and its icon never part
# French: a number never starts a line after the short word that leads to it (« résistent au⏎10 »,
# « deux à⏎2 joueurs »), and « au plus », « au moins » stay whole (« 12 ★ au⏎plus », issue 51)
FR_LEAD_NUMBER = re.compile(r"(?i)(?<![\w\u2019'-])(à|au|aux|de|du|des|par|sur|en) (?=[\d\u2212])")
FR_AU_PLUS = re.compile(r"(?i)(?<![\w\u2019'])(au) (?=(?:plus|moins)\b)")
# a two-word place or saint's name is never split after its first word (« à San⏎Gimignano »)
NAME_PARTICLE = re.compile(r"\b(San|Santa|Santo|Saint|Sainte|Sankt) (?=[A-Z])")
# Japanese sets no space after its full-width marks: "**対抗：** 左上" and "1◉。 ドゥニエ", joined by a
# layout's template, read 対抗：左上 and 1◉。ドゥニエ (a bold or italic mark may sit between)
JA_SPACE = re.compile(r"([。、：；！？）」』](?:\*{1,2})?) +(?=\S)")
# ...and full-width notation around what a language-neutral value or a layout brings in (issue 51):
# brackets 「（45枚）」「（a4、長辺）」, the middle dot 「・」 for " · ", the slash 「14／15」, 「63×88mm」
# with no space; one plus sign, "+", whose width matches the minus "−" (U+2212) in the Japanese
# face, where "＋" is wider: 「1（…）+3」
JA_PARENS = re.compile(r" ?\(([^()]*)\) ?")
JA_PLUS = re.compile(r"(?<=[^\s+]) ?\+ (?=\S)|＋")
JA_SLASH = re.compile(r"(?<=\d) ?/ ?(?=\d)")     # "14 / 15", "0/2/3" -> 14／15, 0／2／3
JA_DOT = re.compile(r"[ \u00a0]*·[ \u00a0]*")
JA_TIGHT = re.compile(r"(?<=\d)[ \u00a0\u202f]+(?=mm\b|cm\b|KB\b|MB\b|g/m²|×)|[ \u00a0\u202f]+(?=×\d)"
                      r"|(?<=×)[ \u00a0\u202f]+(?=\d)")     # 「黄の文民Ⅰ×10」「63×88mm」「250g/m²」
REBALANCE = (0.97, 0.94, 0.91, 0.88, 0.85)    # narrower widths tried against a one-word last line
SIZE_STEP = 0.25
MIN_COLUMN_MM = 25.0   # a column narrower holds no table, and few German words at a body size (rules, aid page)
# fitted paragraphs kept: a default build fits 1,652 distinct texts, and the site's figures come
# after the cards that fitted them (at 512, 515 of their texts were fitted again; ~10 MB more kept)
FIT_CACHE_SIZE = 2048
VERDICTS_KEPT = 16_384


class Overflow(BuildError):
    pass


def french_spacing(text: str) -> str:
    """No-break spaces where French typography wants them: before ; ! ? : and inside « »."""
    text = re.sub(r"\s*([;!?])", lambda m: NNBSP + m.group(1), text)
    # after a word, and after ) » * or a held icon too (« Garde (Carte 5) : », « **Lutter** : »)
    text = re.sub(r"(:[a-z][a-z0-9-]*:)|(?<=[^\s:])[ \t\u00a0\u202f]*:(?=\s|$)",
                  lambda m: m.group(1) or NBSP + ":", text)      # an :icon: is left as it is
    text = re.sub(r"«\s*", "«" + NBSP, text)
    return re.sub(r"\s*»", NBSP + "»", text)


def _ja_parens(m: re.Match) -> str:
    """「（…）」 around Japanese or numbers; an English aside, "(PDF)", is left as it is."""
    inner = m.group(1)
    if re.search(r"[A-Za-z]", inner) and inner.isascii():
        return m.group(0)
    return "（" + inner.replace(", ", "、") + "）"


# the same runs come back (cards files, figures, site): 18,500 calls a build, 5,000 distinct
@lru_cache(maxsize=1 << 15)
def typeset(text: str, lang: str) -> str:
    """Language typography for a run of plain text (no markup): typographic apostrophes for
    Latin scripts (qu’elle, player’s), the language's quotation marks for straight double
    quotes (“…” „…“ « … » 「…」), French no-break spaces, a number held to its unit and (Latin
    scripts) to the word it counts. Shared by PDF and HTML."""
    opening, closing = QUOTES.get(lang, QUOTES["en"])
    text = DOUBLE.sub(lambda m: opening + m.group(1) + closing, text)
    if lang != "ja":
        text = APOSTROPHE.sub("\u2019", text)
        text = OPEN_SINGLE.sub("\u2018", text)
    if lang == "fr":
        text = french_spacing(text)
    if lang == "ja":
        text = JA_PARENS.sub(_ja_parens, JA_SPACE.sub(r"\1", text))
        text = JA_TIGHT.sub("", JA_DOT.sub("・", JA_SLASH.sub("／", JA_PLUS.sub("+", text))))
    else:
        text = NAME_PARTICLE.sub(r"\1" + NBSP, COUNT.sub(r"\1" + NBSP, text))
        if lang == "fr":
            text = FR_AU_PLUS.sub(r"\1" + NBSP, FR_LEAD_NUMBER.sub(r"\1" + NBSP, text))
    return UNIT.sub(NBSP, text)


DECIMAL_COMMA = {"fr", "de"}


def decimal(number: str, lang: str) -> str:
    """A number as Python writes it ("1.5") as `lang` writes it: French and German with a decimal comma."""
    return number.replace(".", ",") if lang in DECIMAL_COMMA else number


@lru_cache(maxsize=1 << 16)
def plain_text(source: str) -> str:
    """The characters a reader will see, without markup (for glyph checks)."""
    return ITALIC.sub(r"\1", BOLD.sub(r"\1", ICON.sub("", SPAN.sub(r"\2", source))))


def styled(source: str, lang: str, token: re.Pattern, render) -> str:
    """Typeset and escape `source`, turn **bold**/*italic*/newlines into tags, and replace
    each `token` match by `render(match)`. Tokens are held out as placeholders while the
    markup is matched, so **9 :denier:** is bold around its icon. Shared by PDF and HTML."""
    held: list[str] = []

    def hold(match: re.Match) -> str:
        held.append(render(match))
        return f"\ue8f0{len(held) - 1}\ue8f1"

    text = escape(typeset(GLUE.sub(NBSP, token.sub(hold, source)), lang))
    return HELD.sub(lambda m: held[int(m.group(1))], text)


_HEX = re.compile(r"#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})")


def markup_color(value: str) -> str:
    """A colour for paragraph markup (<font color>, <a color>): '#rrggbb' as 'rgb(r,g,b)', the same
    Color. ReportLab's parser tries the CSS form first and reaches a hex string only after a failed
    Python literal parse: 2 µs against 12, for each such tag of each text (about 14,000 a build)."""
    m = _HEX.fullmatch(value)
    return f"rgb({','.join(str(int(h, 16)) for h in m.groups())})" if m else value


FR_ORDINAL = re.compile(r"(?<![\w])(\d+)(er|re|e)(?![\w])")    # 2e, 1er, 1re


def ordinals(text: str, lang: str, tag: str) -> str:
    """French ordinals with a raised, smaller suffix (2<tag>e</tag>): a real superscript, which
    every font can draw, where the modifier letter ᵉ is missing from most (issue 51)."""
    return FR_ORDINAL.sub(rf"\1<{tag}>\2</{tag}>", text) if lang == "fr" else text


def uncoloured(text: str) -> str:
    """The words of coloured spans without their colour (the site keeps the page's own colours)."""
    return SPAN.sub(r"\2", text)


def to_markup(source: str, lang: str, icons: IconFont | None, palette: dict | None = None) -> str:
    """_to_markup once per text, language, icon font and palette (a build: 8,200 calls, 5,200 distinct)."""
    kept = icons.markups if icons is not None else _NO_ICONS
    key = (source, lang, None if palette is None else tuple(palette.items()))
    if key not in kept:
        if len(kept) > MARKUPS_KEPT:
            kept.clear()
        kept[key] = _to_markup(source, lang, icons, palette)
    return kept[key]


def _to_markup(source: str, lang: str, icons: IconFont | None, palette: dict | None = None) -> str:
    """Turn card text (plain text, **bold**, *italic*, :icon:, [colour|words], newlines) into
    paragraph XML; a span's colour may be a name of `palette` (a card's layout's colors; None
    elsewhere, where a span of such a name keeps its words only)."""

    def span(match: re.Match) -> str:
        found = span_colour(match.group(1), palette)
        if found is None and palette is None:   # a card's text quoted in the rules or an aid: its words
            return match.group(2)
        if found is None:
            raise BuildError(f"unknown colour '{match.group(1)}' in '[{match.group(1)}|…]'")
        return f'<font color="{markup_color(found)}">{match.group(2)}</font>'

    def icon(match: re.Match) -> str:
        name = match.group(1)
        if icons is None or name not in icons.codes:
            raise BuildError(f"unknown icon ':{name}:'")
        color = icons.colors.get(name)
        color_attr = f' color="{markup_color(color)}"' if color else ""
        return f'<font name="{icons.name}"{color_attr}>&#x{icons.codes[name]:X};</font>'

    # ReportLab breaks lines at U+202F (it counts it as whitespace), so French "pièce ; …" could
    # start a line with ";": in PDFs the narrow no-break space becomes a no-break space
    text = styled(source, lang, ICON, icon).replace(NNBSP, NBSP)
    if "|" in text:
        text = SPAN.sub(span, text)
    text = BOLD.sub(r"<b>\1</b>", text)
    text = ITALIC.sub(r"<i>\1</i>", text)
    return ordinals(text, lang, "super").replace("\n", "<br/>")


@dataclass
class TextBox:
    width: float   # points
    height: float
    size: float
    min_size: float
    leading: float  # ratio of size
    align: str
    color: str


@lru_cache(maxsize=None)
def hyphenator(lang: str):
    """pyphen's splitter for a language, built once: given the language name, ReportLab builds a
    new Pyphen (dictionary lookup and all) for every paragraph it wraps."""
    import pyphen
    return pyphen.Pyphen(lang=lang).iterate


# words inside (…) are never hyphenated: "Bürger (gelb, Bürger-/stand)" reads badly (issue 28)
ASIDE = re.compile(r"\(([^()]*)\)")
ASIDE_WORD = re.compile(r"[^\W\d_]+")


class _KeepAsides:
    """The language's hyphenator, except for the words a paragraph has inside parentheses
    (ReportLab strips the punctuation before it asks, so the words are listed up front)."""

    def __init__(self, hyphenate, words: frozenset[str]):
        self.hyphenate, self.words = hyphenate, words

    def __call__(self, word: str):
        return [] if word.lower() in self.words else self.hyphenate(word)


def style_for(face: Face, typo: Typography, box: TextBox, size: float, markup: str = "",
              hyphenate: bool = True) -> ParagraphStyle:
    """The paragraph style of a box; `markup` lets it keep the words of its asides whole, and
    `hyphenate=False` sets the text without any hyphenation (tried first by fit)."""
    style = ParagraphStyle("pnp", fontName=face.name, fontSize=size, leading=size * box.leading,
                           alignment=ALIGN[box.align], textColor=box.color, splitLongWords=False,
                           allowWidows=1, allowOrphans=1)
    if typo.cjk:
        style.wordWrap = "CJK"
    elif typo.hyphenation and hyphenate:
        style.hyphenationLang = typo.hyphenator or hyphenator(typo.hyphenation)
        asides = frozenset(w.lower() for inner in ASIDE.findall(markup) for w in ASIDE_WORD.findall(inner))
        if asides:
            style.hyphenationLang = _KeepAsides(style.hyphenationLang, asides)
        style.hyphenationMinWordLength = 2 * MIN_PART
        style.embeddedHyphenation = 1
        style.uriWasteReduce = 0.3
    return style


def _words(line) -> int:
    if isinstance(line, tuple):        # plain lines: (extra space, words)
        return len(line[1])
    text = "".join(getattr(w, "text", "") for w in getattr(line, "words", []))
    return len(text.split())


def lonely_last_line(para: Paragraph) -> bool:
    """Does a paragraph of several lines end (or end a <br/> segment) with a one-word line?"""
    lines = getattr(para.blPara, "lines", [])
    segment = 0
    for index, line in enumerate(lines):
        segment += 1
        ends = index == len(lines) - 1 or getattr(line, "lineBreak", False)
        if ends:
            if segment > 1 and _words(line) == 1:
                return True
            segment = 0
    return False


def _widen(para: Paragraph, extra: float) -> None:
    """Lines broken for a narrower box are aligned in the full one (centre and right)."""
    for i, line in enumerate(para.blPara.lines):
        if isinstance(line, tuple):
            para.blPara.lines[i] = (line[0] + extra, line[1])
        else:
            line.extraSpace += extra
    para.width += extra


def _balanced(markup, face, typo, box, size, para, hyphenate=True):
    """A one-word last line is rebalanced by breaking for a slightly narrower box, when the
    text still fits there at the same size (not for Japanese, not for justified text)."""
    if typo.cjk or box.align == "justify" or not lonely_last_line(para):
        return para
    # one trial paragraph, parsed once, wrapped at each narrower width: each wrap breaks afresh
    # from the parse (typeset/paragraph.py), as a new paragraph would
    trial = Paragraph(markup, style_for(face, typo, box, size, markup, hyphenate))
    for ratio in REBALANCE:
        width = box.width * ratio
        _w, height = trial.wrap(width, box.height + 1000)
        if height <= box.height + 0.01 and not overflows(trial.blPara) and not lonely_last_line(trial):
            _widen(trial, box.width - width)
            return trial
    return para


def _remembered(fit_function):
    """Fit results cached per text, font, language typography and box: the same card text is
    fitted again for every copy of a layout, every product and every language that shares it.
    Bounded (least recently used out) so memory stays flat however large the deck."""
    cache: OrderedDict = OrderedDict()

    def cached(markup: str, face: Face, typo: Typography, box: TextBox):
        key = _fit_key(markup, face, typo, box)
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
        result = cache[key] = fit_function(markup, face, typo, box)
        if len(cache) > FIT_CACHE_SIZE:
            cache.popitem(last=False)
        return result

    cached.__doc__ = fit_function.__doc__
    cached.cache_clear = cache.clear
    return cached


def _fit_key(markup: str, face: Face, typo: Typography, box: TextBox) -> tuple:
    # the box's fields as they are (astuple deep-copied the colour: a fifth of a hit's cost)
    return (markup, face, typo.lang, typo.hyphenation, typo.cjk, id(typo.hyphenator), box.width, box.height,
            box.size, box.min_size, box.leading, box.align, box.color)


_verdicts: OrderedDict = OrderedDict()


def overflow(markup: str, face: Face, typo: Typography, box: TextBox) -> str | None:
    """fit()'s verdict alone: None, or why the text does not fit. Kept for many more texts than
    fit() keeps paragraphs (a verdict is a few bytes): `pnp validate` asks it for every text of
    every face, more than FIT_CACHE_SIZE, on every run of a process (`serve`, the fuzz cases)."""
    key = _fit_key(markup, face, typo, box)
    if key in _verdicts:
        _verdicts.move_to_end(key)
        return _verdicts[key]
    try:
        fit(markup, face, typo, box)
        verdict = None
    except Overflow as exc:
        verdict = str(exc)
    _verdicts[key] = verdict
    if len(_verdicts) > VERDICTS_KEPT:
        _verdicts.popitem(last=False)
    return verdict


@_remembered
def fit(markup: str, face: Face, typo: Typography, box: TextBox) -> tuple[Paragraph, float]:
    """The largest paragraph from box.size down to box.min_size that fits; else Overflow. Whole
    words at any size come first: a hyphen in a card's few lines reads as a typo, and a text
    is hyphenated only when no size fits it whole (issue 51)."""
    for hyphenate in (False, True) if typo.hyphenation and not typo.cjk else (True,):
        size = box.size
        while size >= box.min_size - 1e-6:
            para = (KinsokuParagraph if typo.cjk else Paragraph)(markup, style_for(face, typo, box, size, markup,
                                                                                    hyphenate))
            _w, height = para.wrap(box.width, box.height + 1000)
            if height <= box.height + 0.01 and not overflows(para.blPara):
                para = _balanced(markup, face, typo, box, size, para, hyphenate)
                return para, para.height
            size -= SIZE_STEP
    raise Overflow(f"does not fit in {box.width / 2.8346:.1f}x{box.height / 2.8346:.1f} mm "
                   f"even at the minimum size {box.min_size} pt")


def check_glyphs(source: str, faces: list[Face]) -> list[str]:
    return list(_missing_glyphs(source, tuple(faces)))


@lru_cache(maxsize=1 << 16)
def _missing_glyphs(source: str, faces: tuple[Face, ...]) -> tuple[str, ...]:
    """Kept per process: `pnp validate` checks the same few thousand texts in the same faces on
    every run (`serve`, `--watch`, the fuzz cases), and a build checks a repeated text once. A
    Face is its name and charset, so a changed font file is another key."""
    text = plain_text(source)
    missing: set[str] = set()
    for face in faces:
        missing.update(missing_glyphs(text, face))
    return tuple(sorted(missing))
