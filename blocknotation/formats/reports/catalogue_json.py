"""``blocknot rules --format json``: the catalogue as data, for tools that map codes."""

from __future__ import annotations

import json

from ...basics.diagnostics import CATALOGUE
from ...basics.i18n import translator


def catalogue_json(lang: str = "en", only: str | None = None) -> str:
    """Every code (or the one code ``only``), in the catalogue's order: severity, summary,
    rules, and the explanation of ``blocknot rules CODE`` (what it means and why), in
    language ``lang``."""
    from ...basics.explain import EXPLANATIONS

    translate = translator(lang)
    codes = [
        {
            "code": code.code,
            "severity": code.severity,
            "summary": translate(code.summary),
            "rules": list(code.rules),
            "what": translate(EXPLANATIONS[code.code].what),
            "why": translate(EXPLANATIONS[code.code].why),
        }
        for code in CATALOGUE.values()
        if only is None or code.code == only
    ]
    return json.dumps({"codes": codes}, ensure_ascii=False, indent=2) + "\n"
