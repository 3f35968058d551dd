"""Stage 1 — data: everything read from cards/, layouts/ and locales/ becomes a validated model
(games, decks, cards, layouts, icons, player-aid and rules content, catalogues). Problems name
file, line and field. May import: datafile, pydantic, jinja2 (the sandboxed template language
the data is written in). Never reportlab."""
