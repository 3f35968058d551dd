"""The static rules site: output/site/index.html and, per game and language, a rules page, an
icon legend page and a score calculator page, with the printables to download.

Pages are Jinja templates from layouts/site/ (HTML autoescaped), with the rules sections, a
card index generated from cards/, a search box that filters the text and the contents as you
type and highlights the matches (plain JavaScript over the page itself: no server, works from
the file system), a language switcher that keeps the current section, dark mode and a print
stylesheet. Icons are inline SVG symbols built from the same SVG paths as the card icon font.
Fonts are subset WOFF2 per script and build (fonts.py); a manifest and a service worker make
the site an offline app (offline.py). Output is deterministic and written through `Staging`,
with the rest of the build (all or nothing).
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

import click
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup

from ..texts.aids import legend
from ..checks.contents import included_lines
from ..card_layout.project import GameData, Project
from ..reading.i18n import Translator, players_and_minutes
from ..texts.rules import blocks, count_label, load_rules
from ..reading.site_code import note_ignored
from ..paper import written
from ..paper.output import Staging, dropped_note, file_digest, link_or_copy
from ..typeset.text import ordinals, typeset
from . import fonts, offline, runtime, sources
from .downloads import Download, human_size, printables
from .inline import Inline
from .rules_parts import about_notes, figure_files, figures_by_section

LANGUAGE_NAMES = {"fr": "Français", "en": "English", "de": "Deutsch", "ja": "日本語"}
ASSETS = sources.ASSETS
INDEX = "games.json"      # the games of earlier builds, so that building one keeps the others listed


def site_dir(out_dir: Path) -> Path:
    return out_dir / "site"


def page_name(game_id: str, lang: str) -> str:
    return f"{game_id}/{lang}.html"


def legend_name(game_id: str, lang: str) -> str:
    return f"{game_id}/{lang}-icons.html"


def score_name(game_id: str, lang: str) -> str:
    return f"{game_id}/{lang}-score.html"


@lru_cache(maxsize=8)
def environment(root: Path) -> SandboxedEnvironment:
    """One per project: templates compile once (and are reloaded when their file changes); read
    and rendered under the project's rules (sources.py: confined, bounded, budgeted)."""
    return sources.environment(root)


def _common(project: Project, game: GameData, lang: str, languages: list[str], labels: Translator,
            current: str) -> dict:
    """What every page of a game and language shows: header, tabs, languages, fonts."""
    suffix = {"rules": ".html", "icons": "-icons.html", "score": "-score.html"}[current]
    return dict(
        lang=lang, _=labels, root="../", group=f"{game.id}/{lang}", current=current,
        game=dict(id=game.id, name=game.game.name.get(lang), description=typeset(game.game.description.get(lang), lang),
                  players=game.game.players, minutes=game.game.minutes,
                  facts=players_and_minutes(labels, game.game.players.min, game.game.players.max, game.game.minutes)),
        tabs=[dict(id="rules", href=f"{lang}.html", label=labels("Rules")),
              dict(id="icons", href=f"{lang}-icons.html", label=labels("Icons"))]
             + ([dict(id="score", href=f"{lang}-score.html", label=labels("Score"))] if has_calculator(game) else []),
        languages=[dict(code=l, name=LANGUAGE_NAMES.get(l, l), href=f"{l}{suffix}", current=l == lang)
                   for l in languages],
        # every page of the game has its runtime kept and its calculator prepared behind it (site.js)
        calculator=runtime.worker_json(project.root) if has_calculator(game) else "",
        font_css=Markup(fonts.SLOT))


def has_calculator(game: GameData) -> bool:
    """A new game gets rules and legend pages; a score page only once scoring/ has its calculator."""
    from scoring.api import GAMES
    return game.id in GAMES


def _plain(text: str, lang: str) -> Markup:
    """A plain sentence on the page, French ordinals raised (« le 15<sup>e</sup> »), as in the PDFs."""
    return Markup(ordinals(str(Markup.escape(typeset(text, lang))), lang, "sup"))


