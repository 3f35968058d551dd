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
    found = re.fullmatch(r'can only concatenate (\w+) \(not "(\w+)"\) to \w+', text)
    if found:
        return _said("+", *found.groups())
    found = re.fullmatch(r"unsupported operand type\(s\) for (.+?): '(\w+)' and '(\w+)'", text)
    if found:
        return _said(*found.groups())
    found = re.fullmatch(r"'([<>=!]=?)' not supported between instances of '(\w+)' and '(\w+)'", text)
    if found:
        operator, left, right = found.groups()
        return _fixed(f"the template compares {_kind(left)} with {_kind(right)} ({operator})", left, right)
    found = re.fullmatch(r"bad operand type for unary ([-+~]): '(\w+)'", text)
    if found:
        return _fixed(f"the template puts {found.group(1)} before {_kind(found.group(2))}", found.group(2), "int")
    found = re.fullmatch(r"'(\w+)' object cannot be interpreted as an integer", text)
    if found:
        return _fixed(f"the template counts with {_kind(found.group(1))} where a whole number belongs",
                      found.group(1), "int")
    found = re.fullmatch(r"can't multiply sequence by non-int of type '(\w+)'", text)
    if found:
        return _fixed(f"the template multiplies a text or list by {_kind(found.group(1))}", found.group(1), "int")
    found = re.fullmatch(r"object of type '(\w+)' has no len\(\)", text)
    if found:
        return f"the template asks how long {_kind(found.group(1))} is: `| length` counts the letters of a text " \
               "or the items of a list"
    found = re.fullmatch(r"'(\w+)' object is not callable", text)
    if found:
        return f"the template calls {_kind(found.group(1))} with ( ), which only a filter or function takes: " \
            "drop the ( ) (`card.name`, not `card.name()`)"
    found = re.fullmatch(r"'(\w+)' object is not iterable", text)
    if found:
        return f"the template goes through {_kind(found.group(1))} item by item (a `for` or a filter such as " \
            "join), which only a list allows: loop over a list, or drop the loop"
    found = re.fullmatch(r"(?:do_|_)?(\w+?)\(\) (missing|takes) .*", text)
    if found:
        name, how = found.groups()
        return f"the template gives `{name}` too {'few' if how == 'missing' else 'many'} values in its ( )"
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
