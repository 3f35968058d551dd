"""Budgets for the sandboxed Jinja of layouts and of the site templates: templates come with
shared folders, so one render may not loop, recurse, build strings or print beyond what any
real template needs (issue 30). Counted per render (`BoundedTemplate.render`, or one evaluation
of a compiled expression):

- steps: loop iterations, calls (macros, methods) and the items a filter walks (`map`, `join`,
  `list`, `sort`...): three nested loops over a 20,000-character text stop at the budget, not
  after 8·10¹² iterations;
- work: characters made or compared along the way (each output, each `~`, slice, filter or
  method result, each operand compared): `{% set s = s ~ s %}` or a loop printing a long text
  into a captured block stops at the budget, not at 4 GB;
- one text: `~`, `join` and `string` make at most `text` characters;
- depth: macros calling macros (a self-calling macro);
- output: the characters of the finished render.

Jinja has no hook for a loop's iterations, a `~` or a printed value, so the template's syntax
tree is rewritten before it is compiled (`Budgeted._generate`): each loop's iterable, each `~`,
each printed value or literal text and each compared value goes through a filter that counts.
Calls go through the sandbox's `call`, which counts them and the depth of macro calls.
"""
from __future__ import annotations

import contextvars
import itertools
import math
from dataclasses import dataclass
from typing import Any

from jinja2 import Template, nodes, pass_context
from jinja2.exceptions import SecurityError
from jinja2.filters import make_attrgetter
from jinja2.runtime import Macro, markup_join, str_join
from jinja2.sandbox import SandboxedEnvironment


class BudgetError(SecurityError):
    """A template over one of its budgets (a SecurityError, as Jinja's own refusals are)."""


@dataclass(frozen=True)
class Limits:
    steps: int       # loop iterations, calls, filtered items
    work: int        # characters made or compared
    text: int        # characters of one text made by ~, join, string
    output: int      # characters of one render
    depth: int = 20  # nested macro calls


class Budget:
    """What one render has spent."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self.steps = self.work = self.depth = 0

    def step(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.limits.steps:
            raise BudgetError(f"template loops or calls more than {self.limits.steps:,} times")

    def charge(self, n: int) -> None:
        self.work += n
        if self.work > self.limits.work:
            raise BudgetError(f"template makes or compares more than {self.limits.work:,} characters")

    def text(self, n: int) -> None:
        if n > self.limits.text:
            raise BudgetError(f"a text longer than {self.limits.text:,} characters")
        self.charge(n)


_current: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("template_budget", default=None)


def budget() -> Budget:
    """The budget of the render under way (a fresh one outside any render: a filter folded at
    compile time, a test calling a filter directly)."""
    current = _current.get()
    return current if current is not None else Budget(DEFAULT)


def size_of(value: Any, cap: int) -> int:
    """About how many characters `str(value)` has, counted without making it (stops past `cap`)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return 8 if not isinstance(value, int) or value.bit_length() < 64 else value.bit_length() // 3
    if isinstance(value, dict):
        items = itertools.chain.from_iterable(value.items())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = iter(value)
    else:
        return 64     # an object: its repr is short (a View is a dict)
    total = 2
    for item in items:
        total += size_of(item, cap - total) + 2
        if total > cap:
            break
    return total


# ---------------------------------------------------------------- the filters the rewrite inserts

def _length(value: Any) -> int:
    try:
        return len(value)
    except OverflowError:      # range(10**30)
        raise BudgetError("a sequence too long for a template") from None


def _steps(iterable: Any):
    """`iterable`, one step per item: a sized one is charged up front (a loop over 10⁹ items is
    refused before it starts) and returned as it is; any other is counted as it is walked."""
    spent = budget()
    if hasattr(iterable, "__len__"):
        spent.step(_length(iterable))
        return iterable

    def counted():
        for item in iterable:
            spent.step()
            yield item
    return counted()


@pass_context
def _loop(_context, iterable: Any):
    return _steps(iterable)


@pass_context
def _touch(_context, value: Any) -> Any:
    """A value printed or compared: its characters count as work."""
    spent = budget()
    spent.charge(size_of(value, spent.limits.work))
    return value


@pass_context
def _concat(context, parts: list) -> str:
    """`a ~ b ~ c`, as Jinja makes it (Markup when autoescaping), once its length is known."""
    spent = budget()
    spent.text(sum(size_of(part, spent.limits.text + 1) for part in parts))
    return (markup_join if context.eval_ctx.autoescape else str_join)(parts)


class _Rewrite:
    """Route loops, `~`, printed values and comparisons of a syntax tree through the filters above."""

    def __init__(self, lineno: int = 1):
        self.lineno = lineno

    def filter(self, node: nodes.Node, name: str) -> nodes.Filter:
        return nodes.Filter(node, name, [], [], None, None, lineno=getattr(node, "lineno", None) or self.lineno)

    def visit(self, node: nodes.Node) -> nodes.Node:
        for field in node.fields:
            value = getattr(node, field, None)
            if isinstance(value, nodes.Node):
                setattr(node, field, self.visit(value))
            elif isinstance(value, list):
                setattr(node, field, [self.visit(v) if isinstance(v, nodes.Node) else v for v in value])
        if isinstance(node, nodes.For):
            if node.recursive:
                raise SecurityError("recursive loops are not available in templates")
            node.iter = self.filter(node.iter, "pnp_loop")
        elif isinstance(node, nodes.Concat):
            return self.filter(nodes.List(node.nodes, lineno=node.lineno), "pnp_concat")
        elif isinstance(node, nodes.Output):
            node.nodes = [self.filter(nodes.MarkSafeIfAutoescape(n, lineno=n.lineno), "pnp_touch")
                          if isinstance(n, nodes.TemplateData) else self.filter(n, "pnp_touch") for n in node.nodes]
        elif isinstance(node, nodes.Compare):
            node.expr = self.filter(node.expr, "pnp_touch")
            for operand in node.ops:
                operand.expr = self.filter(operand.expr, "pnp_touch")
        elif isinstance(node, nodes.Test):
            node.node = self.filter(node.node, "pnp_touch")
            node.args = [self.filter(a, "pnp_touch") for a in node.args]
        return node


