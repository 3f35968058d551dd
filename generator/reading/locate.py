"""Where a project's files are: the user's folder first, then the data bundled with pnp.

A project is a folder holding cards/<game>/ and, optionally, layouts/ and locales/ (as mkdocs
finds its mkdocs.yml). Whatever the folder lacks — fonts, sheets.yaml, fonts.yaml, the shared
layouts, interface strings, the three bundled games — comes from the bundled data: in a source
checkout the repository's own cards/, layouts/ and locales/; in an installed wheel
generator/bundled/ (copied there by the build hook in build_hooks.py, see pyproject.toml).
A file of the user's folder wins over the bundled file of the same name.
"""
from __future__ import annotations

import os
import stat
from functools import lru_cache
from pathlib import Path

from datafile.errors import BuildError, DataError
from datafile.source import MAX_FILE_BYTES, open_checked, read_bytes, system_devices

DATA_FOLDERS = ("cards", "layouts", "locales")
MAX_INPUT_FILES = 10_000    # files under one input folder (the largest shipped one: ~60)
# the largest file of each kind read (docs/limits.md); data, catalogues, templates: MAX_FILE_BYTES
MAX_FONT_BYTES = 64_000_000     # a font, of layouts/fonts/ or a game folder (shipped: 4.7 MB; CJK fonts ~20 MB)
MAX_ART_BYTES = 64_000_000      # a PNG or JPEG of card art
MAX_SVG_BYTES = 8_000_000       # an SVG of card art (its nodes are counted too: card_face/images.py)
MAX_SHEET_BYTES = 16_000_000    # an .xlsx (its parts are bounded once unzipped: loading/spreadsheet.py)
# a file modified this recently is never trusted by its stat: a second write within one tick of
# the file system's clock can leave the same size and time (git's "racy" files)
SETTLED_NS = 2 * 10 ** 9
TRUETYPE_MAGIC = (b"\x00\x01\x00\x00", b"true")    # the first bytes of a TrueType font file
CFF_MAGIC = b"OTTO"     # an OpenType font with PostScript (CFF) outlines: made TrueType (typeset/cff_outlines.py)


@lru_cache(maxsize=1)
def bundled_root() -> Path:
    package = Path(__file__).resolve().parents[1]          # generator/
    installed = package / "bundled"
    if (installed / "layouts").is_dir():
        return installed
    return package.parent                                  # a source checkout: beside generator/


def is_project(folder: Path) -> bool:
    return any((folder / "cards").glob("*/game.yaml"))


def find_root(start: Path | None = None, environ: dict | None = None) -> Path:
    """The project folder for a command run in `start` (the working directory): $PNP_ROOT if
    set, else the nearest of `start` and its parents that holds cards/<game>/game.yaml, else
    `start` itself (the bundled games are still available by name, output goes there)."""
    environ = os.environ if environ is None else environ
    if environ.get("PNP_ROOT"):
        return Path(environ["PNP_ROOT"]).resolve()
    start = (start or Path.cwd()).resolve()
    for folder in (start, *start.parents):
        if is_project(folder):
            return folder
    return start


def search_path(root: Path) -> tuple[Path, ...]:
    """The folders files are read from: the project's, then the data bundled with pnp. Also
    where a file may lead (`read_input`): a link inside the project may point at the other."""
    root, bundled = root.resolve(), bundled_root()
    return (root,) if root == bundled else (root, bundled)


def read_input(root: Path, path: Path, limit: int = MAX_FILE_BYTES, name: str | None = None,
               expected: str = "a regular file of the project") -> bytes:
    """The bytes of a file the project supplies (a licence, a font, a site asset or template, a
    spreadsheet, art): datafile.source.read_bytes's rule, within the project's folder and the
    bundled data. DataError (one line naming the file) otherwise."""
    return read_bytes(path, name or relative(root, path), limit, search_path(root), expected)


def locate(root: Path, *parts: str) -> Path:
    """The first of root/parts, bundled/parts that exists; root/parts when neither does (so an
    error names the file the user would create)."""
    for base in search_path(root):
        if (base.joinpath(*parts)).exists():
            return base.joinpath(*parts)
    return root.joinpath(*parts)


def locate_inside(root: Path, folder: tuple[str, ...], name: str) -> tuple[Path, Path]:
    """(file, its folder) for a file named in data that must stay inside `folder` (layouts/fonts,
    say): the project's copy, else the bundled one. Only the folder is searched, never a path the
    name leads to elsewhere; callers check `inside(file, folder)`."""
    for base in search_path(root):
        directory = base.joinpath(*folder)
        if (directory / name).exists() and inside(directory / name, directory):
            return directory / name, directory
    directory = root.joinpath(*folder)
    return directory / name, directory


def inside(path: Path, folder: Path) -> bool:
    """Whether `path`, symlinks resolved, stays inside `folder`: data never names files elsewhere."""
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False