def render_game_page(project: Project, game: GameData, lang: str, languages: list[str],
                     allow_missing: bool = False, downloads: list[Download] = ()) -> str:
    rules = load_rules(project, game, lang)
    titles = {s.id: typeset(s.title, lang) for s in rules.flat()}
    labels = Translator(project.root, lang, allow_missing)
    inline = Inline(rules, project.icons_for(game.id), titles, labels)
    sections = [dict(id=s.id, title=titles[s.id], level=s.level,
                     blocks=[(kind, [inline(t) for t in items]) for kind, items in blocks(s.body, lang)],
                     terms=[(inline(t.term), inline(t.definition, t.term)) for t in s.terms])
                for s in rules.flat()]
    figures = figures_by_section(project, game, rules, inline)
    for s in sections:
        s["figures"] = figures.get(s["id"], [])
    toc = _toc(rules.sections, titles)
    decks = [dict(id=d.id, name=typeset(d.name, lang), count=d.count, count_label=count_label(labels, d.unit, d.count),
                  shortfall=_plain(d.shortfall, lang) if d.shortfall else None,
                  cards=[dict(id=c.id, ids=c.ids[1:], name=typeset(c.name, lang), copies=c.copies,
                              summary=inline(c.summary), text=inline(c.text)) for c in d.cards])
             for d in rules.decks]
    about = about_notes(rules, inline)
    files = [dict(href=f"{lang}/{d.name}", label=labels(d.label) if d.label else d.name, name=d.name,
                  size=SIZE.format(d.name, lang), sep=typeset(" · ", lang)) for d in downloads]
    heading, lines = included_lines(game, lang, labels)      # what the card sheets' first page says too
    included = dict(heading=typeset(heading, lang), lines=[_plain(line, lang) for line in lines])
    return sources.render(
        environment(project.root), "game.html", **_common(project, game, lang, languages, labels, "rules"),
        title=rules.title, sections=sections, toc=toc, decks=decks, downloads=files, included=included,
        about=about,
        sprite=inline.sprite())


def render_legend_page(project: Project, game: GameData, lang: str, languages: list[str],
                       allow_missing: bool = False) -> str:
    """Every icon the game's cards show, with its label in `lang` (the player aid's legend)."""
    rules = load_rules(project, game, lang)
    inline = Inline(rules, project.icons_for(game.id), {})
    # the label beside each icon names it: the icon is not read out as well
    entries = [dict(name=name, icon=Markup(inline.icon(name, spoken=False)), label=typeset(label, lang))
               for name, label in legend(project, game, lang)]
    labels = Translator(project.root, lang, allow_missing)
    return sources.render(environment(project.root), "legend.html",
                          **_common(project, game, lang, languages, labels, "icons"), entries=entries,
                          sprite=inline.sprite())


def render_score_page(project: Project, game: GameData, lang: str, languages: list[str],
                      allow_missing: bool = False, downloads: list[Download] = ()) -> str:
    from .calculator import render_calculator
    labels = Translator(project.root, lang, allow_missing)
    pad = any(d.name == "score-pad.pdf" for d in downloads)
    with sources.template_errors("score.html"):
        return render_calculator(project, game, lang, environment(project.root),
                                 _common(project, game, lang, languages, labels, "score"), pad)


def _toc(sections, titles: dict[str, str]) -> list[dict]:
    return [dict(id=s.id, title=titles[s.id], children=_toc(s.children, titles)) for s in sections]


def render_home(project: Project, entries: list[dict]) -> str:
    # the languages' chooser: its skip link and notice in every language it lists, not in English only
    langs = list(dict.fromkeys(p["lang"] for e in entries for p in e["pages"])) or ["en"]
    chrome = [dict(lang=l, _=Translator(project.root, l, allow_missing=True)) for l in langs]
    return sources.render(environment(project.root), "home.html", games=entries, lang="en", root="", current="home",
                          group="", _=lambda msgid: msgid, chrome=chrome, font_css=Markup(fonts.SLOT))


