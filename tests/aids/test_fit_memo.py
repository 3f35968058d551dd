"""Whether an aid-card side fits is kept per process by content (player_aids/fit_memo.py) for
`pnp validate`: every input of the packing is in the key (a change of any of them is a new key,
never a stale answer), and the same inputs are packed once."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli.validate import aid_card_fit
from generator.loading.catalog import load_project
from generator.reading.i18n import Translator
from generator.player_aids import card, fit_memo
from generator.typeset.hyphenation import hyphenator
from tests.pipeline.helpers import project_copy, replace_in

GAME, LANG = "san-gimignano", "de"


def keys(root: Path, lang: str = LANG) -> tuple:
    project = load_project(root)
    fitted = card.FittedSides(project, project.games[GAME], lang, Translator(root, lang, True))
    found = tuple(fit_memo.side_key(fitted, blocks) for _side, blocks in fitted.sides)
    assert None not in found
    return found


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_every_input_of_the_packing_changes_the_key(tmp_path):
    root = project_copy(tmp_path, (GAME,))
    fonts = root / "layouts" / "fonts"          # a folder of links: one of them is replaced below
    fonts.unlink()
    fonts.mkdir()
    for font in sorted((Path(__file__).resolve().parents[2] / "layouts" / "fonts").iterdir()):
        (fonts / font.name).symlink_to(font)
    before = keys(root)
    assert keys(root) == before                                 # the key is stable
    assert keys(root, "fr") != before                           # the language
    seen = {before}
    aid_card = root / "cards" / GAME / "aid-card" / f"{LANG}.yaml"
    changes = [
        (aid_card, "Nimm 2 vom Stapel", "Nimm 3 vom Stapel"),                      # the aid card's text
        (root / "cards" / GAME / "towers.yaml", "de: Wache", "de: Wächter"),        # a deck fact it quotes
        (root / "layouts" / "icons.yaml", "de: Siegpunkte", "de: Siegespunkte"),    # a legend label
        (root / "layouts" / "icons.yaml", "M500 30 L600 292", "M500 40 L600 292"),  # an icon's drawing
        (root / "layouts" / "aids.yaml", "width: 59, height: 99.1", "width: 59, height: 98"),   # the body box
        (root / "layouts" / "fonts.yaml", "  de: {hyphenation: de_DE}",             # the language's fonts
         "  de: {hyphenation: de_DE, roles: {body: gothic}}"),
        (root / "layouts" / "fonts.yaml", "  de: {hyphenation: de_DE, roles: {body: gothic}}",
         "  de: {hyphenation: de_AT, roles: {body: gothic}}"),                     # its dictionary
        (root / "layouts" / "hyphenation.yaml", "  - Adels-stapel\n", "  - Adels-stapel\n  - Aktio-nen\n"),
    ]
    for path, old, new in changes:
        replace_in(path, old, new)
        hyphenator.cache_clear()      # read once per process: a new process would read it again
        after = keys(root)
        assert after not in seen, f"{path.name}: {old!r} -> {new!r} left the key unchanged"
        seen.add(after)
    regular = fonts / "BIZUDPGothic-Regular.ttf"                  # a font file replaced
    target = regular.resolve()
    regular.unlink()
    shutil.copyfile(target, regular)
    assert keys(root) not in seen


def test_a_side_is_packed_once_per_inputs_and_a_change_is_seen(tmp_path, monkeypatch):
    root = project_copy(tmp_path, (GAME,))
    fit_memo.clear()
    packed = []
    real = card._fit_side
    monkeypatch.setattr(card, "_fit_side", lambda *a: packed.append(1) or real(*a))
    project = load_project(root)
    assert aid_card_fit(project, project.games[GAME]) == []
    first = len(packed)
    assert first == 16                                            # 4 sides x 4 languages
    assert aid_card_fit(load_project(root), project.games[GAME]) == []
    assert len(packed) == first                                   # all from the memo
    aid_card = root / "cards" / GAME / "aid-card" / "en.yaml"           # the front made too long
    line = replace_in(aid_card, "take 2 from the pile and/or the market (hand limit 7).",
                      "take 2 from the pile and/or the market (hand limit 7). " * 8)
    project = load_project(root)
    problems = aid_card_fit(project, project.games[GAME])
    assert len(packed) == first + 1                               # only the changed side packed again
    assert [(p.file, p.line, p.field) for p in problems] == [(f"cards/{GAME}/aid-card/en.yaml", 6, "sides[0]")]
    assert line > 6


def test_the_player_aid_page_is_set_once_per_inputs_and_a_change_is_seen(tmp_path, monkeypatch):
    """validate sets each language's one-page aid (cli/validate.aid_page_fit); the verdict is kept
    by content, so the next validate of the same inputs sets nothing, and an edit of one aid is
    set again, alone."""
    from generator.cli.validate import aid_page_fit
    from generator.player_aids import page
    root = project_copy(tmp_path, (GAME,))
    fit_memo.clear()
    set_ = []
    real = page._reference
    monkeypatch.setattr(page, "_reference", lambda *a, **k: set_.append(a[2]) or real(*a, **k))
    project = load_project(root)
    assert aid_page_fit(project, project.games[GAME]) == []
    assert sorted(set_) == ["de", "en", "fr", "ja"]
    assert aid_page_fit(load_project(root), project.games[GAME]) == []
    assert len(set_) == 4                                         # all from the memo
    aid = root / "cards" / GAME / "aid" / "fr.yaml"
    text = aid.read_text(encoding="utf-8")
    aid.write_text(text.replace('items:\n      - "', 'items:\n      - "' + "Encore du texte. " * 500, 1),
                   encoding="utf-8")                              # its first item made far too long
    project = load_project(root)
    problems = aid_page_fit(project, project.games[GAME])
    assert set_[4:] == ["fr"]                                     # only the changed language set again
    assert [(p.file, p.field) for p in problems] == [(f"cards/{GAME}/aid/fr.yaml", "sections")]


def test_card_text_verdicts_outlast_the_paragraph_memo(monkeypatch):
    """validate fits every card text of every face (card_face/placed.py), more texts than fit() keeps
    paragraphs for; the verdicts are kept apart, so a second validate fits none again."""
    from generator.card_face.placed import placing_problems
    from generator.typeset import text
    monkeypatch.setattr(text, "FIT_CACHE_SIZE", 512)             # fewer paragraphs than Tournay has texts
    project = load_project(Path(__file__).resolve().parents[2])
    game = project.games["tournay"]
    assert placing_problems(project, game) == []
    fitted = []
    real = text.fit
    monkeypatch.setattr(text, "fit", lambda *a: fitted.append(1) or real(*a))
    text.fit.cache_clear = real.cache_clear
    real.cache_clear()                                            # the paragraphs are gone...
    assert placing_problems(project, game) == []
    assert fitted == []                                           # ...the verdicts are not
    assert len(text._verdicts) > text.FIT_CACHE_SIZE              # more texts than paragraphs kept
