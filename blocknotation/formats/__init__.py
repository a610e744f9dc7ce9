"""The ways blocknot writes things out: canonical text, record JSON, validation reports."""
