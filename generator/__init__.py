"""The rendering pipeline, one folder per stage, each importing only from the stages above it
in this list (tests/test_layering.py checks the direction):

    reading/   finding and reading input files, the read rule, catalogues, the user's cache
    model/     the game data validated: games, decks, cards, sheets, fonts, languages, budgets
    card_layout/  what a card face's layout is made of: layout files, boxes, colours,
               templates and their sandbox, the face memo; the Project a build reads
    checks/    cross-checks of a loaded game's data and layouts, nothing rendered
    face_checks/  checks that render every face without drawing or measure its boxes
    loading/   games, decks, spreadsheets: the whole project loaded and cross-checked
    texts/     player aids, aid cards, rules and figures per language, language checks
    typeset/   fonts, the icon font, text markup, hyphenation, Japanese line breaking
    paper/     sheet geometry, packing, imposition with duplex backs, atomic output
    card_face/ one card face drawn from its layout: colours, shapes, art files
    player_aids/  the player aids: aid cards imposed like cards, the one-page reference
    exporters/ `pnp export`: PNG faces, Tabletop Simulator, print shops, cutting machines
    products/  the printables: cards, score pads, rules.pdf, calibration page, `pnp check`
    site/      the static rules site and its preview server
    planning/  what `pnp build` makes, in which order, all or nothing
    cli/       the `pnp` command, one module per verb

Below all of them lies `datafile` (YAML, validation, errors); `scoring` stands beside them and
imports nothing from here.
"""
