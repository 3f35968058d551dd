"""A YAML parser's error in the words of the people who make it (datafile/source.py reads the
files): a tab, a ': ' in an unquoted value, a key without its ':', a line indented under a value,
a Ruby symbol or a double quote pasted from Squib, a '{' or '[' left open."""
from __future__ import annotations

import re

from .other_tools import length_hint


def plain_syntax_error(problem: str, text: str, mark, opened=None, max_depth: int = 40) -> tuple[str, str]:
    """The parser's words for the mistakes people make most, in theirs (message, expected);
    `opened`: where the parser's context began (a { or [ it could not close)."""
    lines = text.splitlines()
    here = lines[mark.line] if mark and mark.line < len(lines) else ""
    if "\t" in here[:len(here) - len(here.lstrip())] or "tab" in problem or \
            (mark and mark.column < len(here) and here[mark.column] == "\t"):
        column = here.index("\t") + 1 if "\t" in here else 0
        return (f"a tab character{f' at column {column}' if column else ''}: YAML indents with spaces",
                "spaces instead of the tab: set your editor to insert spaces")
    if "nesting depth" in problem:   # libyaml's own limit, met before ours (max_depth)
        return f"values nested more than {max_depth} levels deep", f"at most {max_depth} levels"
    if "mapping values are not allowed" in problem:
        above = lines[mark.line - 1] if mark and 0 < mark.line <= len(lines) else ""
        indent = lambda line: len(line) - len(line.lstrip())   # noqa: E731
        if above.strip() and not above.lstrip().startswith(("#", "-")) and ":" not in above \
                and indent(above) == indent(here):   # `deck heroes`, then `name: …`: one value over two lines
            return (f"'{above.strip()[:30]}' has no ':' after its key",
                    f"key: value, e.g. {above.strip().split()[0]}: {' '.join(above.split()[1:])[:20] or '…'}")
        if re.match(r"\s*[\w-]+: +[^\s{\[#'\"]", above) and indent(here) > indent(above):
            return (f"this line is indented under '{above.strip()[:30]}', whose value is given already",
                    f"the indentation of '{above.strip().split(':')[0]}:' ({indent(above)} spaces)")
        return ("': ' inside a value that is not quoted",
                "the value in quotes, e.g. text: \"Gain 1: then draw\"")
    if "expected node content" in problem and mark and here[mark.column:mark.column + 1] == ":":
        word = re.match(r":[\w-]*", here[mark.column:]).group()
        key = re.search(r"([\w.-]+)\s*:\s*$", here[:mark.column])   # the field it is the value of
        hint = length_hint(word) if key and key.group(1) in ("width", "height") else None
        if hint:    # `height: :scale`: no value without its colon, but pnp's way to keep proportions
            return f"{key.group(1)}: {hint[0]}", hint[1]
        return (f"{key.group(1) + ': ' if key else ''}'{word}' is a Ruby symbol (Squib's way of naming a colour "
                "or a value)",
                f"{word[1:] or 'the value'} without the ':' (in quotes if it holds one)")
    if "cannot start any token" in problem and mark and mark.column < len(here):
        return (f"a value cannot start with '{here[mark.column]}' unless it is quoted",
                f"the value in quotes, e.g. \"{here[mark.column:].strip()[:30]}\"")
    if problem in ("did not find expected key", "expected <block end>, but found '<block mapping start>'") \
            and opened is not None and mark and mark.line > opened.line:
        said = _misaligned(lines, opened, mark)
        if said:
            return said
    closing = {"did not find expected ',' or '}'": ("{", "}"), "did not find expected ',' or ']'": ("[", "]")}
    if problem in closing and opened is not None and re.search(r'\["|"\]', here):
        # `text: "ATK {{ card.props["Attack Power"] }}"`: the inner quote ends the value
        return ("a '\"' inside a value in double quotes ends the value there",
                "single quotes for a quote inside it; a header such as 'Attack Power' is read as "
                "card.props.attack_power")
    if problem in closing and opened is not None and opened.line < len(lines):
        found = re.search(r"([\w.-]+)" + HASH_COMMENT.pattern, lines[opened.line])
        if found:     # `{stroke: #F3EFE3}`: the comment took the rest of the line, its '}' too
            key, colour = found.group(1), found.group(2)
            return (f"this '{{' is cut short at {key}: a # starts a comment in YAML, so the rest of the line "
                    f"is not read; quote the colour: {key}: \"{colour}\"", "")
    if problem in closing and opened is not None:     # the parser notices a line after the slip
        first, last = closing[problem]
        return (f"this '{first}' is not closed before line {mark.line + 1}",
                f"a ',' between its entries and a '{last}' after the last one")
    return f"YAML syntax error: {problem}", "valid YAML"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _misaligned(lines: list[str], opened, mark) -> tuple[str, str] | None:
    """Keys of one level that do not line up: the first key alone (the one the mapping opened
    with), said at it by source.py; else the line the parser stopped at, said there."""
    start, here = opened.column, _indent(lines[mark.line])
    if here <= start:
        return None
    level = [_indent(t) for t in lines[opened.line:] if t.strip() and not t.lstrip().startswith("#")]
    block = []
    for n in level:
        if n < start:
            break
        block.append(n)
    if block.count(start) == 1 and block.count(here) > 1:
        return (f"this line is indented {start} spaces, and the lines below it at its level {here}: they do not "
                "line up", f"{here} spaces before its key, as the lines below it")
    return (f"this line is indented {here} spaces, and the line above it at its level {start}: they do not line up",
            f"{start} spaces before its key, as the lines above it, or a value after the ':' above it")


# `: #F3EFE3` and nothing after it but a comment: a colour (a comment `#add more` is words)
HASH_COMMENT = re.compile(r"\s*:\s+(#([0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3,4}))(?=\s*(?:#.*)?$|\s*[,}\]])")


def hash_comment(key: str, rest: str) -> tuple[str, str] | None:
    """`stroke: #F3EFE3` unquoted: YAML reads a comment and the field has no value (`rest`: the
    line after the key); said so, with the quoted colour, rather than drawing nothing."""
    found = HASH_COMMENT.match(rest)
    if not found:
        return None
    return f"is empty: a # starts a comment in YAML; quote the colour: {key}: \"{found.group(1)}\"", ""
