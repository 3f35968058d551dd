"""The hostile-input fuzzer shared by tests/hostile/test_fuzz.py (a seed per part) and
benchmarks/fuzz.py (a larger random run): mutate one shipped file, run `pnp` on a copy of the
project, classify what happened.

A case runs in a forked child (warm caches from the parent; the plain cases of a sequence share
one child, as edits share a `pnp serve`, and a sequence starts again from the parent's state),
under a memory limit and a limit of CPU seconds (and, for a child that waits on something, ten
times as many seconds of wall clock), so a hang or a memory bomb is measured instead of stopping
the run, and a machine busy with other work does not turn a slow case into a "hang". What counts:

- traceback: an exception escaped the CLI (or "Traceback" was printed), or a strange exit code;
- hang: the case did not finish within the time limit (or the child died: memory bomb);
- leak: the canary environment variable or the canary file outside the project was printed or
  written into the output, or something outside the project was written (a linked output);
- unclear: a failure whose lines do not each name a file (validate, score: `file:line: ...`);
- nofile: a problem line, of any command (build included), that does not begin with the file it
  is about (`cards/x/deck.yaml:12: ...`);
- partial: a failed build left files or folders in its output folder;
- mismatch: `validate` passed but the build of the same data failed.
"""
from __future__ import annotations

import json
import os
import random
import re
import resource
import select
import shutil
import signal
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from datafile.source import SAFE_LOADER

from . import specials
from .payloads import BYTES, CANARY, CANARY_ENV, OUTSIDE_CANARY, PAYLOADS, PO_LINES, RAW_PAYLOADS  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------- targets

@dataclass(frozen=True)
class Target:
    kind: str          # game, deck, layout, aid, rules, locale, state
    path: str          # relative to the project (or examples/scores/ for states)
    game: str | None   # the game to validate / build / score


def targets() -> list[Target]:
    out = []
    for game_dir in sorted((ROOT / "cards").glob("*/")):
        game = game_dir.name
        for path in sorted(game_dir.glob("*.yaml")):
            out.append(Target("game" if path.stem == "game" else "deck", str(path.relative_to(ROOT)), game))
        for sub, kind in (("aid", "aid"), ("rules", "rules")):
            for path in sorted((game_dir / sub).glob("*.yaml")):
                out.append(Target(kind, str(path.relative_to(ROOT)), game))
    games = [p.name for p in sorted((ROOT / "cards").glob("*/"))]
    for path in sorted((ROOT / "layouts").glob("*.yaml")):
        game = path.stem if path.stem in games else None
        out.append(Target("layout", str(path.relative_to(ROOT)), game))
    for path in sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po")):
        domain = path.stem
        out.append(Target("locale", str(path.relative_to(ROOT)), domain if domain in games else None))
    for path in sorted((ROOT / "examples" / "scores").glob("*.yaml")):
        out.append(Target("state", str(path.relative_to(ROOT)), path.stem.rsplit("-", 1)[0]))
    return out


# ---------------------------------------------------------------- mutations

@dataclass(frozen=True)
class Mutation:
    op: str            # replace, raw, delete, add_key, duplicate, truncate, insert_bytes, po_line, other_game
    where: int         # picks a node / byte offset / line (modulo what exists)
    payload: int       # index into the payload list of the op

    def describe(self) -> str:
        if self.op == "replace":
            shown = repr(PAYLOADS[self.payload % len(PAYLOADS)])
        elif self.op == "raw":
            shown = RAW_PAYLOADS[self.payload % len(RAW_PAYLOADS)]
        elif self.op == "insert_bytes":
            shown = repr(BYTES[self.payload % len(BYTES)])
        elif self.op == "po_line":
            shown = PO_LINES[self.payload % len(PO_LINES)]
        elif self.op == "special":
            shown = specials.describe(self.where, self.payload)
        else:
            shown = str(self.payload)
        return f"{self.op}@{self.where}: {shown[:80]}"


OPS = ("replace", "replace", "replace", "raw", "delete", "add_key", "duplicate", "truncate", "insert_bytes", "special")


