"""The offline app in a browser profile that persists, as a phone's does: after one visit every
page of every game and language opens with the network off (folder addresses included), and the
service worker never outlives the site: another server on the same address is shown as itself."""
from __future__ import annotations

import functools
import socket
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from generator.site.serve import QuietHandler
from tests.conftest import ARGS, CHROMIUM


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _serve(handler, folder, port: int, **options) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(folder), **options))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    return server


def _stop(server: ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()


def _eventually(page, expression: str) -> bool:
    """The (promised) condition, asked again for up to 10 s: unregistering and deleting end
    after the page that asked has its answer (wait_for_function takes a promise as true)."""
    for _ in range(100):
        if page.evaluate(expression):
            return True
        page.wait_for_timeout(100)
    return False


@pytest.mark.slow      # a persistent profile, two servers in turn: 5–7 s
def test_every_page_offline_and_the_worker_leaves_with_the_site(full_build, browser, tmp_path):
    with socket.socket() as s:              # a free port, used by both servers in turn
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    other = tmp_path / "other"
    other.mkdir()
    (other / "index.html").write_text("<!DOCTYPE html><title>another server</title><p>hello", "utf-8")
    pnp = _serve(QuietHandler, full_build / "site", port, hosts=["127.0.0.1", "phone.test"])
    # phone.test: a name that is not this machine, as a phone on the local network sees it
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, viewport={"width": 390, "height": 844},
        args=ARGS + ["--host-resolver-rules=MAP phone.test 127.0.0.1"])
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(f"http://phone.test:{port}/taverna/fr.html")     # plain http: no service worker, said so
        assert page.is_visible("#not-kept")
        page.goto(url + "taverna/fr.html")
        assert not page.is_visible("#not-kept")
        page.goto(url + "taverna/de.html")
        page.wait_for_function("document.documentElement.dataset.site === 'ready'", timeout=120_000)
        _stop(pnp)
        context.set_offline(True)
        for path, lang in [("", None), ("taverna/ja.html", "ja"), ("tournay/fr-score.html", "fr"),
                           ("san-gimignano/en-icons.html", "en"), ("index.html", None)]:
            page.goto(url + path)
            assert page.evaluate("document.querySelector('meta[name=generator]') !== null"), path
            if lang:
                assert page.evaluate("document.documentElement.lang") == lang, path
        context.set_offline(False)
        stranger = _serve(Quiet, other, port)
        try:
            page.goto(url)
            assert page.title() == "another server"
            page.goto(url + "taverna/de.html")      # not there: the stranger's 404, not the kept page
            assert page.evaluate("document.querySelector('meta[name=generator]')") is None
            # gone once the pages it controlled are (unregistering waits for them)
            page.goto(url)
            assert _eventually(page, "navigator.serviceWorker.getRegistrations().then(r => r.length === 0)")
            assert _eventually(page, "caches.keys().then(k => k.length === 0)")     # nothing of the site kept
            assert page.title() == "another server"
        finally:
            _stop(stranger)
    finally:
        context.close()
