"""Build hook (setuptools, see [tool.setuptools] cmdclass in pyproject.toml): the wheel carries the
top-level cards/, layouts/ and locales/ as package data under generator/bundled/.

The folders stay at the top of the repository, where users and the docs expect them; an editable
install and a checkout read them there (generator/reading/locate.py), an installed wheel from
generator/bundled/. Copying in build_py keeps one source of truth and needs no symlinks.
"""
from __future__ import annotations

from pathlib import Path

from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_FOLDERS = ("cards", "layouts", "locales", "examples/scores")   # the last: `pnp score GAME --example`


class BuildPy(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's own folders
        for folder in DATA_FOLDERS:
            for source in sorted((HERE / folder).rglob("*")):
                if source.is_file() and "__pycache__" not in source.parts:
                    target = Path(self.build_lib, "generator", "bundled", source.relative_to(HERE))
                    self.mkpath(str(target.parent))
                    self.copy_file(str(source), str(target), preserve_mode=False)
