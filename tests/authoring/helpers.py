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
