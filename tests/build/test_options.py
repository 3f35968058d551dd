"""An option given twice adds to the first, as a list written with commas does: `--lang fr --lang de`
used to build German only, with nothing said about French."""
from __future__ import annotations

from tests.conftest import pnp


def test_a_repeated_lang_and_only_build_every_value(tmp_path):
    result = pnp("build", "taverna", "--lang", "fr", "--lang", "de", "--only", "score-pad", "--only", "player-aid",
                 "--jobs", "1", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    built = sorted(p.relative_to(tmp_path / "taverna").as_posix() for p in (tmp_path / "taverna").rglob("*.pdf"))
    assert built == ["de/player-aid.pdf", "de/score-pad.pdf", "fr/player-aid.pdf", "fr/score-pad.pdf"]
