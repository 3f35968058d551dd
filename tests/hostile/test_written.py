"""Output is exactly what pnp writes (issue 48): leftovers named like a staging or old folder are
examined without being followed or opened, nothing of a shipped output/ that pnp did not write
survives a build or is served, a project's own site files are used only when the user trusts
them, and `pnp new` writes through no link. Every run is bounded (a regression hangs no test run)."""
from __future__ import annotations

import functools
import http.client
import os
import subprocess
import sys
import threading

import pytest

from generator.site.serve import PreviewServer, QuietHandler
from tests.conftest import list_as_written, pnp

from .projects import TRUST, bounded, demo, site_copy


def _victim(tmp_path):
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "id_rsa").write_text("key")
    return victim


@pytest.mark.parametrize("command", [("export", "png", "demo", "--dpi", "36"), ("build", "demo", "--only", "rules")])
def test_a_linked_old_folder_is_removed_never_swapped_in(tmp_path, command):
    """`.output.old-99999 -> ~/somewhere` and no output/: export renamed the link into place and
    hard-linked the target's files into output/."""
    root = demo(tmp_path)
    victim = _victim(tmp_path)
    (root / ".output.old-99999").symlink_to(victim)
    run = bounded(root, *command, timeout=60)
    assert run.code == 0, run.output
    assert not os.path.lexists(root / ".output.old-99999")
    assert not (root / "output").is_symlink() and not list((root / "output").rglob("id_rsa"))
    assert sorted(os.listdir(victim)) == ["id_rsa"]


@pytest.mark.parametrize("command", [("export", "png", "demo", "--dpi", "36"), ("build", "demo", "--only", "rules")])
def test_a_pipe_named_like_a_leftover_is_unlinked_not_opened(tmp_path, command):
    """`mkfifo .output.staging-99999` hung build and export (shutil.rmtree opened it)."""
    root = demo(tmp_path)
    os.mkfifo(root / ".output.staging-99999")
    (root / ".output.old-99998").mkdir()
    os.mkfifo(root / ".output.old-99998" / "pipe")
    (root / "output").mkdir()
    run = bounded(root, *command, timeout=30)
    assert run.code == 0, ("hung" if run.code is None else run.output)
    assert not list(root.glob(".output.*"))


def test_an_output_that_is_a_pipe_is_one_line(tmp_path):
    """`output` a FIFO: export swapped it in and hung."""
    root = demo(tmp_path)
    os.mkfifo(root / "output")
    for command in (("export", "png", "demo", "--dpi", "36"), ("build", "demo", "--only", "rules")):
        run = bounded(root, *command, timeout=30)
        assert run.code is not None, "hung"
        assert run.one_line_failure() and "output: not a folder" in run.output, run.output


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_pipe_in_output_named_like_the_sites_staging_does_not_hang_serve(tmp_path):
    """`output/.site.staging-99999` a FIFO hung `pnp serve` before it listened (its rebuild)."""
    root = demo(tmp_path)
    (root / "output").mkdir()
    os.mkfifo(root / "output" / ".site.staging-99999")
    code = ("import sys; from pathlib import Path; from generator.site.serve import rebuild; "
            "sys.exit(0 if rebuild(Path(sys.argv[1]), Path(sys.argv[1]) / 'output', ['demo'], False) else 1)")
    done = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (root / "output" / "site" / "index.html").is_file()
    assert not os.path.lexists(root / "output" / ".site.staging-99999")


def test_nothing_pnp_did_not_write_survives_a_build(tmp_path):
    """A shipped `output/site/index.html.gz`, a stray `output/site/evil.com/index.html` and a list
    claiming them were carried into the new build (and served)."""
    root = demo(tmp_path)
    site = root / "output" / "site"
    (site / "evil.com").mkdir(parents=True)
    (site / "evil.com" / "index.html").write_text("<script>evil()</script>")
    (site / "index.html.gz").write_bytes(b"evil")
    (root / "output" / "demo" / "en").mkdir(parents=True)
    (root / "output" / "demo" / "en" / "cards.pdf").write_bytes(b"%PDF-1.4 not pnp's")
    (root / "output" / "notes.txt").write_text("stray")
    (root / "output" / ".pnp-written").write_text('{"files": {"site/index.html.gz": "x"}, "mac": "0"}')
    run = bounded(root, "build", "demo", "--only", "rules", timeout=60)
    assert run.code == 0, run.output
    left = {str(p.relative_to(root / "output")) for p in (root / "output").rglob("*")}
    assert not {"site/evil.com", "site/index.html.gz", "notes.txt", "demo/en/cards.pdf"} & left
    assert "evil" not in (site / "index.html").read_text() and "cards.pdf" not in (site / "demo" / "en.html").read_text()


