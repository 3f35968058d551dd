"""One rule for every file a project supplies (issue 30, items 1 and 6): a regular file, reached
without leaving the project or the bundled data, bounded before it is read; /proc, devices and
pipes refused. Each case used to publish a file from outside, hang, or exhaust memory."""
from __future__ import annotations

import os

import pytest

from tests.conftest import ROOT, pnp

from .projects import TRUST, bounded, demo, site_copy
from .test_budgets import with_art

SECRET = "s3cret-token-value"


def _fonts(root):
    (root / "layouts" / "fonts").mkdir(exist_ok=True)
    return root / "layouts" / "fonts"


def _no_secret(root) -> bool:
    return not any(SECRET in p.read_text(errors="replace") for p in root.rglob("*") if p.is_file()
                   and not p.is_symlink())


@pytest.mark.parametrize("make, name", [
    (lambda root: (_fonts(root) / "Cardo-LICENSE.txt").symlink_to("/proc/self/environ"),
     "layouts/fonts/Cardo-LICENSE.txt"),
    (lambda root: (site_copy(root) / "site.js").unlink() or (root / "layouts" / "site" / "site.js")
     .symlink_to("/proc/self/environ"), "layouts/site/site.js"),
    (lambda root: (site_copy(root) / "home.html").unlink() or (root / "layouts" / "site" / "home.html")
     .symlink_to("/proc/self/environ"), "layouts/site/home.html"),
])
def test_a_link_out_of_the_project_is_never_published(tmp_path, make, name):
    """`ln -s /proc/self/environ layouts/fonts/Cardo-LICENSE.txt` put the environment in the site."""
    root = demo(tmp_path)
    make(root)
    check = bounded(root, "validate", "demo", env={"PNP_TEST_SECRET": SECRET, **TRUST})
    assert check.one_line_failure() and f"{name}: a link leading outside the project folder" in check.output
    build = bounded(root, "build", "demo", "--only", "rules", env={"PNP_TEST_SECRET": SECRET, **TRUST})
    assert build.one_line_failure() and f"build failed: {name}: a link leading outside" in build.output
    assert SECRET not in check.output + build.output and _no_secret(root)


def test_an_included_template_that_is_a_link_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_TRUST_SITE_CODE", "1")
    root = demo(tmp_path)
    site = site_copy(root)
    (site / "evil.html").symlink_to("/etc/passwd")
    home = site / "home.html"
    home.write_text(home.read_text().replace("{% block body %}", "{% block body %}{% include 'evil.html' %}"))
    for command in (("validate", "demo"), ("build", "demo", "--only", "rules")):
        result = pnp(*command, root=root)
        assert result.exit_code == 1 and "layouts/site/evil.html: a link leading outside" in result.output
    assert not [p for p in (root / "output").rglob("*") if p.is_file()]


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
@pytest.mark.parametrize("folder, name, command", [
    ("fonts", "Cardo-LICENSE.txt", ("build", "demo", "--only", "rules")),
    ("site", "site.css", ("build", "demo", "--only", "rules")),
])
def test_devices_and_pipes_are_refused_quickly(tmp_path, target, folder, name, command):
    """/dev/zero as a licence exhausted memory (1.9 GB); a pipe waited for ever."""
    root = demo(tmp_path)
    where = _fonts(root) if folder == "fonts" else site_copy(root)
    (where / name).unlink(missing_ok=True)
    if target == "fifo":
        os.mkfifo(where / name)
    else:
        (where / name).symlink_to(target)
    run = bounded(root, *command, timeout=30, env=TRUST)
    assert run.code is not None, "hung"
    assert run.one_line_failure() and f"layouts/{folder}/{name}: " in run.output, run.output
    assert run.within_budget(), (run.cpu, run.megabytes)


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
@pytest.mark.parametrize("relative", ["cards/demo/aid/fr.yaml", "cards/demo/rules/fr.yaml", "layouts/site/game.html"])
def test_the_language_checks_read_by_the_same_rule(tmp_path, target, relative):
    """validate's language checks (the icons named in aid and rules files, the site templates'
    labels) read those files with read_text(): a pipe there hung validate, /dev/zero filled memory."""
    root = demo(tmp_path, "en,fr")
    if relative.startswith("layouts/site/"):
        site_copy(root)
    path = root / relative
    path.unlink(missing_ok=True)
    if target == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(target)
    run = bounded(root, "validate", "demo", timeout=30, env=TRUST)
    assert run.code is not None, "hung"
    assert run.one_line_failure() and f"{relative}: " in run.output, run.output
    assert run.within_budget(), (run.cpu, run.megabytes)


