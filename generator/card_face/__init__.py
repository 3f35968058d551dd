"""Stage 3b — one card face drawn from its layout (face.py): its colours and edge
(face_colours.py), shapes and gradient fills, art files (images.py, svg_art.py, art_files.py),
and every text fitted and image placed as face.py does it, nothing drawn (placed.py, for
validate). May import: paper, typeset, face_checks, checks, card_layout, model, reading."""