def node_paths(data, path=()):
    """The path (keys and indexes) of every value of a YAML tree, the root's () first."""
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from node_paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from node_paths(v, path + (i,))


def _get(data, path):
    for part in path:
        data = data[part]
    return data


MARK = "PNPFUZZRAWPAYLOAD"


def mutate(text: bytes, kind: str, m: Mutation) -> bytes:
    """The mutated file content (bytes: some mutations are not valid UTF-8 on purpose)."""
    if m.op == "special":     # the file stays; something is put beside it (run_case)
        return text
    if m.op == "truncate":
        return text[: m.where % max(len(text), 1)]
    if m.op == "insert_bytes":
        at = m.where % max(len(text), 1)
        return text[:at] + BYTES[m.payload % len(BYTES)] + text[at:]
    if kind == "locale" or m.op == "po_line":
        lines = text.decode("utf-8").split("\n")
        at = m.where % len(lines)
        if m.op == "delete":
            del lines[at]
        elif m.op == "duplicate":
            lines.insert(at, lines[at])
        else:
            lines[at] = PO_LINES[m.payload % len(PO_LINES)] if m.op in ("po_line", "raw") else \
                'msgstr "' + str(PAYLOADS[m.payload % len(PAYLOADS)]).replace("\\", "\\\\").replace('"', '\\"') + '"'
        return "\n".join(lines).encode("utf-8", "surrogatepass")
    data = yaml.load(text, Loader=SAFE_LOADER)      # a shipped file: libyaml reads the same data faster
    nodes = list(node_paths(data))
    path = nodes[m.where % len(nodes)]
    if m.op == "other_game":
        if isinstance(data, dict):
            data["game"] = ["san-gimignano", "tournay", "taverna"][m.payload % 3]
    elif m.op in ("replace", "raw"):
        value = PAYLOADS[m.payload % len(PAYLOADS)] if m.op == "replace" else MARK
        if not path:
            data = value
        else:
            _get(data, path[:-1])[path[-1]] = value
    elif m.op == "delete" and path:
        parent = _get(data, path[:-1])
        del parent[path[-1]]
    elif m.op == "add_key":
        node = _get(data, path)
        target = node if isinstance(node, dict) else data if isinstance(data, dict) else None
        if target is not None:
            target[["copeis", "extra", "__class__", "<<", "props", "layout", "size"][m.payload % 7]] = \
                PAYLOADS[m.payload % len(PAYLOADS)]
    elif m.op == "duplicate" and path:
        parent = _get(data, path[:-1])
        if isinstance(parent, list):
            parent.insert(path[-1], parent[path[-1]])
        elif isinstance(parent, dict):
            parent[f"{path[-1]}-copy"] = parent[path[-1]]
    dumped = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100_000)
    if m.op == "raw":
        dumped = dumped.replace(MARK, RAW_PAYLOADS[m.payload % len(RAW_PAYLOADS)], 1)
    return dumped.encode("utf-8", "surrogatepass")


# ---------------------------------------------------------------- running a case

@dataclass
class Outcome:
    status: str                  # ok, refused, traceback, hang, leak, unclear, partial, mismatch
    command: list[str]
    exit_code: int | None = None
    seconds: float = 0.0
    detail: str = ""
    flags: list[str] = field(default_factory=list)


PROBLEM_LINE = re.compile(r"^\S[^\n]*?:(\d+:)? ")          # file[:line]: ...
FILE_NAMED = re.compile(r"^[^\s:]*(/|\.[a-z]{2,4})[^\s:]*(:\d+)?: ")   # cards/x/y.yaml:12: ..., a path first
SUMMARY = re.compile(r"^(\d+\D|Nothing was written|nothing was written|build failed: |site not rebuilt)")


