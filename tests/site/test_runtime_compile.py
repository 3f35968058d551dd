"""The calculator's Python compiled ahead (generator/site/runtime_compile.py): Node.js runs the
pinned Pyodide once and writes the standard library and the wheels with each module a score
imports as bytecode, the same bytes on every run (pinned); the site serves them, and the scoring
bundle compiled too. Without Node.js the build says so in one line and serves the sources."""
from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

import pytest

from generator.site import runtime_compile, runtime_fetch
from tests.conftest import pnp
from tests.site.conftest import runtime_or_skip


def _runtime_copy(into: Path) -> Path:
    """The pinned runtime's files in a folder of the test's own (hard links: 16 MB not copied)."""
    source = runtime_or_skip()
    if not runtime_compile.compilable(source):
        pytest.skip(f"{source} is not the pinned runtime")
    (into / "pyodide").mkdir(parents=True)
    for name in runtime_fetch.PYODIDE_FILES:
        for copy in (name, f"{name}.br", f"{name}.gz"):       # (the compressed copies too: none made)
            if runtime_fetch.regular(source / "pyodide" / copy):
                os.link(source / "pyodide" / copy, into / "pyodide" / copy)
    for wheel in runtime_fetch.WHEELS:
        (into / "wheels").mkdir(parents=True, exist_ok=True)
        os.link(source / "wheels" / wheel.name, into / "wheels" / wheel.name)
    return into


def _pyc_flags(data: bytes) -> int:
    return int.from_bytes(data[4:8], "little")


@pytest.mark.slow   # Node.js starts Pyodide twice: 10-20 s on a busy machine
def test_compiled_ahead_to_the_pinned_bytes_and_served_by_the_site(tmp_path, monkeypatch):
    if not runtime_compile.node():
        pytest.skip("Node.js is not installed")
    folder = _runtime_copy(tmp_path / "runtime")
    monkeypatch.setenv("PNP_RUNTIME_DIR", str(folder))
    runtime_compile.compile_runtime(folder)          # raises unless every file is the pinned bytes
    assert runtime_compile.available(folder)
    stdlib = zipfile.ZipFile(folder / "compiled" / "python_stdlib.zip")
    names = set(stdlib.namelist())
    # what a score imports: bytecode only, an unchecked-hash .pyc (no timestamp, never re-validated)
    assert "typing.pyc" in names and "typing.py" not in names and "json/decoder.pyc" in names
    assert _pyc_flags(stdlib.read("typing.pyc")) == 0b01
    # what it does not import keeps its source: nothing the calculator could ask for is missing
    assert "tomllib/__init__.py" in names and "tomllib/__init__.pyc" not in names
    pydantic = zipfile.ZipFile(folder / "compiled" / "pydantic-2.14.3-py3-none-any.whl").namelist()
    assert "pydantic/main.pyc" in pydantic and "pydantic/main.py" not in pydantic

    out = tmp_path / "out"
    result = pnp("build", "taverna", "--lang", "en", "--only", "rules", "--out", str(out))
    assert result.exit_code == 0, result.output
    served = out / "site" / "assets" / "calculator"
    assert (served / "pyodide" / "python_stdlib.zip").read_bytes() == (folder / "compiled" / "python_stdlib.zip").read_bytes()
    bundle = zipfile.ZipFile(io.BytesIO((served / "scoring.zip").read_bytes())).namelist()
    assert "scoring/api.pyc" in bundle and not [n for n in bundle if n.endswith(".py")]
    # the phone keeps the compiled runtime apart from the sources' (another cache name)
    assert "+compiled" in (out / "site" / "taverna" / "en-score.html").read_text("utf-8")
    # a compiled file altered in the cache is named by `pnp fetch-runtime --check`
    wheel = folder / "compiled" / "annotated_types-0.8.0-py3-none-any.whl"
    data = bytearray(wheel.read_bytes())
    data[100] ^= 0xFF
    wheel.write_bytes(bytes(data))
    result = pnp("fetch-runtime", "--check")
    assert result.exit_code == 1 and "compiled/annotated_types-0.8.0-py3-none-any.whl" in result.stderr, result.output


def test_without_node_the_build_says_so_in_one_line_and_serves_the_sources(tmp_path, monkeypatch):
    folder = _runtime_copy(tmp_path / "runtime")
    monkeypatch.setenv("PNP_RUNTIME_DIR", str(folder))
    monkeypatch.setenv("PNP_NODE", "")
    out = tmp_path / "out"
    result = pnp("build", "taverna", "--lang", "en", "--only", "rules", "--out", str(out))
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if "Node.js" in line]
    assert len(notes) == 1 and notes[0].startswith("note: "), result.stderr
    served = out / "site" / "assets" / "calculator"
    assert (served / "pyodide" / "python_stdlib.zip").read_bytes() == (folder / "pyodide" / "python_stdlib.zip").read_bytes()
    assert not (folder / "compiled").exists()
    assert "scoring/api.py" in zipfile.ZipFile(served / "scoring.zip").namelist()


def test_a_failed_compilation_is_said_and_not_paid_for_again_by_every_build(tmp_path, monkeypatch):
    folder = _runtime_copy(tmp_path / "runtime")
    monkeypatch.setenv("PNP_RUNTIME_DIR", str(folder))
    monkeypatch.setenv("PNP_NODE", "/bin/false")          # a Node.js that fails
    seen = []
    for build in ("one", "two"):
        result = pnp("build", "taverna", "--lang", "en", "--only", "rules", "--out", str(tmp_path / build))
        assert result.exit_code == 0, result.output
        seen.append(result.stderr)
    assert "Compiling" in seen[0] and "Compiling" not in seen[1], seen
    for stderr in seen:
        notes = [line for line in stderr.splitlines() if "could not be compiled ahead" in line]
        assert len(notes) == 1 and notes[0].startswith("note: "), stderr
    assert "fetch-runtime` tries again" in seen[1]
    assert not runtime_compile.available(folder)
