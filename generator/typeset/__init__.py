"""Stage 2 — typesetting: fonts (embedded TrueType), the icon font built from SVG paths, our text
markup to ReportLab paragraphs, hyphenation, shrink-to-fit and Japanese kinsoku line breaking.
May import: data."""