class Sandbox:
    """A copy of the project's data (fonts linked, not copied) and a canary file beside it."""

    def __init__(self):
        self.base = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
        self.root = self.base / "project"
        self.root.mkdir()
        for name in ("cards", "locales", "examples"):
            shutil.copytree(ROOT / name, self.root / name)
        shutil.copytree(ROOT / "layouts", self.root / "layouts", ignore=shutil.ignore_patterns("fonts"))
        (self.root / "layouts" / "fonts").mkdir()     # a real folder of links: a case may replace one of them
        for font in sorted((ROOT / "layouts" / "fonts").iterdir()):
            (self.root / "layouts" / "fonts" / font.name).symlink_to(font)
        (self.base / "outside").mkdir()
        for name in ("secret", "secret.yaml"):
            (self.base / "outside" / name).write_text(f"deck: {OUTSIDE_CANARY}\n# {OUTSIDE_CANARY}\n")
        self.out = self.base / "out"

    def close(self):
        shutil.rmtree(self.base, ignore_errors=True)


def _commands(target: Target, m: Mutation, sandbox: Sandbox, build: bool) -> list[list[str]]:
    root = ["--root", str(sandbox.root)]
    if target.kind == "state":
        game = target.game
        lang = ["en", "fr", "de", "ja"][m.payload % 4]
        return [[*root, "score", game, str(sandbox.root / target.path), "--lang", lang]]
    games = [target.game] if target.game else [["san-gimignano", "tournay", "taverna"][m.where % 3]]
    cmds = []
    if m.op == "special" and specials.SLOTS[m.where % len(specials.SLOTS)].startswith("output"):
        pass      # validate never looks at the output folder: the build alone is run
    elif target.kind == "locale" and m.where % 5 == 0:
        cmds.append([*root, "i18n", "status", *games])
    else:
        cmds.append([*root, "validate", *games])        # also reads the catalogues
    if build:
        lang = target.path.split("/")[1] if target.kind == "locale" else \
            Path(target.path).stem if target.kind in ("aid", "rules") else "en"
        only = {"aid": "player-aid", "rules": "rules"}.get(target.kind, "cards")
        if m.op == "special":
            only = specials.command_product(m.where)
        if only in ("player-aid", "rules") and lang not in ("fr", "en", "de", "ja"):
            lang = "en"
        cmds.append([*root, "build", *games, "--lang", lang, "--only", only, "--out", str(sandbox.out)])
    return cmds


def _run_in_child(cmds: list[list[str]], kind: str, sandbox: Sandbox) -> dict:
    from click.testing import CliRunner

    from generator.cli import main

    runner = CliRunner()
    results = []
    for cmd in cmds:
        start = time.monotonic()
        try:
            # the project's site files trusted, so that the fuzzer reaches them (the sandbox still holds them)
            res = runner.invoke(main, cmd, catch_exceptions=False,   # a bug must show as one
                                env={CANARY_ENV: CANARY, "PNP_DEBUG": "1", "PNP_TRUST_SITE_CODE": "1"})
            output = res.output
            code = res.exit_code
            error = None
        except BaseException as exc:  # noqa: BLE001 - this is what we count
            tb = traceback.format_exception(exc)
            code, output, error = None, "", f"{type(exc).__name__}: {str(exc)[:300]} @ {tb[-2].strip()[:300] if len(tb) > 1 else ''}"
        if len(output) > 4000:   # whole lines only
            output = output[-4000:].split("\n", 1)[-1]
        results.append({"cmd": cmd, "code": code, "output": output, "error": error,
                         "seconds": time.monotonic() - start})
        if error or code != 0:
            break
    return {"results": results}


def _limit_memory(memory_mb: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2 ** 20, memory_mb * 2 ** 20))


def _read_answer(fd: int, deadline: float, whole: bool) -> bytes | None:
    """The child's answer: one line (`whole` False) or all it writes until it closes the pipe;
    None when the deadline passes first. An empty answer: the child died."""
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            if not whole and chunk.endswith(b"\n"):
                return b"".join(chunks)


# wall-clock seconds allowed per CPU second of limit, for a child that waits on something; a
# machine that gives a case less than a tenth of a core reports it as "no answer", not as CPU
WALL_PER_CPU = 10


def _death(status: int, timeout: float) -> str:
    signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    return (f"more than {int(timeout) + 1} s of CPU" if signum in (signal.SIGXCPU, signal.SIGKILL)
            else f"child died (signal {signum or status})")


