"""The site in the player's language (issue 51): French no-break spaces before colons (51
breakable ones: « Garde (Carte 5) : », « **Lutter** : »), sizes in Ko, labels that agree."""
from __future__ import annotations

import html
import re

from tests.print.conftest import html_text


def test_no_breakable_space_before_a_colon_on_the_french_pages(full_build):
    pages = sorted((full_build / "site").glob("*/fr.html"))
    assert len(pages) == 3
    found = {page.parent.name: [m.group(0) for m in re.finditer(r"\S{0,15} :", html_text(page))]
             for page in pages}
    assert {k: v for k, v in found.items() if v} == {}
    assert all("\u00a0:" in html_text(page) for page in pages)      # the check saw colons


def test_french_download_sizes_are_in_ko(full_build):
    """Issue 51: « Ko » (kilo-octets), not "KB", on the French pages; "KB" on the others."""
    fr = html_text(full_build / "site" / "tournay" / "fr.html")
    en = html_text(full_build / "site" / "tournay" / "en.html")
    assert re.search(r"\d\u00a0Ko\b", fr) and "KB" not in fr
    assert re.search(r"\d\u00a0KB\b", en)


def test_a_size_in_megabytes_has_the_decimal_mark_of_its_language():
    """French and German write a decimal comma, as the cutter's guide writes a card's millimetres."""
    from generator.site.downloads import human_size
    sizes = {lang: human_size(1_234_567, lang) for lang in ("fr", "de", "en", "ja")}
    assert sizes == {"fr": "1,2\u00a0Mo", "de": "1,2\u00a0MB", "en": "1.2\u00a0MB", "ja": "1.2\u00a0MB"}


def test_screen_reader_labels_agree_with_the_word_before_the_icon(full_build):
    """Issue 51: an icon read aloud after « des », « autant de », « aucun » takes the number they
    say (« avec des habitants », « ne perd aucun point », « piochez autant de cartes »)."""
    wrong = re.compile(r"\b(?:des|autant de) <svg[^>]*aria-label=\"(?:habitant|carte|point)[ \"]"
                       r"|\baucun <svg[^>]*aria-label=\"points ")
    pages = sorted((full_build / "site").glob("*/fr.html"))
    found = [m.group(0)[:60] for page in pages for m in wrong.finditer(page.read_text(encoding="utf-8"))]
    assert found == []
    assert 'des <svg class="icon" viewBox' in "".join(p.read_text(encoding="utf-8") for p in pages)


def test_french_lists_sort_accented_names_among_their_letter():
    """Issue 51: « Évêché » among the E, « Péage, Prêtre, Prieur » (legends and card pickers)."""
    from generator.reading.i18n import sort_key
    assert sorted(["Prieur", "Péage", "Prêtre", "Évêché", "Forge", "Entrepôt"], key=sort_key) == \
        ["Entrepôt", "Évêché", "Forge", "Péage", "Prêtre", "Prieur"]


ARIA = re.compile(r'<svg class="icon"[^>]*aria-label="([^"]*)"')


def _sentence_labels(page) -> list[str]:
    """The names a screen reader says for the icons of a rules page (the legend page is apart)."""
    return [html.unescape(m.group(1)) for m in ARIA.finditer(page.read_text(encoding="utf-8"))]


def test_an_icon_read_in_a_sentence_is_named_not_explained(full_build):
    """Issue 51: „die 3 mit wird mit der Erweiterung ersetzt markierten Grundkarten“, „Mit Blitz (auch
    im Zug anderer Spieler) markierte Zaubersprüche“, „18 Sous (Münzen)“, „ziehe so viele Karte“:
    inside a sentence an icon is read as its name (a spoken name, at most 3 words, no gloss), in the
    number the words before it say."""
    pages = sorted((full_build / "site").glob("*/de.html")) + sorted((full_build / "site").glob("*/fr.html"))
    assert len(pages) == 6
    found = {f"{p.parent.name}/{p.name}": sorted({label for label in _sentence_labels(p)
                                                  if len(label.split()) > 3 or "(Münze" in label})
             for p in pages}
    assert {k: v for k, v in found.items() if v} == {}
    german = "".join(p.read_text(encoding="utf-8") for p in pages if p.name == "de.html")
    assert "so viele <svg" in german and not re.search(r'so viele <svg[^>]*aria-label="Karte"', german)
    # „Wenn du mit Bürger (rot, Soldaten) Denier verdienst“: no article, no case
    assert not re.search(r'\bmit\s*<svg[^>]*aria-label="Bürger', german)
    # « si la taverne porte aussi lyre », „trägt zusätzlich Maske, sofern es …“: the symbol is named
    french = "".join(p.read_text(encoding="utf-8") for p in pages if p.name == "fr.html")
    assert not re.search(r"porte aussi\s*<svg", french) and not re.search(r"zusätzlich\s*<svg", german)


def test_a_japanese_icon_read_in_a_sentence_is_named_not_explained(full_build):
    """「15スー（硬貨）」, 「拡張使用時に入れ替えるカードの付いた基本カード」, 「稲妻（ほかのプレイヤーの手番にも
    使用可）の呪文」: read aloud in a sentence, the Japanese label explains the icon where it should name
    it (issue 51). A name and a colour gloss (市民コマ（白・宗教）) stay; an explanation does not."""
    pages = sorted((full_build / "site").glob("*/ja.html"))
    assert len(pages) == 3
    found = {p.parent.name: sorted({label for label in _sentence_labels(p)
                                    if len(label) > 10 or "硬貨" in label or "使用可" in label})
             for p in pages}
    assert {k: v for k, v in found.items() if v} == {}


def test_an_icon_does_not_repeat_the_word_before_it(full_build):
    """Issue 51: „Für jeden gebauten Wall ⟦Wall⟧“, „Denier ⟦Denier⟧ (30 Münzen …)“, « deniers
    ⟦denier⟧ (30 pièces …) » were read aloud twice over."""
    before = re.compile(r'([^\W\d_]+)\s*<svg class="icon"[^>]*aria-label="([^"]*)"')
    pages = [p for lang in ("fr", "en", "de") for p in sorted((full_build / "site").glob(f"*/{lang}.html"))]
    assert len(pages) == 9
    found = [f"{p.parent.name}/{p.name}: {m.group(1)} ⟦{m.group(2)}⟧" for p in pages
             for m in before.finditer(p.read_text(encoding="utf-8"))
             if m.group(1).casefold().startswith(html.unescape(m.group(2)).split()[0].casefold())]
    assert found == []
