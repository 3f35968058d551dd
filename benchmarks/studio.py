"""Save-to-image time of `pnp studio`: one card's English text edited, until its new image is served;
or one box of a layout used by a 111-card deck, until the first and the last of its images are.

    python benchmarks/studio.py [--repeat 5] [san-gimignano|tournay]
    python benchmarks/studio.py layout [--rows 111] [--repeat 3] [--baseline DIR]

Copies GAME (default San Gimignano) into a temporary project, starts `pnp studio` on it as a separate
process, waits until every face is drawn, then REPEAT times: edits one card's English text,
and measures from the moment the file is written to the moment the new PNG of that face has
been fetched (the server-sent event, the page's state request, the image). Between edits it
times a whole `pnp export png GAME` process (every face, every language, 300 dpi) on the same
project, alternated so machine load affects both alike. Prints JSON: both medians, their ratio,
and how many faces' images changed per edit (1 expected: only that card, only English).

`layout`: a `pnp new demo` game with a deck of ROWS cards from a CSV and a layout of its own
(tests/studio/spreadsheet_game.py). The page is said to look at eight cards in the middle of the
deck (/focus, as the page's script says what is on screen). Each edit sets the deck's body text
size (a new size each time) and measures from the write to: the first new image of the deck
fetched, the eight looked-at images fetched, and every image of the deck new and the studio idle;
and the studio process's CPU seconds over the edit (steadier than wall time on a shared machine).
`--baseline DIR` runs another checkout's code (its own studio process on its own copy of the
project) alternately with this one's: the ratios of the medians are from one run.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.studio.spreadsheet_game import big_body_size, big_faces, spreadsheet_game  # noqa: E402
EDITS = {"san-gimignano": ("nobles.yaml", "en: Draw from the tower pile", "en: Draw ({k}) from the tower pile",
                           "san-gimignano/nobles/via-francigena/en"),
         "tournay": ("yellow-1.yaml", 'en: "When you place a character in this row or column: +2 :denier:."',
                     'en: "When you place a character ({k}) in this row or column: +2 :denier:."',
                     "tournay/yellow-1/yellow-1-councillor/en")}


def get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    body = connection.getresponse().read()
    connection.close()
    return body


def state(port: int) -> dict:
    return json.loads(get(port, "/state.json"))


def listen(port: int, events: queue.Queue) -> None:
    """Put each `update` event's arrival time on `events`."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", "/events")
    response = connection.getresponse()
    for line in response:
        if line.startswith(b"event: update"):
            events.put(time.perf_counter())


def start_studio(project: Path, game: str, code: Path = ROOT) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "PYTHONPATH": str(code)}      # `code`: this checkout or --baseline's
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(project), "studio", game,
                                "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env, cwd=code)
    line = process.stdout.readline()
    if "http://" not in line:
        process.kill()
        raise SystemExit(f"studio did not start: {line}{process.stdout.read()}")
    port = int(line.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
    return process, port


def wait_drawn(port: int, seconds: float = 300) -> dict:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        now = state(port)
        if not now["busy"] and now["faces"] and all(f["png"] for f in now["faces"].values()):
            return now
        time.sleep(0.2)
    raise SystemExit("the studio did not draw every face in time")


def save_to_image(port: int, path: Path, text: str, face: str, events: queue.Queue, before: dict) -> tuple[float, int]:
    """Write `text` to `path`; seconds until the face's new image was fetched, and how many
    faces' images changed."""
    while not events.empty():
        events.get_nowait()
    path.write_text(text, encoding="utf-8")
    written = time.perf_counter()
    while True:
        events.get(timeout=30)
        now = state(port)
        png = now["faces"][face]["png"]
        if png != before["faces"][face]["png"]:
            get(port, png)
            elapsed = time.perf_counter() - written
            break
    settled = wait_drawn(port)
    changed = sum(1 for fid, f in settled["faces"].items() if f["png"] != before["faces"][fid]["png"])
    return elapsed, changed


def export_png(project: Path, game: str, out: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator.cli", "--root", str(project), "export", "png", game,
                    "--out", str(out)], check=True, capture_output=True)
    return time.perf_counter() - started


