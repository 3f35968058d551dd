"""Budgets that count work and memory (issue 30, item 5): each bomb a shared folder can hold is
refused with one line, within 5 s of CPU and 500 MB, measured on a separate `pnp` process.
Before the budgets, each of these hung past 20 s or grew past 1.8 GB (docs/limits.md)."""
from __future__ import annotations

import io
import zipfile

import pytest

from tests.conftest import ROOT

from .projects import TRUST, bounded, demo, edit, layout_text, site_copy

LOOPS = "{% set s = 'x' * 20000 %}{% for a in s %}{% for b in s %}{% for c in s %}{% endfor %}{% endfor %}{% endfor %}"
MACRO = "{% macro f(n) %}{% if n < 40 %}{{ f(n + 1) }}{{ f(n + 1) }}{% endif %}{% endmacro %}{{ f(1) }}"
CONCAT = "{% set s = 'x' * 20000 %}" + "{% set s = s ~ s %}" * 18 + "{{ s|length }}"
JOIN = "{% set s = 'x' * 20000 %}{% set l = [s] * 20000 %}{{ l|join|length }}"
CAPTURE = "{% set s = 'x' * 20000 %}{% set t %}{% for i in range(5000) %}{{ s }}{% endfor %}{% endset %}{{ t|length }}"


def _refused(run, *words: str) -> None:
    assert run.code is not None, f"killed after {run.seconds:.0f} s: {run.output[-300:]}"
    assert run.one_line_failure(), run.output[-600:]
    assert any(all(w in line for w in words) for line in run.lines()), run.lines()
    assert run.within_budget(), f"{run.cpu:.1f} s of CPU, {run.megabytes:.0f} MB"


@pytest.mark.parametrize("template, words", [
    (LOOPS, ["layouts/demo.yaml:", "loops or calls more than"]),
    (CONCAT, ["layouts/demo.yaml:", "a text longer than"]),
    (JOIN, ["layouts/demo.yaml:", "more than"]),
    (CAPTURE, ["layouts/demo.yaml:", "makes or compares more than"]),
], ids=["nested-loops", "concat", "join", "captured-output"])
@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_layout_template_over_its_budget_is_one_line_in_validate_and_build(tmp_path, template, words):
    root = demo(tmp_path)
    layout_text(root, template)
    _refused(bounded(root, "validate", "demo"), *words)
    _refused(bounded(root, "build", "demo", "--only", "cards"), "build failed:", "card 'market'")


def test_a_self_calling_macro_is_one_line(tmp_path):
    root = demo(tmp_path)
    edit(root / "cards" / "demo" / "aid" / "en.yaml", "heading: Setup", f"heading: '{MACRO}'")
    _refused(bounded(root, "validate", "demo"), "cards/demo/aid/en.yaml:", "macros call each other more than")


@pytest.mark.parametrize("block, words", [
    ("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", ["loops or calls more than"]),
    ("{% set s = 'x' * 20000 %}{% for i in range(50000) %}{{ s }}{% endfor %}", ["longer than"]),
    ("{% set s = 'x' * 20000 %}{% set t %}{% for i in range(50000) %}{{ s }}{% endfor %}{% endset %}",
     ["makes or compares more than"]),
    ("{% set s = 'x' * 20000 %}" + "{% set s = s ~ s %}" * 9, ["a text longer than"]),
    ("{{ '{:>999999999}'.format(1) }}", ["str.format is not available"]),
    ("{% include 'home.html' %}", ["include each other"]),
], ids=["loops", "output", "captured-output", "concat", "format", "self-include"])
def test_a_site_template_over_its_budget_is_one_line(tmp_path, block, words):
    """layouts/site/ renders in the same sandbox as the layouts, with the site's own budgets."""
    root = demo(tmp_path)
    site = site_copy(root)
    edit(site / "home.html", "{% block body %}", "{% block body %}" + block)
    _refused(bounded(root, "build", "demo", "--only", "rules", env=TRUST), "build failed: layouts/site/home.html",
             *words)


@pytest.mark.slow   # about 1 s or more: the full run reads it (-m 'not slow' <= 90 s)
def test_a_plural_count_is_bounded_before_babel_reads_it(tmp_path):
    """nplurals=300000000 made Babel allocate 4.7 GB for one plural entry; plural entries
    themselves are fine (the project uses them)."""
    root = demo(tmp_path, "fr")
    po = root / "locales" / "fr" / "LC_MESSAGES" / "demo.po"
    po.parent.mkdir(parents=True)
    header = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals={}; plural=(n > 1);\\n"\n\n'
    entry = 'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[1] "y"\n'
    po.write_text(header.format(2) + entry, encoding="utf-8")
    result = bounded(root, "validate", "demo")
    assert "demo.po" not in result.output, result.output
    po.write_text(header.format(300000000) + entry, encoding="utf-8")
    _refused(bounded(root, "validate", "demo"), "locales/fr/LC_MESSAGES/demo.po:3: Plural-Forms: nplurals=300000000")
    po.write_text('msgid ""\nmsgstr ""\n"Plural-Forms: npl"\n"urals=300000000; plural=0;\\n"\n\n' + entry,
                  encoding="utf-8")
    _refused(bounded(root, "validate", "demo"), "locales/fr/LC_MESSAGES/demo.po:", "nplurals=300000000")


