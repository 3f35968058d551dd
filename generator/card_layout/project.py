"""The validated project a build reads: its games (game.yaml and decks) and the layouts, fonts
and sheets they are drawn with. catalog.load_project makes one."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

from datafile.errors import Problem

from ..reading.locate import relative
from ..model.grid import SheetGrid
from .layout_file import IconSpec
from ..model.model import Card, Deck, Game, Size
from ..model.sheets_file import FontsFile, SheetsFile

if TYPE_CHECKING:
    from .layouts import Layout, Layouts

T = TypeVar("T")


@dataclass
class GameData:
    game: Game
    decks: list[Deck]
    directory: Path
    deck_files: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.game.game

    def deck(self, deck_id: str) -> Deck:
        return next(d for d in self.decks if d.deck == deck_id)

    def grid_of(self, deck: Deck) -> SheetGrid | None:
        """The sheet grid a deck's cards are printed in: its own, else the game's (None: as the
        paper fits them, sharing sheets with other decks of their size)."""
        return deck.sheet or self.game.sheet

    def once(self, key: str, compute: Callable[[], T]) -> T:
        """What depends on the game's files only (aid data, rules, used icons), not on the product
        asking: computed once per loaded game and kept on it, so a reload starts afresh."""
        memo = self.__dict__.setdefault("_memo", {})
        if key not in memo:
            memo[key] = compute()
        return memo[key]


class _AnyName:
    """Every icon name, as far as `in` and `used - defined` ask (for a layout file that could not be read)."""
    def __contains__(self, name) -> bool:
        return True

    def __iter__(self):
        return iter(())

    def __rsub__(self, other) -> set:
        return set()


_ANY_NAME = _AnyName()


@dataclass
class Project:
    root: Path
    games: dict[str, GameData]
    layouts: "Layouts"
    fonts: FontsFile
    sheets: SheetsFile

    def icons_for(self, game_id: str) -> dict[str, IconSpec]:
        """Shared icons (layouts/icons.yaml) overlaid with the game's own."""
        return {**self.layouts.icons("icons"), **self.layouts.icons(game_id)}

    def defined_icons(self, game_id: str) -> set[str] | _AnyName:
        """Every icon name the layout files define, those refused for a mistake included: a text
        using one is not told "unknown icon" beside the mistake itself. When a layout file the game
        reads has a YAML syntax error, its icons are unknown: every name counts as defined, so the
        syntax error is the one line said."""
        if self.layouts.unread("icons") or self.layouts.unread(game_id):
            return _ANY_NAME
        return set(self.icons_for(game_id)) | self.layouts.broken_icons("icons") | self.layouts.broken_icons(game_id)

    def relative(self, path: Path) -> str:
        """A path as error messages show it: relative to the project when inside it."""
        return relative(self.root, path)

    def size_of(self, deck: Deck) -> Size:
        return self.sheets.sizes[deck.size] if isinstance(deck.size, str) else deck.size

    def layout_for(self, deck: Deck, card: Card) -> "Layout":
        from .layouts import layout_id
        size = self.size_of(deck)
        return self.layouts.sized(layout_id(deck, card), size.width, size.height)

    def back_layout(self, deck: Deck) -> "Layout":
        size = self.size_of(deck)
        return self.layouts.sized(deck.back.layout, size.width, size.height)

    def back_per_card(self, deck: Deck) -> bool:
        """The deck's back layout reads `card`: each card has a back of its own (face_memo.reads_card)."""
        from .face_memo import reads_card
        return deck.back is not None and reads_card(self.back_layout(deck))



def missing_language_file(project: Project, game: GameData, folder: str, lang: str) -> Problem:
    """The one problem for a player aid (`aid`) or rules file (`rules`) missing in `lang`: the
    loaders and the language check (languages.py) say the same, so it is reported once."""
    path = game.directory / folder / f"{lang}.yaml"
    others = sorted(p.stem for p in (game.directory / folder).glob("*.yaml") if p.stem not in (lang, "figures"))
    what = {"aid": "player aid", "aid-card": "aid card"}.get(folder, "rules")
    start = f"copy {folder}/{others[0]}.yaml and translate it" if others else "sections as `pnp new` writes them"
    return Problem(project.relative(path), 0, "", f"no {lang} {what} for {game.id}",
                   f"a file {project.relative(path)}: {start}")
