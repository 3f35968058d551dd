"""Stage 1d: the texts a game prints beyond its cards, per language: player aids (aids.py), aid
cards (aid_card.py, its schema and checks), rules (rules.py), the rules' figures (figures.py),
one loader for these per-language files (language_files.py), and what each language needs
(languages.py). May import: the rooms below (checks, model, reading), datafile, pydantic, jinja2."""
