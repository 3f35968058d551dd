"""The result as a terminal table: categories as rows, players as columns, totals, ranks, the
winner, then how each line was counted — in the language `translate` speaks."""
from __future__ import annotations

import unicodedata

from .result import GameResult, render


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    space = " " * max(0, width - _width(text))
    return space + text if right else text + space


def render_table(result: GameResult, translate, lang: str) -> str:
    """Categories as rows, players as columns, then totals, ranks, winner and the details."""
    t = translate
    rows = [[c.title(t, lang)] + [_cell(p, c.key) for p in result.players] for c in result.categories()]
    rows.append([t("Total")] + [str(p.total) for p in result.players])
    rows.append([t("Rank")] + [str(p.rank) for p in result.players])
    header = [""] + [p.name for p in result.players]
    widths = [max(_width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    rule = "  ".join("-" * w for w in widths)
    out = ["  ".join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(header)), rule]
    for r in rows[:-2]:
        out.append("  ".join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(r)))
    out.append(rule)
    for r in rows[-2:]:
        out.append("  ".join(_pad(cell, widths[i], right=i > 0) for i, cell in enumerate(r)))
    out.append("")
    label = t("Winner") if len(result.winners) == 1 else t("Shared win")
    # Japanese: full-width colon and brackets, no space beside them
    colon = "\u00a0:" if lang == "fr" else ("：" if lang == "ja" else ":")
    lead = colon if lang == "ja" else colon + " "
    why = (("（{}）" if lang == "ja" else " ({})").format(render(result.tie_break, t, lang))
           if result.tie_break else "")
    out.append(f"{label}{lead}{', '.join(result.winners)}{why}")
    out.append("")
    out.append(t("How the points were counted") + colon)
    dot = "の" if lang == "ja" else " · "      # Japanese: 「Nellの鐘楼：8点」 (a 「・」 would run into 「サン・ブリス」)
    unit = "点" if lang == "ja" else ""
    for p in result.players:
        for line in p.lines:
            if line.detail:
                out.append(f"  {p.name}{dot}{line.category.title(t, lang)}{lead}{line.points}{unit} — "
                           f"{line.explain(t, lang)}")
    for note in result.notes:
        out.append(f"* {render(note, t, lang)}")
    return "\n".join(out)


def _cell(player, key: str) -> str:
    lines = [line for line in player.lines if line.category.key == key]
    return str(sum(line.points for line in lines)) if lines else "–"
