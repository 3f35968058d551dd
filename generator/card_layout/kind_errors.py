"""A template's TypeError in the designer's words: what it did with which kinds of value, and the
fix, never Python's own phrase (`can only concatenate str (not "int") to str`: newcomer 11, t/60).
The usual cause is a spreadsheet cell: an empty one reads as empty text, and `+ 1` then fails."""
from __future__ import annotations

import re

# Blank: an empty cell (model.py); Unsaved: a formula cell whose result was never saved (xlsx_rows.py)
_KIND = {"str": "a text", "Blank": "an empty cell", "Unsaved": "a formula's unsaved result", "int": "a number",
         "float": "a number", "bool": "a yes-or-no", "NoneType": "nothing", "Undefined": "nothing", "list": "a list",
         "tuple": "a list", "dict": "a set of fields"}
_TEXTS = ("str", "Blank", "Unsaved")
_ARITHMETIC = {"+": "adds {right} to {left}", "-": "takes {right} from {left}", "*": "multiplies {left} by {right}",
               "/": "divides {left} by {right}", "//": "divides {left} by {right}",
               "**": "raises {left} to the power of {right}", "** or pow()": "raises {left} to the power of {right}"}
_NUMBER_FIX = ("give the cell a number, or make the value one where the template uses it: `| int` after it "
               "(`card.props.cost | int + 1`; an empty cell is then 0), `| float` for a decimal; `~` joins them "
               "as text")


def kind_error(text: str) -> str:
    """Python's TypeError message `text` told as the operation and the kinds it met, with the fix."""
    for pattern, say in _MESSAGES:
        found = re.fullmatch(pattern, text)
        if found:
            return say(*found.groups())
    return ("the template uses a value in a way its kind does not allow (a number and a text mixed, or an empty "
            f"cell where a number belongs): {_NUMBER_FIX}")


def _said(operator: str, left: str, right: str) -> str:
    verb = _ARITHMETIC.get(operator, "combines {left} and {right} with " + operator[:4])
    return _fixed("the template " + verb.format(left=_kind(left), right=_kind(right)), left, right)


def _fixed(what: str, left: str, right: str) -> str:
    kinds = {"str" if kind in _TEXTS else kind for kind in (left, right)}
    if "str" in kinds and kinds & {"int", "float"}:
        return f"{what} (an empty cell reads as empty text): {_NUMBER_FIX}"
    if "NoneType" in kinds or "Undefined" in kinds:
        return f"{what} (a value the card does not have): give the card that value, or a `when:` for the box"
    return f"{what}: make both numbers, or both texts (`~` joins texts)"


def _kind(name: str) -> str:
    return _KIND.get(name, "a value")


# Python's TypeError messages, each with what it says in the designer's words (its groups: kinds, an operator)
_MESSAGES = [
    (r'can only concatenate (\w+) \(not "(\w+)"\) to \w+', lambda left, right: _said("+", left, right)),
    (r"unsupported operand type\(s\) for (.+?): '(\w+)' and '(\w+)'", _said),
    (r"'([<>=!]=?)' not supported between instances of '(\w+)' and '(\w+)'",
     lambda op, left, right: _fixed(f"the template compares {_kind(left)} with {_kind(right)} ({op})", left, right)),
    (r"bad operand type for unary ([-+~]): '(\w+)'",
     lambda op, kind: _fixed(f"the template puts {op} before {_kind(kind)}", kind, "int")),
    (r"'(\w+)' object cannot be interpreted as an integer",
     lambda kind: _fixed(f"the template counts with {_kind(kind)} where a whole number belongs", kind, "int")),
    (r"can't multiply sequence by non-int of type '(\w+)'",
     lambda kind: _fixed(f"the template multiplies a text or list by {_kind(kind)}", kind, "int")),
    (r"object of type '(\w+)' has no len\(\)",
     lambda kind: f"the template asks how long {_kind(kind)} is: `| length` counts the letters of a text or the "
                  "items of a list"),
    (r"'(\w+)' object is not callable",
     lambda kind: f"the template calls {_kind(kind)} with ( ), which only a filter or function takes: drop the ( ) "
                  "(`card.name`, not `card.name()`)"),
    (r"'(\w+)' object is not iterable",
     lambda kind: f"the template goes through {_kind(kind)} item by item (a `for` or a filter such as join), which "
                  "only a list allows: loop over a list, or drop the loop"),
    (r"(?:do_|_)?(\w+?)\(\) (missing|takes) .*",
     lambda name, how: f"the template gives `{name}` too {'few' if how == 'missing' else 'many'} values in its ( )"),
]


# Ruby's methods on a value, as a Squib user writes them after a column, and Jinja's filter for each
_RUBY = {"upcase": "upper", "downcase": "lower", "capitalize": "capitalize", "titleize": "title",
         "strip": "trim", "lstrip": "trim", "rstrip": "trim", "chomp": "trim", "length": "length",
         "size": "length", "count": "length", "to_i": "int", "to_f": "float", "to_s": "string",
         "to_str": "string", "reverse": "reverse", "round": "round", "abs": "abs", "uniq": "unique",
         "first": "first", "last": "last", "sort": "sort", "join": "join", "gsub": "replace", "sub": "replace"}


def no_field(text: str) -> str:
    """Jinja's `'str object' has no attribute 'x'` as "no field 'x'", with the filter that does
    what Ruby's method of that name does (`.upcase` is `| upper`)."""
    def say(found: re.Match) -> str:
        owner, name = found.group(1).strip(), found.group(2)
        if name in _RUBY and owner != "dict":   # a lookup's row lacks that column: no Ruby there
            return (f"no field '{name}': .{name} is Ruby's; a template changes a value with a filter after "
                    f"it: did you mean `| {_RUBY[name]}`? (card.props.x | {_RUBY[name]})")
        return f"no field '{name}'"
    return re.sub(r"'([\w ]*)object' has no attribute '([^']*)'", say, text)
