"""Save-to-image time of `pnp studio`: one card's English text edited, until its new image is served.

    python benchmarks/studio.py [--repeat 5] [san-gimignano|tournay]

Copies GAME (default San Gimignano) into a temporary project, starts `pnp studio` on it as a separate
process, waits until every face is drawn, then REPEAT times: edits one card's English text,
and measures from the moment the file is written to the moment the new PNG of that face has
been fetched (the server-sent event, the page's state request, the image). Between edits it
times a whole `pnp export png GAME` process (every face, every language, 300 dpi) on the same
project, alternated so machine load affects both alike. Prints JSON: both medians, their ratio,
and how many faces' images changed per edit (1 expected: only that card, only English).
"""
from __future__ import annotations

import argparse
import http.client
import json
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


def start_studio(project: Path, game: str) -> tuple[subprocess.Popen, int]:
    process = subprocess.Popen([sys.executable, "-m", "generator.cli", "--root", str(project), "studio", game,
                                "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="san-gimignano", choices=sorted(EDITS))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
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
