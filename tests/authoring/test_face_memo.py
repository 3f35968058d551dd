"""Card faces rendered for `pnp validate` are kept per process by content (card_layout/face_memo.py):
a change of any input of a face (the layout's template, the card's text, a deck prop, a catalogue
string, a layout colour) is seen at the next load, never a stale face."""
from __future__ import annotations

from pathlib import Path

from generator.card_layout import face_memo
from generator.loading.catalog import load_project
from generator.face_checks.faces import printed_texts
from tests.pipeline.helpers import project_copy, replace_in

GAME = "san-gimignano"
PROBE = ('      probe: {kind: text, x: 6, y: 84, width: 50, height: 3, size: 6, min_size: 6,\n'
         '              text: "{{ colors.rank5 }}/{{ deck.props.motto }}/{{ _(\'Donazione\') }}"}\n')


def texts(root: Path, lang: str) -> set[str]:
    project = load_project(root)
    return {t.source for t in printed_texts(project, project.games[GAME]) if t.lang == lang}


def test_every_input_of_a_face_is_seen_after_a_change(tmp_path):
    root = project_copy(tmp_path, (GAME,))
    layout = root / "layouts" / f"{GAME}.yaml"
    replace_in(layout, "      body: {x: 6.5, y: 49, width: 50, height: 34, size: 9.5, min_size: 7.5}\n",
               "      body: {x: 6.5, y: 49, width: 50, height: 34, size: 9.5, min_size: 7.5}\n" + PROBE)
    nobles = root / "cards" / GAME / "nobles.yaml"
    replace_in(nobles, "layout: san-gimignano/noble\n", "layout: san-gimignano/noble\nprops: {motto: Probe-A}\n")
    assert "#4f7a34/Probe-A/Donazione" in texts(root, "fr")
    assert "#4f7a34/Probe-A/Donazione" in texts(root, "fr")      # the second time from the memo

    replace_in(layout, 'rank5: "#4f7a34"', 'rank5: "#4f7a35"')      # a colour no region of the layout names
    assert "#4f7a35/Probe-A/Donazione" in texts(root, "fr")
    replace_in(nobles, "motto: Probe-A", "motto: Probe-B")                        # a deck prop
    assert "#4f7a35/Probe-B/Donazione" in texts(root, "fr")
    catalogue = root / "locales" / "fr" / "LC_MESSAGES" / "pnp.po"              # a catalogue string
    replace_in(catalogue, 'msgid "Donazione"\nmsgstr "Donazione"', 'msgid "Donazione"\nmsgstr "Donation"')
    found = texts(root, "fr")
    assert "#4f7a35/Probe-B/Donation" in found and "#4f7a35/Probe-B/Donazione" not in found
    assert "#4f7a35/Probe-B/Donazione" in texts(root, "de")                      # the other languages' own
    replace_in(layout, "text: \"{{ colors.rank5 }}/", "text: \"P {{ colors.rank5 }}/")   # the layout's template
    assert "P #4f7a35/Probe-B/Donation" in texts(root, "fr")
    old = "Use as a floor of any rank when you build or extend a tower."                    # a card's text
    assert any(t.startswith(old) for t in texts(root, "en"))
    replace_in(nobles, "en: " + old, "en: Use as a floor of every rank when you build or extend a tower.")
    found = texts(root, "en")
    assert not any(t.startswith(old) for t in found)
    assert any(t.startswith("Use as a floor of every rank") for t in found)


def test_what_cannot_be_keyed_exactly_is_rendered_every_time():
    class Layout:
        background = None
        regions = [type("Region", (), dict(kind="text", when=None, text=source, color="#000", fill=None,
                                           stroke=None, gradient=None))() for source in ("{{ _.missing }}",)]
    assert face_memo.layout_key(Layout()) is None         # `_` used other than by a call: stateful
    assert face_memo.context_key({"card": {"props": {"tags": {"a", "b"}}}}) is None   # a set: not frozen
    one, true = face_memo.context_key({"x": 1}), face_memo.context_key({"x": True})
    assert one is not None and one != true                # 1 and True print differently


def test_a_cards_props_are_keyed_with_the_blanks_a_template_reads():
    """A card's props (templates.Props: its values and the declared properties it leaves blank)
    are frozen by content: a card with props was never memoised (every face of the shipped games
    rendered again by each validate, and by the build's drawing)."""
    from generator.card_layout.templates import Props
    key = face_memo.context_key({"card": {"props": Props({"cost": 2}, {"flavor": ""})}})
    assert key is not None
    assert key != face_memo.context_key({"card": {"props": Props({"cost": 2}, {"flavor": []})}})
    assert key != face_memo.context_key({"card": {"props": Props({"cost": 3}, {"flavor": ""})}})


def test_the_drawing_takes_each_faces_templates_as_the_checks_rendered_them(monkeypatch):
    """The build checks every face (face_checks/faces.py: the icons the aid's legend lists) before it
    draws them; the drawing takes the templates' outputs kept then (face_memo.Rendered.outputs)
    instead of rendering the same templates with the same content again."""
    from generator.face_checks.faces import faces
    from generator.card_layout import templates
    from generator.products.cards import write_cards
    from generator.paper.sheet_options import SheetOptions
    from tests.conftest import ROOT
    import tempfile
    project = load_project(ROOT, [GAME])
    game = project.games[GAME]
    faces(project, game)
    rendered = []
    real = templates.compiled

    def counted(source):
        template = real(source)
        return type("Counted", (), {"render": lambda self, *a, **k: rendered.append(source) or
                                    template.render(*a, **k)})()
    import generator.card_face.face as face
    monkeypatch.setattr(face, "compiled", counted)
    with tempfile.TemporaryDirectory() as out:
        write_cards(project, game, "fr", Path(out) / "cards.pdf", SheetOptions())
    assert rendered == []