def cpu_seconds(pid: int) -> float:
    """User + system CPU of the studio process so far (Linux): steadier than wall time on a shared machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class LayoutRun:
    """One version's studio on its own copy of the layout project."""

    def __init__(self, name: str, code: Path, tmp: Path, rows: int):
        self.name, self.rows = name, rows
        self.layouts = spreadsheet_game(tmp / name, rows)
        self.faces = big_faces(rows)
        self.looked = self.faces[rows // 2 - 4: rows // 2 + 4]      # what is on screen
        self.process, self.port = start_studio(tmp / name, "demo", code)
        self.events: queue.Queue = queue.Queue()
        threading.Thread(target=listen, args=(self.port, self.events), daemon=True).start()
        self.before = wait_drawn(self.port)
        get(self.port, "/focus?faces=" + ",".join(self.looked))     # a 404 for a version without it
        self.first, self.looked_s, self.all, self.drawn, self.cpu = [], [], [], [], []

    def edit(self, size: float) -> None:
        while not self.events.empty():
            self.events.get_nowait()
        old = {fid: self.before["faces"][fid]["png"] for fid in self.faces}
        cpu = cpu_seconds(self.process.pid)
        big_body_size(self.layouts, size)
        written = time.perf_counter()
        first = looked = None
        while looked is None:
            self.events.get(timeout=120)
            now = state(self.port)["faces"]
            new = [fid for fid in self.faces if now[fid]["png"] != old[fid]]
            if new and first is None:
                get(self.port, now[new[0]]["png"])
                first = time.perf_counter() - written
            if all(now[fid]["png"] != old[fid] for fid in self.looked):
                for fid in self.looked:
                    get(self.port, now[fid]["png"])
                looked = time.perf_counter() - written
        while True:
            now = state(self.port)
            if not now["busy"] and all(now["faces"][fid]["png"] != old[fid] for fid in self.faces):
                break
            self.events.get(timeout=120)
        self.all.append(time.perf_counter() - written)
        self.cpu.append(cpu_seconds(self.process.pid) - cpu)
        self.first.append(first)
        self.looked_s.append(looked)
        self.drawn.append(sum(1 for fid, f in now["faces"].items() if f["png"] != self.before["faces"][fid]["png"]))
        self.before = wait_drawn(self.port)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()

    def medians(self) -> dict:
        return {"first_image_s": round(statistics.median(self.first), 3),
                "looked_at_s": round(statistics.median(self.looked_s), 3),
                "all_images_s": round(statistics.median(self.all), 3),
                "studio_cpu_s": round(statistics.median(self.cpu), 3),
                "first_image_each_s": [round(s, 3) for s in self.first],
                "all_images_each_s": [round(s, 3) for s in self.all],
                "images_changed_per_edit": self.drawn}


def layout_edits(args) -> None:
    versions = [("after", ROOT)] + ([("before", args.baseline.resolve())] if args.baseline else [])
    with tempfile.TemporaryDirectory(prefix="pnp-studio-bench-") as tmp:
        runs = []
        try:
            for name, code in versions:
                runs.append(LayoutRun(name, code, Path(tmp), args.rows))
            for k in range(args.repeat):
                for run in runs if k % 2 == 0 else runs[::-1]:      # alternated: load hits both alike
                    run.edit(8.0 + 0.1 * k)
        finally:
            for run in runs:
                run.stop()
    result = {"rows": args.rows, "edits": args.repeat, **{run.name: run.medians() for run in runs}}
    if len(runs) == 2:
        after, before = result["after"], result["before"]
        result["ratio_after_to_before"] = {key: round(after[key] / before[key], 3)
                                           for key in ("first_image_s", "looked_at_s", "all_images_s", "studio_cpu_s")}
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="san-gimignano", choices=sorted(EDITS) + ["layout"])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rows", type=int, default=111, help="layout: the deck's rows")
    parser.add_argument("--baseline", type=Path, default=None, help="layout: another checkout, the 'before'")
    args = parser.parse_args()
    if args.game == "layout":
        return layout_edits(args)
    file, old, new, face = EDITS[args.game]
    with tempfile.TemporaryDirectory(prefix="pnp-studio-bench-") as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(ROOT / "cards" / args.game, project / "cards" / args.game)
        deck = project / "cards" / args.game / file
        original = deck.read_text(encoding="utf-8")
        process, port = start_studio(project, args.game)
        try:
            events: queue.Queue = queue.Queue()
            threading.Thread(target=listen, args=(port, events), daemon=True).start()
            before = wait_drawn(port)
            images, exports, changed = [], [], []
            for k in range(args.repeat):
                exports.append(export_png(project, args.game, Path(tmp) / "out"))
                text = original.replace(old, new.format(k=k)) if k % 2 == 0 else original
                seconds, count = save_to_image(port, deck, text, face, events, before)
                images.append(seconds)
                changed.append(count)
                before = wait_drawn(port)
        finally:
            process.terminate()
            process.wait()
    median, full = statistics.median(images), statistics.median(exports)
    print(json.dumps({"game": args.game, "save_to_image_median_s": round(median, 3),
                      "save_to_image_s": [round(s, 3) for s in images],
                      "export_png_median_s": round(full, 3), "ratio": round(median / full, 3),
                      "faces_changed_per_edit": changed}))


if __name__ == "__main__":
    main()
