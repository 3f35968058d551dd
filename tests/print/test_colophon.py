"""Every file says who made it and when (issue 50): the colophon line on the card sheets'
instructions, the PDF's author and dates, from SOURCE_DATE_EPOCH (reproducible builds)."""
from __future__ import annotations

import subprocess

from pypdf import PdfReader

from tests.conftest import pnp


def test_cards_carry_credits_version_and_the_source_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")          # 2023-11-14 22:13:20 UTC
    result = pnp("build", "taverna", "--lang", "de", "--only", "cards,score-pad", "--jobs", "1", "--no-cache",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for name in ("cards.pdf", "score-pad.pdf"):
        reader = PdfReader(tmp_path / "taverna" / "de" / name)
        assert reader.metadata["/CreationDate"].startswith("D:20231114221320")
        assert "Karl Marcelle" in reader.metadata["/Author"]
    back = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(tmp_path / "taverna" / "de" / "cards.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    line = " ".join(back.split())
    assert "Taverna · Karl Marcelle" in line and "pnp-studio" in line and "2023-11-14" in line
