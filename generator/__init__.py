"""The rendering pipeline, one folder per stage, each importing only from the stages above it
in this list (tests/test_layering.py checks the direction):

    data/      YAML with line numbers -> validated model: games, decks, layouts, aids, rules,
               the Jinja templates they are written in, interface-string catalogues,
               pnp's folder in the user's cache (user_cache.py)
    typeset/   fonts, the icon font, text markup, hyphenation, Japanese line breaking
    paper/     sheet geometry, one card face, imposition with duplex backs, atomic output
    products/  the printables: cards, player aids, score pads, rules.pdf, calibration page
    site/      the static rules site and its preview server
    build/     what `pnp build` makes, in which order, all or nothing
    cli/       the `pnp` command, one module per verb

Below all of them lies `datafile` (YAML, validation, errors); `scoring` stands beside them and
imports nothing from here.
"""
