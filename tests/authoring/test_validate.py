"""`pnp validate` in the author's terms (issue 14): Jinja syntax errors and unknown variables in
layouts with file:line, deck files not listed in `decks:`, `players:` written as "2-4"; a typo
at build time names what the template could use, never a Python object."""
from __future__ import annotations

import re

import pytest

from tests.conftest import pnp

from .helpers import new_game


@pytest.fixture
def project(tmp_path):
    new_game(tmp_path)
    return tmp_path


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


def check(project, expected: str):
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 1
    assert expected in result.output, result.output
    assert "Traceback" not in result.output and "object" not in result.output


def test_the_new_game_is_valid(project):
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("old, new, expected", [
    ('"{{ card.name }}"', '"{{ card.name }"', "layouts.card.regions.title.text: '{{ card.name }' opens with '{{' but does not close"),
    ('"{{ card.name }}"', '"{{ card.nmae }}"',
     "layouts.card.regions.title.text: unknown variable 'card.nmae'; did you mean 'card.name'?"),
    ('"{{ card.name }}"', '"{{ crad.name }}"', "layouts.card.regions.title.text: unknown variable 'crad'; "
                                               "did you mean 'card'?"),
    ('"{{ game.name }}"', '"{% for x in deck.cards %}{{ x }}{% endfor %}"',
     "layouts.back.regions.name.text: unknown variable 'deck.cards'"),
    ('"card.copies > 1"', '"card.copies >"', "layouts.card.regions.copies.when: the condition 'card.copies >' cannot be read"),
    ('"{{ card.props.cost }}"', '"{{ card.props.cots }}"',
     "spice-road/card regions.cost.text: unknown property 'card.props.cots'; did you mean 'card.props.cost'?"),
])
def test_layout_template_mistakes_name_file_and_line(project, old, new, expected):
    line = edit(project / "layouts" / "spice-road.yaml", old, new)
    check(project, f"layouts/spice-road.yaml:{line}: {expected}")


@pytest.mark.parametrize("old, new, fix", [
    ('"{{ card.name }}"', '"{{ card.name }"', "'}}'"),
    ('"{{ card.text }}"', '"{% if card.text %}{{ card.text }}"', "{% endif %}"),
    ('"{{ card.text }}"', '"{% iff card.text %}{{ card.text }}{% endif %}"', "'if'"),
    ('"card.copies > 1"', '"{{ card.copies > 1 }}"', "without {{ }}"),
])
def test_a_template_syntax_slip_is_one_line_in_our_words(project, old, new, fix):
    """Issue 52: a Jinja syntax slip came out in Jinja's words ("Unexpected end of template.
    Jinja was looking for the following tags: …"): one line at the field's line, with the fix,
    in validate, build and check alike."""
    line = edit(project / "layouts" / "spice-road.yaml", old, new)
    for command in ("validate", "build", "check"):
        result = pnp(command, "spice-road", root=project)
        lines = [l for l in result.output.splitlines() if l.startswith("layouts/")]
        assert result.exit_code == 1 and len(lines) == 1, result.output
        assert lines[0].startswith(f"layouts/spice-road.yaml:{line}: layouts.card.regions.")
        assert fix in lines[0] and "Jinja" not in lines[0] and "looking for" not in lines[0], lines[0]


@pytest.mark.parametrize("old, new, expected", [
    ("fill: paper, radius: 2.5", "fill: papr, radius: 2.5",
     "layouts.card.regions.panel.fill: unknown colour 'papr'; did you mean 'paper'?"),
    ("background: accent            #", "background: acent            #",
     "layouts.card.background: unknown colour 'acent'; did you mean 'accent'?"),
])
def test_a_mistyped_colour_name_is_refused_by_validate_as_by_the_build(project, old, new, expected):
    """A name of the layout's `colors` mistyped passed validate ("layouts: ok") and stopped the
    build with "'papr' is not a colour", naming no file (a newcomer's walk-through, stop 46)."""
    line = edit(project / "layouts" / "spice-road.yaml", old, new)
    check(project, f"layouts/spice-road.yaml:{line}: {expected}")
    built = pnp("build", "spice-road", "--out", str(project / "out"), root=project)
    assert built.exit_code == 1 and f"layouts/spice-road.yaml:{line}: {expected}" in built.output
    assert not (project / "out").exists()


# `Grey` is the palette's grey itself (colour names are read in any case, as CSS reads them)
@pytest.mark.parametrize("written", ["gray", "darkgray", "Gray", "Dark_Grey"])
def test_a_standard_colour_that_spells_a_palette_name_is_refused(project, written):
    """Issue 52: `fill: gray` beside a palette entry `grey` drew the standard gray, silently."""
    layouts = project / "layouts" / "spice-road.yaml"
    edit(layouts, '  paper: "#f6eedb"', '  paper: "#f6eedb"\n  grey: "#888888"\n  dark-grey: "#333333"')
    line = edit(layouts, "fill: paper, radius: 2.5", f"fill: {written}, radius: 2.5")
    meant = "grey" if written.lower() in ("gray", "grey") else "dark-grey"
    for command in ("validate", "build"):
        result = pnp(command, "spice-road", root=project)
        lines = [l for l in result.output.splitlines() if l.startswith("layouts/")]
        assert result.exit_code == 1 and len(lines) == 1, result.output
        assert lines[0].startswith(f"layouts/spice-road.yaml:{line}: layouts.card.regions.panel.fill:")
        assert f"did you mean '{meant}'?" in lines[0], lines[0]


@pytest.mark.parametrize("written, ok", [("13 pt", True), ("13pt", True), ("0.5 cm", True), ("40 px", False),
                                          ("50 %", False)])
def test_a_font_size_with_its_unit(project, written, ok):
    """Issue 52: `size: 11 pt` was "'11 pt' is not a number": points are taken with their unit
    (mm, cm, in converted); px and % are one line at the field, naming points."""
    line = edit(project / "layouts" / "spice-road.yaml", "size: 13, min_size: 8,", f"size: {written}, min_size: 8 pt,")
    result = pnp("validate", "spice-road", root=project)
    if ok:
        assert result.exit_code == 0, result.output
        return
    lines = [l for l in result.output.splitlines() if l.startswith("layouts/")]
    assert result.exit_code == 1 and len(lines) == 1, result.output
    assert lines[0].startswith(f"layouts/spice-road.yaml:{line}: layouts.card.regions.title.size:") and "points" in lines[0]


@pytest.mark.parametrize("written, guess", [("[eng]", "en"), ("[en-US]", "en"), ("[en, jp]", "ja")])
def test_a_language_code_that_is_not_one_gets_the_likely_code(project, written, guess):
    """`languages: [eng]` said "String should match pattern '^[a-z]{2}$'"; `[en, jp]` was taken,
    and 19 texts then lacked their 'jp' (a newcomer's walk-through, stop 46)."""
    line = edit(project / "cards" / "spice-road" / "game.yaml", "languages: [en]", f"languages: {written}")
    check(project, f"cards/spice-road/game.yaml:{line}: languages[")
    check(project, f"is not a language code (two lowercase letters, ISO 639-1); did you mean '{guess}'?")


def test_template_variables_that_are_fine(project):
    edit(project / "layouts" / "spice-road.yaml", '"{{ card.name }}"',
         "\"{% set n = card.name %}{% for w in [n, n] %}{{ w | length }}{{ loop.index }}{% endfor %}"
         "{{ card.props.get('cost') }}{{ colors['ink'] | length }}{{ range(2) | list | length }}"
         "{{ _('Cost') | length }}\"")   # short: the title still fits its box
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 0, result.output


def test_a_deck_file_not_listed_is_reported(project):
    game = project / "cards" / "spice-road"
    (game / "goods.yaml").write_text((game / "cards.yaml").read_text().replace("deck: cards", "deck: goods"))
    check(project, "cards/spice-road/goods.yaml:1: deck: not listed in decks: of cards/spice-road/game.yaml, "
                   "so it is not built (expected 'goods' added to decks: [...]")


@pytest.mark.parametrize("written, fix", [('"2-4"', "{min: 2, max: 4}"), ('"3–5"', "{min: 3, max: 5}"),
                                          ("2", "{min: 2, max: 2}")])
def test_players_written_as_a_range(project, written, fix):
    line = edit(project / "cards" / "spice-road" / "game.yaml", "{min: 2, max: 4}", written)
    check(project, f"cards/spice-road/game.yaml:{line}: players: '{written.strip(chr(34))}' is not read as a "
                   f"player count; write players: {fix}")


def test_a_build_time_typo_names_the_fields(project):
    # a name computed at render time escapes validate's static check; the build names what `card` has,
    # and the layout's file and line, as validate does (issue 52)
    line = edit(project / "layouts" / "spice-road.yaml", '"{{ card.name }}"', '"{{ card[\'nm\' ~ \'ae\'] }}"')
    result = pnp("build", "spice-road", "--only", "cards", "--out", str(project / "out"), root=project)
    assert result.exit_code == 1
    assert "no field 'nmae' here; it has: copies, id, name, props, text" in result.output
    assert f"layouts/spice-road.yaml:{line}: card 'market'" in result.output
    assert "View object" not in result.output


def test_a_build_time_typo_is_refused_by_validate_first(project):
    """validate renders every face as the card build does: the same template fails there first,
    naming the layout's file and line, the card and the language."""
    line = edit(project / "layouts" / "spice-road.yaml", '"{{ card.name }}"', '"{{ card[\'nm\' ~ \'ae\'] }}"')
    check(project, f"layouts/spice-road.yaml:{line}: spice-road/card regions.title.text: ")
    result = pnp("validate", "spice-road", root=project)
    assert "no field 'nmae' here" in result.output and "card 'market'" in result.output and "language" in result.output


@pytest.mark.parametrize("printed, kind", [("card.props", "a mapping"), ("range", "a function"),
                                          ("card.name.__class__", None)])
def test_a_printed_value_that_is_not_text_is_an_error(project, printed, kind):
    """`{{ x }}` where x is a mapping, a function or a class: an error naming the variable (never its
    Python repr on the card), from validate and from the build alike."""
    line = edit(project / "layouts" / "spice-road.yaml", '"{{ card.name }}"', '"{{ ' + printed + ' }}"')
    check(project, f"layouts/spice-road.yaml:{line}: spice-road/card regions.title.text: ")
    built = pnp("build", "spice-road", "--only", "cards", "--out", str(project / "out"), root=project)
    assert built.exit_code == 1 and "<" not in built.output
    if kind:
        validated = pnp("validate", "spice-road", root=project).output
        for output in (validated, built.output):
            assert f"'{{{{ {printed} }}}}' is {kind}" in output, output


@pytest.mark.parametrize("where, old, new", [
    ("cards/spice-road/cards.yaml", "{en: Harbour}", "{en: Harbour \U0001F600}"),   # a card face's text
    ("cards/spice-road/rules/en.yaml", "by the end of the game.", "by the end of the game \u5854."),  # rules
])
def test_a_character_the_font_lacks_is_refused_by_validate_first(project, where, old, new):
    """The build refuses a character its font has no glyph for (an emoji, a CJK character in the
    Latin font); validate refuses it first, naming the file and line (and, on a card face, the
    card and the language)."""
    edit(project / where, old, new)
    odd = next(c for c in new if ord(c) > 0x2000)
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "has no glyph" in line]
    assert len(lines) == 1 and re.match(r"\S+\.yaml:\d+: ", lines[0]), result.output
    assert f"U+{ord(odd):04X}" in lines[0]
    if "cards.yaml" in where:
        assert "card 'harbour'" in lines[0] and "language en" in lines[0]
    only = "cards" if "cards.yaml" in where else "rules"
    built = pnp("build", "spice-road", "--only", only, "--out", str(project / "out"), root=project)
    assert built.exit_code == 1 and "has no glyph" in built.output


def test_a_card_text_too_long_for_its_box_is_refused_by_validate_as_by_the_build(project, tmp_path):
    """The build fits every text at sizes down to the region's min_size and refuses one that still
    overflows; validate fits the same texts and refuses it first, at the card's own text (where
    the fix usually is), naming the box, its layout line and the language (issue 23, item 3).
    A text the layout writes itself is named at the layout's line, with the card."""
    cards = project / "cards" / "spice-road" / "cards.yaml"
    card_line = edit(cards, 'en: "Draw 1 :card:. ', 'en: "' + "Draw 1 :card:. " * 40)
    layout = (project / "layouts" / "spice-road.yaml").read_text().splitlines()
    line = 1 + next(i for i, text in enumerate(layout) if 'text: "{{ card.text }}"' in text)   # the body's text
    build = pnp("build", "spice-road", "--only", "cards", "--out", str(tmp_path / "out"), root=project)
    assert build.exit_code == 1 and "text does not fit" in build.output and "harbour" in build.output
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 1
    out = [text for text in result.output.splitlines() if text.strip()]
    assert len(out) == 2, out          # one problem, then the count
    assert out[0].startswith(f"cards/spice-road/cards.yaml:{card_line}: cards[1].text.en: text does not fit"), out
    assert "box 'body'" in out[0] and f"layouts/spice-road.yaml:{line}" in out[0] and "language en" in out[0]
    edit(project / "layouts" / "spice-road.yaml", '"{{ card.text }}"', '"{{ card.text }} {{ card.text }}"')
    result = pnp("validate", "spice-road", root=project)      # the layout doubles it: not the card's text
    out = [text for text in result.output.splitlines() if text.strip()]
    assert out[0].startswith(f"layouts/spice-road.yaml:{line}: spice-road/card regions.body.text: text does not fit")
    assert "card 'harbour'" in out[0] and "language en" in out[0]


def test_a_text_that_fits_only_at_a_smaller_size_is_no_problem(project):
    """A text the build shrinks (still at or above min_size) passes: validate judges as the build."""
    edit(project / "cards" / "spice-road" / "cards.yaml", 'en: "Draw 1 :card:. ', 'en: "' + "Draw 1 :card:. " * 6)
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 0, result.output


def test_a_game_name_too_long_for_the_aids_headers_is_refused_at_the_name(project, tmp_path):
    """The player aids print the game's name in a bundled header; a name that fits no header
    fails their build, so validate refuses it first, at the game's `name:` line (once per aid)."""
    edit(project / "layouts" / "spice-road.yaml", 'text: "{{ game.name }}"', 'text: "Spice"')   # the back: no name
    line = edit(project / "cards" / "spice-road" / "game.yaml", "name: {en: Spice Road}",
                "name: {en: " + "Spice Road of the Seven Seas and the Long Caravans " * 3 + "}")
    result = pnp("validate", "spice-road", root=project)
    assert result.exit_code == 1
    problems = [text for text in result.output.splitlines() if text.strip()][:-1]
    assert len(problems) == 2, problems                  # the aid card's title, the aid page's header
    assert all(p.startswith(f"cards/spice-road/game.yaml:{line}: name: player aid") and "does not fit" in p
               for p in problems), problems
    for product in ("player-aid", "player-aid-card"):
        built = pnp("build", "spice-road", "--only", product, "--out", str(tmp_path / product), root=project)
        assert built.exit_code == 1 and "box 'title'" in built.output


def test_a_missing_deck_file_is_named_at_its_line(project):
    """It said `game.yaml: decks: deck file 'wishes.yaml' not found`: no line, and a placeholder
    path (a newcomer's walk-through, stop 46)."""
    line = edit(project / "cards" / "spice-road" / "game.yaml", "decks: [cards]", "decks: [cards, wishes]")
    check(project, f"cards/spice-road/game.yaml:{line}: decks[1]: deck file cards/spice-road/wishes.yaml not found")


def test_a_game_folder_without_game_yaml_says_so(project):
    """Not "unknown game 'spice-road'" while cards/spice-road/ is there."""
    (project / "cards" / "spice-road" / "game.yaml").unlink()
    check(project, "cards/spice-road/game.yaml: not found: the folder cards/spice-road/ has no game.yaml")


def test_a_typo_in_the_decks_layout_is_said_once_at_its_line(project):
    """It was said at every card's line (9, 13, 17), none of which holds the typo (issue 52)."""
    line = edit(project / "cards" / "spice-road" / "cards.yaml", "layout: spice-road/card ", "layout: spice-road/cadr ")
    for command in ("validate", "build"):
        result = pnp(command, "spice-road", root=project)
        assert result.exit_code == 1
        said = [out for out in result.output.splitlines() if "unknown layout" in out]
        assert len(said) == 1 and said[0].startswith(f"cards/spice-road/cards.yaml:{line}: layout:"), result.output
        assert "did you mean 'spice-road/card'" in said[0]


def test_a_broken_icon_path_quotes_what_was_written_and_only_that(project):
    """It quoted a path nobody wrote ("M500 100 L…") and added a false "unknown icon ':coin:'"
    wherever a text used the icon (issue 52)."""
    layout = project / "layouts" / "spice-road.yaml"
    line = edit(layout, 'path: "M500 120 A340', 'path: "500 120 A340') + 0
    for command in ("validate", "check"):
        result = pnp(command, "spice-road", root=project)
        assert result.exit_code == 1
        assert re.search(rf'layouts/spice-road\.yaml:{line}: icons\.coin\.path: "500 120 A340', result.output), \
            result.output
        assert "M500 100" not in result.output and "unknown icon" not in result.output
        assert "which no layout file defines" not in result.output


def test_a_forbidden_variant_of_the_glossary_is_refused_at_its_line(project):
    """Issue 51: one term per concept. A project's glossary/<lang>.yaml forbids a variant; a card
    text that uses it fails `pnp validate` at its file and line, naming the term to use."""
    (project / "glossary").mkdir()
    (project / "glossary" / "en.yaml").write_text(
        "language: en\nterms:\n  - term: coin\n    forbidden: [money]\n    note: the game's word\n",
        encoding="utf-8")
    assert pnp("validate", "spice-road", root=project).exit_code == 0
    line = edit(project / "cards" / "spice-road" / "cards.yaml", 'en: "Gain 2 :coin:.', 'en: "Gain 2 money.')
    check(project, f"cards/spice-road/cards.yaml:{line}: text: 'money' is not this project's word "
                   "(expected 'coin' (glossary/en.yaml))")


def test_a_forbidden_variant_in_a_catalogue_every_game_shares_is_refused_at_its_line(project):
    """Fifth Japanese reading: 「長辺で綴じます」 beside 「長辺とじ」 and 「下敷き」 in the site's catalogue:
    validate read only the game's own catalogue, so the build never failed on the shared ones
    (print, site, calculator). An entry limited to some games with `shared: false` skips them."""
    (project / "glossary").mkdir()
    glossary = project / "glossary" / "en.yaml"
    glossary.write_text("language: en\nterms:\n  - term: coin\n    forbidden: [money]\n    note: x\n",
                        encoding="utf-8")
    folder = project / "locales" / "en" / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "site.po").write_text('msgid ""\nmsgstr ""\n\nmsgid "Coins"\nmsgstr "Your money"\n', encoding="utf-8")
    check(project, "locales/en/LC_MESSAGES/site.po:5: text: 'money' is not this project's word")
    glossary.write_text("language: en\nterms:\n  - term: coin\n    games: [spice-road]\n    shared: false\n"
                        "    forbidden: [money]\n    note: x\n", encoding="utf-8")
    assert pnp("validate", "spice-road", root=project).exit_code == 0


@pytest.mark.parametrize("where, old, new", [
    ("sections[0].title", "    title: Goal of the game", '    title: "Goal 😀"'),
    ("sections[1].body", "Play one card, for", "Play one 𝔘 card, for"),
])
def test_a_rules_text_the_font_cannot_print_fails_the_build_at_its_line(project, where, old, new):
    """The build named the font's alias but not the file and line of the text (issue 48): now the
    same place as validate gives, and nothing written."""
    edit(project / "cards" / "spice-road" / "rules" / "en.yaml", old, new)
    validated = pnp("validate", "spice-road", root=project)
    place = re.search(rf"cards/spice-road/rules/en\.yaml:\d+: {re.escape(where)}: ", validated.output)
    assert validated.exit_code == 1 and place, validated.output
    built = pnp("build", "spice-road", "--only", "rules", "--out", str(project / "out"), root=project)
    assert built.exit_code == 1
    assert place.group(0) in built.output, built.output
    assert not (project / "out" / "spice-road").exists()


def test_a_card_name_the_rules_font_lacks_is_refused_by_validate_and_check_as_by_the_build(project):
    """The card's box has the character (its font: gothic) but the rules' card index and the player
    aid print the name in the language's own font, which lacks it: validate and check refuse it at
    the card's line, naming the font as fonts.yaml does (issue 52: both passed, then the build
    failed naming an internal font alias)."""
    edit(project / "layouts/spice-road.yaml", "title: {kind: text, x: 18, y: 6, width: 39, height: 9, font: title",
         "title: {kind: text, x: 18, y: 6, width: 39, height: 9, font: gothic")
    line = edit(project / "cards/spice-road/cards.yaml", "{en: Market}", "{en: Market 塔}")
    for command in ("validate", "check"):
        result = pnp(command, "spice-road", root=project)
        lines = [out for out in result.output.splitlines() if "has no glyph" in out]
        assert result.exit_code == 1 and len(lines) == 1, result.output
        assert lines[0].startswith(f"cards/spice-road/cards.yaml:{line}: cards[0].name.en: font 'cardo'"), lines[0]
    built = pnp("build", "spice-road", "--lang", "en", "--out", str(project / "out"), root=project)
    assert built.exit_code == 1 and "has no glyph" in built.output and "pnp-" not in built.output, built.output
