"""French typography on the site: a no-break space before every colon (issue 51: 51 breakable ones,
after a parenthesis, a closing guillemet or bold text: « Garde (Carte 5) : », « **Lutter** : »)."""
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
