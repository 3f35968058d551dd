"""Stage 1c: cross-checks of a loaded game's data and its layouts, nothing rendered: every name
resolves (crosscheck.py), what the files hold against what the game needs (contents.py), one
term per concept (glossary.py), a layout's words written as they are (literals.py), spreadsheet
columns read as copies, named without `card.props.` or near a known header (quantity.py,
column_hints.py, near_columns.py). May import: card_layout, model, reading, datafile, jinja2."""
