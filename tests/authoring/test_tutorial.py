"""The authoring guide cannot go stale (issue 14): the tutorial of docs/authoring.md — between
<!-- tutorial --> and <!-- /tutorial --> — is run as written in an empty folder: every
```yaml file=PATH``` / ```csv file=PATH``` block is written to PATH, every `pnp …` line of a
```sh``` block runs (and must succeed), in order; then its result is checked."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main
from tests.conftest import ROOT
from tests.pdfs import open_pdf

GUIDE = ROOT / "docs" / "authoring.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```\s*$", re.M | re.S)


def tutorial_steps() -> list[tuple[str, str, str]]:
    """('write', path, text) or ('run', command, '') in the order of the guide."""
    text = GUIDE.read_text(encoding="utf-8")
    body = text.split("<!-- tutorial -->", 1)[1].split("<!-- /tutorial -->", 1)[0]
    steps = []
    for lang, info, content in BLOCK.findall(body):
        target = re.search(r"file=(\S+)", info)
        if target:
            steps.append(("write", target.group(1), content))
        elif lang == "sh":
            steps += [("run", line.strip(), "") for line in content.splitlines() if line.strip().startswith("pnp ")]
    return steps


def test_the_guide_has_a_tutorial():
    steps = tutorial_steps()
    assert sum(kind == "run" for kind, *_ in steps) >= 4
    assert sum(kind == "write" for kind, *_ in steps) >= 6


def test_the_tutorial_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)               # an empty folder: pnp finds the project from here
    monkeypatch.delenv("PNP_ROOT", raising=False)
    runner = CliRunner()
    outputs = {}
    for kind, what, content in tutorial_steps():
        if kind == "write":
            path = tmp_path / what
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
            continue
        result = runner.invoke(main, shlex.split(what)[1:], catch_exceptions=False)
        assert result.exit_code == 0, f"{what}\n{result.output}"
        outputs[what] = result.output
    assert "lanterns: ok (2 decks, 12 cards, languages en)" in outputs["pnp validate lanterns"]
    out = tmp_path / "output" / "lanterns" / "en"
    assert sorted(p.name for p in out.iterdir()) == ["calibration-page.pdf", "cards-fold-over.pdf",
                                                     "cards-ink-saver.pdf", "cards.pdf", "player-aid-card.pdf",
                                                     "player-aid.pdf", "rules.pdf"]
    cards = PdfReader(out / "cards.pdf")
    assert len(cards.pages) == 6              # instructions, lanterns, their backs, wishes, their backs
    fronts = [page.extract_text() for page in cards.pages[2::2]]
    assert fronts[0].count("Red Lantern") == 4 and fronts[0].count("Blue Lantern") == 2
    assert "look at the top" in fronts[0]
    assert fronts[1].count("Two Suns") == 2 and "red + gold + blue" in fronts[1]
    assert cards.pages[3].extract_text().count("Lantern Night") == 9 + 1    # 9 backs and the sheet's label
    aid = PdfReader(out / "player-aid.pdf").pages[0].extract_text()
    assert "Shuffle the 9 lanterns" in aid and "Lay out 3 wishes" in aid
    with open_pdf(out / "rules.pdf") as pdf:
        rules = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "Goal of the game" in rules and "Glow 3" in rules and "Needs gold + gold" in rules