def _entry(project: Project, game: GameData, langs: list[str]) -> dict:
    low, high, minutes = game.game.players.min, game.game.players.max, game.game.minutes
    return dict(id=game.id, name=game.game.name.preferred("en"), players=dict(min=low, max=high), minutes=minutes,
                pages=[dict(lang=l, language=LANGUAGE_NAMES.get(l, l), href=page_name(game.id, l),
                            name=game.game.name.get(l), description=typeset(game.game.description.get(l), l),
                            # players and minutes in the page's own language (a German reader saw English)
                            facts=typeset(players_and_minutes(Translator(project.root, l, allow_missing=True),
                                                              low, high, minutes), l))
                       for l in langs])


def _previous(base: Path) -> dict[str, dict]:
    """Games listed by an earlier build whose pages are still there (kept in the index; only
    what a build writes: sources.previous_games), when pnp wrote that list and those pages (a
    shipped output's are not carried over: paper/written.py)."""
    ours = written.Ours(base.parent)
    if not ours(f"{base.name}/{INDEX}"):
        return {}
    kept = {}
    for game_id, game in sources.previous_games(base, INDEX, page_name).items():
        pages = [page for page in game["pages"] if ours(f"{base.name}/{page['href']}")]
        if pages:
            kept[game_id] = {**game, "pages": pages}
    return kept


def _shown_size(size: int, lang: str) -> str:
    """A download's size as the page's language writes it: 「211KB」 in Japanese, no space (as 「50mm」)."""
    text = human_size(size, lang)
    return typeset(text, lang) if lang == "ja" else text


SIZE = "@@size:{}:{}@@"   # a download's size until its file exists (ASCII: the web-font subsets do not change)
FONTS_OF = "@fonts:"   # in a page group's files: the web fonts of that script, named once they are made


Remember = Callable[[tuple, Callable[[], bytes]], bytes]


def _make(_what: tuple, make: Callable[[], bytes]) -> bytes:
    return make()


@dataclass
class Draft:
    """The site, rendered but not written: the pages (download sizes still as SIZE marks) and
    the web fonts. Rendering needs only the plan, so it runs while the products are rendered;
    `finish` fills in the sizes and copies the downloads once the products exist."""
    base: Path
    items: list[tuple[str, str | bytes | Path, list[Download], bool]] = field(default_factory=list)
    shell: list[str] = field(default_factory=list)
    groups: dict[str, list[str]] = field(default_factory=dict)
    sw: str = ""                    # the service worker's template
    runtime: list[str] = field(default_factory=list)    # the calculator's runtime (cached apart)
    runtime_id: str = ""                                 # which runtime, as served (runtime.site_id)

    def put(self, relative: str, data: str | bytes | Path, downloads: list[Download] = (), shared: bool = False) -> None:
        """`shared`: a file of the output or of the vendored runtime, hard-linked rather than
        copied (files the user edits, in layouts/, are copied: the site never links to them)."""
        self.items.append((relative, data, list(downloads), shared))