def game_font(folder: Path, name: str) -> Path:
    """The font file `name` of the game folder: inside it (no ../, no absolute path), then the
    read rule's checks (datafile.source.open_checked: a regular file, no link leading out, at most
    MAX_FONT_BYTES), and a single TrueType or CFF OpenType font by its first bytes; BuildError (one line)
    otherwise. Only those 4 bytes are read: the project is loaded often, a CJK font is ~20 MB."""
    path = folder / name
    if Path(name).is_absolute() or not inside(path, folder):
        raise BuildError(f"font file '{name}' is outside the game folder; put it in {folder.name}/ "
                         f"(e.g. {folder.name}/fonts/{Path(name).name}) and name it from there")
    try:
        with open_checked(path, name, MAX_FONT_BYTES, (folder,), "a font file (.ttf or .otf)") as handle:
            magic = handle.read(4)
    except (DataError, OSError) as exc:
        if not path.exists():
            found = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.[to]tf"))
            raise BuildError(f"font file '{name}' not found in {folder.name}/"
                             + (f" (it has {', '.join(found[:5])})" if found else "")) from None
        reason = exc.problems[0].message if isinstance(exc, DataError) else f"cannot read file ({exc.strerror})"
        raise BuildError(f"font file '{name}': {reason}") from None
    if magic not in TRUETYPE_MAGIC and magic != CFF_MAGIC:
        kind = {b"ttcf": "is a collection of several fonts"}.get(magic, "is not a TrueType or OpenType font")
        raise BuildError(f"font file '{name}' {kind}: use a single font file (.ttf or .otf)")
    return path


def game_dirs(root: Path) -> dict[str, Path]:
    """Every game by id: the bundled ones, overridden by the project's own of the same id."""
    found: dict[str, Path] = {}
    for base in reversed(search_path(root)):
        found.update({p.parent.name: p.parent for p in (base / "cards").glob("*/game.yaml")})
    return dict(sorted(found.items()))


def own_games(root: Path) -> list[str]:
    """The games a bare `pnp build` builds: the project's own, or every bundled game when the
    folder has none."""
    own = sorted(p.parent.name for p in (root / "cards").glob("*/game.yaml"))
    return own or list(game_dirs(root))


def layout_paths(root: Path) -> dict[str, Path]:
    """layouts/*.yaml by file stem (the first part of a layout id), the project's over the bundled."""
    found: dict[str, Path] = {}
    for base in reversed(search_path(root)):
        found.update({p.stem: p for p in sorted((base / "layouts").glob("*.yaml"))})
    return dict(sorted(found.items()))


def catalogue_paths(root: Path, lang: str) -> list[Path]:
    """locales/<lang>/LC_MESSAGES/<domain>.po by domain: the project's file replaces the bundled
    file of the same domain (as layout files do), so a project's own catalogue is the whole truth."""
    found: dict[str, Path] = {}
    for base in reversed(search_path(root)):
        found.update({p.name: p for p in sorted((base / "locales" / lang / "LC_MESSAGES").glob("*.po"))})
    return [found[name] for name in sorted(found)]


def input_files(folder: Path, within: tuple[Path, ...] | None = None) -> list[Path]:
    """Every regular file under `folder`, sorted: what the cache hashes as a folder's content.

    Symbolic links are followed (a project may link its fonts folder in), each real folder once
    (a link to a parent is no loop); devices, pipes and sockets are skipped (reading /dev/zero
    never ends, opening a pipe waits for a writer), and so are dangling links, files of /proc
    and /sys (procfs reports its files as regular: /proc/self/pagemap reads on and on) and,
    given `within` (search_path), links leading out of those folders, which are not walked
    either: nothing reads there (read_bytes refuses it). A folder holding more than
    MAX_INPUT_FILES files is refused."""
    found: list[Path] = []
    bases = [os.path.realpath(base) for base in within] if within is not None else None
    system = system_devices()
    seen = {os.path.realpath(folder)}
    for here, dirs, names in os.walk(folder, followlinks=True):
        kept = []
        for name in sorted(dirs):
            real = os.path.realpath(os.path.join(here, name))
            if bases is not None and not any(real == b or real.startswith(b.rstrip(os.sep) + os.sep) for b in bases):
                continue     # a link to a folder elsewhere (/, ~): nothing there is read, nor walked
            if real not in seen:
                seen.add(real)
                kept.append(name)
        dirs[:] = kept
        for name in sorted(names):
            path = os.path.join(here, name)
            try:
                st = os.stat(path)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or st.st_dev in system:
                continue
            if bases is not None:
                real = os.path.realpath(path)
                if not any(real == b or real.startswith(b.rstrip(os.sep) + os.sep) for b in bases):
                    continue
            found.append(Path(path))
        if len(found) > MAX_INPUT_FILES:
            raise BuildError(f"{folder} holds more than {MAX_INPUT_FILES:,} files (links followed): an input "
                             "folder holds data, layouts and art; remove the link that leads elsewhere")
    return sorted(found)



def relative(root: Path, path: Path) -> str:
    """A path as messages show it: relative to the project when inside it."""
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


@lru_cache(maxsize=1)
def system_families() -> tuple[str, ...]:
    """The font families fontconfig lists on this system (`fc-list`), for a "did you mean";
    none where fontconfig is not installed."""
    import shutil
    import subprocess
    if not shutil.which("fc-list"):
        return ()
    try:
        listed = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    return tuple(sorted({name.strip() for line in listed.splitlines() for name in line.split(",") if name.strip()}))


