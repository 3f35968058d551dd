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
