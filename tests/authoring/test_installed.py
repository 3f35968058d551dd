"""`pip install .` gives a working tool (issue 14): a wheel — not an editable install — is built,
installed into a fresh virtual environment, and `pnp` runs from a folder outside the checkout: it
makes a new game there and builds it with the bundled layouts and fonts, and still builds a
bundled game by name."""
from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT

pytestmark = pytest.mark.slow   # builds a wheel and a venv


def run(cmd, cwd, env=None):
    result = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, env=env)
    assert result.returncode == 0, f"{cmd}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(pnp executable, its python, environment) of a fresh venv holding only the built wheel; its
    dependencies come from this interpreter's site-packages through a .pth line (no network)."""
    tmp = tmp_path_factory.mktemp("installed")
    # build from a copy of the source tree: setuptools leaves a build/ folder where it builds
    source = tmp / "source"
    def skip(folder, names):
        top = {".git", "output", "build"} if Path(folder) == ROOT else set()
        return [n for n in names if n in top or n.endswith(".egg-info") or n in ("__pycache__", ".pytest_cache")]

    shutil.copytree(ROOT, source, ignore=skip)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp / "dist", source], cwd=tmp)
    wheel = next((tmp / "dist").glob("pnp_studio-*.whl"))
    venv.EnvBuilder(with_pip=False).create(tmp / "venv")
    python = tmp / "venv" / "bin" / "python"
    target = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], tmp).stdout.strip())
    # the dependencies, appended after the venv's own site-packages (a .pth line adds a path but
    # does not run that folder's .pth files, so this checkout's editable install stays out)
    (target / "deps.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", target, wheel], tmp)
    env = {k: v for k, v in os.environ.items() if k not in ("PNP_ROOT", "PYTHONPATH")}
    pnp = [python, "-m", "generator.cli"]
    return wheel, pnp, python, env


def test_the_wheel_carries_data_not_the_checkout(installed):
    wheel, pnp, python, env = installed
    names = zipfile.ZipFile(wheel).namelist()
    for expected in ("generator/bundled/cards/tournay/game.yaml", "generator/bundled/layouts/fonts/Cardo-Regular.ttf",
                     "generator/bundled/layouts/sheets.yaml", "generator/bundled/locales/fr/LC_MESSAGES/pnp.po",
                     "generator/bundled/layouts/site/site.css", "generator/cli/scaffold/cards/__game__/game.yaml"):
        assert expected in names
    where = run([python, "-c", "import generator; print(generator.__file__)"], cwd=wheel.parent, env=env).stdout
    assert str(ROOT) not in where and "site-packages" in where


def test_a_new_game_builds_in_any_folder(installed, tmp_path):
    _, pnp, python, env = installed
    run([*pnp, "new", "river-trade"], cwd=tmp_path, env=env)
    assert (tmp_path / "cards" / "river-trade" / "game.yaml").exists()
    assert not (tmp_path / "layouts" / "fonts").exists()   # the bundled fonts are used
    sub = tmp_path / "cards" / "river-trade"
    built = run([*pnp, "build"], cwd=sub, env=env)      # found from a subfolder, like git
    assert "score-pad.pdf" in built.stderr
    out = tmp_path / "output" / "river-trade" / "en"
    assert sorted(p.name for p in out.iterdir()) == ["calibration-page.pdf", "cards-fold-over.pdf",
                                                     "cards-ink-saver.pdf", "cards.pdf", "player-aid-card.pdf",
                                                     "player-aid.pdf", "rules.pdf"]
    text = "".join(page.extract_text() for page in PdfReader(out / "cards.pdf").pages)
    assert "Market" in text and "Harbour" in text
    fonts = subprocess.run(["pdffonts", out / "cards.pdf"], capture_output=True, text=True).stdout
    assert "Cardo" in fonts and " no " not in fonts.split("\n", 2)[2]


def test_bundled_games_stay_available_anywhere(installed, tmp_path):
    _, pnp, python, env = installed
    listed = run([*pnp, "list"], cwd=tmp_path, env=env).stdout
    assert "tournay" in listed and "san-gimignano" in listed and "taverna" in listed
    run([*pnp, "build", "san-gimignano", "--lang", "en", "--only", "cards"], cwd=tmp_path, env=env)
    pdf = tmp_path / "output" / "san-gimignano" / "en" / "cards.pdf"
    assert "Donazione" in PdfReader(pdf).pages[2].extract_text()     # after the instructions sheet


def test_calibrate_speaks_every_bundled_language_in_a_folder_without_locales(installed, tmp_path):
    """The README's `pnp calibrate --lang fr` in a fresh folder: the installed catalogues are used
    (it failed with `No such file or directory (…/locales)`); an unknown language is one line."""
    _, pnp, python, env = installed
    for lang, word in (("fr", "Calibrage"), ("de", "Kalibrierung"), ("ja", "両面印刷")):
        out = tmp_path / f"calibration-{lang}.pdf"
        run([*pnp, "calibrate", "--lang", lang, "--out", out], cwd=tmp_path, env=env)
        text = "".join(page.extract_text() for page in PdfReader(out).pages)
        assert word in text and "Duplex calibration" not in text, lang
    refused = subprocess.run([*map(str, pnp), "calibrate", "--lang", "fra"], cwd=tmp_path, env=env,
                             capture_output=True, text=True)
    assert refused.returncode != 0 and not (tmp_path / "locales").exists()
    assert "--lang fra: no such language; did you mean fr?" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr


def test_the_installed_tool_points_at_what_it_ships(installed, tmp_path):
    """`pnp new` and `pnp score --help` pointed at docs/authoring.md and examples/scores/, which the
    wheel lacks: the new game gets a README.md, and the example state files come with pnp."""
    _, pnp, python, env = installed
    created = run([*pnp, "new", "river-trade"], cwd=tmp_path, env=env).stdout
    assert "cards/river-trade/README.md" in created and "docs/" not in created
    assert (tmp_path / "cards" / "river-trade" / "README.md").is_file()
    helped = run([*pnp, "score", "--help"], cwd=tmp_path, env=env).stdout
    assert "examples/scores" not in helped and "--example" in helped
    example = run([*pnp, "score", "san-gimignano", "--example"], cwd=tmp_path, env=env).stdout
    (tmp_path / "state.yaml").write_text(example, encoding="utf-8")
    scored = run([*pnp, "score", "san-gimignano", "state.yaml", "--lang", "de"], cwd=tmp_path, env=env).stdout
    assert "Sieger: William" in scored
