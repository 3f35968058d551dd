"""Stage 1d: checks that render a card face or measure its boxes: every face's templates
rendered without drawing (faces.py), boxes that print wrong on every card (silent_boxes.py), the
spreadsheet cell a failing value came from (sheet_cells.py), the white frame, a size given with
its bleed, boxes past the edge, bare pixels (frame.py, canvas_size.py, box_reach.py, bare_px.py),
fonts this system lacks (system_fonts.py). May import: checks, card_layout, model, reading,
datafile, jinja2."""
