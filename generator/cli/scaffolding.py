"""The scaffold `pnp new` copies (generator/cli/scaffold/) and how its `${key}` placeholders are
filled; `pnp validate` reads it too, to know an example file left unchanged (cli/stubs.py)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

SCAFFOLD = Path(__file__).resolve().parents[1] / "cli" / "scaffold"
STRINGS = SCAFFOLD / "strings.yaml"          # the texts, not a file of the game
PLACEHOLDER = re.compile(r"\$\{([a-z_]+)(\|?)\}")


def scaffold_files(game: str, langs: list[str]) -> dict[str, tuple[Path, str | None]]:
    """Relative target path -> (scaffold file, its language or None for a file of every language)."""
    files = {}
    for path in sorted(SCAFFOLD.rglob("*")):
        if not path.is_file() or path == STRINGS:
            continue
        rel = str(path.relative_to(SCAFFOLD)).replace("__game__", game)
        for lang in (langs if "__lang__" in rel else [None]):
            files[rel.replace("__lang__", lang) if lang else rel] = (path, lang)
    return files


def fill(source: str, values: dict[str, str], texts: dict[str, dict[str, str]], langs: list[str],
         lang: str | None) -> str:
    """The scaffold file `source` with its placeholders filled (see the module's docstring)."""
    def text(key: str, in_lang: str) -> str:
        return texts.get(in_lang, texts["en"]).get(key) or texts["en"][key]

    def one(match: re.Match, indent: str | None = None) -> str:
        key, raw = match.group(1), match.group(2)
        if key in values:
            return values[key]
        if raw or lang:
            return text(key, lang or langs[0]) if raw else scalar(text(key, lang))
        quoted = {code: scalar(text(key, code)) for code in langs}
        if indent is not None:   # alone on its line: one line per language
            return f"\n{indent}".join(f"{code}: {value}" for code, value in quoted.items())
        return "{" + ", ".join(f"{code}: {value}" for code, value in quoted.items()) + "}"

    lines = []
    for line in source.splitlines(keepends=True):
        alone = re.fullmatch(r"( *)\$\{([a-z_]+)\}\n?", line)
        if alone and alone.group(2) not in values:
            lines.append(alone.group(1) + one(PLACEHOLDER.search(line), alone.group(1)) + "\n")
        else:
            lines.append(PLACEHOLDER.sub(one, line))
    return "".join(lines)


def scalar(value: str) -> str:
    """A YAML scalar as a person writes it: plain when it reads back as the same text (also inside
    `{…}`), else in double quotes."""
    plain = re.fullmatch(r"[^\W\d_][\w .'’!?()-]*", value) and yaml.safe_load(f"k: {value}") == {"k": value}
    return value if plain else json.dumps(value, ensure_ascii=False)