def test_a_pipe_as_a_font_says_so(tmp_path):
    root = demo(tmp_path)
    os.mkfifo(_fonts(root) / "Cardo-Regular.ttf")
    run = bounded(root, "build", "demo", "--only", "cards", timeout=30)
    assert run.one_line_failure() and "'Cardo-Regular.ttf' is not a regular file" in run.output, run.output
    assert run.within_budget()


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_procfs_in_a_game_folder_is_not_hashed(tmp_path):
    """/proc/self/pagemap reports itself as a regular file: the cache's hashing never ended."""
    root = demo(tmp_path)
    (root / "cards" / "demo" / "pagemap").symlink_to("/proc/self/pagemap")
    (root / "cards" / "demo" / "everything").symlink_to("/")
    run = bounded(root, "build", "demo", "--only", "cards", timeout=30)
    assert run.code == 0 and run.within_budget(), run.output


def test_an_svg_image_that_is_a_pipe_is_refused(tmp_path):
    root = demo(tmp_path)
    with_art(root, "pic.svg")
    art = root / "cards" / "demo" / "art"
    os.mkfifo(art / "pipe.png")
    (art / "pic.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                                 'width="10" height="10"><image xlink:href="pipe.png" width="5" height="5"/></svg>')
    run = bounded(root, "build", "demo", "--only", "cards", timeout=30)
    assert run.code is not None, "hung"
    assert run.one_line_failure() and "pipe.png: not a regular file" in run.output and run.within_budget()


@pytest.mark.parametrize("relative", ["layouts/evil.yaml", "locales/fr/LC_MESSAGES/demo.po", "cards/demo/sheet.csv",
                                      "cards/demo/cards.yaml"])
def test_data_files_that_lead_out_of_the_project_are_refused(tmp_path, relative):
    root = demo(tmp_path, "fr")
    outside = tmp_path / "outside"
    outside.mkdir()
    source = outside / "data"
    source.write_text(f"# {SECRET}\n")
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    path.symlink_to(source)
    if relative.endswith(".csv"):
        deck = root / "cards" / "demo" / "cards.yaml"
        deck.write_text(deck.read_text().replace("cards:\n", "cards_from: sheet.csv\ncards:\n", 1))
    result = pnp("validate", root=root)
    assert result.exit_code == 1 and SECRET not in result.output
    # a deck or a spreadsheet is refused earlier, by the game's own checks (the file is named)
    assert f"{relative}: a link leading outside the project folder" in result.output \
        or (relative.startswith("cards/") and "outside the game folder" in result.output
            or "is not a file of the game's folder" in result.output), result.output


def test_links_inside_the_project_still_work(tmp_path):
    """A project may keep a file elsewhere in its own folder: a link that stays inside is followed
    (and the tests' projects link layouts/fonts/ to the bundled fonts)."""
    root = demo(tmp_path)
    shared = root / "shared"
    shared.mkdir()
    (root / "layouts" / "demo.yaml").rename(shared / "demo.yaml")
    (root / "layouts" / "demo.yaml").symlink_to("../shared/demo.yaml")
    (root / "layouts" / "fonts").symlink_to(ROOT / "layouts" / "fonts")
    assert pnp("validate", "demo", root=root).exit_code == 0
    result = pnp("build", "demo", "--only", "cards", root=root)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("relative", ["cards/demo/aid-card/en.yaml", "cards/demo/rules/figures.yaml"])
def test_aid_card_and_figure_files_are_read_by_the_same_rule(tmp_path, relative):
    """The aid-card and figure files came after the rule; a link in their place was read from
    outside the project (and printed on the aid card) instead of refused on its own line."""
    root = demo(tmp_path)
    outside = tmp_path / "outside.yaml"
    outside.write_text(f"# {SECRET}\n")
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    path.symlink_to(outside)
    result = pnp("validate", root=root)
    assert result.exit_code == 1 and SECRET not in result.output
    assert any(line.startswith(f"{relative}: ") and "outside the project" in line
               for line in result.output.splitlines()), result.output
