"""Projects the benchmarks build (benchmarks/run.py): San Gimignano alone with its decks scaled up,
and a copy of the whole project (fonts linked, not copied)."""
from __future__ import annotations

import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
GAME = "san-gimignano"


def _icons_for_renamed_nobles(layout_file: Path, scale: int) -> None:
    """The noble layout draws the icon `noble-<card id>`: each renamed copy `<id>-<k>` gets the
    icon of its original."""
    layouts = yaml.safe_load(layout_file.read_text(encoding="utf-8"))
    icons = layouts.get("icons") or {}
    for name, icon in list(icons.items()):
        if name.startswith("noble-"):
            icons.update({f"{name}-{k}": icon for k in range(scale)})
    layout_file.write_text(yaml.safe_dump(layouts, allow_unicode=True, sort_keys=False), encoding="utf-8")


def scaled_project(into: Path, scale: int, distinct: bool, source: Path = ROOT) -> Path:
    """A copy of the project with only San Gimignano, its decks SCALE times larger: as more
    copies of the same cards, or as SCALE times as many distinct cards (numbered names)."""
    root = into / f"project-{scale}-{'distinct' if distinct else 'copies'}-{abs(hash(source))}"
    (root / "cards").mkdir(parents=True)
    shutil.copytree(source / "cards" / GAME, root / "cards" / GAME)
    shutil.copytree(source / "layouts", root / "layouts", ignore=shutil.ignore_patterns("fonts"))
    (root / "layouts" / "fonts").symlink_to(source / "layouts" / "fonts")
    shutil.copytree(source / "locales", root / "locales")
    # within the data limits (copies of a card <= 100, entries per deck <= 500): more copies
    # become more entries, more entries become more decks of the same kind
    shutil.rmtree(root / "cards" / GAME / "rules")   # links to card ids that are renamed here
    game_file = root / "cards" / GAME / "game.yaml"
    game = yaml.safe_load(game_file.read_text(encoding="utf-8"))
    decks = []
    for deck in ("towers", "nobles"):
        path = root / "cards" / GAME / f"{deck}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if distinct:
            def numbered(name, k):
                return {lang: f"{text} {k}" for lang, text in name.items()} if isinstance(name, dict) else f"{name} {k}"
            cards = [dict(card, id=f"{card['id']}-{k}", name=numbered(card["name"], k))
                     for k in range(scale) for card in data["cards"]]
        else:
            cards = []
            for card in data["cards"]:
                total = card.get("copies", 1) * scale
                cards += [dict(card, id=f"{card['id']}-{k}", copies=min(100, total - k * 100))
                          for k in range((total + 99) // 100)]
        path.unlink()
        for i in range(0, len(cards), 400):
            name = deck if i == 0 else f"{deck}-{i // 400}"
            part = dict(data, deck=name, cards=cards[i:i + 400])
            part.pop("shortfall", None)
            (root / "cards" / GAME / f"{name}.yaml").write_text(
                yaml.safe_dump(part, allow_unicode=True, sort_keys=False), encoding="utf-8")
            decks.append(name)
    game["decks"] = decks
    game_file.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")
    _icons_for_renamed_nobles(root / "layouts" / f"{GAME}.yaml", scale)
    return root


def project_copy(into: Path, source: Path = ROOT) -> Path:
    root = into / f"project-full-{abs(hash(source))}"
    for name in ("cards", "locales"):
        shutil.copytree(source / name, root / name)
    shutil.copytree(source / "layouts", root / "layouts", ignore=shutil.ignore_patterns("fonts"))
    (root / "layouts" / "fonts").symlink_to(source / "layouts" / "fonts")
    return root
