"""Stage 7 — the `pnp` command line, one module per verb (build, validate, list, calibrate, score,
i18n, serve); common.py holds what they share. May import every stage above, and scoring."""
from .main import main, run

__all__ = ["main", "run"]