def _forked(cmds: list[list[str]], kind: str, sandbox: Sandbox, timeout: float,
            memory_mb: int) -> tuple[dict | None, str]:
    """(report, "") of the commands run in a child of their own, or (None, why) if it hung or died."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_fd)
        code = 0
        try:
            _limit_memory(memory_mb)
            cpu = int(timeout) + 1                 # SIGXCPU past it, SIGKILL a second later
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            payload = json.dumps(_run_in_child(cmds, kind, sandbox)).encode()
        except BaseException as exc:  # noqa: BLE001
            payload = json.dumps({"results": [], "fatal": f"{type(exc).__name__}: {exc}"}).encode()
            code = 3
        with os.fdopen(write_fd, "wb") as pipe:
            pipe.write(payload)
        os._exit(code)
    os.close(write_fd)
    answer = _read_answer(read_fd, time.monotonic() + WALL_PER_CPU * timeout, whole=True)   # the CPU limit is the measure;
    os.close(read_fd)                                                            # this, for a child that waits
    if answer is None:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if answer is None:
        return None, f"no answer within {WALL_PER_CPU * timeout:.0f} s"
    return (json.loads(answer), "") if answer else (None, _death(status, timeout))


class WarmChild:
    """One forked child that runs plain cases (one command, no build, nothing placed beside the
    project) one after another, as `pnp serve` validates edit after edit. A fork per case cost
    ~18 ms of system CPU (the page tables of a 150 MB process, copied and torn down; a third of a
    validate case). Each case has its own CPU limit; one that hangs or dies takes the child with
    it, and the next case forks a new one from the caller's warm state. close() before a new
    sequence of cases that must not depend on what ran before (a test's part)."""

    def __init__(self, sandbox: Sandbox, memory_mb: int = 3000):
        self.sandbox, self.memory_mb = sandbox, memory_mb
        self.pid: int | None = None

    def _start(self) -> None:
        requests, self._send = os.pipe()
        self._answers, answer = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # child: a request line in, a report line out, until the requests end
            os.close(self._send)
            os.close(self._answers)
            try:
                _limit_memory(self.memory_mb)
                with os.fdopen(requests, "r", encoding="utf-8") as lines, os.fdopen(answer, "w", encoding="utf-8") as out:
                    for line in lines:
                        request = json.loads(line)
                        used = sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
                        hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
                        resource.setrlimit(resource.RLIMIT_CPU, (int(used + request["timeout"]) + 1, hard))
                        out.write(json.dumps(_run_in_child(request["cmds"], request["kind"], self.sandbox)) + "\n")
                        out.flush()
            finally:
                os._exit(0)
        os.close(requests)
        os.close(answer)

    def run(self, cmds: list[list[str]], kind: str, timeout: float) -> tuple[dict | None, str]:
        if self.pid is None:
            self._start()
        os.write(self._send, (json.dumps({"cmds": cmds, "kind": kind, "timeout": timeout}) + "\n").encode())
        answer = _read_answer(self._answers, time.monotonic() + WALL_PER_CPU * timeout, whole=False)
        if answer and answer.endswith(b"\n"):
            return json.loads(answer), ""
        status = self._stop(kill=answer is None)      # no answer, or the child died (mid-answer)
        return None, f"no answer within {WALL_PER_CPU * timeout:.0f} s" if answer is None else _death(status, timeout)

    def _stop(self, kill: bool) -> int:
        os.close(self._send)
        if kill:
            os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        os.close(self._answers)
        self.pid = None
        return status

    def close(self) -> None:
        if self.pid is not None:
            self._stop(kill=False)


def run_case(sandbox: Sandbox, target: Target, m: Mutation, build: bool = False, timeout: float = 10.0,
             memory_mb: int = 3000, warm: WarmChild | None = None) -> Outcome:
    """Mutate `target` in the sandbox, run pnp on it in a forked child (`warm`'s, for a plain
    case), restore the file."""
    path = sandbox.root / target.path
    original, was = path.read_bytes(), path.stat()
    try:
        path.write_bytes(mutate(original, target.kind, m))
    except Exception as exc:  # noqa: BLE001 - a mutation that cannot apply to this file
        return Outcome("skipped", [], detail=f"mutation not applicable: {exc}")
    specials.clear_output(sandbox.out)
    undo, victim = (lambda: None), None
    if m.op == "special":    # a link or a pipe where the project or its output is read (specials.py)
        undo = specials.place(sandbox.root, sandbox.base, sandbox.out, path, target.game or "san-gimignano",
                              m.where, m.payload)
        build = target.kind != "state"
        victim = specials.victim(sandbox.base)
        before = specials.snapshot(victim)
    cmds = _commands(target, m, sandbox, build)
    if build:
        timeout *= 4      # a whole deck in one language: seconds, not a hang
    start = time.monotonic()
    if warm is not None and m.op != "special" and not build:
        report, death = warm.run(cmds, target.kind, timeout)
    else:
        report, death = _forked(cmds, target.kind, sandbox, timeout, memory_mb)
    undo()
    if os.path.lexists(path) and (path.is_symlink() or not path.is_file()):
        path.unlink()    # never written through a link a case put there
    path.write_bytes(original)
    # as it was, modification time included: the parent's last load of the project (catalog.py
    # reuses what is unchanged by stat) stays warm for the next case's child
    os.utime(path, ns=(was.st_atime_ns, was.st_mtime_ns))
    seconds = time.monotonic() - start
    if report is None:
        return Outcome("hang", cmds[-1], seconds=seconds, detail=death)
    outcome = classify(report, target, sandbox, seconds)
    if m.op == "special":
        leaked = specials.leaked(sandbox.out, (CANARY, OUTSIDE_CANARY))
        if leaked or specials.snapshot(victim) != before:
            return Outcome("leak", outcome.command, outcome.exit_code, seconds,
                           leaked or "wrote outside the project (through a linked output folder)")
        if specials.SLOTS[m.where % len(specials.SLOTS)].startswith("output"):
            outcome.flags = [f for f in outcome.flags if f != "partial"]     # the case made that folder itself
    return outcome


def classify(report: dict, target: Target, sandbox: Sandbox, seconds: float) -> Outcome:
    if report.get("fatal"):
        return Outcome("traceback", [], seconds=seconds, detail=report["fatal"])
    results = report["results"]
    last = results[-1]
    cmd = [part for part in last["cmd"] if part != str(sandbox.root)][1:]
    text = "\n".join(r["output"] for r in results)
    if CANARY in text or OUTSIDE_CANARY in text:
        return Outcome("leak", cmd, last["code"], seconds, text[-300:])
    if last["error"] or "Traceback (most recent call last)" in text or last["code"] not in (0, 1, 2):
        return Outcome("traceback", cmd, last["code"], seconds, last["error"] or text[-300:])
    flags = []
    if last["code"] == 1:
        lines = [line for line in last["output"].splitlines() if line.strip() and not line.startswith("Building")]
        odd = [line for line in lines if not (PROBLEM_LINE.match(line) or SUMMARY.match(line))]
        if odd and last["cmd"][2] in ("validate", "score"):
            flags.append("unclear")
            last["output"] = "unclear line: " + odd[0][:200] + "\n" + last["output"]
        problems = [line.removeprefix("build failed: ") for line in lines
                    if not SUMMARY.match(line) or line.startswith("build failed: ")]
        nameless = [line for line in problems if not FILE_NAMED.match(line)]
        if nameless:
            flags.append("nofile")
            last["output"] = "no file named: " + nameless[0][:200] + "\n" + last["output"]
        if last["cmd"][2] == "build":
            if len(results) > 1 and results[0]["cmd"][2] == "validate":   # `i18n status` only reports
                flags.append("mismatch")
            if sandbox.out.exists() and not sandbox.out.is_symlink() and any(sandbox.out.rglob("*")):
                flags.append("partial")
        status = "refused"
    else:
        status = "ok" if last["code"] == 0 else "refused"
    return Outcome(status, cmd, last["code"], seconds, last["output"][:300], flags)


def random_mutation(rng: random.Random, kind: str) -> Mutation:
    ops = OPS + (("po_line", "po_line") if kind == "locale" else ()) + (("other_game",) if kind == "state" else ())
    return Mutation(rng.choice(ops), rng.randrange(1 << 30), rng.randrange(1 << 30))