def use_bomb(levels: int = 6, fan: int = 10, leaves: int = 1000) -> str:
    """Groups of groups, each cloned `fan` times with <use>: 42 kB, 10⁸ elements once drawn."""
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
             'height="10"><defs><g id="g0">' + '<rect width="1" height="1"/>' * leaves + "</g>"]
    parts += [f'<g id="g{i}">' + f'<use xlink:href="#g{i - 1}"/>' * fan + "</g>" for i in range(1, levels)]
    parts.append(f'</defs><use xlink:href="#g{levels - 1}"/></svg>')
    return "".join(parts)


def with_art(root, name: str) -> None:
    (root / "cards" / "demo" / "art").mkdir(exist_ok=True)
    edit(root / "layouts" / "demo.yaml", "      rule: {kind: line",
         f"      pic: {{kind: image, x: 1, y: 1, width: 10, height: 10, text: art/{name}}}\n      rule: {{kind: line")


def test_an_svg_use_bomb_is_refused_before_it_is_drawn(tmp_path):
    root = demo(tmp_path)
    with_art(root, "bomb.svg")
    (root / "cards" / "demo" / "art" / "bomb.svg").write_text(use_bomb())
    _refused(bounded(root, "build", "demo", "--only", "cards"), "build failed:", "bomb.svg",
             "more than 10,000 elements")


def xlsx_bomb(megabytes: int) -> bytes:
    """A workbook whose shared-strings part unzips to `megabytes` MB (openpyxl reads it whole)."""
    from openpyxl import Workbook
    book, buffer = Workbook(), io.BytesIO()
    book.active.append(["id", "name", "props.cost"])
    book.active.append(["a", "A", 1])
    book.save(buffer)
    source, out = zipfile.ZipFile(io.BytesIO(buffer.getvalue())), io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as bomb:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                                    b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
            if item.filename == "xl/_rels/workbook.xml.rels":
                data = data.replace(b"</Relationships>", b'<Relationship Id="rIdS" Type="http://schemas.openxmlformats'
                                    b'.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                                    b"</Relationships>")
            bomb.writestr(item, data)
        with bomb.open("xl/sharedStrings.xml", "w", force_zip64=True) as strings:
            strings.write(b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
            chunk = (b"<si><t>" + b"x" * 1000 + b"</t></si>") * 1000
            for _ in range(megabytes):
                strings.write(chunk)
            strings.write(b"</sst>")
    return out.getvalue()


def test_an_xlsx_is_bounded_once_unzipped(tmp_path):
    root = demo(tmp_path)
    (root / "cards" / "demo" / "sheet.xlsx").write_bytes(xlsx_bomb(40))
    edit(root / "cards" / "demo" / "cards.yaml", "cards:\n", "cards_from: sheet.xlsx\ncards:\n")
    _refused(bounded(root, "validate", "demo"), "cards/demo/sheet.xlsx:", "sharedStrings.xml' unzips to 4")


def test_the_shipped_templates_stay_well_within_the_budgets():
    """The largest shipped page uses a twentieth of the site's budgets (sources.SITE_LIMITS)."""
    from generator.model import budget
    from generator.loading.catalog import load_project
    from generator.site import pages
    seen = []
    real = budget.BoundedTemplate.render

    def render(self, *args, **kwargs):
        out = real(self, *args, **kwargs)
        seen.append((self.environment.limits, len(out)))
        return out
    budget.BoundedTemplate.render = render
    try:
        project = load_project(ROOT, ["tournay"])
        game = project.games["tournay"]
        pages.render_game_page(project, game, "fr", ["fr"], allow_missing=True)
    finally:
        budget.BoundedTemplate.render = real
    limits, size = max(seen, key=lambda s: s[1])
    assert size * 20 < limits.output


def test_an_alias_bomb_beside_the_decks_is_not_expanded_by_the_cache(tmp_path):
    """Found while fixing issue 30: the cache parsed every YAML file of a game's folder with a
    plain loader to key the products by language, so an alias bomb in cards/demo/notes/ (no deck
    of the game) grew past 1 GB and 60 s. It goes through the checked loader now."""
    root = demo(tmp_path)
    (root / "cards" / "demo" / "notes").mkdir()
    (root / "cards" / "demo" / "notes" / "bomb.yaml").write_text("".join(
        f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}" if i else "x"] * 9) + "]\n" for i in range(10)))
    run = bounded(root, "build", "demo", "--only", "cards", timeout=30)
    assert run.code == 0 and run.within_budget(), (run.output[-300:], run.cpu, run.megabytes)
