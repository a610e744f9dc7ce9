"""Record formats: canonical text, record JSON and its positions, the JSON Schemas."""
