"""Parts of the HTML rules page beyond the text: the figures (the same drawing as rules.pdf, made
into PNG at build time), "About this edition", and Japanese phrase boundaries marked with <wbr>
for browsers without `word-break: auto-phrase` (the same BudouX phrases as the PDFs)."""
from __future__ import annotations

import base64
import re

from markupsafe import Markup

from ..texts.figures import load_figures
from ..card_layout.project import GameData, Project
from ..texts.rules import Rules
from ..typeset.phrases import boundaries, glued_runs
from ..typeset.text import ICON, typeset

TAG = re.compile(r"(<[^>]+>)")
ENTITY = re.compile(r"&[#a-zA-Z0-9]+;")
FIGURES = "figures"          # site/<game>/figures/<lang>-<id>.png


def figure_name(game_id: str, lang: str, figure_id: str) -> str:
    return f"{game_id}/{FIGURES}/{lang}-{figure_id}.png"


def phrase_breaks(html: str) -> str:
    """<wbr> between the BudouX phrases of each run of text (never inside a tag or an entity);
    a run no line may cut (「につき」, 「1枚」, 「として」, 「）で」) in a nowrap span, since a browser's
    own phrase breaking (word-break: auto-phrase) cuts it as BudouX does."""
    out, svg = [], False
    for part in TAG.split(html):
        if part.startswith("<svg"):
            svg = True
        elif part.startswith("</svg"):
            svg = False
        if not part or part.startswith("<") or svg:     # an icon's <title> is no place for <wbr>
            out.append(part)
            continue
        # entities (&amp;) count as one character: cut around them, not through them
        pieces = ENTITY.split(part)
        entities = ENTITY.findall(part)
        for i, piece in enumerate(pieces):
            marks = {k: "<wbr>" for k in boundaries(piece)}
            for start, end in glued_runs(piece):
                marks[start] = marks.get(start, "") + '<span class="nobr">'
                marks[end] = "</span>" + marks.get(end, "")
            last = 0
            for k in sorted(marks):
                out.append(piece[last:k] + marks[k])
                last = k
            out.append(piece[last:])
            if i < len(entities):
                out.append(entities[i])
    return "".join(out)


def figures_by_section(project: Project, game: GameData, rules: Rules, inline) -> dict[str, list[dict]]:
    """Section id -> the figures shown after it (file name, caption as HTML and as the image's
    alternative text, with icons named, size in CSS pixels)."""
    figures = load_figures(project, game, [s.id for s in rules.flat()])
    icons = project.icons_for(game.id)
    out: dict[str, list[dict]] = {}
    for f in figures.figures:
        caption = f.caption.get(rules.lang)
        alt = ICON.sub(lambda m: icons[m.group(1)].label.get(rules.lang) if m.group(1) in icons else "",
                       caption.replace("**", ""))
        out.setdefault(f.after, []).append(dict(src=f"{FIGURES}/{rules.lang}-{f.id}.png", id=f.id,
                                                caption=inline(caption), alt=typeset(alt, rules.lang),
                                                width=round(f.width * 96 / 25.4), height=round(f.height * 96 / 25.4)))
    return out


def figure_files(project: Project, game: GameData, rules: Rules) -> dict[str, str]:
    """Site path -> the figure's PNG, base64 (kept with the pages in the build's cache)."""
    from ..products.figures import FigureMaker, figure_pngs
    figures = load_figures(project, game, [s.id for s in rules.flat()]).figures
    if not figures:
        return {}
    pngs = figure_pngs(FigureMaker(project, game, rules.lang), figures)
    return {figure_name(game.id, rules.lang, f.id): base64.b64encode(png).decode("ascii")
            for f, png in zip(figures, pngs)}


def about_notes(rules: Rules, inline) -> list[Markup]:
    """"About this edition": the rules file's `about`, then each deck's missing pieces."""
    return [inline(t) for t in rules.about_notes()]
