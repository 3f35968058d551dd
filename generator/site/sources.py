"""What the site reads: the project's page templates and assets (layouts/site/), licences and
fonts (layouts/fonts/), and the games.json of an earlier build. All of it comes with a shared
folder, so each file is read by the project's one rule (reading/locate.py `read_input`: a regular
file inside the project or the bundled data, bounded, never /proc, a device or a pipe), the
templates through a Jinja loader that applies it, and rendered in the budgeted sandbox
(card_layout/templates.py `sandbox`); an earlier build's games.json is checked field by field and only
what a build writes is kept (its page addresses are made again, never taken from the file).
"""
from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from jinja2 import BaseLoader, StrictUndefined, TemplateError, TemplateNotFound
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from datafile.errors import BuildError, DataError, Problem
from datafile.source import read_bytes, read_text

from ..model.budget import Limits
from ..reading.locate import MAX_FONT_BYTES, locate, read_input, search_path
from ..model.model import SLUG
from ..reading.site_code import note_ignored, site_file, site_folder
from ..card_layout.templates import sandbox

# layouts/site/ files copied as they are
ASSETS = ["site.css", "site.js", "icon.svg", "calc-form.js", "calc.js", "calc-worker.js", "calc.py", "calc_cache.py"]
# the largest shipped page (Tournay's rules, 126 cards) prints ~100,000 characters, makes or
# compares ~105,000 and walks ~500 items: room for a game of a few thousand cards
SITE_LIMITS = Limits(steps=100_000, work=20_000_000, text=3_000_000, output=3_000_000)
MAX_INDEX_BYTES = 2_000_000     # games.json (a build writes ~1 kB per game)


class SiteLoader(BaseLoader):
    """layouts/site/<name> (the project's folder, else the bundled one), read by the project's
    rule: a template that is a link leading out of the project, a pipe or /proc is one line."""

    def __init__(self, root: Path):
        self.root = root
        self.folder = site_folder(root)     # the project's only when the user trusts its code

    def get_source(self, environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))   # no '..'
        if not os.path.lexists(path):
            raise TemplateNotFound(template)
        source = read_text(path, f"layouts/site/{template}", "an HTML template in UTF-8", search_path(self.root))
        stamp = _stamp(path)
        return source, str(path), lambda: _stamp(path) == stamp


def _stamp(path: Path) -> tuple | None:
    try:
        st = os.stat(path)
        return st.st_mtime_ns, st.st_size, st.st_ino
    except OSError:
        return None


def environment(root: Path) -> SandboxedEnvironment:
    """The site's page templates: autoescaped HTML in the layouts' sandbox, with the site's budgets."""
    return sandbox(SITE_LIMITS, loader=SiteLoader(root), **_OPTIONS)


_OPTIONS = dict(autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                keep_trailing_newline=True)


@contextmanager
def template_errors(name: str) -> Iterator[None]:
    """An error in a project's page template (syntax, budget, an unknown name) as one line
    naming the template (BuildError)."""
    try:
        yield
    except TemplateNotFound as exc:
        if exc.name == name:
            raise BuildError(f"layouts/site/{name}: no such template (a project's layouts/site/ holds every "
                             f"page of the bundled one)") from None
        raise BuildError(str(_missing(name, exc.name))) from None      # an include of no template of the folder
    except TemplateError as exc:
        where = getattr(exc, "name", None) or name
        line = getattr(exc, "lineno", None)
        raise BuildError(f"layouts/site/{where}{f':{line}' if line else ''}: "
                         f"{' '.join(str(exc.message or exc).split())[:300]}") from None


def render(env: SandboxedEnvironment, name: str, **context: Any) -> str:
    """One page of the site from layouts/site/`name`."""
    with template_errors(name):
        return env.get_template(name).render(**context)


def site_problems(root: Path) -> None:
    """What a build of the site would refuse in layouts/site/ and the licences, for `pnp
    validate`: each asset, licence and template read by the project's rule (a link to
    /etc/passwd, a pipe, /dev/zero), each template parsed. DataError listing them."""
    from .fonts import LICENCES
    note_ignored(root)
    problems = []
    for parts in [("site", name) for name in [*ASSETS, "sw.js"]] + [("fonts", name) for name in LICENCES]:
        try:
            asset(root, *parts)
        except DataError as exc:
            problems += exc.problems
    env = environment(root)
    folder = env.loader.folder
    names = sorted(p.name for p in folder.iterdir() if p.suffix == ".html") if folder.is_dir() else []
    for name in names:
        try:
            source, filename, _ = env.loader.get_source(env, name)   # read by the rule every time
        except DataError as exc:
            problems += exc.problems
            continue
        except TemplateError as exc:
            problems.append(_template_problem(exc, name))
            continue
        problem = _compile_problem(name, source, filename)
        if problem:
            problems.append(problem)
            continue
        for target in _references(source):    # what the build would include: the same line as its own
            try:
                env.loader.get_source(env, target)
            except TemplateNotFound:
                problems.append(_missing(name, target))
            except DataError as exc:
                problems += exc.problems
    if problems:
        raise DataError(problems)