# families fontconfig substitutes for another with the same widths (its 30-metric-aliases.conf):
# a layout written for Arial sets its lines where Arial would
METRIC_ALIKES = {
    "arial": ("Liberation Sans", "Arimo", "Albany", "Albany AMT"),
    "arial narrow": ("Liberation Sans Narrow",),
    "times new roman": ("Liberation Serif", "Tinos", "Thorndale", "Thorndale AMT"),
    "courier new": ("Liberation Mono", "Cousine", "Cumberland", "Cumberland AMT"),
    "helvetica": ("Nimbus Sans", "Nimbus Sans L", "TeX Gyre Heros"),
    "times": ("Nimbus Roman", "Nimbus Roman No9 L", "TeX Gyre Termes"),
    "courier": ("Nimbus Mono PS", "Nimbus Mono", "Nimbus Mono L", "TeX Gyre Cursor"),
    "georgia": ("Gelasio",), "cambria": ("Caladea",), "calibri": ("Carlito",),
    "palatino": ("P052", "TeX Gyre Pagella", "Palatino Linotype"),
}


# the generic families of Pango and fontconfig (Squib's `font: "Serif Bold 12"`): each system
# prints them in a family of its own choosing
GENERIC_FAMILIES = ("serif", "sans", "sans-serif", "monospace")


def system_font(family: str) -> Path | None:
    """The TrueType file fontconfig has for `family` (`fc-match`, where installed), or None: when
    fontconfig only offers a stand-in of another family (a metric-compatible one excepted:
    system_substitute), or a file pnp cannot embed (a .ttc collection); an .otf with PostScript
    outlines is taken when fontconfig has no TrueType file of the family, and converted. A system
    font differs between machines: a layout that must print the same everywhere keeps its fonts
    in the game folder."""
    found = _fc_match(family)
    return found[1] if found else None


def system_substitute(family: str) -> str | None:
    """The metric-compatible family fontconfig prints `family` in (Liberation Sans for Arial),
    or None when it has `family` itself or nothing usable."""
    found = _fc_match(family)
    return found[0] if found else None


def system_style(family: str, bold: bool, italic: bool) -> Path | None:
    """The TrueType file of `family`'s bold, italic or bold italic face on this system (`fc-match
    "Family:bold"`), or None when fontconfig has only another style of it (its regular, which it
    would hand out for any style) or nothing usable."""
    if not (bold or italic):
        return system_font(family)
    found = _fc_match(family, ":".join(s for s, wanted in (("bold", bold), ("italic", italic)) if wanted))
    # fontconfig answers a style a family lacks with its regular file, emboldened or slanted
    return found[1] if found and found[1] != system_font(family) else None


@lru_cache(maxsize=64)
def _fc_match(family: str, style: str = "") -> tuple[str | None, Path] | None:
    """(the substitute's family or None, the TrueType file) fontconfig gives for `family` in
    `style` ("", "bold", "italic", "bold:italic"); None when the file lacks the style asked for."""
    import shutil
    import subprocess
    if not family or len(family) > 100 or not shutil.which("fc-match"):
        return None
    for fontformat in ("TrueType", "CFF"):    # a CFF .otf is converted (typeset/cff_outlines.py)
        try:
            found = subprocess.run(["fc-match", "-f", "%{family}\n%{file}\n%{weight}\n%{slant}", "--",
                                    family + (f":{style}" if style else "") + f":fontformat={fontformat}"],
                                   capture_output=True, text=True, timeout=5).stdout.splitlines()
        except (OSError, subprocess.SubprocessError):
            return None
        chosen = _fc_chosen(family, style, found)
        if chosen:
            return chosen
    return None


def _fc_chosen(family: str, style: str, found: list[str]) -> tuple[str | None, Path] | None:
    """fc-match's answer (family names, file, weight, slant) if it is `family` (or a metric alike)
    in the style asked for, in one font file pnp can embed."""
    if len(found) != 4:
        return None
    weight, slant = (int(v) if v.strip().isdigit() else 0 for v in found[2:])
    if ("bold" in style and weight < 180) or ("italic" in style and slant < 100):   # fontconfig's semibold, italic
        return None
    found = found[:2]
    names = [name.strip() for name in found[0].split(",")]
    alike = {name.casefold() for name in METRIC_ALIKES.get(family.casefold().strip(), ())}
    if family.casefold() in {name.casefold() for name in names}:
        substitute = None
    elif any(name.casefold() in alike for name in names):
        substitute = next(name for name in names if name.casefold() in alike)
    elif family.casefold().strip() in GENERIC_FAMILIES:   # Pango's `Serif`: whatever this system chose
        substitute = names[0]
    else:
        return None
    path = Path(found[1])
    if path.suffix.lower() not in (".ttf", ".otf") or not path.is_file():
        return None
    with open(path, "rb") as handle:
        return (substitute, path) if handle.read(4) in (*TRUETYPE_MAGIC, CFF_MAGIC) else None
