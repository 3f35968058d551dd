"""Stage 1b: what a card face's layout is made of: layout files (layout_file.py, layouts.py),
their boxes resolved (boxes.py, resolved.py, region_checks.py), colours, icon paths, the font a
box names (font_string.py), the sandboxed Jinja of their templates (templates.py,
template_syntax.py, kind_errors.py), the rendered faces by content (face_memo.py), and the
Project a build reads, the games joined with their layouts (project.py). May import: model,
reading, datafile, pydantic, jinja2. Never reportlab."""
