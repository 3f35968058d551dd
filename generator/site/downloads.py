"""The printables a game/language page offers for download, copied into the site so that it is
self-contained (served by `pnp serve`, cached for offline use, no link outside the site).

A build copies the files it has just written (still staged) and, for products it did not build
this time, the ones already in output/<game>/<lang>/ — so `pnp build --only rules` still links
the card sheets of an earlier build, and any other export found there (a designer toolkit's) is
offered too, under its file name.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..paper import written
from ..typeset.text import decimal

# File name -> interface string (site.po); in the order a player looks for them.
KNOWN = {"rules.pdf": "Rules (PDF)", "cards.pdf": "Card sheets",
         "cards-fold-over.pdf": "Card sheets to fold (no duplex printer)", "cards-ink-saver.pdf": "Card sheets, ink saver",
         "calibration-page.pdf": "Duplex calibration page", "player-aid-card.pdf": "Player aid cards",
         "player-aid.pdf": "Player aid", "score-pad.pdf": "Score pad"}
SUFFIXES = {".pdf", ".png", ".svg", ".zip", ".csv", ".json"}


@dataclass(frozen=True)
class Download:
    name: str          # file name, also its name inside the site
    source: Path       # where its bytes are now (a staged temporary file or a finished one)
    label: str | None  # interface string for known products, None: show the file name

    @property
    def size(self) -> int:
        return self.source.stat().st_size


def printables(out_dir: Path, game_id: str, lang: str, staged: dict[Path, Path],
               gone: set[str] = frozenset()) -> list[Download]:
    """Every printable of a game and language: this build's (`staged`: target -> temporary file)
    and the files already in out_dir/<game>/<lang>/, but for those in `gone` (OUT-relative paths
    of products the game no longer makes)."""
    folder = out_dir / game_id / lang
    found: dict[str, Path] = {}
    if folder.is_dir() and not folder.is_symlink():
        ours = written.Ours(out_dir)
        for path in sorted(folder.iterdir()):
            # only what pnp wrote there: a shipped output is untrusted (a link to ~/Documents,
            # or a PDF of its own, is never offered)
            if not path.name.startswith(".") and path.suffix in SUFFIXES and ours(f"{game_id}/{lang}/{path.name}") \
                    and f"{game_id}/{lang}/{path.name}" not in gone:
                found[path.name] = path
    for target, tmp in staged.items():
        if target.parent == folder and target.suffix in SUFFIXES:
            found[target.name] = tmp
    order = list(KNOWN)
    names = sorted(found, key=lambda n: (order.index(n) if n in order else len(order), n))
    return [Download(n, found[n], KNOWN.get(n)) for n in names]


def human_size(size: int, lang: str = "en") -> str:
    """"1.2 MB", "208 KB"; in French « 1,2 Mo », « 208 Ko » (octets); in German "1,2 MB", "208 kB"
    (the SI prefix, as a German editor writes it)."""
    mega, kilo = {"fr": ("Mo", "Ko"), "de": ("MB", "kB")}.get(lang, ("MB", "KB"))
    if size >= 1_000_000:
        return f"{decimal(f'{size / 1_000_000:.1f}', lang)}\u00a0{mega}"
    return f"{max(1, round(size / 1000))}\u00a0{kilo}"