def _get(port: int, path: str, accept: str | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Accept-Encoding": accept} if accept else {})
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


@pytest.fixture
def serve_out():
    servers = []

    def start(site):
        server = PreviewServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site),
                                                                   hosts=["127.0.0.1"]))
        threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        servers.append(server)
        return server.server_address[1]
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_server_sends_only_what_pnp_wrote(tmp_path, serve_out):
    """A `.gz` beside a page was sent instead of the page (any regular `.gz` was preferred)."""
    root = demo(tmp_path)
    assert pnp("build", "demo", "--only", "rules", root=root).exit_code == 0
    site = root / "output" / "site"
    (site / "index.html.gz").write_bytes(b"\x1f\x8b evil")
    (site / "evil.com").mkdir()
    (site / "evil.com" / "index.html").write_text("evil")
    port = serve_out(site)
    home = _get(port, "/", "gzip, br")
    assert home.status == 200 and home.getheader("Content-Encoding") is None
    assert home.body == (site / "index.html").read_bytes()
    assert _get(port, "/evil.com/").status == 404
    (site / "index.html").write_text("edited in place")       # no longer the bytes pnp wrote
    assert _get(port, "/").status == 404


def test_a_folders_redirect_keeps_one_leading_slash(tmp_path, serve_out):
    """`GET /%2F%2Fevil.com` answered `301 Location: ///evil.com/` (another site, for a browser)."""
    site = tmp_path / "site"
    (site / "evil.com").mkdir(parents=True)
    (site / "evil.com" / "index.html").write_text("page")
    list_as_written(tmp_path)
    port = serve_out(site)
    for path in ("/%2F%2Fevil.com", "//evil.com", "/%2Fevil.com"):
        answer = _get(port, path)
        assert answer.status == 301 and answer.getheader("Location") == "/evil.com/", (path, answer.getheader("Location"))


SCRIPT = "<script>stolen()</script>"


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_projects_site_code_is_used_only_when_trusted(tmp_path):
    """A `<script>` in base.html and code in site.js passed validate and ran on every page."""
    root = demo(tmp_path)
    site = site_copy(root)
    (site / "base.html").write_text((site / "base.html").read_text().replace("</head>", SCRIPT + "</head>"))
    (site / "site.js").write_text("stolen();\n")
    run = bounded(root, "build", "demo", "--only", "rules", timeout=60)
    assert run.code == 0, run.output
    built = root / "output" / "site"
    assert not any("stolen" in p.read_text(errors="replace") for p in built.rglob("*") if p.suffix in (".html", ".js"))
    notes = [line for line in run.lines() if line.startswith("layouts/site/")]
    assert len(notes) == 1 and "base.html, site.js" in notes[0], run.output
    trusted = bounded(root, "build", "demo", "--only", "rules", timeout=60, env=TRUST)
    assert trusted.code == 0, trusted.output
    assert SCRIPT in (built / "demo" / "en.html").read_text() and "stolen" in (built / "assets" / "site.js").read_text()
    assert not [line for line in trusted.lines() if line.startswith("layouts/site/")]


@pytest.mark.parametrize("link", ["layouts/lanterns.yaml", "cards/lanterns"])
def test_pnp_new_writes_through_no_link(tmp_path, link):
    """`pnp new lanterns` wrote through a dangling `layouts/lanterns.yaml -> outside` and through
    `cards/lanterns -> outside` (it checked `.exists()` only)."""
    root = tmp_path / "project"
    (root / "layouts").mkdir(parents=True)
    (root / "cards").mkdir()
    (root / link).symlink_to(tmp_path / "outside")
    result = pnp("new", "lanterns", root=root)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{link} is a link" in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not os.path.lexists(tmp_path / "outside")


def test_a_shipped_cache_entry_is_never_taken_for_a_product(tmp_path):
    """Cache entries are named `<key>-<hash of their bytes>`, and a key is computed from the
    project: a shipped `output/.pnp-cache/` could hold a rules.pdf of its own under the right name."""
    import hashlib
    root = demo(tmp_path)
    assert pnp("build", "demo", "--only", "rules", root=root).exit_code == 0
    cache = root / "output" / ".pnp-cache"
    pdf = (root / "output" / "demo" / "en" / "rules.pdf").read_bytes()
    entry = next(p for p in cache.iterdir() if p.read_bytes() == pdf)
    forged = pdf.replace(b"%%EOF", b"% not pnp's\n%%EOF")
    entry.unlink()
    (cache / f"{entry.name.rpartition('-')[0]}-{hashlib.sha256(forged).hexdigest()}").write_bytes(forged)
    (root / "output" / ".pnp-written").unlink()        # as shipped: no list signed with this user's key
    assert pnp("build", "demo", "--only", "rules", root=root).exit_code == 0
    assert b"not pnp's" not in (root / "output" / "demo" / "en" / "rules.pdf").read_bytes()
    assert not any(b"not pnp's" in p.read_bytes() for p in cache.iterdir())


def test_a_chosen_output_folder_of_someone_elses_files_is_refused_not_emptied(tmp_path):
    """A commit keeps only what pnp wrote: `--out ~/Desktop` must be refused, not emptied."""
    root = demo(tmp_path)
    desk = tmp_path / "desk"
    desk.mkdir()
    (desk / "letter.txt").write_text("mine")
    result = pnp("build", "demo", "--only", "rules", "--out", str(desk), root=root)
    assert result.exit_code == 1 and "holds files pnp did not write" in result.output, result.output
    assert (desk / "letter.txt").read_text() == "mine" and sorted(os.listdir(desk)) == ["letter.txt"]
    assert pnp("build", "demo", "--only", "rules", "--out", str(tmp_path / "new"), root=root).exit_code == 0
    assert pnp("build", "demo", "--only", "rules", "--out", str(tmp_path / "new"), root=root).exit_code == 0
