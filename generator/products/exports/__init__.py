"""`pnp export`: every card face as PNG, Tabletop Simulator decks, print-shop files; all drawn
through faces.py from the same PDF drawing as cards.pdf."""
