"""The peer: protograf (PyPI) drawing the same San Gimignano cards as benchmarks/floor_reportlab.py
(frame, rank disc, title, effect text, poker cards 3x3 on A4, then the backs; in protograf's
default font, as this version finds fonts by installed name only), to
compare a general-purpose card tool with `pnp build` on the same content. Only for benchmarks/run.py:
protograf is not a dependency of the project (pip install protograf to run it).

    python benchmarks/protograf_cards.py OUT.pdf [--scale N]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from floor_reportlab import cards  # noqa: E402  the same content as the floor


def main(out: str, scale: int = 1) -> None:
    os.chdir(Path(out).resolve().parent)   # protograf writes next to the working folder
    sys.argv[1:] = []                       # ... and reads its own options from the command line
    import protograf as pg
    rows = [["rank", "title", "text", "colour"]] + [list(card) for card in cards(scale)]
    pg.Create(filename=Path(out).name, paper="A4", units="mm", margin=5)
    pg.Data(data_list=rows)
    pg.Deck(card_size="poker", cards=len(rows) - 1, grid_marks=True, rounding=0, stroke="white")
    pg.Card("all",
            pg.rectangle(x=0, y=0, width=63, height=88, fill=pg.T("{{ colour }}"), stroke=None),
            pg.rectangle(x=3.5, y=3.5, width=56, height=81, rounding=2.5, fill="#f6eedb", stroke=None),
            pg.circle(cx=11, cy=11, radius=6.5, fill=pg.T("{{ colour }}"), stroke=None),
            pg.text(text=pg.T("{{ rank }}"), x=11, y=13.5, font_size=20, stroke="white"),
            pg.text(text=pg.T("{{ title }}"), x=31.5, y=48, font_size=14, stroke=pg.T("{{ colour }}")),
            pg.text(text=pg.T("{{ text }}"), x=6.5, y=55.5, width=50, height=26, wrap=True, font_size=8.5,
                    align="centre", stroke="black"))
    pg.CardBack("all",
                pg.rectangle(x=0, y=0, width=63, height=88, fill="#f7dc8c", stroke=None),
                pg.text(text="Le Torri di San Gimignano", x=31.5, y=76, font_size=11, stroke="#5a3d14"))
    pg.Save()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0], int(args[args.index("--scale") + 1]) if "--scale" in args else 1)
