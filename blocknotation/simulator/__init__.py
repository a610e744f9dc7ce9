"""The simulator: an independent model of the rules that plays legal games; the tests' oracle."""
