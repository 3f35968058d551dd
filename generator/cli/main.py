"""The `pnp` command group. Each verb lives in its own module of this package and is imported
only when it runs (or when help lists it), so `pnp score` never loads the PDF machinery."""
from __future__ import annotations

import ast
import atexit
import gc
import importlib
import importlib.util
import os
import re
import sys
from pathlib import Path

import click

DEFAULT_ROOT = Path(__file__).resolve().parents[2]   # kept for callers; the root is found (find_root)


class LazyGroup(click.Group):
    """Commands imported only when invoked or listed. A new command is one line here, "name":
    "module:function" (tests/build/test_startup.py checks that every command module is listed)."""

    lazy_commands = {
        "build": "generator.cli.build:build",
        "calibrate": "generator.cli.calibrate:calibrate",
        "check": "generator.cli.check:check",
        "export": "generator.cli.export:export",
        "fetch-runtime": "generator.cli.fetch_runtime:fetch_runtime",
        "i18n": "generator.cli.i18n:i18n",
        "list": "generator.cli.list:list_",
        "new": "generator.cli.new:new",
        "score": "generator.cli.score:score",
        "serve": "generator.cli.serve:serve",
        "studio": "generator.cli.studio:studio",
        "validate": "generator.cli.validate:validate",
    }

    def format_commands(self, ctx, formatter):
        """`pnp --help` reads each command's help from its module's source (ast) instead of
        importing it, so listing the commands loads no ReportLab (tests/test_startup.py)."""
        rows = [(name, self._short_help(ctx, name)) for name in self.list_commands(ctx)]
        limit = formatter.width - 6 - max((len(name) for name, _ in rows), default=0)
        rows = [(name, click.Command(name, help=text).get_short_help_str(limit)) for name, text in rows]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def _short_help(self, ctx, name: str) -> str:
        if name in self.lazy_commands:
            module, _, attr = self.lazy_commands[name].partition(":")
            spec = importlib.util.find_spec(module)
            if spec and spec.origin:
                tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
                for node in tree.body:
                    if isinstance(node, ast.FunctionDef) and node.name == attr and ast.get_docstring(node):
                        return ast.get_docstring(node).split("\n\n")[0].replace("\n", " ")
        command = self.get_command(ctx, name)
        return command.get_short_help_str() if command else ""

    def invoke(self, ctx):
        """The last guard: an error no command foresaw (the machine's, such as a full disk or a
        lost permission, or a bug) is one line, not a traceback; PNP_DEBUG=1 shows the traceback."""
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort, SystemExit,
                BrokenPipeError):      # `pnp list | head`: click quiets the streams, exit 1
            raise
        except KeyboardInterrupt:   # Ctrl-C: click's "Aborted!" said neither what stopped nor what is left
            # build and export stage their files and put them in place at the end (paper/output.py):
            # stopped, they leave the output as it was; these others write nothing at all
            kept = ctx.invoked_subcommand in (None, "build", "export", "validate", "check", "list")   # None: not begun
            click.secho("stopped" + ("; nothing was written" if kept else ""), fg="red", err=True)
            sys.exit(130)
        except OSError as exc:
            if os.environ.get("PNP_DEBUG"):
                raise
            where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
            click.secho(f"error: {exc.strerror or exc}{where}", fg="red", err=True)
            sys.exit(1)
        except Exception as exc:  # noqa: BLE001 - see the docstring
            if os.environ.get("PNP_DEBUG"):
                raise
            click.secho(f"internal error: {type(exc).__name__}: {' '.join(str(exc).split())[:200]} (please report it; "
                        f"PNP_DEBUG=1 shows the traceback)", fg="red", err=True)
            sys.exit(1)

    def list_commands(self, ctx):
        return sorted([*super().list_commands(ctx), *self.lazy_commands])

    def get_command(self, ctx, name):
        if name in self.lazy_commands:
            module, _, attr = self.lazy_commands[name].partition(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


def _one_line(self: click.UsageError, file=None) -> None:
    """A usage error click states in four lines (the usage, a hint, a blank, the error), said in
    one as pnp's own usage errors are (common.usage_error): `pnp serve: no such option '--lang'
    (did you mean '--lan'?); pnp serve --help lists them`."""
    names, ctx = [], self.ctx
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name)
        ctx = ctx.parent
    command = " ".join(["pnp", *names])
    message = " ".join(self.format_message().split())
    message = re.sub(r"\.\s+\(?(Did you mean[^)]*)\)?\.?$", lambda m: f" (d{m.group(1)[1:]})", message)
    message = re.sub(r"\.\s+([A-Z])(?=[a-z])", lambda m: "; " + m.group(1).lower(), message).rstrip(".")
    message = message[:1].lower() + message[1:] if message[1:2].islower() else message
    click.secho(f"{command}: {message}; {command} --help lists what it takes", fg="red", err=True,
                color=self.ctx.color if self.ctx else None)


click.exceptions.UsageError.show = _one_line


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Project folder holding cards/ (and optionally layouts/, locales/); default: "
                   "$PNP_ROOT, else the working folder or its nearest parent holding cards/<game>/game.yaml.")
@click.option("--trust-site-code", is_flag=True, envvar="PNP_TRUST_SITE_CODE",
              help="Make the site from the project's own layouts/site/ (templates, scripts, service worker): "
                   "code that runs in the browser. Without it pnp uses its own site files.")
@click.version_option(package_name="pnp-studio", prog_name="pnp", message="%(prog)s %(version)s")
@click.pass_context
def main(ctx: click.Context, root: Path | None, trust_site_code: bool) -> None:
    """Print-and-play studio: card sheets, player aids, rules and scores from YAML."""
    ctx.ensure_object(dict)
    from ..reading import site_code
    site_code.trust(trust_site_code)     # every run decides anew (tests run many in one process)
    from ..reading.locate import find_root   # light: no PDF machinery
    ctx.obj["root"] = root.resolve() if root else find_root(Path.cwd(), os.environ)


FULL_COLLECTION_EVERY = 100   # second-generation collections (CPython's default: 10)


def run() -> None:
    """The `pnp` program: its console script and `python -m generator.cli` (tests call `main`
    in their own process). The cycle collector is set for a run of one command, which builds a
    large heap that lives to its end:
    - a full collection walks the whole heap, and CPython ran one for every tenth of the younger
      collections: five of them were 12 % of a `pnp validate` (0.2 s), eleven 4 % of a build. One
      for every hundredth: validate 0.88x, a `--jobs 1` build 0.95x, 2 % more peak memory; a
      process that stays (serve, --watch, studio) still makes one about once a build (a full
      build makes 143 younger ones);
    - at exit, the interpreter's last collections walked every object the run made again (0.28 s
      after a full build): the heap is frozen by the last exit handler, after every other (files
      closed, temporary folders removed, workers joined, as before)."""
    gc.set_threshold(*gc.get_threshold()[:2], FULL_COLLECTION_EVERY)
    atexit.register(gc.freeze)
    main()
