"""nanDECK's HTMLTEXT cells (issue 52, newcomer 12's #66): `<li>`, `&#39;` and `&quot;` printed as
written, without a word from validate, build or check."""
from __future__ import annotations

import pdfplumber

from generator.loading.pango_cells import pnp_markup, unread
from tests.authoring.helpers import one_warning, sheet_game

# constellation-cards/website's nandeck/cards.csv, as the newcomer kept it
ROWS = ('Name,Desc,Prompts\n'
        'Impeded,A sense has been lost.,<li>Temporarily blind or deaf</li><li>Mute or unable to speak</li>\n'
        'Transformed,"You&#39;ve been remade, &quot;not forever&quot;.",<li>Zombified</li>\n'
        'Boxed,<div>Inside</div> a box,<ul><li>One &amp; two</li></ul>\n'
        'Hidden,<div>Again</div>,<p>Plain</p>\n')


def test_a_nandeck_htmltext_cell_prints_bullets_and_characters_and_other_tags_are_said(tmp_path):
    sheet_game(tmp_path, ROWS,
               '      desc: {kind: text, x: 5, y: 5, width: 53, height: 30, size: 9, text: "{{ card.props.desc }}"}\n'
               '      prompts: {kind: text, x: 5, y: 40, width: 53, height: 40, size: 9, '
               'text: "{{ card.props.prompts }}"}\n')
    said = one_warning(tmp_path, "build")
    # one line per column, at its first cell (row 4, column B), naming the tag
    assert said.startswith("warning: cards/spice-road/heroes.csv:4: column B 'Desc': "), said
    assert "<div>" in said, said
    with pdfplumber.open(tmp_path / "out" / "spice-road" / "en" / "cards.pdf") as pdf:
        lines = [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]
    text = "\n".join(lines)
    assert "<li>" not in text and "&#39;" not in text and "&quot;" not in text and "&amp;" not in text, text
    for printed in ("• Temporarily blind or deaf", "• Mute or unable to speak", "• One & two", "• Zombified",
                    "You\u2019ve been remade"):
        assert printed in text, (printed, text)


def test_an_entity_is_decoded_after_the_tags_and_never_becomes_markup():
    assert pnp_markup("&lt;b&gt;x&lt;/b&gt;") == "<b>x</b>"            # text, not bold
    assert "**" not in pnp_markup("&#42;&#42;loud&#42;&#42;")            # stays as written...
    assert unread("&#42;&#42;loud&#42;&#42;") == "&#42;"                 # ...and is said
    assert unread("&lt;u&gt;") is None and unread("<u>x</u>") == "<u>" and unread("Salt&Pepper;") is None
    assert pnp_markup("<p>One</p><p>Two <strong>S</strong> <em>E</em></p>") == "One\n\nTwo **S** *E*"
    assert pnp_markup('<font color="#8b0000"><b>Hot</b></font> &amp; cold') == "[#8b0000|**Hot**] & cold"
    assert pnp_markup("Intro<ol>\n<li>a</li>\n<li>b</li>\n</ol>Outro") == "Intro\n• a\n• b\nOutro"
