"""The calculator's sitecustomize (layouts/site/calc_cache.py) on a restored interpreter: the
packages' files are not unpacked at the start (their modules are in the snapshot), and are
unpacked, all of them, the first time Python imports a module of theirs it does not hold.
Run in a host Python subprocess (the module installs its finders where it is imported)."""
from __future__ import annotations

import subprocess
import sys
import zipfile

from tests.conftest import ROOT

PROBE = """
import os, sys
sys.path.insert(0, {home!r})
exec(open({cache!r}).read())
unpack_later([{archive!r}], ["kept", "late"], {home!r})
before = sorted(os.listdir({home!r}))
import late.part
print(before, late.part.VALUE, os.path.isfile(os.path.join({home!r}, "kept", "__init__.py")))
"""


def test_a_restored_interpreter_unpacks_the_packages_only_when_python_asks(tmp_path):
    archive, home = tmp_path / "packages.zip", tmp_path / "home"
    home.mkdir()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("kept/__init__.py", "")
        z.writestr("late/__init__.py", "")
        z.writestr("late/part.py", "VALUE = 42\n")
        z.writestr("late-1.0.dist-info/RECORD", "")
    probe = PROBE.format(home=str(home), cache=str(ROOT / "layouts" / "site" / "calc_cache.py"), archive=str(archive))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    # nothing unpacked at the start; the import found its module, and the rest came with it
    assert done.stdout.split() == ["[]", "42", "True"], done.stdout


STDLIB_PROBE = """
import os, sys, zipfile
sys.path.insert(0, {zip!r})
import kept_std                               # zipimport holds the zip's directory, as a snapshot does
real = open({zip!r}, "rb").read()
with zipfile.ZipFile({zip!r}, "w"):          # a restored start: an empty zip in the library's place
    pass
exec(open({cache!r}).read())
mounted = []
def mount():
    mounted.append(1)
    open({zip!r}, "wb").write(real)
path = stdlib_later(mount)
import kept_std                               # held already: no finder asked, nothing read
before = len(mounted)
import late_std                               # a miss: the library is read first, then found
print(path == {zip!r}, before, late_std.VALUE, len(mounted), sys.pnp_stdlib_later.missed)
"""


def test_a_restored_interpreter_reads_the_standard_library_only_when_an_import_misses(tmp_path):
    library = tmp_path / "python314.zip"
    with zipfile.ZipFile(library, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("kept_std.py", "")
        z.writestr("late_std.py", "VALUE = 7\n")
    probe = STDLIB_PROBE.format(zip=str(library), cache=str(ROOT / "layouts" / "site" / "calc_cache.py"))
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "0", "7", "1", "['late_std']"], done.stdout
