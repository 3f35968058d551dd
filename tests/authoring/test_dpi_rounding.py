"""A picture at 300 dpi at its print size is not "below 300 dpi" (issue 52: a 236 px picture in a
20 mm box is 299.7 dpi, said as "300 dpi (below 300)")."""
from __future__ import annotations

from PIL import Image

from tests.conftest import pnp

from .helpers import new_game


def test_a_picture_at_300_dpi_is_not_below_300(tmp_path):
    game = new_game(tmp_path)
    (game / "art").mkdir()
    Image.new("RGB", (236, 236), "#884422").save(game / "art" / "square.png")
    layout = tmp_path / "layouts" / "spice-road.yaml"
    layout.write_text(layout.read_text().replace(
        "      title: {", '      pic: {kind: image, x: 21.5, y: 20, width: 20, height: 20, text: art/square.png}\n'
                         "      title: {", 1))
    result = pnp("check", "spice-road", "--lang", "en", root=tmp_path)
    assert result.exit_code == 0, result.output
    assert "square.png" not in result.output and "dpi" not in result.output.split("note")[0], result.output
