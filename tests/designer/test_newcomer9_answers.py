"""Squib and nanDECK habits newcomer 9 wrote porting cyclomancy (issue 52): each answered in one
line, at the field written, with the fix that works."""
from __future__ import annotations

import re

from tests.conftest import pnp
from tests.designer.test_shapes_fonts import project


def _problems(tmp_path, game: str = "shapes") -> list[str]:
    result = pnp("validate", game, root=tmp_path)
    assert result.exit_code == 1, result.output
    return [line for line in result.output.splitlines() if line.strip() and "problem(s) found" not in line]


def _px_layout(tmp_path, regions: str) -> None:
    project(tmp_path, regions)
    layout = tmp_path / "layouts" / "shapes.yaml"
    layout.write_text(layout.read_text().replace("  card:\n    background: paper\n",
                                                 "  card:\n    dpi: 300\n    background: paper\n"))


def test_a_bare_number_in_a_sum_below_zero_is_said_at_the_sum(tmp_path):
    """Before: two lines at `.x` (off the card; text does not fit in -110 mm), neither naming px."""
    _px_layout(tmp_path, "      box: {kind: text, x: 90 px, y: 100 px, width: deck - 180, height: 100 px, "
                         "text: Gust}\n")
    problems = _problems(tmp_path)
    assert len(problems) == 1, problems
    assert re.match(r"layouts/shapes\.yaml:\d+: layouts\.card\.regions\.box\.width: ", problems[0]), problems
    assert "180 is mm" in problems[0] and "180 px?" in problems[0], problems


def test_a_header_written_with_its_capitals_asks_for_the_lower_case_key(tmp_path):
    """Before: "did you mean 'Attack Power' …; if the header is the slip, the header renamed 'Attack_Power'"."""
    from tests.authoring.test_newcomer_sheets import HERO, heroes
    heroes(tmp_path, hero=HERO.replace("{{ card.props.flavor }}", "{{ card.props.Attack_Power }}"))
    layout = (tmp_path / "layouts" / "spice-road.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(layout, 1) if "Attack_Power" in text)
    problems = _problems(tmp_path, "spice-road")
    assert len(problems) == 1 and problems[0].startswith(f"layouts/spice-road.yaml:{line}: "), problems
    assert problems[0].endswith("(expected card.props.attack_power)") and "renamed" not in problems[0], problems