def render_site(project: Project, games: list[tuple[GameData, list[str]]], out_dir: Path,
                staged: dict[Path, Path], allow_missing: bool = False, remember: Remember = _make,
                gone: set[str] = frozenset()) -> Draft:
    """Every page and web font of the site; `staged` (target -> temporary file) names the
    products this build writes, which need not exist yet. `remember(what, make)` may return the
    bytes an earlier build made for `what` (the build's cache): the pages of a game and language
    (`what`: the game, the language, the languages linked, the downloads named) and each web
    font subset (its source file and a name that hashes its characters). `gone`: OUT-relative
    paths of products the build leaves out (never offered, though OUT holds an old one)."""
    note_ignored(project.root)     # a project's own site files are code: used only when trusted
    draft = Draft(site_dir(out_dir))
    rendered: list[tuple[str, str, str, list[Download]]] = []   # (site path, html, script, downloads)

    previous = _previous(draft.base)
    groups: dict[str, list[str]] = {g: files for e in previous.values() for p in e["pages"]
                                    for g, files in [(f"{e['id']}/{p['lang']}", p.get("files", []))]}
    for game, langs in games:
        entry = _entry(project, game, langs)
        old = previous.get(game.id)
        if old:     # languages built earlier and not this time stay listed
            entry["pages"] += [p for p in old["pages"] if p["lang"] not in langs]
        # in the game's order, however --lang listed them and whatever an earlier build listed
        entry["pages"].sort(key=lambda p: [*game.game.languages, p["lang"]].index(p["lang"]))
        for lang in langs:
            downloads = printables(out_dir, game.id, lang, staged, gone)

            def make(game=game, lang=lang, langs=langs, downloads=downloads) -> bytes:
                pages = {page_name(game.id, lang): render_game_page(project, game, lang, langs, allow_missing,
                                                                    downloads),
                         legend_name(game.id, lang): render_legend_page(project, game, lang, langs,
                                                                        allow_missing)}
                if has_calculator(game):
                    pages[score_name(game.id, lang)] = render_score_page(project, game, lang, langs,
                                                                         allow_missing, downloads)
                # the rules' figures (PNG, base64) are made with the pages and kept with them
                pages.update(figure_files(project, game, load_rules(project, game, lang)))
                return json.dumps(pages, ensure_ascii=False).encode("utf-8")
            pages = json.loads(remember(("pages", game, lang, langs, [d.name for d in downloads]), make))
            images = {name: pages.pop(name) for name in [n for n in pages if n.endswith(".png")]}
            for name, data in images.items():
                draft.put(name, base64.b64decode(data))
            rendered += [(name, page, fonts.script_of(lang), downloads) for name, page in pages.items()]
            files = list(pages) + list(images) + [FONTS_OF + fonts.script_of(lang)]
            if has_calculator(game) and runtime.available(project.root):
                files.append(f"{runtime.FOLDER}/scoring.zip")       # small, and made by each build
            for d in downloads:
                name = f"{game.id}/{lang}/{d.name}"
                draft.put(name, d.source, shared=True)
                files.append(name)
            groups[f"{game.id}/{lang}"] = files
            for page in entry["pages"]:
                if page["lang"] == lang:
                    page["files"] = files
        previous[game.id] = entry
    entries = [previous[g] for g in sorted(previous)]
    home_ja = any(p["lang"] == "ja" for e in entries for p in e["pages"])   # its names set in that subset too
    rendered.append(("index.html", render_home(project, entries), "latin+ja" if home_ja else "latin", []))
    font_files = _web_fonts(project, draft, rendered, remember)
    for name, page, _script, downloads in rendered:
        draft.put(name, page, downloads)
    for group, files in groups.items():
        groups[group] = [g for f in files
                         for g in (font_files.get(f.removeprefix(FONTS_OF), []) if f.startswith(FONTS_OF) else [f])]
    for entry in entries:
        for page in entry["pages"]:
            page["files"] = groups.get(f"{entry['id']}/{page['lang']}", page.get("files", []))
    draft.put(INDEX, json.dumps({"games": entries}, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    for name in ASSETS:     # read now, by the project's rule (a link to /etc/passwd is one line)
        draft.put(f"assets/{name}", sources.asset(project.root, "site", name))
    for name, source in runtime.files(project.root).items():      # the calculator's, with .br/.gz copies
        draft.put(name, source, shared=True)
    if runtime.available(project.root):
        draft.put(f"{runtime.FOLDER}/scoring.zip", runtime.served_bundle(project.root))
        draft.runtime = runtime.loaded(project.root)
        draft.runtime_id = runtime.site_id(project.root)
    draft.shell = ["index.html", "manifest.webmanifest"] + [f"assets/{n}" for n in ASSETS] + font_files.get("latin", [])
    for name in fonts.LICENCES:
        draft.put(f"assets/fonts/{name}", sources.asset(project.root, "fonts", name))
    draft.put("manifest.webmanifest", offline.manifest())
    draft.groups = groups
    draft.sw = sources.asset(project.root, "site", "sw.js").decode("utf-8", "replace")
    return draft


def _web_fonts(project: Project, draft: Draft, rendered: list, remember: Remember) -> dict[str, list[str]]:
    """One subset per script, from every page of this build that uses it, put in the draft;
    each page's @font-face rules written in its SLOT. Returns script -> the subsets' site paths."""
    chars: dict[str, set[str]] = {}
    for _name, page, scripts, _downloads in rendered:
        for script in scripts.split("+"):
            chars.setdefault(script, set()).update(fonts.characters(page))
    font_files: dict[str, list[str]] = {}
    chosen: dict[str, list] = {}
    for script, wanted in sorted(chars.items()):
        chosen[script] = [(f, fonts.file_name(f, wanted)) for f in fonts.fonts_for(script)]
        font_files[script] = [f"assets/fonts/{name}" for _f, name in chosen[script]]
        for f, name in chosen[script]:
            source = sources.font(project.root, f.source)
            draft.put(f"assets/fonts/{name}", remember(("font", hashlib.sha256(source).hexdigest(), name),
                                                       lambda: fonts.woff2(source, wanted)))
    for i, (name, page, scripts, downloads) in enumerate(rendered):
        prefix = "../" * name.count("/") + "assets/fonts/"
        faces = "\n".join(fonts.font_face_css(chosen[script], prefix) for script in scripts.split("+"))
        rendered[i] = (name, page.replace(fonts.SLOT, faces, 1), scripts, downloads)
    return font_files


def finish(draft: Draft, staging: Staging) -> list[Path]:
    """Write a rendered site into `staging`: sizes filled in, downloads linked, assets copied, and
    the service worker, which names the hash of everything it caches."""
    targets = []
    contents = hashlib.sha256()
    for relative, data, downloads, shared in draft.items:
        target = draft.base / relative
        tmp = staging.temporary(target)
        if shared:
            # a product or a vendored runtime file (15 MB): linked, not copied (never altered in
            # place: every write is a new file renamed over the old, as for the cache's links)
            digest = bytes.fromhex(file_digest(data))
            link_or_copy(data, tmp)
        else:
            if isinstance(data, Path):
                data = data.read_bytes()
            for d in downloads:         # each page's language: « 208 Ko », "208 KB"
                mark = re.escape(SIZE.format(d.name, "LANG")).replace("LANG", r"([\w-]+)")
                data = re.sub(mark, lambda m, size=d.size: _shown_size(size, m.group(1)), data)
            raw = data.encode("utf-8") if isinstance(data, str) else data
            tmp.write_bytes(raw)
            digest = hashlib.sha256(raw).digest()
        contents.update(relative.encode() + b"\0" + digest)
        targets.append(target)
    target = draft.base / "sw.js"
    staging.temporary(target).write_bytes(
        offline.service_worker(draft.sw, draft.shell, draft.groups, contents.digest(), draft.runtime,
                               draft.runtime_id).encode("utf-8"))
    return targets + [target]


def build_site_only(project: Project, out_dir: Path, allow_missing: bool = False,
                    remember: Remember = _make) -> list[Path]:
    """The site alone (for `pnp serve`), every loaded game in all its languages."""
    games = [(project.games[g], list(project.games[g].game.languages)) for g in sorted(project.games)]
    # the whole output swapped in at once, as a build does: one staging, one list of what pnp wrote
    with Staging(out_dir) as staging:
        finish(render_site(project, games, out_dir, staging.staged(), allow_missing, remember), staging)
        targets = staging.commit()
        note = dropped_note(staging)
        if note:
            click.secho(note.rstrip(), fg="yellow", err=True)
        return targets