# ---------------------------------------------------------------- filters that walk or build

ITERATING = {"map", "select", "reject", "selectattr", "rejectattr", "unique", "list", "reverse",
             "items", "dictsort", "sort", "max", "min", "sum", "join"}
SORTING = {"sort", "dictsort", "unique", "max", "min"}
PRODUCING = {"capitalize", "lower", "upper", "title", "trim", "string", "e", "escape", "wordcount"}


def _value_at(function) -> int:
    """Where a filter's value is among its arguments (after a context, if it takes one)."""
    return 1 if getattr(function, "jinja_pass_arg", None) is not None else 0


def _counted(name: str, function):
    """A filter that walks a sequence: its items are steps, its comparisons work; `join` and
    `sum` are checked before they build anything (a text of `text` characters at most; numbers
    only, a sum of lists being a quadratic copy)."""
    at = _value_at(function)

    def counted(*args, **kwargs):
        args = list(args)
        if len(args) > at:
            spent, value = budget(), _steps(args[at])
            if name in SORTING and hasattr(value, "__len__") and len(value) > 1:
                spent.charge(size_of(value, spent.limits.work) * math.ceil(math.log2(len(value))))
            if name == "sum":
                start = args[at + 2] if len(args) > at + 2 else kwargs.get("start", 0)
                if not isinstance(start, (int, float)):   # 0 + a list fails: numbers only
                    raise BudgetError("sum adds numbers only in templates")
            if name == "join":
                value = list(value)
                separator = args[at + 1] if len(args) > at + 1 else kwargs.get("d", "")
                attribute = args[at + 2] if len(args) > at + 2 else kwargs.get("attribute")
                pick = make_attrgetter(args[0].environment, attribute) if attribute is not None else None
                spent.text(sum(size_of(pick(v) if pick else v, spent.limits.text + 1) for v in value)
                           + len(str(separator)) * max(len(value) - 1, 0))
            args[at] = value
        result = function(*args, **kwargs)
        if isinstance(result, str):
            budget().text(len(result))
        return result
    counted.__dict__.update(function.__dict__)   # keeps pass_context / pass_eval_context
    return counted


def _producing(function):
    """A filter that makes a text from a value (upper, trim, string...): bounded before it runs."""
    at = _value_at(function)

    def producing(*args, **kwargs):
        if len(args) > at:
            spent = budget()
            spent.text(size_of(args[at], spent.limits.text + 1))
        return function(*args, **kwargs)
    producing.__dict__.update(function.__dict__)
    return producing


def budgeted_filters(filters: dict) -> dict:
    """`filters` with the counting wrappers, and the rewrite's own filters."""
    out = {}
    for name, function in filters.items():
        out[name] = _counted(name, function) if name in ITERATING \
            else _producing(function) if name in PRODUCING else function
    out.update(pnp_loop=_loop, pnp_touch=_touch, pnp_concat=_concat)
    return out


# ---------------------------------------------------------------- environment and template

class BoundedTemplate(Template):
    """A template whose render has a fresh budget and stops past the output limit."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        limits = self.environment.limits
        token = _current.set(Budget(limits))
        try:
            out, size = [], 0
            for chunk in self.generate(*args, **kwargs):
                size += len(chunk)
                if size > limits.output:
                    raise BudgetError(f"template output longer than {limits.output:,} characters")
                out.append(chunk)
            return "".join(out)
        except RecursionError:   # templates that include or extend each other endlessly
            raise BudgetError("templates include each other endlessly") from None
        finally:
            _current.reset(token)


def with_budget(limits: Limits, function):
    """`function` (a compiled expression) run with a fresh budget per call."""
    def evaluate(*args: Any, **kwargs: Any) -> Any:
        token = _current.set(Budget(limits))
        try:
            return function(*args, **kwargs)
        finally:
            _current.reset(token)
    return evaluate


class Budgeted(SandboxedEnvironment):
    """A sandbox whose templates are rewritten to count their work (see the module's docstring)."""

    template_class = BoundedTemplate
    limits: Limits

    def _generate(self, source, name, filename, defer_init=False):
        tree = _Rewrite().visit(source)
        tree.set_environment(self)
        return super()._generate(tree, name, filename, defer_init)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's signature
        spent = budget()
        spent.step()
        macro = isinstance(__obj, Macro)
        if macro:
            spent.depth += 1
            if spent.depth > spent.limits.depth:
                spent.depth -= 1
                raise BudgetError(f"macros call each other more than {spent.limits.depth} deep")
        try:
            result = super().call(__context, __obj, *args, **kwargs)
        finally:
            if macro:
                spent.depth -= 1
        if isinstance(result, str):
            spent.charge(len(result))
        return result

    def getitem(self, obj, argument):
        result = super().getitem(obj, argument)
        if isinstance(argument, slice) and isinstance(result, (str, list, tuple)):
            budget().charge(len(result))
        return result


DEFAULT = Limits(steps=10_000, work=2_000_000, text=20_000, output=20_000)
