"""Reading the files users write (card data, layouts, score states): YAML that remembers the
line of every value, pydantic validation, and problems that name file, line, field and what was
expected.

The foundation under both `generator` and `scoring`: it imports neither, only PyYAML and pydantic,
so the scoring rules can run without the rendering pipeline (in a browser, for instance).
"""
