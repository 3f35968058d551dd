"""The site in the player's language (issue 51): French no-break spaces before colons (51
breakable ones: « Garde (Carte 5) : », « **Lutter** : »), sizes in Ko, labels that agree."""
from __future__ import annotations

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
