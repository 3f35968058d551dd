"""`pnp export`: every card face as PNG, Tabletop Simulator decks, print-shop files and
print-and-cut files for cutting machines; all drawn through faces.py from the same PDF drawing
as cards.pdf."""
