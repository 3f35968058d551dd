"""Ink of every card back in a build (issue 50, item 9): mean C+M+Y (%) over the inked pixels of
each back's trim (and, in brackets, over the whole trim), in cards.pdf and cards-ink-saver.pdf,
per game, language and deck (tests/print/ink_checks.py).

    python benchmarks/back_ink.py [OUTPUT_DIR] [--compare OTHER_DIR]

With --compare, each figure reads OTHER_DIR's, then this one's (before -> after).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.print.ink_checks import LIMIT, back_ink  # noqa: E402

FILES = ("cards.pdf", "cards-ink-saver.pdf")


def table(out: Path) -> dict[tuple[str, str, str, str], float]:
    rows = {}
    for pdf in sorted(out.glob("*/*/cards*.pdf")):
        if pdf.name not in FILES:
            continue
        game, lang = pdf.parent.parent.name, pdf.parent.name
        whole = back_ink(pdf, inked_only=False)
        for form, ink in back_ink(pdf).items():
            rows[(game, ".".join(form.split(".")[1:]), lang, pdf.name)] = (ink, whole[form])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="output", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    now = table(args.out)
    before = table(args.compare) if args.compare else {}
    print(f"back ink, mean C+M+Y % over the inked pixels (whole trim); default limit {LIMIT:.0f} %")
    print(f"{'game':15} {'back':22} {'lang':4} {'cards.pdf':>22} {'ink-saver':>22}")
    keys = sorted({k[:3] for k in now})
    for key in keys:
        cells = []
        for name in FILES:
            a, b = before.get(key + (name,)), now.get(key + (name,))
            show = lambda v: f"{v[0]:.0f} ({v[1]:.0f})"     # noqa: E731
            cells.append(f"{show(a)} -> {show(b)}" if a is not None and b is not None else
                         "-" if b is None else show(b))
        flag = "  OVER" if now.get(key + ("cards.pdf",), (0,))[0] > LIMIT else ""
        print(f"{key[0]:15} {key[1]:22} {key[2]:4} {cells[0]:>22} {cells[1]:>22}{flag}")


if __name__ == "__main__":
    main()
