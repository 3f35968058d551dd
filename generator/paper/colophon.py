"""Who made a file and when, printed and in its metadata (issue 50): the game, its designers and
publisher (game.yaml), the print-and-play edition and the pnp-studio version, and the build
date. The date is reproducible: SOURCE_DATE_EPOCH when set (the reproducible-builds convention),
else the project's last commit, else none; the same inputs give the same bytes (planning/cache.py
keys a product by it too)."""
from __future__ import annotations

import os
import subprocess
import time
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from reportlab.pdfbase.pdfdoc import TimeStamp


def build_epoch(root: Path) -> int | None:
    value = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    return int(value) if value.isdigit() else _last_commit(root)


@lru_cache(maxsize=8)
def _last_commit(root: Path) -> int | None:
    try:
        out = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True,
                             text=True, timeout=10, check=False).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return int(out) if out.isdigit() else None


def build_date(root: Path) -> str:
    """YYYY-MM-DD (UTC), or "" when the project has no date to give."""
    epoch = build_epoch(root)
    return time.strftime("%Y-%m-%d", time.gmtime(epoch)) if epoch is not None else ""


# each language's long date (6 décembre 2026, 6. Dezember 2026, 2026年12月6日): babel's CLDR
# patterns; the project writes British English
_DATE_LOCALE = {"en": "en_GB"}


def written_date(root: Path, lang: str) -> str:
    """The build date as `lang` writes it, or "" when the project has no date to give."""
    from datetime import datetime, timezone

    from babel.dates import format_date
    epoch = build_epoch(root)
    if epoch is None:
        return ""
    day = datetime.fromtimestamp(epoch, timezone.utc).date()
    return format_date(day, format="long", locale=_DATE_LOCALE.get(lang, lang))


def version() -> str:
    try:
        return metadata.version("pnp-studio")
    except metadata.PackageNotFoundError:
        return "dev"


def credits(game) -> str:
    """Designers and publisher, as game.yaml gives them."""
    return " · ".join(p for p in (", ".join(game.designers), game.publisher or "") if p)


def line(game, lang: str, edition: str, root: Path) -> str:
    """The colophon line: game · credits · edition · pnp-studio version · date."""
    parts = [game.name.get(lang), credits(game), edition, f"pnp-studio {version()}", written_date(root, lang)]
    return " · ".join(p for p in parts if p)


def set_title(canvas, title: str) -> None:
    """The typesetter's no-break spaces (« San\u00a0Gimignano ») keep lines whole on a page; a title is
    not set in lines, and every file's title starts with the same game name."""
    canvas.setTitle(title.replace("\u00a0", " "))


def stamp(canvas, root: Path, author: str | None = None) -> None:
    """The PDF's creation and modification dates from the build date; its author."""
    epoch = build_epoch(root)
    if epoch is not None:
        ts = TimeStamp(invariant=1)
        ts.t, ts.lt = epoch, time.gmtime(epoch)
        ts.YMDhms = tuple(ts.lt)[:6]
        canvas._doc._timeStamp = ts
    if author:
        canvas.setAuthor(author)


def for_game(game_data, lang: str, _, root: Path) -> str:
    """The line for one game's file (`game_data`: model/project.GameData) of the project at
    `root`, in `lang`; `_` translates."""
    return line(game_data.game, lang, _("print-and-play edition"), root)


def draw(canvas, text: str, font: str, x: float, y: float, size: float = 7.5, color: str = "#6f604c",
         width: float | None = None) -> None:
    """The line at (x, y) in points, muted: printed in a margin every printer keeps (≥ 5 mm);
    set smaller when it would run past `width`, down to 7 pt (the pads' smallest legible size)."""
    from reportlab.lib import colors
    from reportlab.pdfbase.pdfmetrics import stringWidth
    if width:
        size = max(min(size, size * width / max(stringWidth(text, font, size), 1)), min(size, 7.0))
    canvas.saveState()
    canvas.setFillColor(colors.HexColor(color))
    canvas.setFont(font, size)
    canvas.drawString(x, y, text)
    canvas.restoreState()


def halves(text: str, font: str, width: float, size: float = 7.5) -> list[str]:
    """The line as it is if it fits `width`, else split at the " · " that best balances its two
    halves: one under each pad of a two-up score pad, clear of the fold line between them."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    parts = text.split(" · ")
    if len(parts) < 2 or stringWidth(text, font, size) <= width:
        return [text]
    k = min(range(1, len(parts)), key=lambda k: max(stringWidth(" · ".join(parts[:k]), font, size),
                                                    stringWidth(" · ".join(parts[k:]), font, size)))
    return [" · ".join(parts[:k]), " · ".join(parts[k:])]
