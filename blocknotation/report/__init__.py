"""The report values: what validation finds for every game and hand, and summaries in words."""
