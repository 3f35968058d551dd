"""Stage 3 — paper: sheet geometry (grids, crop marks, page boxes, cut paths), packing pieces onto
sheets, imposition with mirrored duplex backs, fold-over and board pages, the canvas and ink
saver, and all-or-nothing file output. May import: model, card_layout, typeset."""
from reportlab import rl_config

# Binary (Flate-only) PDF streams for every file we write: smaller than ASCII85 text, and
# encoding ASCII85 in pure Python took a third of a large build. Set once, here, so that
# every document of a process is written alike (reproducible whatever was built before).
rl_config.useA85 = 0
