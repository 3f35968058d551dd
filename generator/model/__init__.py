"""Stage 1a: the validated model: the schema of game, deck, card, layout and sheet files
(model.py, properties.py, colours.py), layout files (layouts.py), sheets and fonts
(sheets_fonts.py), the Project a build reads (project.py), and the sandboxed Jinja the data
is written in (templates.py, budget.py, japanese.py, face_memo.py), cutting-machine files
(cutters.py), a box's extends and units (boxes.py). May import: reading,
datafile, pydantic, jinja2. Never reportlab."""
