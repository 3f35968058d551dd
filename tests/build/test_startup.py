"""Start-up: listing the commands and scoring a game load no PDF machinery (ReportLab)."""
from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import ROOT

PROBE = """
import json, sys
from generator.cli import main
try:
    main(sys.argv[1:], prog_name="pnp")
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'generator', 'jinja2'))),
      file=sys.stderr)
"""


def modules_after(*args: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True)
    return set(json.loads(result.stderr.strip().splitlines()[-1])), result.stdout


def test_help_imports_no_command_module():
    modules, out = modules_after("--help")
    assert not any(m.startswith("reportlab") for m in modules)
    assert "generator.cli.build" not in modules and "generator.cli.score" not in modules
    # the listing still shows every command with its first docstring line
    for name, start in (("build", "Build printables"), ("score", "Score the end of a game"),
                        ("validate", "Check the YAML")):
        assert any(line.split()[:1] == [name] and start in line for line in out.splitlines()), out


def test_score_imports_no_reportlab():
    modules, out = modules_after("score", "san-gimignano", "examples/scores/san-gimignano-rulebook.yaml")
    assert "Winner" in out
    assert not any(m.startswith("reportlab") for m in modules)


def test_listed_help_matches_each_command():
    """The help read from source is the help click would show after importing the command."""
    import click
    from generator.cli.main import main
    ctx = click.Context(main, info_name="pnp")
    for name in main.list_commands(ctx):
        expected = main.get_command(ctx, name).get_short_help_str(limit=500)
        assert click.Command(name, help=main._short_help(ctx, name)).get_short_help_str(500) == expected


def test_every_command_module_is_listed():
    """A module of generator/cli/ that defines a click command is one line of lazy_commands."""
    import ast
    from generator.cli.main import main
    listed = set(main.lazy_commands.values())
    for path in sorted((ROOT / "generator" / "cli").glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            decorators = [ast.unparse(d) for d in getattr(node, "decorator_list", [])]
            if isinstance(node, ast.FunctionDef) and any(d.startswith(("click.command", "click.group"))
                                                           for d in decorators) and node.name != "main":
                assert f"generator.cli.{path.stem}:{node.name}" in listed, f"{path.name}: {node.name}"


EXIT_PROBE = """
import sys
from generator.cli import run

class Cycle:
    def __init__(self):
        self.me = self
    def __del__(self):
        print("walked", file=sys.stderr)

kept = Cycle()      # alive until the interpreter's own exit (a run's project, fonts, pages...)
sys.argv = ["pnp", "--help"]
try:
    run()
except SystemExit:
    pass
import gc
print(gc.get_threshold()[2])
print("done", flush=True)
"""


def test_a_pnp_process_walks_its_heap_seldom_and_not_again_at_exit():
    """The `pnp` program (generator.cli.run) makes full collections ten times rarer than
    CPython does, and ends without the interpreter's last collections over everything the run
    made (0.28 s after a full build): the heap is frozen by the last exit handler. An object in
    a reference cycle, alive at the end, is then never collected, so never finalised; and the
    process still flushes its output and exits with its code."""
    import gc
    result = subprocess.run([sys.executable, "-c", EXIT_PROBE], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0
    *_, every, done = result.stdout.splitlines()
    assert done == "done"
    assert int(every) > 10 and gc.get_threshold()[2] == 10    # tests calling `main` keep theirs
    assert "walked" not in result.stderr


def test_version_says_the_installed_version_and_loads_no_command():
    """Issue 52: `pnp --version` was "no such option"."""
    from importlib.metadata import version
    modules, out = modules_after("--version")
    assert out.strip() == f"pnp {version('pnp-studio')}"
    assert "generator.cli.build" not in modules and not any(m.startswith("reportlab") for m in modules)
