"""The markup a spreadsheet cell holds for Squib (Pango, `markup: true`) or nanDECK (HTMLTEXT),
read as pnp's own: `<b>`/`<strong>` as **bold**, `<i>`/`<em>` as *italic*, `<br>` as a line
break, `<font color=…>` as a coloured span, `<p>` as a paragraph break, each `<li>` a "• " line
(`<ul>`, `<ol>` dropped), then the HTML entities (`&#39;`, `&quot;`, `&amp;`, `&nbsp;`) as their
characters. Only these tags, paired (a `<b>` without its `</b>` stays as written), become markup
pnp already reads in a cell; entities are decoded after the tags are read, so `&lt;b&gt;` prints
`<b>`, and one that stands for a character of pnp's markup (`&#42;` for `*`) stays as written, or
the cell's text would become markup. A tag left (`<u>`, `<span>`, `<div>`) prints as written:
`unread()` names it, and face_checks/silent_boxes.py says it once per column."""
from __future__ import annotations

import html
import re

BOLD = re.compile(r"<(b|strong)>(.+?)</\1>", re.I | re.S)
ITALIC = re.compile(r"<(i|em)>(.+?)</\1>", re.I | re.S)
BREAK = re.compile(r"<br\s*/?>", re.I)
# nanDECK's `<font color=#FF0000>words</font>`: pnp's coloured span, `[#FF0000|words]` (words on one line)
FONT = re.compile(r"""<font\s+colou?r\s*=\s*["']?(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|[A-Za-z]+)["']?\s*>([^\]\n<]+)</font>""",
                  re.I)
# block tags: the spaces and line breaks around them are the HTML source's, not the card's
ITEM = re.compile(r"\s*<li\b[^<>]*>\s*", re.I)
ITEM_END = re.compile(r"\s*</li\s*>", re.I)
LIST = re.compile(r"\s*<(?:ul|ol)\b[^<>]*>", re.I)
LIST_END = re.compile(r"\s*</(?:ul|ol)\s*>\s*", re.I)
PARAGRAPH = re.compile(r"\s*</?p\b[^<>]*>\s*", re.I)
ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
MARKUP_CHARACTERS = set("*[]|:")    # pnp's bold, italic, coloured span and icon
TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]{0,200})?/?>")
BULLET = "\u2022 "


def _decoded(match: re.Match) -> str:
    character = html.unescape(match.group())
    return match.group() if MARKUP_CHARACTERS & set(character) else character


def _tags_read(cell: str) -> str:
    text = FONT.sub(r"[\1|\2]", ITALIC.sub(r"*\2*", BOLD.sub(r"**\2**", BREAK.sub("\n", cell))))
    blocks = LIST_END.sub("\n", LIST.sub("", ITEM_END.sub("", text)))
    blocks = ITEM.sub("\n" + BULLET, PARAGRAPH.sub("\n\n", blocks))
    return text if blocks == text else re.sub(r"\n{3,}", "\n\n", blocks).strip("\n")


def pnp_markup(cell: str) -> str:
    """The cell with its HTML tags read as pnp's markup and its entities as characters."""
    if "<" not in cell and "&" not in cell:
        return cell
    return ENTITY.sub(_decoded, _tags_read(cell))


def unread(cell: str) -> str | None:
    """The first tag (or entity of a markup character) of `cell` that prints as written."""
    if "<" not in cell and "&" not in cell:
        return None
    text = _tags_read(cell)
    tag = TAG.search(text)
    kept = next((m.group() for m in ENTITY.finditer(text) if MARKUP_CHARACTERS & set(html.unescape(m.group()))),
                None)   # `&Pepper;`, no entity, is text as written: not said
    return tag.group() if tag else kept
