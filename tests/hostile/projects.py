"""A project folder as a stranger would send it (`pnp new demo` plus one change), and `pnp` run on
it as a separate process whose time and peak memory are measured (issue 30: every attack ends in
at most 5 s and under 500 MB, with one line)."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import ROOT, pnp

from .launcher import launcher

CAP_MB = 2000          # the child's address space: a bomb that escapes its budget dies here, not the machine
SECONDS, MEGABYTES = 5.0, 500


def demo(tmp_path: Path, lang: str = "en") -> Path:
    """cards/demo/ and layouts/demo.yaml, as `pnp new demo` writes them (the rest is bundled)."""
    root = tmp_path / "project"
    root.mkdir()
    result = pnp("new", "demo", "--lang", lang, root=root)
    assert result.exit_code == 0, result.output
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def layout_text(root: Path, template: str) -> None:
    """The card title's template replaced by `template`."""
    edit(root / "layouts" / "demo.yaml", 'text: "{{ card.name }}"', "text: " + json.dumps(template))


# the user's sign that a project's own layouts/site/ (code) may be used (issue 48)
TRUST = {"PNP_TRUST_SITE_CODE": "1"}


def site_copy(root: Path) -> Path:
    """The project's own layouts/site/ (a copy of the bundled one), to be changed; used only
    with TRUST in the environment."""
    import shutil
    shutil.copytree(ROOT / "layouts" / "site", root / "layouts" / "site")
    return root / "layouts" / "site"


@dataclass
class Run:
    code: int | None         # None: killed at the time limit
    output: str
    seconds: float           # wall clock
    cpu: float               # user + system seconds of the child
    megabytes: float         # its peak resident memory

    def lines(self) -> list[str]:
        return [line for line in self.output.splitlines() if line.strip() and not line.startswith("Building")]

    def one_line_failure(self) -> bool:
        """Exit 1 with what a user can act on: no traceback, no internal error."""
        return self.code == 1 and "Traceback" not in self.output and "internal error" not in self.output

    def within_budget(self) -> bool:
        return self.cpu <= SECONDS and self.megabytes < MEGABYTES


def bounded(root: Path, *args: str, env: dict | None = None, timeout: float = 60) -> Run:
    """`pnp --root ROOT ARGS` in a process of its own, under CAP_MB, killed after `timeout`
    seconds; its CPU time and peak memory are its own (wait4). The process is a fork of one that
    has imported pnp (launcher.py): the interpreter's start and the imports, ~0.25 s of CPU, are
    paid once per test process instead of once per run."""
    answer = launcher().run(["--root", str(root), *args], root, {**os.environ, **(env or {})}, CAP_MB, timeout)
    return Run(answer["code"], answer["output"], answer["seconds"], answer["cpu"], answer["megabytes"])
