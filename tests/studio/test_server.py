"""The studio's HTTP side: what it serves, what it refuses, and its event stream."""
from __future__ import annotations

import http.client
import io
import json
import queue
import threading

import pytest
from PIL import Image

from tests.conftest import pnp
from tests.pipeline.helpers import replace_in
from tests.studio.conftest import EDITOR, Running, game_project, wait_for


def request(studio, path: str, host: str | None = None, method: str = "GET"):
    connection = http.client.HTTPConnection("127.0.0.1", studio.server.port, timeout=10)
    connection.putrequest(method, path, skip_host=True)
    connection.putheader("Host", host if host is not None else f"localhost:{studio.server.port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.fixture
def studio(tmp_path, running):
    return running(game_project(tmp_path), langs=["en"])


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One studio for the module's tests that change nothing in its project (each started its own,
    drawing every face again)."""
    studio = Running(game_project(tmp_path_factory.mktemp("served")), langs=["en"])
    yield studio
    studio.stop()


def test_the_page_and_its_state(served):
    studio = served
    response, body = request(studio, "/")
    assert response.status == 200 and b'<script src="/studio.js"' in body
    policy = response.getheader("Content-Security-Policy")
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    response, body = request(studio, "/state.json")
    state = json.loads(body)
    assert len(state["faces"]) == 15 and state["errors"] == []
    png = state["faces"]["san-gimignano/nobles/giostra/en"]["png"]
    response, body = request(studio, png)
    assert response.status == 200 and response.getheader("Content-Type") == "image/png"
    with Image.open(io.BytesIO(body)) as image:      # 63x88 mm poker card + 3 mm bleed at 192 dpi
        assert image.size == (round(69 / 25.4 * 192), round(94 / 25.4 * 192))


@pytest.mark.parametrize("host", ["evil.example:{port}", "localhost:1", "", "localhost.evil.example:{port}"])
def test_a_foreign_host_header_is_refused(served, host):
    studio = served
    response, _ = request(studio, "/state.json", host.format(port=studio.server.port))
    assert response.status == 403
    for good in (f"127.0.0.1:{studio.server.port}", f"localhost:{studio.server.port}"):
        assert request(studio, "/state.json", good)[0].status == 200


@pytest.fixture
def bare(tmp_path):
    """A server alone, before anything is drawn: no drawing (a short test)."""
    from generator.studio.server import StudioServer
    from generator.studio.session import Studio
    server = StudioServer(Studio(tmp_path, None, None, EDITOR), "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield type("Served", (), {"server": server, "session": server.studio})
    server.shutdown()
    server.server_close()


def test_the_page_says_which_faces_are_on_screen(bare):
    """/focus: the faces the next redraw draws first (test_layout_edit.py draws in that order)."""
    studio = bare
    shown = ["san-gimignano/nobles/giostra/en", "san-gimignano/towers/tower-5/en"]
    response, body = request(studio, "/focus?faces=" + ",".join(shown))
    assert response.status == 204 and body == b"" and studio.session.focus == shown
    response, _ = request(studio, "/focus?faces=san-gimignano/towers/tower-1/en", host="attacker.example")
    assert response.status == 403 and studio.session.focus == shown
    response, _ = request(studio, "/focus")          # nothing on screen (every row filtered out)
    assert response.status == 204 and studio.session.focus == []


def test_an_earlier_focus_report_arriving_late_is_dropped(bare):
    """Each report travels on a connection of its own: the one sent before a scroll may reach the
    studio after the one sent after it (a loaded machine), and must not put the top of the page
    first again (the redraw began with card-1 while cards 7-9 were on screen)."""
    studio, top, scrolled = bare, "demo/big/card-1/en", "demo/big/card-8/en"
    request(studio, f"/focus?page=p1&n=2&faces={scrolled}")
    request(studio, f"/focus?page=p1&n=1&faces={top}")          # sent first, arrives last
    assert studio.session.focus == [scrolled]
    request(studio, f"/focus?page=p1&n=3&faces={top}")          # scrolled back up
    assert studio.session.focus == [top]
    request(studio, f"/focus?page=p2&n=1&faces={scrolled}")     # a page opened since counts from 1
    assert studio.session.focus == [scrolled]


def test_only_the_games_regular_files_are_served(studio, tmp_path):
    game = studio.root / "cards" / "san-gimignano"
    response, body = request(studio, "/project/san-gimignano/nobles.yaml")
    assert response.status == 200 and body == (game / "nobles.yaml").read_bytes()
    assert response.getheader("Content-Type").startswith("text/plain")
    assert "sandbox" in response.getheader("Content-Security-Policy")
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the page")
    (game / "link.txt").symlink_to(secret)
    (game / ".hidden").write_text("dot-file")
    (game / "sub").mkdir()
    for path in ["/project/san-gimignano/../../secret.txt", "/project/san-gimignano/%2e%2e/%2e%2e/secret.txt",
                 "/project/san-gimignano/link.txt", "/project/san-gimignano/.hidden", "/project/san-gimignano/sub",
                 "/project/san-gimignano/", "/project/tournay/game.yaml", "/project/..%2f..%2fsecret.txt",
                 "/project/san-gimignano/..%5c..%5csecret.txt", "/studio.py", "/face/0.png",
                 "/face/" + "0" * 32 + ".png", "/etc/passwd"]:
        response, body = request(studio, path)
        assert response.status == 404, path
        assert b"not for the page" not in body
    assert request(studio, "/state.json", method="POST")[0].status == 501


def test_events_follow_an_edit_and_the_diff_shows_it(studio):
    events: queue.Queue = queue.Queue()

    def listen():
        connection = http.client.HTTPConnection("127.0.0.1", studio.server.port, timeout=30)
        connection.request("GET", "/events")
        for line in connection.getresponse():
            if line.startswith(b"data: "):
                events.put(int(line[6:]))

    threading.Thread(target=listen, daemon=True).start()
    first = events.get(timeout=10)
    face = "san-gimignano/nobles/via-francigena/en"
    replace_in(studio.root / "cards" / "san-gimignano" / "nobles.yaml", "en: Draw from the tower pile",
               "en: Draw two cards from the pile")
    assert events.get(timeout=10) > first
    assert wait_for(lambda: studio.state()["faces"][face]["diff"] and studio.drawn(), 20)
    response, body = request(studio, studio.state()["faces"][face]["diff"])
    assert response.status == 200
    with Image.open(io.BytesIO(body)) as image:
        colours = {pixel for _, pixel in image.convert("RGB").getcolors(1 << 20)}
    red = [c for c in colours if c[0] > 200 and c[1] < 80 and c[2] < 80]        # ink only before
    cyan = [c for c in colours if c[0] < 80 and c[1] > 200 and c[2] > 200]      # ink only now
    assert red and cyan


def test_the_command_refuses_unknown_games_and_editor_links(tmp_path):
    root = game_project(tmp_path)
    result = pnp("studio", "san-gimignan", root=root)
    assert result.exit_code == 2 and "did you mean 'san-gimignano'" in result.output
    result = pnp("studio", "--editor-url", "javascript:alert({path})", root=root)
    assert result.exit_code == 2 and "--editor-url" in result.output
    assert "studio" in pnp("--help").output


def test_a_cutter_sheet_with_its_cut_paths_over_it(served):
    """/cutter/<game>/<lang>/<machine>.svg: the first sheet of each piece size as printed, its cut
    paths over it in the sheet's millimetre frame; an unknown machine is one line, not a page."""
    import re
    studio = served
    response, body = request(studio, "/cutter/san-gimignano/en/silhouette.svg")
    assert response.status == 200 and response.getheader("Content-Type") == "image/svg+xml"
    text = body.decode()
    assert re.search(r'<image width="279.4" height="215.9" href="data:image/png;base64,', text)   # Letter, landscape
    assert len(re.findall(r'<path id="piece-\d+"', text)) == 6                                    # 6 poker cards
    response, body = request(studio, "/cutter/san-gimignano/en/cameo9.svg")
    assert response.status == 422 and body.count(b"\n") == 1 and b"layouts/cutters/cameo9.yaml" in body
