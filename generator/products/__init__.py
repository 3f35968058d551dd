"""Stage 4 — products: the printable files, one module per kind (cards.pdf, the player aids,
score-pad.pdf, rules.pdf, the calibration page). May import: data, typeset, paper, and the
scoring package (score pads print the calculators' categories)."""
