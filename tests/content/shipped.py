"""The player-visible texts the project ships, and the rulebooks they summarise.

Used by the content tests: texts are read with PyYAML's safe loader (no project code), so a
test here checks the data itself, whatever the generator does with it.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "cards"
SHARED = ROOT.parent / "shared"
SEEDS = SHARED / "seeds"
LANGS = ("fr", "en", "de", "ja")

# Rulebooks per language (see shared/seeds/README.md). German has none.
RULEBOOKS = {
    "fr": ["000_61354c8d307465e8.txt", "001_0afdec851dc39752.txt", "004_6f22a368a5bef1bc.txt"],
    "en": ["002_c8879d74f159e830.txt"],
    "ja": ["003_2ca1c10b5837995a.txt"],
}

# Keys of aid/rules files that are structure, not text.
STRUCTURE_KEYS = {"id", "each", "show", "card"}


# libyaml's safe loader when the PyYAML wheel has it: the same data, ~10x faster (the content
# tests read the shipped files hundreds of times); chosen here, not taken from datafile, so that
# these tests read the data without the project's code
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse(text: str):
    return yaml.load(text, Loader=SAFE_LOADER)


def load(path: Path):
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=SAFE_LOADER)


def deck(game: str, name: str) -> dict:
    """A deck file by its file name (cards/<game>/<name>.yaml)."""
    return load(CARDS / game / f"{name}.yaml")


def card(game: str, deck_name: str, card_id: str) -> dict:
    for entry in deck(game, deck_name)["cards"]:
        if entry["id"] == card_id:
            return entry
    raise KeyError(f"{game}/{deck_name}: no card {card_id!r}")


def rules(game: str, lang: str) -> dict:
    return load(CARDS / game / "rules" / f"{lang}.yaml")


def aid(game: str, lang: str) -> dict:
    return load(CARDS / game / "aid" / f"{lang}.yaml")


def aid_card_text(game: str, lang: str) -> str:
    """Every string of a game's aid card in one language, one per line."""
    return "\n".join(all_strings(load(CARDS / game / "aid-card" / f"{lang}.yaml")))


def all_strings(node) -> list[str]:
    """Every string under a node of an aid or rules file, structure keys left out."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [s for item in node for s in all_strings(item)]
    if isinstance(node, dict):
        return [s for key, value in node.items() if key not in STRUCTURE_KEYS for s in all_strings(value)]
    return []


def section(game: str, lang: str, section_id: str) -> str:
    """All the text of one rules section (title, body, subsections), joined."""
    def find(sections):
        for sec in sections or []:
            if sec.get("id") == section_id:
                return sec
            found = find(sec.get("sections"))
            if found:
                return found
        return None

    found = find(rules(game, lang)["sections"])
    if found is None:
        raise KeyError(f"{game} rules {lang}: no section {section_id!r}")
    return "\n".join(all_strings(found))


def rules_text(game: str, lang: str) -> str:
    return "\n".join(all_strings(rules(game, lang)))


def aid_text(game: str, lang: str) -> str:
    return "\n".join(all_strings(aid(game, lang)))


def _translated(value, lang: str) -> list[str]:
    """The `lang` strings of a card value: {fr, en, de, ja} dicts, nested in props."""
    if isinstance(value, dict):
        if lang in value and set(value) <= set(LANGS):
            return [value[lang]] if isinstance(value[lang], str) else []
        return [s for v in value.values() for s in _translated(v, lang)]
    if isinstance(value, list):
        return [s for v in value for s in _translated(v, lang)]
    return []


def shipped_texts(lang: str):
    """(where, text) for every player-visible text of a language: cards, aids, rules."""
    for game_dir in sorted(p for p in CARDS.iterdir() if p.is_dir()):
        for path in sorted(game_dir.glob("*.yaml")):
            data = load(path)
            if not isinstance(data, dict) or "cards" not in data:
                continue
            for key in ("name", "shortfall"):
                for text in _translated(data.get(key), lang):
                    yield f"{path.relative_to(ROOT)}: {key}", text
            for entry in data["cards"]:
                for key in ("name", "text", "props"):
                    for text in _translated(entry.get(key), lang):
                        yield f"{path.relative_to(ROOT)}: {entry['id']}.{key}", text
        for kind in ("aid", "rules"):
            path = game_dir / kind / f"{lang}.yaml"
            if path.exists():
                for text in all_strings(load(path)):
                    yield str(path.relative_to(ROOT)), text


# --- comparing wording -------------------------------------------------------------------

_MARKUP = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\[\[.*?\]\]|:[a-z][a-z0-9-]*:")


def words(text: str) -> list[str]:
    """Lower-case words, numbers and markup left out (they are facts or names, not wording)."""
    text = unicodedata.normalize("NFKC", _MARKUP.sub(" ", text)).lower()
    return re.findall(r"[^\W\d_]+", text)


def ja_chars(text: str) -> str:
    """Japanese text reduced to its letters: no spaces, punctuation, digits or markup."""
    text = unicodedata.normalize("NFKC", _MARKUP.sub(" ", text)).lower()
    return "".join(ch for ch in text if unicodedata.category(ch)[0] == "L")


def ngrams(items, n: int) -> set:
    return {tuple(items[i:i + n]) for i in range(len(items) - n + 1)}


def shared_runs(text: str, book_grams: set, n: int, lang: str) -> list[str]:
    units = list(ja_chars(text)) if lang == "ja" else words(text)
    joiner = "" if lang == "ja" else " "
    return [joiner.join(g) for g in ngrams(units, n) if g in book_grams]


def rulebook_grams(lang: str, n: int) -> set:
    grams: set = set()
    for name in RULEBOOKS[lang]:
        text = (SEEDS / name).read_text(encoding="utf-8")
        units = list(ja_chars(text)) if lang == "ja" else words(text)
        grams |= ngrams(units, n)
    return grams
