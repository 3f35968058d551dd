"""A scratch project made with `pnp new`, for the authoring tests."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import pnp


def new_game(root: Path, name: str = "spice-road", *args: str) -> Path:
    """`pnp new NAME` in an empty project folder; returns the game folder."""
    result = pnp("new", name, *args, root=root)
    assert result.exit_code == 0, result.output
    return root / "cards" / name


def add_deck(game_dir: Path, deck: str, body: str) -> Path:
    """A deck file added to the game and listed in its game.yaml."""
    (game_dir / f"{deck}.yaml").write_text(body, encoding="utf-8")
    game_file = game_dir / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    game_file.write_text(text.replace("decks: [cards]", f"decks: [cards, {deck}]"), encoding="utf-8")
    return game_dir / f"{deck}.yaml"


def add_layouts(root: Path, body: str, name: str = "spice-road") -> None:
    """Layouts (`body`, indented under `layouts:`) added before the back layout `pnp new` wrote."""
    layout = root / "layouts" / f"{name}.yaml"
    text = layout.read_text(encoding="utf-8")
    assert "\n  back:\n" in text
    layout.write_text(text.replace("\n  back:\n", "\n" + body + "  back:\n", 1), encoding="utf-8")


def sheet_game(root: Path, sheet: str, regions: str) -> Path:
    """A `pnp new` game with a deck `heroes` read from `sheet` (CSV text), drawn by a layout `hero`
    of `regions` (YAML indented for regions:); the game's folder."""
    game = new_game(root)
    add_deck(game, "heroes", "deck: heroes\nname: {en: Heroes}\nsize: poker\nlayout: spice-road/hero\n"
                             "cards_from: heroes.csv\n")
    (game / "heroes.csv").write_text(sheet)
    add_layouts(root, "  hero:\n    regions:\n" + regions)
    return game


def edit_layout(root: Path, old: str, new: str, name: str = "spice-road") -> int:
    """`old` replaced by `new` once in the game's layout file; the line `old` began on."""
    layout = root / "layouts" / f"{name}.yaml"
    text = layout.read_text()
    assert old in text
    layout.write_text(text.replace(old, new, 1))
    return text.split(old)[0].count("\n") + 1


def cards_text(root: Path, lang: str = "en", name: str = "spice-road") -> str:
    """The text of the game's cards.pdf in `lang`, built (cards only) into root/out: the build must succeed."""
    from pypdf import PdfReader
    out = root / "out"
    built = pnp("build", name, "--lang", lang, "--only", "cards", "--out", str(out), root=root)
    assert built.exit_code == 0, built.output
    return "".join(page.extract_text() for page in PdfReader(out / name / lang / "cards.pdf").pages)


def warnings_of(result) -> list[str]:
    """The warning lines of a command's output."""
    return [row for row in result.output.splitlines() if row.startswith("warning: ")]


def one_warning(root: Path, command: str, game: str = "spice-road") -> str:
    """The one warning line of `pnp validate GAME` or `pnp build GAME` (the English cards only,
    into ROOT/out), which must succeed."""
    extra = ("--only", "cards", "--lang", "en", "--out", str(root / "out")) if command == "build" else ()
    result = pnp(command, game, *extra, root=root)
    assert result.exit_code == 0, result.output
    warned = warnings_of(result)
    assert len(warned) == 1, result.output
    return warned[0]


def lines_of(result) -> list[str]:
    """A command's problem lines: its summary, warnings and notes left out."""
    return [line for line in result.output.splitlines()
            if line.strip() and "problem(s) found" not in line and "Nothing was written" not in line
            and not line.startswith(("skipped", "warning", "note"))]


def refused_line(root: Path, name: str = "spice-road") -> str:
    """The one line of a `pnp validate` that refuses the game."""
    result = pnp("validate", name, root=root)
    assert result.exit_code == 1, result.output
    lines = lines_of(result)
    assert len(lines) == 1, result.output
    return lines[0]
