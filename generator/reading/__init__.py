"""Stage 1, the bottom: finding and reading input files: where a project's files are and the
rule they are read under (locate.py), characters a text may not hold (characters.py),
interface-string catalogues from locales/ (i18n.py), pnp's folder in the user's cache
(user_cache.py), waiting for a file being saved (settling.py), which site files are trusted
(site_code.py). May import: datafile."""
