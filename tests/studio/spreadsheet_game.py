"""A `pnp new demo` game with a second deck of ROWS cards read from a generated CSV, as a Squib
user's port has them (issue 52: a 111-card deck): the studio's timing (benchmarks/studio.py)
and its tests of a layout edit on a large deck. The deck `big` has a layout of its own,
`demo/big` (a copy of `demo/card`), so an edit of it concerns that deck only."""
from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

WORDS = "gain draw trade build raid scout hire bank burn keep".split()
BODY = "size: 9, min_size: 6.5"       # the big layout's body text size: what the edits change


def spreadsheet_game(root: Path, rows: int = 111, langs: str = "en") -> Path:
    """Make the project at `root` (`langs`: `pnp new --lang`; the CSV's texts serve every
    language); returns its layout file."""
    from generator.cli import main
    root.mkdir(parents=True, exist_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):      # its "created …" lines
        main(["--root", str(root), "new", "demo", "--lang", langs], standalone_mode=False)
    game = root / "cards" / "demo"
    spec = game / "game.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("decks: [cards]", "decks: [cards, big]"),
                    encoding="utf-8")
    lines = ["Name,Qty,Cost,Text"]
    for i in range(rows):
        lines.append(f"Card {i + 1},{1 + i % 3},{i % 10},{WORDS[i % 10].title()} {1 + i % 4} :coin:. "
                     f"At the end of the game score {i % 5} :points:.")
    (game / "big.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    name = ", ".join(f"{lang}: Big" for lang in langs.split(","))
    (game / "big.yaml").write_text(f"deck: big\nname: {{{name}}}\nsize: poker\nlayout: demo/big\n"
                                   "back: {layout: demo/back}\ncards_from: big.csv\n", encoding="utf-8")
    layouts = root / "layouts" / "demo.yaml"
    text = layouts.read_text(encoding="utf-8")
    card = re.search(r"\nlayouts:\n  card:\n(.*?)\n  back:", text, re.S).group(1)
    layouts.write_text(text.rstrip("\n") + "\n  big:\n" + card + "\n", encoding="utf-8")
    return layouts


def big_body_size(layouts: Path, size: float) -> None:
    """Set the body text size of layout `big` (one box of one layout, used by one deck)."""
    text = layouts.read_text(encoding="utf-8")
    at = text.index("\n  big:\n")
    body = re.sub(r"size: [\d.]+, min_size: 6\.5", f"size: {size:g}, min_size: 6.5", text[at:], count=1)
    layouts.write_text(text[:at] + body, encoding="utf-8")


def big_faces(rows: int = 111, langs: tuple[str, ...] = ("en",)) -> list[str]:
    """The face ids of the big deck's fronts, in page order (ids made from the names)."""
    return [f"demo/big/card-{i + 1}/{lang}" for i in range(rows) for lang in langs]
