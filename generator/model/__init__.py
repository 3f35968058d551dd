"""Stage 1a: the game data as validated models: the schema of game, deck, card and sheet files
(model.py, properties.py, a deck's sheet grid grid.py), language codes (language_codes.py),
sheets and fonts (sheets_file.py, sheets_fonts.py), cutting-machine files (cutters.py), the
budgets of the sandboxed Jinja (budget.py) and the polite form of Japanese texts (japanese.py).
May import: reading, datafile, pydantic, jinja2. Never reportlab."""
