"""The printable files, one module per kind: cards.pdf (with its fold-over and ink-saver
versions), score-pad.pdf, rules.pdf, the calibration page, and `pnp check`'s preflight. The
player aids (player_aids/) and `pnp export`'s files (exporters/) are rooms of their own below."""
