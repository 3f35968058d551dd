"""The code's layering holds: generator stages import only the stages before them, scoring stands
alone, datafile is the foundation (contracts in pyproject.toml, checked by import-linter)."""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_import_contracts_hold():
    run = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
                          "lint_imports_command()"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "3 kept, 0 broken" in run.stdout


def test_scoring_imports_without_the_pipeline():
    code = ("import sys, scoring.san_gimignano, scoring.tournay, scoring.taverna, scoring.api; "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'jinja2', 'generator'}); "
            "print(bad); sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr

