"""French typography of the shipped texts that a rule can read from the data (issue 51)."""
from __future__ import annotations

import re

from tests.content.test_glossary import shipped_texts

# After a colon French goes on in lower case (« Facultatif : activez un notable »). A capital is
# a name: a card or deck named after the colon (« Condition 2 : Crieurs »), an abbreviation.
AFTER_COLON = re.compile(r"\S[ \u00a0\u202f]:[ \u00a0\u202f]+[*_]*([A-ZÀÂÉÈÊÎÔÛÇ][\w’'-]*)")
NAMES = {"Crieurs", "PV", "B7", "Donazione", "Fred"}      # Fred: a credited person


def test_french_goes_on_in_lower_case_after_a_colon():
    found = [f"{t.where}: « …{m.group(0)} »" for t in shipped_texts("fr")
             for m in AFTER_COLON.finditer(t.text) if m.group(1) not in NAMES and not m.group(1).isupper()]
    assert found == []


# --- issue 51, second French reading ----------------------------------------------------------

from tests.content.shipped import aid, aid_text, all_strings, rules  # noqa: E402

MATH_IN_PROSE = re.compile(r"[≥≤]|\d\+ ")


def test_rules_and_aids_write_comparisons_in_words():
    """« ≥ joueurs + 1 », « 5+ étages » in running text read as formulas; the score pads keep them."""
    found = [s for game in ("tournay", "san-gimignano", "taverna")
             for s in all_strings(rules(game, "fr")) + all_strings(aid(game, "fr")) if MATH_IN_PROSE.search(s)]
    assert found == []


def test_san_gimignano_aid_says_who_deals():
    """« L'adversaire du donneur commence » alone: the aid must stand alone (rulebook: the oldest deals)."""
    assert "plus âgé donne" in aid_text("san-gimignano", "fr")


def test_aid_card_score_tables_head_the_method_column_calcul():
    from tests.content.shipped import ROOT
    for game in ("tournay", "san-gimignano", "taverna"):
        text = (ROOT / "cards" / game / "aid-card" / "fr.yaml").read_text(encoding="utf-8")
        assert "[Catégorie, Calcul, Points]" in text and "Comment," not in text, game


# --- issue 51, third French reading: the calculator's own words --------------------------------

from babel.messages.pofile import read_po  # noqa: E402

from tests.content.shipped import ROOT  # noqa: E402

# a breakable space before ; : ! ? or inside « » (the PDFs and site set U+00A0 / U+202F there)
BREAKABLE = re.compile(r" [;:!?»]|« ")


def _calculator_catalogue(lang: str = "fr") -> dict[str, str]:
    out = {}
    for name in ("checks", "scoring"):
        with open(ROOT / "locales" / lang / "LC_MESSAGES" / f"{name}.po", "rb") as handle:
            for m in read_po(handle):
                for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    if m.id and text:
                        out[f"{name}.po {m.id if isinstance(m.id, str) else m.id[0]!r}"] = text
    return out


def test_calculator_messages_set_french_spaces_and_one_apostrophe():
    """`pnp score` and the score page print these as they are: « carte inconnue « X » ; … ? »
    with breakable spaces was the catalogue's text (a phone broke before the « ; »)."""
    found = {k: v for k, v in _calculator_catalogue().items() if BREAKABLE.search(v) or "'" in v}
    assert found == {}


PROGRAM_WORDS = re.compile(r"éléments|un mot|caractères|être vide|et non \{count\}")


def test_calculator_refusals_speak_of_what_the_player_typed():
    """« au plus 10 éléments, et non 11 », « un nom ou un mot est attendu », « ne doit pas être
    vide » read like a program's; the player typed a name or a number of towers."""
    found = {k: v for k, v in _calculator_catalogue().items() if PROGRAM_WORDS.search(v)}
    assert found == {}


def test_score_page_data_sets_french_spaces():
    """The form's labels and the catalogue as the French score page embeds them, and the colon
    calc.js puts between a field and its problem: U+00A0, as the PDFs (it was U+202F)."""
    import json

    from generator.loading.catalog import load_project
    from generator.reading.i18n import Translator
    from generator.site.calculator import page_data
    project = load_project(ROOT, ["tournay"])
    data = page_data(project, project.games["tournay"], "fr", Translator(ROOT, "fr"))
    texts = json.dumps({k: data[k] for k in ("catalogue", "form")}, ensure_ascii=False)
    assert re.findall(r".{20}(?: [;:!?»]|« ).{10}", texts) == []
    calc = (ROOT / "layouts" / "site" / "calc.js").read_text(encoding="utf-8")
    assert 'fr: "\\u00a0: "' in calc


def test_san_gimignano_aids_name_what_each_pronoun_stands_for():
    """« vous pouvez la jouer … elle va sous la pioche » (la Garde ? la carte ?) and « son
    détenteur » after a sentence on the cards in hand: say the 5 and the marker."""
    from tests.content.shipped import aid_card_text
    assert "vous pouvez la jouer de votre main" not in aid_card_text("san-gimignano", "fr")
    assert "en cas d'égalité, son détenteur" not in aid_text("san-gimignano", "fr")


def test_catalogue_sentences_hold_one_colon():
    """« imprimez sur une seule face : ces pièces n’ont pas de verso », « sorts lancés : 3,
    Feu d’artifice compté double : 4 »: two colons in one sentence read as a list of labels."""
    import glob
    found = []
    for path in sorted(glob.glob(str(ROOT / "locales" / "fr" / "LC_MESSAGES" / "*.po"))):
        with open(path, "rb") as handle:
            for m in read_po(handle):
                for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    flat = re.sub(r"\([^()]*\)", "", text or "")
                    found += [text for s in re.split(r"(?<=[.!?])\s", flat)
                              if len(re.findall(r"\s:\s", s)) >= 2]
    assert found == []


def test_tournay_fighting_an_event_says_who_pays():
    """« utilisez-en 2 ; contre tout autre événement, 1, et payez … » let the payment read as
    due in both cases (rulebook 000: two citizens against an event that takes deniers, nothing paid)."""
    text = " ".join(all_strings(rules("tournay", "fr")))
    assert "utilisez-en 2, sans rien payer" in text


def test_card_index_lines_start_with_a_capital():
    """The rules' card index prints one grey line per card under its name (« Bâtiment · niveau
    II · … »); the events' began in lower case (« lutter : 1 … »)."""
    found = [f"{game}: {deck}" for game in ("tournay", "san-gimignano", "taverna")
             for deck, line in (rules(game, "fr").get("cards") or {}).items()
             if line and re.match(r"[a-zà-ÿ]", line)]
    assert found == []


def test_site_page_raises_the_ordinal_of_the_edition_note():
    """The French rules page said « le 15e vient de votre exemplaire » in plain figures where
    rules.pdf raises the suffix (« le 15<sup>e</sup> »)."""
    from generator.loading.catalog import load_project
    from generator.site.downloads import Download
    from generator.site.pages import render_game_page
    project = load_project(ROOT, ["tournay"])
    cards = Download("cards.pdf", ROOT / "README.md", "Card sheets")      # any file: its size is shown
    page = render_game_page(project, project.games["tournay"], "fr", ["fr"], downloads=[cards])
    assert "le 15<sup>e</sup> vient" in page and not re.search(r"\b\d+e\b(?!</sup>)[^<]{0,40}vient de votre", page)
