"""Nothing rebuilt twice, nothing stale: products whose inputs did not change are reused from
OUT/.pnp-cache (same inode: linked, not rendered), every kind of input changes the products
that read it, and any number of workers gives the same bytes."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, pnp, pnp_process
from tests.pipeline.helpers import project_copy, replace_in

GAME = "san-gimignano"


def snapshot(out: Path) -> dict[str, tuple[int, bytes]]:
    """relative path -> (inode, bytes) of every output file (the cache and the list of what pnp wrote left out)."""
    return {str(p.relative_to(out)): (p.stat().st_ino, p.read_bytes())
            for p in sorted(out.rglob("*")) if p.is_file() and ".pnp-cache" not in p.parts and p.name != ".pnp-written"}


def build(root: Path, out: Path, *args: str) -> dict:
    result = pnp("build", GAME, "--lang", "en,fr", "--only", "cards,score-pad", "--out", str(out), *args, root=root)
    assert result.exit_code == 0, result.output
    return snapshot(out)


def changed(before: dict, after: dict) -> set[str]:
    return {path for path in after if before.get(path, (0, b""))[1] != after[path][1]}


def rendered(before: dict, after: dict) -> set[str]:
    return {path for path in after if before.get(path, (0,))[0] != after[path][0]}


@pytest.mark.slow      # a build per kind of input
def test_each_kind_of_input_rebuilds_what_reads_it(tmp_path):
    root = project_copy(tmp_path)
    fonts = root / "layouts" / "fonts"
    fonts.unlink()
    shutil.copytree(ROOT / "layouts" / "fonts", fonts)
    out = tmp_path / "out"
    first = build(root, out)
    assert set(first) == {f"{GAME}/{lang}/{name}" for lang in ("en", "fr") for name in ("cards.pdf", "score-pad.pdf")}

    again = build(root, out)
    assert rendered(first, again) == set() and changed(first, again) == set()

    # a card's English text: the English cards only (the score pad does not show card text)
    replace_in(root / "cards" / GAME / "nobles.yaml", "en: Draw from the tower pile", "en: Draw from the pile")
    card = build(root, out)
    assert changed(again, card) == {f"{GAME}/en/cards.pdf"}
    assert rendered(again, card) <= {f"{GAME}/en/cards.pdf", f"{GAME}/en/score-pad.pdf"}

    # a layout: every product that draws it, in every language
    base = root / "layouts" / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    layout = build(root, out)
    assert rendered(card, layout) == set(layout)     # a layout file is an input of every product

    # a locale string of French: French products only, and the new string is drawn
    replace_in(root / "locales" / "fr" / "LC_MESSAGES" / "scoring.po", 'msgstr "Joueur"', 'msgstr "Joueuse"')
    locale = build(root, out)
    assert {p.split("/")[1] for p in rendered(layout, locale)} == {"fr"}
    assert changed(layout, locale) == {f"{GAME}/fr/score-pad.pdf"}

    # a font file: every product
    shutil.copyfile(fonts / "Cardo-Italic.ttf", fonts / "Cardo-Regular.ttf")
    font = build(root, out)
    assert changed(locale, font) == set(font)

    # an option: every product; --no-cache renders everything again, with the same bytes
    # (legal: the default paper is Letter in English and A4 in the others, so neither is new to all)
    legal = build(root, out, "--paper", "legal")
    assert changed(font, legal) == set(legal)
    forced = build(root, out, "--paper", "legal", "--no-cache")
    assert rendered(legal, forced) == set(forced) and changed(legal, forced) == set()


@pytest.mark.slow   # several seconds: the full run (issue 49: `-m 'not slow'` <= 90 s)
def test_altered_cache_entry_is_not_served(tmp_path):
    out = tmp_path / "out"
    first = build(ROOT, out)
    for entry in (out / ".pnp-cache").iterdir():
        if entry.is_file() and not entry.name.startswith("site-"):
            entry.write_bytes(b"%PDF-1.4 altered in place")   # also alters the linked output file
    again = build(ROOT, out)
    assert {path: data for path, (_ino, data) in again.items()} == {p: d for p, (_i, d) in first.items()}


@pytest.mark.slow      # two whole-process builds without the cache
def test_workers_give_the_same_bytes(tmp_path):
    args = (GAME, "--lang", "en,ja", "--only", "cards,player-aid-card,rules", "--no-cache")
    one = pnp_process("build", *args, "--jobs", "1", "--out", str(tmp_path / "one"))
    two = pnp_process("build", *args, "--jobs", "2", "--out", str(tmp_path / "two"))
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    a, b = snapshot(tmp_path / "one"), snapshot(tmp_path / "two")
    assert sum(p.endswith(".pdf") and not p.startswith("site/") for p in a) == 6 and "site/index.html" in a
    assert {p: d for p, (_i, d) in a.items()} == {p: d for p, (_i, d) in b.items()}


@pytest.mark.slow      # three builds
def test_site_pages_and_fonts_are_reused_and_never_stale(tmp_path):
    """The site keeps each game and language's pages and each web-font subset in the cache: an
    English card edit renders the English pages again and reuses the rest, and the site is then
    byte for byte the one a build without the cache writes."""
    root = project_copy(tmp_path)
    args = (GAME, "--lang", "en,fr", "--only", "cards,rules")
    out, fresh = tmp_path / "out", tmp_path / "fresh"

    def site(folder: Path) -> dict:
        return {p: d for p, (_i, d) in snapshot(folder).items() if p.startswith("site/")}

    def made(folder: Path) -> set[str]:
        return {p.name for p in (folder / ".pnp-cache").glob("made-*")}

    assert pnp("build", *args, "--out", str(out), root=root).exit_code == 0
    first = made(out)
    assert len(first) == 2 + 3      # the pages of en and of fr; Cardo regular, bold and italic
    replace_in(root / "cards" / GAME / "nobles.yaml", "en: Draw from the tower pile", "en: Draw from the pile")
    assert pnp("build", *args, "--out", str(out), root=root).exit_code == 0
    second = made(out)
    assert len(second - first) == 1 and "Draw from the pile" in (out / "site" / GAME / "en.html").read_text()
    assert pnp("build", *args, "--out", str(fresh), "--no-cache", root=root).exit_code == 0
    assert site(out) == site(fresh)


@pytest.mark.slow      # builds and rebuilds
def test_serve_makes_again_only_what_an_edit_changed(tmp_path):
    """`pnp serve` keeps the site's parts in OUT's cache as a build does: after an English card
    edit it renders San Gimignano's English pages again and nothing else, and writes the site a
    server without that memory writes."""
    import functools

    from generator.planning.plan import site_memory
    from generator.site.serve import rebuild

    root = project_copy(tmp_path)
    out, fresh = tmp_path / "out", tmp_path / "fresh"
    memory = functools.partial(site_memory, out=out, allow_missing=False)

    def made() -> set[str]:
        return {p.name for p in (out / ".pnp-cache").glob("made-*")}

    assert rebuild(root, out, None, False, memory)
    first = made()
    assert len(first) == 4 + 3 + 1      # the pages of fr, en, de, ja; Cardo x3; BIZ UDPGothic
    replace_in(root / "cards" / GAME / "nobles.yaml", "en: Draw from the tower pile", "en: Draw from the pile")
    assert rebuild(root, out, None, False, memory)
    assert len(made() - first) == 1 and len(made()) == len(first)     # the English pages replaced
    assert "Draw from the pile" in (out / "site" / GAME / "en.html").read_text(encoding="utf-8")
    assert rebuild(root, fresh, None, False)
    site = {p.relative_to(out): p.read_bytes() for p in sorted((out / "site").rglob("*")) if p.is_file()}
    assert site == {p.relative_to(fresh): p.read_bytes() for p in sorted((fresh / "site").rglob("*")) if p.is_file()}


@pytest.mark.slow      # three builds
def test_web_font_subsets_are_shared_by_every_output_folder_but_not_with_no_cache(tmp_path, monkeypatch):
    """A web-font subset is kept in the user's cache: a build into another folder (another
    project, a cleared cache) takes it from there and writes the same site; --no-cache subsets
    the fonts again."""
    from generator.reading import user_cache
    from generator.site import fonts, runtime
    monkeypatch.setenv("PNP_RUNTIME_DIR", str(runtime.runtime_dir()))    # the calculator's, where it is
    monkeypatch.setattr(user_cache, "folder", lambda: tmp_path / "user-cache")
    subsets, woff2 = [], fonts.woff2
    monkeypatch.setattr(fonts, "woff2", lambda *args: subsets.append(1) or woff2(*args))
    args = (GAME, "--lang", "en", "--only", "rules")

    def site(folder: Path) -> dict:
        return {p: d for p, (_i, d) in snapshot(folder).items() if p.startswith("site/")}

    assert pnp("build", *args, "--out", str(tmp_path / "a")).exit_code == 0
    made = len(subsets)
    assert made >= 1 and len(list((tmp_path / "user-cache" / "web-fonts").iterdir())) == made
    assert pnp("build", *args, "--out", str(tmp_path / "b")).exit_code == 0
    assert len(subsets) == made and site(tmp_path / "a") == site(tmp_path / "b")
    assert pnp("build", *args, "--out", str(tmp_path / "c"), "--no-cache").exit_code == 0
    assert len(subsets) == 2 * made and site(tmp_path / "a") == site(tmp_path / "c")


def test_the_shared_cache_serves_only_whole_entries_and_keeps_the_most_recent(tmp_path):
    from generator.reading.user_cache import SharedStore
    store = SharedStore(tmp_path / "shared", keep=3)
    assert store.remembered("k", lambda: b"made") == b"made"
    (entry,) = (tmp_path / "shared").iterdir()
    entry.write_bytes(b"mad")                                   # cut short, or altered
    assert store.remembered("k", lambda: b"made again") == b"made again"
    assert store.remembered("k", lambda: b"not made") == b"made again"
    for key in "abcd":
        store.remembered(key, lambda: key.encode())
    assert sorted(p.name[0] for p in (tmp_path / "shared").iterdir()) == ["b", "c", "d"]
