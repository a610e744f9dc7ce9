"""The HTML report: one self-contained page with every file's verdict and a replay of each hand."""
