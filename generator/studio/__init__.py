"""`pnp studio`: a local live page for designers — every face of the chosen games in every
language side by side, drawn by the same renderer as the PDFs, with `pnp check`'s findings
drawn where they are, redrawn face by face as files are saved.

    render.py   which faces there are, the hash of each one's inputs, drawing the stale ones
    marks.py    the preflight's findings as marks placed on a face
    links.py    the file and line each mark comes from, as an editor link
    session.py  the watch loop, the last good project, the page's state as JSON
    server.py   HTTP: the page, its state, server-sent events, images, the games' files
    assets/     the page (HTML, CSS, JavaScript), built in the browser from the state

It imports from products (faces, rasters, preflight) and data; only cli imports it.
"""
