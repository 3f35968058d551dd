"""`pnp fetch-runtime`: download the score calculator's runtime (Pyodide and pydantic's
WebAssembly wheels) into the user's cache, once; `pnp build` and `pnp serve` call the same
thing on first need, and say in one line what to run when it cannot be done (offline)."""
from __future__ import annotations

import sys
from contextlib import ExitStack

import click

from ..site import runtime, runtime_compile, runtime_fetch

NEEDED = "the score calculator needs its runtime"


def has_calculator(game) -> bool:
    from ..site.pages import has_calculator as has
    return has(game)


def ensure_runtime(quiet: bool = False) -> bool:
    """True when the runtime is in place, fetched now if need be (with a progress bar); when
    it cannot be fetched, one line says so and which command fetches it later."""
    if not runtime.available():     # (a folder without the compressed copies is used as it is)
        try:
            _fetch(runtime.runtime_dir(), quiet)
        except (runtime_fetch.FetchError, OSError) as exc:
            reason = exc if isinstance(exc, runtime_fetch.FetchError) else f"{exc.strerror or exc} ({exc.filename})"
            size = _mb(runtime_fetch.download_size(runtime_fetch.missing(runtime.runtime_dir())[0]))
            click.secho(f"note: {NEEDED} ({size} to download once): {reason}; run `pnp fetch-runtime` when online "
                        f"(until then, score pages point to the score pad)", fg="yellow", err=True)
            return False
    note = compile_ahead(runtime.runtime_dir(), quiet)
    if note:
        click.secho(f"note: {note}", fg="yellow", err=True)
    return runtime.available()


def compile_ahead(folder, quiet: bool = False, again: bool = False) -> str:
    """The runtime's Python compiled by Node.js, once per machine (runtime_compile.py); "" when it
    is there or made now, else why not (the site then serves the sources: a slower first visit).
    A failure is remembered, so that builds do not pay for it again; `again` (fetch-runtime) retries."""
    if runtime_compile.available(folder) or not runtime_compile.compilable(folder):
        return ""
    if not runtime_compile.node():
        return ("Node.js not found: the score calculator serves Python sources, which a phone compiles on "
                "its first visit (a few seconds more); install Node.js (20 was tested) and run `pnp fetch-runtime`")
    failed = runtime_compile.failure(folder)
    if failed and not again:
        return f"{failed}; `pnp fetch-runtime` tries again"
    if not quiet:
        click.echo("Compiling the score calculator's Python ahead with Node.js (once, about 20 s)", err=True)
    try:
        runtime_compile.compile_runtime(folder)
    except (runtime_compile.CompileError, OSError) as exc:
        reason = (f"the score calculator's Python could not be compiled ahead: {exc}; its sources are served "
                  f"instead (a slower first visit)")
        runtime_compile.remember_failure(folder, reason)
        return reason
    return ""


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def _fetch(folder, quiet: bool) -> None:
    """Download what is missing, then compress; the bars (and the line above them) appear with
    the first byte received: offline, the only output is the caller's one line."""
    todo, _squeeze = runtime_fetch.missing(folder)
    with ExitStack() as stack:
        bars = {}

        def bar(kind: str, length: int):
            if kind not in bars:
                if kind == "download" and not quiet:
                    click.echo(f"Fetching the score calculator's runtime ({_mb(length)}, once) into {folder}",
                               err=True)
                label = "Downloading" if kind == "download" else "Compressing for the site"
                bars[kind] = stack.enter_context(click.progressbar(length=length, label=label, file=sys.stderr,
                                                                   item_show_func=lambda name: name))
            return bars[kind]

        total = runtime_fetch.download_size(todo)
        runtime_fetch.fetch(folder, progress=lambda name, n: bar("download", total).update(n, name),
                            compress_progress=lambda name, n: bar("compress", runtime_fetch.compressible_size())
                            .update(n, name))


@click.command("fetch-runtime")
@click.option("--check", is_flag=True, help="Also check every file of the runtime against its pinned SHA-256.")
def fetch_runtime(check):
    """Download the score calculator's runtime (Pyodide, pydantic) into your cache, once.

    Pinned versions from registry.npmjs.org and files.pythonhosted.org, each file checked
    against the SHA-256 committed with pnp-studio. `pnp build` does this on first need;
    run it yourself before going offline. $PNP_RUNTIME_DIR chooses the folder."""
    folder = runtime.runtime_dir()
    try:
        _fetch(folder, quiet=False)
    except runtime_fetch.FetchError as exc:
        click.secho(f"error: {exc}", fg="red", err=True)
        sys.exit(1)
    except OSError as exc:
        click.secho(f"error: cannot write the runtime into {folder}: {exc.strerror or exc} "
                    f"(set PNP_RUNTIME_DIR to a writable folder)", fg="red", err=True)
        sys.exit(1)
    note = compile_ahead(folder, again=True)
    if note:
        click.secho(f"note: {note}", fg="yellow", err=True)
    if check:
        bad = runtime_fetch.verify(folder) + runtime_compile.verify(folder)
        if bad:
            click.secho(f"error: {', '.join(bad)} in {folder} differ from the pinned files: delete them and run "
                        f"`pnp fetch-runtime` again", fg="red", err=True)
            sys.exit(1)
    size = sum(p.stat().st_size for p in runtime.files().values() if not p.name.endswith((".br", ".gz")))
    click.echo(f"runtime ready in {folder} ({_mb(size)}; Pyodide {runtime_fetch.PYODIDE_VERSION}, "
               f"pydantic {runtime_fetch.PYDANTIC_VERSION})")
