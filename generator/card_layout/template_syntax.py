"""A template that does not parse, said in the designer's words (what is wrong, and the fix),
never in Jinja's (`Unexpected end of template. Jinja was looking for…`): the slips a
Squib or nanDECK user makes are read from the text itself, Jinja's error only says there is one."""
from __future__ import annotations

import re

from datafile.errors import closest

BLOCKS = {"if": "endif", "for": "endfor", "raw": "endraw", "filter": "endfilter", "with": "endwith"}
INNER = {"else": ("if", "for"), "elif": ("if",)}
TAGS = [*BLOCKS, *BLOCKS.values(), *INNER, "set"]
PAIRS = {"{{": "}}", "{%": "%}", "{#": "#}"}
_MARK = re.compile(r"\{\{|\}\}|\{%-?|-?%\}|\{#|#\}")
GENERIC = ("a template with {{ expression }} for a value and {% if expression %}…{% endif %} "
           "for a condition, each opened and closed")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:37] + "…"


def syntax_problem(source: str, message: str = "", expression: bool = False) -> tuple[str, str]:
    """(what is wrong, the fix) for a template Jinja cannot parse (`message`: Jinja's, of which
    only the word it stopped at is kept); `expression`: a `when:` condition, without {{ }}."""
    stop = re.search(r"got '([^']+)'|unexpected '([^']+)'", message)
    token = (stop.group(1) or stop.group(2)) if stop else ""
    at = (" where it ends" if token.startswith("end of") else "") if " " in token else f" at '{token}'" if token else ""
    if expression and re.search(r"\{\{|\{%", source):
        return (f"the condition '{_short(source)}' is written as a template",
                "the condition alone, without {{ }}: card.copies > 1")
    if expression and token == "=" and re.search(r"(?<![=!<>])=(?!=)", source):   # Squib's and nanDECK's `=`
        return (f"the condition '{_short(source)}' cannot be read at '='",
                "== to compare (card.props.icon == 'drakkar'); = is not a comparison")
    if expression:
        return (_brackets("{{" + source + "}}") or
                (f"the condition '{_short(source)}' cannot be read{at}",
                 "a condition such as card.text or card.copies > 1 (without {{ }})"))
    return _delimiters(source) or _blocks(source) or _brackets(source) or \
        (f"'{_short(source)}' cannot be read{at}", GENERIC)


def syntax_message(source: str, message: str = "") -> str:
    """The same on one line, for messages that have no separate fix."""
    what, fix = syntax_problem(source, message)
    return f"{what}; write {fix}"


def _delimiters(source: str) -> tuple[str, str] | None:
    """A `{{` without its `}}` (or `}}` without `{{`), and the same for `{% %}`."""
    opened: tuple[str, int] | None = None
    for match in _MARK.finditer(source):
        mark = match.group().strip("-")
        if mark in ("{{", "{%", "{#"):
            if opened:
                break
            opened = (mark, match.start())
            continue
        closer = PAIRS[opened[0]] if opened else None
        if closer != mark:
            if opened:
                break
            opener = next(k for k, v in PAIRS.items() if v == mark)
            return (f"'{mark}' closes nothing: no '{opener}' before it",
                    f"'{opener}' where the expression starts, or the '{mark}' removed")
        opened = None
    if not opened:
        return None
    mark, start = opened
    closer = PAIRS[mark]
    rest = source[start:]
    end = rest.find(closer)
    piece = _short(rest if end < 0 else rest[:end])
    return (f"'{piece}' opens with '{mark}' but does not close with '{closer}'",
            f"'{closer}' after the expression: {mark} … {closer}")


def _blocks(source: str) -> tuple[str, str] | None:
    """`{% if %}` without `{% endif %}`, an `{% endif %}` with nothing to end, an unknown tag."""
    stack: list[tuple[str, str]] = []
    for match in re.finditer(r"\{%-?\s*(\w*)(.*?)-?%\}", source, re.S):
        tag, whole = match.group(1), _short(match.group())
        if tag in BLOCKS:
            stack.append((tag, whole))
        elif tag in BLOCKS.values():
            opener = next(k for k, v in BLOCKS.items() if v == tag)
            if not stack or stack[-1][0] != opener:
                expected = f"{{% {BLOCKS[stack[-1][0]]} %}} for '{stack[-1][1]}'" if stack else None
                return (f"'{whole}' ends no {{% {opener} %}}" + (f": {expected} comes first" if expected else ""),
                        f"{{% {opener} … %}} before it, or the '{whole}' removed")
            stack.pop()
        elif tag in INNER:
            if not stack or stack[-1][0] not in INNER[tag]:
                return (f"'{whole}' stands outside any {{% if %}}", f"'{whole}' between {{% if … %}} and {{% endif %}}")
        elif tag != "set":
            guess = closest(tag, TAGS)
            return (f"unknown tag '{tag or whole}'" + (f"; did you mean '{guess}'?" if guess else ""),
                    f"one of {', '.join(TAGS)}")
    if stack:
        tag, whole = stack[-1]
        return (f"'{whole}' has no {{% {BLOCKS[tag]} %}}",
                f"{{% {BLOCKS[tag]} %}} where the {'conditional' if tag == 'if' else 'repeated'} text ends")
    return None


def _brackets(source: str) -> tuple[str, str] | None:
    """A `(`, `[` or quote left open inside an expression."""
    for match in re.finditer(r"\{\{(.*?)\}\}|\{%(.*?)%\}", source, re.S):
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        if not inner.strip():
            return "an empty '{{ }}'", "an expression inside it, e.g. {{ card.name }}, or the '{{ }}' removed"
        unquoted = re.sub(r"'[^']*'|\"[^\"]*\"", "", inner)
        for quote in ("'", '"'):
            if unquoted.count(quote) % 2:
                return (f"a {quote} in '{_short(match.group())}' is not closed", f"the closing {quote}")
        for open_, close in (("(", ")"), ("[", "]")):
            if unquoted.count(open_) != unquoted.count(close):
                return (f"a '{open_}' in '{_short(match.group())}' without its '{close}'" if
                        unquoted.count(open_) > unquoted.count(close) else
                        f"a '{close}' in '{_short(match.group())}' without its '{open_}'",
                        f"'{open_}' and '{close}' in pairs")
    return None
