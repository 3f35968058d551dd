"""Every shipped text of a language respects that language's glossary (glossary/<lang>.yaml).

Shipped texts: the `<lang>:` values in cards/<game>/*.yaml and cards/<game>/rules/figures.yaml,
every string of cards/<game>/aid/<lang>.yaml, aid-card/<lang>.yaml and rules/<lang>.yaml, every msgstr of
locales/<lang>/LC_MESSAGES/*.po (for English, the source language, every msgid), and the icons'
`<lang>` labels in layouts/*.yaml (the icon legends and the site's screen-reader labels). A
glossary entry lists `forbidden` variants (whole words in Latin-script languages, substrings in
Japanese) and optional `forbidden_patterns` (regular expressions); `games` limits an entry to
those games' files, their own .po catalogue and layout, and the catalogues every game shares
(site, scoring, prompts: they speak on each game's pages) unless the entry says `shared: false`.
Jinja tags ({{ … }}, {% … %}) are replaced by a digit before matching, so a space left between a
tag and Japanese text is still caught. Reads data only: plain YAML and Babel, no generator code.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from tests.content import shipped

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = sorted((ROOT / "glossary").glob("*.yaml"))
LANGS = [p.stem for p in GLOSSARIES]
TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
SUBSTRING_LANGS = {"ja", "zh", "ko"}      # no spaces between words: match variants anywhere


@dataclass(frozen=True)
class Text:
    where: str          # file and key, for the failure message
    game: str | None    # None for catalogues shared by every game
    kind: str           # cards | aids | rules | interface | notes
    text: str


def _strings(node, path: str):
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, f"{path}[{i}]")


def _lang_values(node, lang: str, path: str):
    """The `lang:` values of a card file (names, texts, props, deck names, game.yaml)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == lang and isinstance(value, str):
                yield path, value
            elif isinstance(value, (dict, list)):
                yield from _lang_values(value, lang, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _lang_values(value, lang, f"{path}[{i}]")


def _card_kind(path: str) -> str:
    if ".cards[" in path and (".text" in path or ".props." in path):
        return "cards"
    if ".shortfall." in path:
        return "notes"
    if path.endswith(".description"):
        return "rules"
    return "interface"      # names of games, decks and cards


def shipped_texts(lang: str) -> list[Text]:
    texts: list[Text] = []
    for game_dir in sorted((ROOT / "cards").iterdir()):
        if not game_dir.is_dir():
            continue
        game = game_dir.name
        for f in sorted(game_dir.glob("*.yaml")):
            data = shipped.load(f)
            for path, value in _lang_values(data, lang, ""):
                texts.append(Text(f"{f.relative_to(ROOT)}{path}", game, _card_kind(path), value))
        for kind, sub in (("aids", "aid"), ("aids", "aid-card"), ("rules", "rules")):
            f = game_dir / sub / f"{lang}.yaml"
            if f.exists():
                data = shipped.load(f)
                for path, value in _strings(data, ""):
                    if path.endswith((".id", ".each", ".show", ".card", ".icons", ".key", ".side", ".reference")):
                        continue
                    texts.append(Text(f"{f.relative_to(ROOT)}{path}", game, kind, value))
        figures = game_dir / "rules" / "figures.yaml"      # callouts and captions, one text per language
        if figures.exists():
            for path, value in _lang_values(shipped.load(figures), lang, ""):
                texts.append(Text(f"{figures.relative_to(ROOT)}{path}", game, "rules", value))
    games = {p.name for p in (ROOT / "cards").iterdir() if p.is_dir()}
    source = lang == "en"       # English has no catalogue: its interface texts are the msgids
    folder = ROOT / "locales" / ("fr" if source else lang) / "LC_MESSAGES"
    for f in sorted(folder.glob("*.po")):
        with f.open("rb") as fh:
            catalog = read_po(fh)
        game = f.stem if f.stem in games else None
        for message in catalog:
            if not message.id or not (message.string or source):
                continue
            strings = message.id if source else message.string
            strings = strings if isinstance(strings, (list, tuple)) else [strings]
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            where = f"{f.relative_to(ROOT)}: msgid" if source else f"{f.relative_to(ROOT)}: {msgid!r}"
            for s in strings:
                texts.append(Text(where, game, "interface", s))
    for f in sorted((ROOT / "layouts").glob("*.yaml")):
        icons = (shipped.load(f) or {}).get("icons") or {}
        game = f.stem if f.stem in games else None
        for name, spec in icons.items():
            label = (spec or {}).get("label")
            if isinstance(label, dict) and isinstance(label.get(lang), str):
                texts.append(Text(f"{f.relative_to(ROOT)}: icon {name} label", game, "legend", label[lang]))
    return texts


def load_glossary(lang: str) -> dict:
    return yaml.safe_load((ROOT / "glossary" / f"{lang}.yaml").read_text(encoding="utf-8"))


def _variant_regex(variant: str, lang: str) -> re.Pattern:
    if lang in SUBSTRING_LANGS:
        return re.compile(re.escape(variant))
    return re.compile(rf"(?<!\w){re.escape(variant)}(?!\w)")


def violations(glossary: dict, texts: list[Text], lang: str) -> list[str]:
    found = []
    for entry in glossary.get("terms", []):
        scope = set(entry.get("games") or [])
        checks = [(f"forbidden {v!r}", _variant_regex(str(v), lang)) for v in entry.get("forbidden") or []]
        checks += [(f"pattern {p!r}", re.compile(p)) for p in entry.get("forbidden_patterns") or []]
        for t in texts:
            if scope and (t.game not in scope if t.game is not None else entry.get("shared") is False):
                continue
            plain = TAG.sub("0", t.text)
            for label, rx in checks:
                m = rx.search(plain)
                if m:
                    a, b = max(m.start() - 15, 0), m.end() + 15
                    found.append(f"{t.where}: {label} (use {entry['term']!r}) in …{plain[a:b]}…")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_is_well_formed(lang):
    glossary = load_glossary(lang)
    assert glossary.get("language") == lang
    register = glossary.get("register") or {}
    for kind in ("cards", "aids", "rules", "interface"):
        assert register.get(kind), f"glossary/{lang}.yaml: say which register {kind} use"
    games = {p.name for p in (ROOT / "cards").iterdir() if p.is_dir()}
    for entry in glossary.get("terms", []):
        assert entry.get("term") and entry.get("note"), entry
        assert entry.get("forbidden") or entry.get("forbidden_patterns"), entry
        assert set(entry.get("games") or []) <= games, entry
        for p in entry.get("forbidden_patterns") or []:
            re.compile(p)


@pytest.mark.parametrize("lang", LANGS)
def test_shipped_texts_use_no_forbidden_variant(lang):
    texts = shipped_texts(lang)
    assert texts, f"no {lang} texts found"
    found = violations(load_glossary(lang), texts, lang)
    assert not found, f"{len(found)} glossary violation(s) in {lang}:\n" + "\n".join(found[:40])


def test_japanese_card_texts_use_the_plain_register():
    """glossary/ja.yaml: card texts are in the plain form (常体), rules and aids in です/ます."""
    polite = re.compile(r"(ます|です|ません|ください)[。）」]")
    found = [f"{t.where}: {t.text}" for t in shipped_texts("ja") if t.kind == "cards" and polite.search(t.text)]
    assert not found, "card texts in です/ます:\n" + "\n".join(found)


def test_the_check_catches_a_variant():
    """The matcher itself: whole words in German, substrings in Japanese, tags count as numbers."""
    de = {"terms": [{"term": "Handkartenlimit", "forbidden": ["Handlimit"], "note": "x"}]}
    assert violations(de, [Text("t", None, "cards", "Dein Handlimit steigt.")], "de")
    assert not violations(de, [Text("t", None, "cards", "Dein Handlimitwert")], "de")
    ja = load_glossary("ja")
    bad = [Text("t", "tournay", "cards", "各プレイヤーは1 :denier:を支払う。"),
           Text("u", "tournay", "cards", "{{ n }} :sous:を得る（2～3人）。"),
           Text("v", "tournay", "cards", "*建設中*の塔。")]
    assert len({v.split(":")[0] for v in violations(ja, bad, "ja")}) == 3
    assert not violations(ja, [Text("t", "tournay", "cards", "2:points:を得る（2〜3人）。")], "ja")


def test_japanese_aids_use_the_polite_register():
    """glossary/ja.yaml: aids are in です/ます; a sentence may end on a noun (体言止め, 「1枚につき2:points:。」)
    but never on a plain verb or adjective form (「〜を得る。」「〜できない。」) mixed in with the polite ones."""
    plain = re.compile(r"(?:[るうくすつぬむぶぐ]|ない|た|だ|である)(?:[）」]?)。")
    polite = re.compile(r"(?:ます|です|ません|ました|でした|ください)(?:[）」]?)。$")
    # a table cell or item with no closing 。 may end on a noun, not on a plain verb (「1つ選ぶ（2人なら2つ）」)
    unclosed = re.compile(r"(?:[るうくぶむぐ]|ない)(?:（[^）]*）)?$")
    found = []
    for t in shipped_texts("ja"):
        if t.kind != "aids":
            continue
        text = TAG.sub("0", t.text).strip()
        for sentence in re.findall(r"[^。\n]*。", text):
            if plain.search(sentence) and not polite.search(sentence):
                found.append(f"{t.where}: …{sentence[-30:]}")
        if not text.endswith("。") and unclosed.search(text):
            found.append(f"{t.where}: …{text[-30:]}")
    assert not found, "plain-form sentences in the Japanese aids:\n" + "\n".join(found)
