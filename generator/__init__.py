"""The rendering pipeline: YAML -> validated model -> layouts -> ReportLab -> files."""
from reportlab import rl_config

# Binary (Flate-only) PDF streams for every file we write: smaller than ASCII85 text, and
# encoding ASCII85 in pure Python took a third of a large build. Set once, here, so that
# every document of a process is written alike (reproducible whatever was built before).
rl_config.useA85 = 0
