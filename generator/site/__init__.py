"""Stage 5 — site: the static rules site (output/site/) and the local preview server.
May import: data, typeset, paper (atomic output)."""
