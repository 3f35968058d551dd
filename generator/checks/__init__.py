"""Stage 1b: checks across a loaded game and the layouts: every name resolves (crosscheck.py),
what the files hold against what the game needs (contents.py), every face's templates
rendered without drawing (faces.py), one term per concept (glossary.py). May import: card_layout,
model, reading, datafile, jinja2."""
