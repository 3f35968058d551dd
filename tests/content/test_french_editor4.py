"""Issue 51, fourth French editor's reading (/tmp/frrev4): ambiguities, the developer's voice,
terms and idiom, checked on the shipped data. Where English says the same, English is checked too."""
from __future__ import annotations

import re

import pytest

from tests.content.shipped import CARDS, ROOT, aid_card_text, aid_text, card, rules_text

NBSP = "\u00a0"


def _po(lang: str, name: str) -> str:
    return (ROOT / "locales" / lang / "LC_MESSAGES" / f"{name}.po").read_text(encoding="utf-8")


# item 2: Conspiration never takes in the tower of 10 just built
@pytest.mark.parametrize("lang, other", [("fr", "autre"), ("en", "other")])
def test_conspiracy_spares_the_tower_just_built(lang, other):
    texts = [rules_text("san-gimignano", lang), aid_card_text("san-gimignano", lang),
             card("san-gimignano", "towers", "tower-10")["text"][lang]]
    for text in texts:
        line = next(line for line in text.splitlines() if "10" in line and ("vôtres" in line or "yours" in line))
        assert re.search(rf"\b{other}", line), line


# item 3: the calibration page's last step says which way a read value moves the back. The rulers'
# labels are the correction itself (generator/products/calibrate.py: labels carry the flip's sign,
# and mirrored() adds the offset in the back page's own axes): +X to the right, +Y up, back side seen
CAL_STEP = "Further off: if your printer offers it, shift the back side in its settings"
DIRECTIONS = {"fr": ("X positif vers la droite", "Y positif vers le haut"), "de": ("+X nach rechts", "+Y nach oben"),
              "ja": ("Xが正なら右へ", "Yが正なら上へ")}


@pytest.mark.parametrize("lang", ("en", "fr", "de", "ja"))
def test_calibration_page_says_which_way_to_shift_the_back(lang):
    from generator.checks.contents import SHEET_MSGIDS
    msgid = next(m for m in SHEET_MSGIDS if m.startswith(CAL_STEP))
    assert "+X to the right" in msgid and "+Y upwards" in msgid
    if lang != "en":
        po = _po(lang, "print")
        msgstr = po.split(f'msgid "{msgid}"\nmsgstr "', 1)[1].split('"\n', 1)[0]
        assert all(d in msgstr for d in DIRECTIONS[lang]), msgstr


@pytest.mark.parametrize("edge", ("long", "short"))
def test_back_offset_moves_the_back_right_and_up_as_seen_from_the_back(edge):
    """What the sentence above promises: a value X,Y moves the back page's own content by +X, +Y."""
    from generator.paper.imposition import Box, Page, Placed, mirrored
    page = Page([Placed("card", Box(10, 20, 30, 40), None, (0, 0, 0, 0))], [])
    zero, moved = mirrored(page, 210, 297, edge), mirrored(page, 210, 297, edge, (1.0, 2.0))
    assert (moved.placed[0].box.x0 - zero.placed[0].box.x0, moved.placed[0].box.y0 - zero.placed[0].box.y0) == (1, 2)
