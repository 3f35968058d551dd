"""The rendering pipeline: YAML -> validated model -> layouts -> ReportLab -> files."""
