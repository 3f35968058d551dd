"""Every value that reaches the site's HTML or SVG is typed or escaped (issue 30, item 4): a
script payload in every string field of every data file of a project (and in its spreadsheet's
cells) never runs in Chromium, while the same payload written raw into a page does (the
positive control: the detector works)."""
from __future__ import annotations

import re

import pytest
import yaml

from datafile.errors import field_path
from tests.conftest import pnp

from .projects import demo, edit

RAN = "window.__xss = (window.__xss || 0) + 1"
PAYLOAD = (f'"\'><img src=x onerror="{RAN}"><script>{RAN}</script><svg onload="{RAN}"></svg>'
           f'<a href="javascript:{RAN}">x</a></title></style>')
PROBLEM = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+): (?P<field>[^:]+): ")


def _leaves(data, path=()):
    if isinstance(data, str):
        yield path
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, path + (index,))


def _set(data, path, value):
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _get(data, path):
    for part in path:
        data = data[part]
    return data


def poisoned(root) -> int:
    """Append the payload to every string of every YAML file of the project, then take it out
    again wherever validation refuses it (ids, layout names, colours, paths: typed fields; a
    refused field is found by its path, its line or its value quoted in the problem).
    Returns how many fields keep it."""
    from datafile.source import line_of, load_yaml_text
    files = {p: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(root.rglob("*.yaml"))}
    original = {p: yaml.safe_load(p.read_text(encoding="utf-8")) for p in files}
    tags, n = {}, 0
    for path, data in files.items():
        for leaf in _leaves(data):
            n += 1
            tags[path, leaf] = f"~{n}~"      # tells a refused value from its twin ('coin' the name, 'coin' the label)
            _set(data, leaf, _get(data, leaf) + tags[path, leaf] + PAYLOAD)
    for _ in range(15):
        lines = {}
        for path, data in files.items():
            text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10_000)
            path.write_text(text, encoding="utf-8")
            loaded = load_yaml_text(text, path.name)
            lines[path] = {leaf: line_of(loaded, leaf) for leaf in _leaves(data)}
        result = pnp("validate", "demo", root=root)
        if result.exit_code == 0:
            break
        problems = [(m["file"], int(m["line"]), m["field"], line) if m else (None, -1, None, line)
                    for line in result.output.splitlines() for m in [PROBLEM.match(line)]]
        reverted = 0
        for path, data in files.items():
            name = str(path.relative_to(root))
            for leaf in _leaves(data):
                value = _get(data, leaf)
                if PAYLOAD not in value:
                    continue
                quoted = value[:len(value) - len(PAYLOAD)]
                if any(quoted in text or f == name and (field == field_path(leaf) or field.endswith(" " + str(leaf[-1]))
                                                        or field and field_path(leaf).startswith(field + ".")
                                                        or line == lines[path][leaf])
                       for f, line, field, text in problems):
                    _set(data, leaf, _get(original[path], leaf))
                    reverted += 1
        sheet = root / "cards" / "demo" / "sheet.csv"
        if not reverted and sheet.exists() and any(f and "aid-card" in f and PAYLOAD[:12] in text
                                                   for f, _, _, text in problems):
            # a spreadsheet cell an aid-card table quotes (`{{ item.name }}`: a word wider than its
            # column): the card's name becomes plain text, its text keeps the payload
            quoted = '"' + PAYLOAD.replace('"', '""') + '"'
            sheet.write_text(sheet.read_text(encoding="utf-8").replace(quoted, "Third", 1), encoding="utf-8")
            continue
        if not reverted:    # the culprit is a sibling of the field named or of one of its parents
            for path, data in files.items():   # (an aid item's `each`, an aid card table's `each`)
                name = str(path.relative_to(root))
                fields = {field for f, _, field, _ in problems if f == name and field}
                for leaf in _leaves(data):
                    if PAYLOAD in _get(data, leaf) and any(field.startswith(field_path(leaf[:-1]) + ".")
                                                           for field in fields):
                        _set(data, leaf, _get(original[path], leaf))
    else:
        pytest.fail(f"validation never passed:\n{result.output}")
    return sum(PAYLOAD in str(_get(d, leaf)) for d in files.values() for leaf in _leaves(d))


def test_no_payload_runs_in_any_page(tmp_path, browser):     # the session's Chromium (tests/conftest.py)
    root = demo(tmp_path)
    (root / "cards" / "demo" / "sheet.csv").write_text(
        "id,name,text,props.cost\nthird," + '"' + PAYLOAD.replace('"', '""') + '","' + PAYLOAD.replace('"', '""')
        + '",2\n', encoding="utf-8")
    edit(root / "cards" / "demo" / "cards.yaml", "cards:\n", "cards_from: sheet.csv\ncards:\n")
    # the cards' texts may shrink to 1 pt, so a name or text carrying the payload still fits its
    # box (validate fits them as the build does): what is tested here is the site
    layouts = root / "layouts" / "demo.yaml"
    layouts.write_text(re.sub(r"min_size: [\d.]+", "min_size: 1", layouts.read_text(encoding="utf-8")),
                       encoding="utf-8")
    kept = poisoned(root)
    assert kept >= 15, kept      # names, texts, descriptions, labels, rules and aid texts
    result = pnp("build", "demo", "--only", "rules", root=root)
    assert result.exit_code == 0, result.output
    site = root / "output" / "site"
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 3
    assert any("onerror" in p.read_text() for p in pages)     # the payload is there, as text
    (site / "control.html").write_text(f"<!doctype html><title>control</title><p>{PAYLOAD}</p>")
    context = browser.new_context(java_script_enabled=True)
    try:
        ran = {}
        for page_file in [*pages, site / "control.html"]:
            page = context.new_page()
            dialogs = []
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            page.goto(page_file.as_uri())
            page.wait_for_load_state("load")
            page.wait_for_timeout(50)
            ran[page_file.name if page_file.parent == site else f"{page_file.parent.name}/{page_file.name}"] = \
                (page.evaluate("window.__xss || 0"), dialogs)
            page.close()
    finally:
        context.close()
    assert ran.pop("control.html")[0] >= 2, "the detector did not see the raw payload run"
    assert all(count == 0 and not dialogs for count, dialogs in ran.values()), ran
