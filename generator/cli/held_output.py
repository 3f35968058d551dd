"""What a watched rebuild prints, held back until its files are known unchanged (`pnp build
--watch`): a save that began while the rebuild read them may have shown it half a file, and
its problems are of a state no save produced."""
from __future__ import annotations

import io
import sys
from contextlib import contextmanager
from typing import Iterator, TextIO


class _Held(io.StringIO):
    """Stands in for stdout or stderr: keeps each write, in order with the other stream's.
    A terminal if the real stream is one, so that click keeps the colours it would have sent."""

    held = True

    def __init__(self, real: TextIO, lines: list[tuple[TextIO, str]]):
        super().__init__()
        self.real, self.lines = real, lines

    def write(self, text: str) -> int:
        if not isinstance(text, str):     # click probes for a binary stream with b""
            raise TypeError("a text stream")
        if text:
            self.lines.append((self.real, text))
        return len(text)

    def isatty(self) -> bool:
        return self.real.isatty()


@contextmanager
def held() -> Iterator[list[tuple[TextIO, str]]]:
    """Within: what is printed to stdout and stderr is kept in the list given, not shown."""
    lines: list[tuple[TextIO, str]] = []
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Held(out, lines), _Held(err, lines)
    try:
        yield lines
    finally:
        sys.stdout, sys.stderr = out, err


def is_held(stream: TextIO) -> bool:
    return getattr(stream, "held", False)


def show(lines: list[tuple[TextIO, str]]) -> None:
    """Print what was held, each piece to the stream it was meant for."""
    for stream, text in lines:
        stream.write(text)
    for stream in {id(s): s for s, _ in lines}.values():
        stream.flush()
