"""One card edited while `pnp build --watch` runs: the rebuild's time inside the running process.

    python benchmarks/watch_rebuild.py PROJECT OUT [--repeat 3]

Builds PROJECT into OUT once (as the watch loop's first build does), then REPEAT times edits one
San Gimignano noble's English text and builds again in the same process (as the loop does when it
sees the change), printing the median seconds of those rebuilds as JSON.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from generator.cli.main import main


def rebuild(project: Path, out: Path) -> None:
    """What the watch loop does on a change: the build command, invoked again in this process."""
    main.main(["--root", str(project), "build", "--out", str(out)], prog_name="pnp", standalone_mode=False)


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    nobles = args.project / "cards" / "san-gimignano" / "nobles.yaml"
    original = nobles.read_text(encoding="utf-8")
    rebuild(args.project, args.out)
    times = []
    try:
        for k in range(args.repeat):
            nobles.write_text(original.replace("en: Draw from the tower pile", f"en: Draw ({k}) from the tower pile"),
                              encoding="utf-8")
            start = time.perf_counter()
            rebuild(args.project, args.out)
            times.append(time.perf_counter() - start)
    finally:
        nobles.write_text(original, encoding="utf-8")
    print(json.dumps({"seconds": round(statistics.median(times), 3)}))


if __name__ == "__main__":
    run()
