"""The static rules site: output/site/index.html and one page per game and language.

Pages are Jinja templates from layouts/site/ (HTML autoescaped), with the rules sections, a
card index generated from cards/, a search box that filters as you type (plain JavaScript
over the page itself: no server, works from the file system), a language switcher that
keeps the current section, and a print stylesheet. Icons are inline SVG symbols built from
the same SVG paths as the card icon font. Output is deterministic and written through
`Staging`, with the rest of the build (all or nothing).
"""
from __future__ import annotations

import re
from pathlib import Path
from xml.sax.saxutils import escape

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from datafile.errors import BuildError

from ..data.catalog import GameData, Project
from ..data.i18n import Translator
from ..data.locate import locate
from ..data.model import IconSpec
from ..data.rules import REF, Rules, blocks, load_rules
from ..paper.output import Staging
from ..typeset.text import BOLD, ITALIC, styled, typeset

LANGUAGE_NAMES = {"fr": "Français", "en": "English", "de": "Deutsch", "ja": "日本語"}
ASSETS = ["site.css", "site.js"]
FONTS = ["Cardo-Regular.ttf", "Cardo-Bold.ttf", "Cardo-Italic.ttf", "Cardo-LICENSE.txt"]
TOKEN = re.compile(r"(\[\[#?[a-z0-9][a-z0-9-]*\]\]|:[a-z][a-z0-9-]*:)")


def site_dir(out_dir: Path) -> Path:
    return out_dir / "site"


def page_name(game_id: str, lang: str) -> str:
    return f"{game_id}/{lang}.html"


class Inline:
    """Our text markup to HTML: **bold**, *italic*, :icon: (inline SVG), [[card]], [[#section]]."""

    def __init__(self, rules: Rules, icons: dict[str, IconSpec], section_titles: dict[str, str]):
        self.rules = rules
        self.icons = icons
        self.titles = section_titles
        self.used: set[str] = set()

    def __call__(self, source: str) -> Markup:
        text = styled(source or "", self.rules.lang, TOKEN, lambda match: self._token(match.group(0)))
        text = BOLD.sub(r"<strong>\1</strong>", text)
        text = ITALIC.sub(r"<em>\1</em>", text)
        return Markup(text.replace("\n", "<br>"))

    def _token(self, token: str) -> str:
        ref = REF.fullmatch(token)
        if ref:
            anchor, target = ref.groups()
            if anchor:
                return f'<a class="ref" href="#{target}">{escape(self.titles[target])}</a>'
            return f'<a class="ref card-ref" href="#card-{target}">{escape(self.rules.card_names[target])}</a>'
        name = token.strip(":")
        if name not in self.icons:
            raise BuildError(f"unknown icon ':{name}:'")
        return self.icon(name)

    def icon(self, name: str) -> str:
        self.used.add(name)
        spec = self.icons[name]
        label = escape(spec.label.get(self.rules.lang), {'"': "&quot;"})
        return (f'<svg class="icon" viewBox="0 0 {spec.advance} 1000" role="img" aria-label="{label}">'
                f'<title>{label}</title><use href="#icon-{name}"></use></svg>')

    def sprite(self) -> Markup:
        symbols = []
        for name in sorted(self.used):
            spec = self.icons[name]
            fill = spec.color or "currentColor"
            symbols.append(f'<symbol id="icon-{name}" viewBox="0 0 {spec.advance} 1000">'
                           f'<path d="{escape(spec.path)}" fill="{fill}"></path></symbol>')
        return Markup('<svg class="sprite" aria-hidden="true" focusable="false">' + "".join(symbols) + "</svg>")


def environment(root: Path) -> SandboxedEnvironment:
    return SandboxedEnvironment(loader=FileSystemLoader(str(locate(root, "layouts", "site"))), autoescape=True,
                                undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                                keep_trailing_newline=True)


