"""All-or-nothing file output: everything is written to temporary files beside its target,
and renamed into place only when every file of the run has been written."""
from __future__ import annotations

import os
from pathlib import Path


class Staging:
    """Collects finished temporary files; `commit` renames them, `discard` removes them."""

    def __init__(self):
        self._pending: list[tuple[Path, Path]] = []

    def temporary(self, target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        self._pending.append((tmp, target))
        return tmp

    def staged(self) -> dict[Path, Path]:
        """target -> temporary file, for what this run has written so far (the site copies them)."""
        return {target: tmp for tmp, target in self._pending}

    def commit(self) -> list[Path]:
        written = []
        for tmp, target in self._pending:
            os.replace(tmp, target)
            written.append(target)
        self._pending.clear()
        return written

    def discard(self) -> None:
        for tmp, _target in self._pending:
            tmp.unlink(missing_ok=True)
        self._pending.clear()

    def __enter__(self) -> "Staging":
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None:
            self.discard()
