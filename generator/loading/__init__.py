"""Stage 1c: the project loaded from cards/ and layouts/: a game's folder and deck files
(games.py), cards from spreadsheets (spreadsheet.py, columns.py: what the header row means),
and the whole project loaded and
cross-checked into one Project (catalog.py). May import: checks, model, reading, datafile."""
