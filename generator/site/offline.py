"""The site as an installable, offline app: a web app manifest and a service worker.

The service worker (layouts/site/sw.js with the file lists filled in) caches the site's shell on
install; a game page then asks it to cache everything of its game and language (rules, icon
legend, calculator page, fonts, downloads), then, in the background, the calculator's runtime,
so that after one visit they open with the network off and the calculator is ready at the end
of the game. The cache name carries a hash of the site's contents: a new build replaces the old
cache; the runtime's cache is named by its files and outlives builds.
"""
from __future__ import annotations

import hashlib
import json

NAME = "Rules reference"


def manifest() -> str:
    data = {"name": "Rules reference · Règles · Regeln · ルール", "short_name": "Rules",
            "start_url": "index.html", "scope": "./", "display": "standalone",
            "background_color": "#fbf6ea", "theme_color": "#7a2e3b",
            "icons": [{"src": "assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def service_worker(template: str, shell: list[str], groups: dict[str, list[str]], contents: bytes,
                   runtime: list[str] = (), runtime_id: str = "") -> str:
    """sw.js (`template`: layouts/site/sw.js's text): `shell`, each group's files and the
    calculator's runtime are paths relative to the site root. The runtime (16 MB, the same for
    every build of a runtime version) is kept in its own cache, named by its files: a new build
    of the rules does not download it again."""
    version = hashlib.sha256(contents).hexdigest()[:16]
    runtime_version = hashlib.sha256("\n".join([runtime_id, *sorted(runtime)]).encode()).hexdigest()[:16] \
        if runtime else ""
    head = (f"var VERSION = {json.dumps(version)};\n"
            f"var SHELL = {json.dumps(sorted(shell))};\n"
            f"var GROUPS = {json.dumps({k: sorted(v) for k, v in sorted(groups.items())}, indent=0)};\n"
            f"var RUNTIME = {json.dumps(sorted(runtime))};\n"
            f"var RUNTIME_VERSION = {json.dumps(runtime_version)};\n")
    return head + template
