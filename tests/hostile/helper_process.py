"""A helper process of the hostile tests (the fuzz server, the pnp launcher), spoken to in JSON
lines on two pipes of its own: not stdin/stdout, which a `pnp` run inside it may write to."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]


class HelperProcess:
    """`python -m MODULE REQUESTS_FD ANSWERS_FD`; ask() sends one request and reads its answer."""

    name = "helper"

    def __init__(self, module: str):
        to_helper, requests = os.pipe()
        answers, from_helper = os.pipe()
        self.process = subprocess.Popen([sys.executable, "-m", module, str(to_helper), str(from_helper)],
                                        cwd=ROOT, pass_fds=(to_helper, from_helper), stdin=subprocess.DEVNULL)
        os.close(to_helper)
        os.close(from_helper)
        self._send = os.fdopen(requests, "w", encoding="utf-8")
        self._receive = os.fdopen(answers, "r", encoding="utf-8")

    def read(self) -> dict:
        line = self._receive.readline()
        if not line:
            raise RuntimeError(f"the {self.name} stopped (exit code {self.process.poll()})")
        return json.loads(line)

    def ask(self, request: dict) -> dict:
        self._send.write(json.dumps(request) + "\n")
        self._send.flush()
        return self.read()

    def close(self, wait: float = 60) -> None:
        self._send.close()      # the end of the requests: the helper finishes and exits
        try:
            self.process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        finally:
            self._receive.close()


def answer_requests(requests_fd: int, answers_fd: int, answer: Callable[[dict], dict], first: dict | None = None) -> None:
    """The helper's side: `first` once (when it is ready), then one answer per request until the
    requests end."""
    answers = os.fdopen(answers_fd, "w", encoding="utf-8")
    for reply in ([first] if first is not None else []):
        answers.write(json.dumps(reply) + "\n")
        answers.flush()
    for line in os.fdopen(requests_fd, "r", encoding="utf-8"):
        answers.write(json.dumps(answer(json.loads(line))) + "\n")
        answers.flush()
