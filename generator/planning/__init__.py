"""Stage 6 — build: which products `pnp build` makes for which games and languages, and writing
them all or nothing. May import: every stage above (products are imported lazily, by name)."""
