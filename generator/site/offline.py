"""The site as an installable, offline app: a web app manifest and a service worker.

The service worker (layouts/site/sw.js with the file lists filled in) caches the site's shell on
install; a game page then asks it to cache everything of its game and language (rules, icon
legend, calculator page, fonts, downloads), so that after one visit they open with the network
off. The cache name carries a hash of the site's contents: a new build replaces the old cache.
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


def service_worker(template: str, shell: list[str], groups: dict[str, list[str]], contents: bytes) -> str:
    """sw.js (`template`: layouts/site/sw.js's text): `shell` and each group's files are paths
    relative to the site root."""
    version = hashlib.sha256(contents).hexdigest()[:16]
    head = (f"var VERSION = {json.dumps(version)};\n"
            f"var SHELL = {json.dumps(sorted(shell))};\n"
            f"var GROUPS = {json.dumps({k: sorted(v) for k, v in sorted(groups.items())}, indent=0)};\n")
    return head + template