@lru_cache(maxsize=256)
def _compile_problem(name: str, source: str, filename: str) -> Problem | None:
    """Whether a page template compiles, once per text (`pnp validate` after each edit, --watch)."""
    try:
        _compiler().compile(source, name, filename)
    except TemplateError as exc:
        return _template_problem(exc, name)
    return None


@lru_cache(maxsize=1)
def _compiler() -> SandboxedEnvironment:
    """environment()'s options without its loader: what compiling a template depends on."""
    return sandbox(SITE_LIMITS, **_OPTIONS)


def _missing(page: str, target: str) -> Problem:
    return Problem(f"layouts/site/{page}", 0, "", f"it includes '{target}', which is not a template of layouts/site/",
                   "the name of a file of layouts/site/, such as 'base.html'")


@lru_cache(maxsize=256)
def _references(source: str) -> tuple[str, ...]:
    """The templates a page names in {% include %}, {% extends %} or {% import %} (those it may do
    without excepted), as the build would load them."""
    from jinja2 import nodes
    found = []
    for node in _compiler().parse(source).find_all((nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
        names = node.template.items if isinstance(node.template, (nodes.List, nodes.Tuple)) else [node.template]
        if not getattr(node, "ignore_missing", False):
            found += [n.value for n in names if isinstance(n, nodes.Const) and isinstance(n.value, str)]
    return tuple(found)


def _template_problem(exc: TemplateError, name: str) -> Problem:
    return Problem(f"layouts/site/{getattr(exc, 'name', None) or name}", getattr(exc, "lineno", 0) or 0,
                   "", f"Jinja: {' '.join(str(exc.message or exc).split())[:200]}", "a valid Jinja template")


def asset(root: Path, *parts: str) -> bytes:
    """A file of layouts/ (a site asset, a licence) by the project's rule; a site asset is the
    project's only when the user trusts its code (reading/site_code.py)."""
    path = site_file(root, parts[1]) if parts[0] == "site" else locate(root, "layouts", *parts)
    return read_input(root, path)


def font(root: Path, name: str) -> bytes:
    """A font of layouts/fonts/ (the web fonts are subset from it)."""
    return read_input(root, locate(root, "layouts", "fonts", name), MAX_FONT_BYTES)


# ---------------------------------------------------------------- an earlier build's games.json

LANG = r"^[a-z]{2}$"
SITE_PATH = re.compile(r"^(?!/)(?!.*(^|/)\.\.?(/|$))[A-Za-z0-9._~-]+(/[A-Za-z0-9._~-]+)*$")   # relative, no '..'


class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class _Players(_Strict):
    min: int = Field(ge=1, le=100)
    max: int = Field(ge=1, le=100)


class _Page(_Strict):
    lang: str = Field(pattern=LANG)
    language: str = Field(max_length=100)
    name: str = Field(max_length=1_000)
    description: str = Field(max_length=20_000)
    files: list[str] = Field([], max_length=100_000)


class _Game(_Strict):
    id: str = Field(pattern=SLUG, max_length=100)
    name: str = Field(max_length=1_000)
    players: _Players
    minutes: int = Field(gt=0, le=100_000)
    facts: str = Field("", max_length=1_000)     # '2–4 players · 45 min', escaped by the page
    pages: list[_Page] = Field(max_length=100)


def previous_games(base: Path, index: str, page_name: Callable[[str, str], str]) -> dict[str, dict]:
    """The games an earlier build listed in `base`/`index` whose pages are still there: only
    entries of the shape a build writes (anything else is left out, as a missing index is), with
    page addresses made again from the game and language (never a `javascript:` one read from the
    file), files that are plain paths inside the site, and pages that are regular files (not links)."""
    try:
        data = json.loads(read_bytes(base / index, index, MAX_INDEX_BYTES, (base,)))
    except (DataError, ValueError, RecursionError):
        return {}
    games = data.get("games") if isinstance(data, dict) else None
    kept: dict[str, dict] = {}
    for raw in games if isinstance(games, list) else []:
        try:
            game = _Game.model_validate(raw)
        except ValidationError:
            continue
        pages = []
        for page in game.pages:
            href = page_name(game.id, page.lang)
            if _regular(base / href):
                pages.append({**page.model_dump(), "href": href,
                              "files": [f for f in page.files if SITE_PATH.match(f)]})
        if pages:
            kept[game.id] = {**game.model_dump(), "pages": pages}
    return kept


def _regular(path: Path) -> bool:
    try:
        return os.path.isfile(path) and not any(os.path.islink(p) for p in (path, *path.parents[:2]))
    except OSError:
        return False