def render_game_page(project: Project, game: GameData, lang: str, languages: list[str],
                     allow_missing: bool = False) -> str:
    rules = load_rules(project, game, lang)
    titles = {s.id: typeset(s.title, lang) for s in rules.flat()}
    inline = Inline(rules, project.icons_for(game.id), titles)
    sections = [dict(id=s.id, title=titles[s.id], level=s.level,
                     blocks=[(kind, [inline(t) for t in items]) for kind, items in blocks(s.body, lang)],
                     terms=[(inline(t.term), inline(t.definition)) for t in s.terms])
                for s in rules.flat()]
    toc = _toc(rules.sections, titles)
    decks = [dict(id=d.id, name=d.name, count=d.count, shortfall=d.shortfall,
                  cards=[dict(id=c.id, name=c.name, copies=c.copies, summary=inline(c.summary),
                              text=inline(c.text)) for c in d.cards])
             for d in rules.decks]
    labels = Translator(project.root, lang, allow_missing)
    env = environment(project.root)
    html = env.get_template("game.html").render(
        lang=lang, _=labels, game=dict(id=game.id, name=game.game.name.get(lang),
                                        description=game.game.description.get(lang),
                                        players=game.game.players, minutes=game.game.minutes),
        title=rules.title, sections=sections, toc=toc, decks=decks,
        languages=[dict(code=l, name=LANGUAGE_NAMES.get(l, l), href=f"{l}.html", current=l == lang)
                   for l in languages],
        pdf=f"../../{game.id}/{lang}/rules.pdf", sprite=inline.sprite())
    return html


def _toc(sections, titles: dict[str, str]) -> list[dict]:
    return [dict(id=s.id, title=titles[s.id], children=_toc(s.children, titles)) for s in sections]


def render_home(project: Project, games: list[tuple[GameData, list[str]]]) -> str:
    env = environment(project.root)
    entries = []
    for game, langs in games:
        entries.append(dict(id=game.id, name=game.game.name.preferred("en"), players=game.game.players,
                            minutes=game.game.minutes,
                            pages=[dict(lang=l, language=LANGUAGE_NAMES.get(l, l), href=page_name(game.id, l),
                                        name=game.game.name.get(l), description=game.game.description.get(l))
                                   for l in langs]))
    return env.get_template("home.html").render(games=entries)


def write_site(project: Project, games: list[tuple[GameData, list[str]]], out_dir: Path, staging: Staging,
               allow_missing: bool = False) -> list[Path]:
    """Render every page of the site into `staging` (committed by the caller)."""
    base = site_dir(out_dir)
    targets = []

    def put(relative: str, data: str | bytes) -> None:
        target = base / relative
        tmp = staging.temporary(target)
        if isinstance(data, str):
            tmp.write_text(data, encoding="utf-8", newline="\n")
        else:
            tmp.write_bytes(data)
        targets.append(target)

    put("index.html", render_home(project, games))
    for game, langs in games:
        for lang in langs:
            put(page_name(game.id, lang), render_game_page(project, game, lang, langs, allow_missing))
    assets = locate(project.root, "layouts", "site")
    for name in ASSETS:
        put(f"assets/{name}", (assets / name).read_bytes())
    for name in FONTS:
        put(f"assets/fonts/{name}", locate(project.root, "layouts", "fonts", name).read_bytes())
    return targets


def build_hook(project: Project, jobs: list, staging: Staging, allow_missing: bool = False) -> None:
    """Called by build.run after the per-game products: the site goes with the rules product
    (`--only cards` leaves it alone), for the games and languages of this build."""
    chosen: dict[str, tuple[GameData, list[str]]] = {}
    out_dir = None
    for job in jobs:
        if job.product.name != "rules":
            continue
        out_dir = job.target.parents[2]
        game, langs = chosen.setdefault(job.game.id, (job.game, []))
        if job.lang not in langs:
            langs.append(job.lang)
    if out_dir is None:
        return
    write_site(project, [chosen[g] for g in sorted(chosen)], out_dir, staging, allow_missing)


def build_site_only(project: Project, out_dir: Path, allow_missing: bool = False) -> list[Path]:
    """The site alone (for `pnp serve`), every loaded game in all its languages."""
    games = [(project.games[g], list(project.games[g].game.languages)) for g in sorted(project.games)]
    with Staging() as staging:
        write_site(project, games, out_dir, staging, allow_missing)
        return staging.commit()
