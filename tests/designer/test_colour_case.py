"""HTML colour names in any case (issue 52, newcomer 12): `color: DarkGoldenRod` was refused with
"did you mean 'darkgoldenrod'", though CSS, HTML and nanDECK read names in any case."""
from __future__ import annotations

import pdfplumber

from tests.authoring.helpers import sheet_game
from tests.conftest import pnp


def test_a_colour_name_in_any_case_prints_that_colour(tmp_path):
    sheet_game(tmp_path, "Name,Effect\nArcher,[DarkRed|Plunder] 2\n",
               "      band: {kind: rect, x: 5, y: 5, width: 53, height: 10, fill: DarkGoldenRod}\n"
               '      effect: {kind: text, x: 5, y: 40, width: 53, height: 20, color: "{{ \'Navy\' }}", '
               'text: "{{ card.props.effect }}"}\n')
    checked = pnp("validate", "spice-road", root=tmp_path)
    assert checked.exit_code == 0, checked.output
    result = pnp("build", "spice-road", "--lang", "en", "--only", "cards", root=tmp_path)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "output" / "spice-road" / "en" / "cards.pdf") as pdf:
        page = next(p for p in pdf.pages if any(w["text"] == "Plunder" for w in p.extract_words()))
        fills = {tuple(round(c, 2) for c in r["non_stroking_color"] or ()) for r in page.rects}
        words = [(w["text"], tuple(round(c, 2) for c in w["non_stroking_color"]))
                 for w in page.extract_words(extra_attrs=["non_stroking_color"])]
    assert (0.72, 0.53, 0.04) in fills, fills                 # #b8860b
    at = words.index(next(w for w in words if w[0] == "Plunder"))
    assert words[at][1] == (0.55, 0.0, 0.0), words         # #8b0000
    assert words[at + 1] == ("2", (0.0, 0.0, 0.5)), words  # #000080
