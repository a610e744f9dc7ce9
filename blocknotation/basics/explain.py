"""The pages of ``blocknot rules``: every code explained, with a bad and a good example.

``blocknot rules`` prints ``catalogue_text``; ``blocknot rules CODE`` prints ``explain_text``,
a page in the manner of ruff's rule pages, from the code's registry entry (``codes/``: what it
means and why).  Every sentence is an English msgid marked with ``N_`` and translated when
the page is rendered, so ``--lang it`` needs only the catalogues.  The examples are real
records in ``blocknotation/examples/``, one pair per code (``P405.bad.txt``,
``P405.good.txt``), shown as they are with their comments translated
(``example_records``).  The tests check every example against the validator (the diagnostics
each must report are listed in ``tests/data/examples-expected.toml``), so the examples shown
to users are known to behave as they say.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping

from .codes import CATALOGUE, FAMILIES, N_, Code
from .example_records import example_bytes, examples_dir, hex_lines, translated_example
from .i18n import translator

__all__ = [
    "EXPLANATIONS",
    "FAMILIES",
    "catalogue_text",
    "example_bytes",
    "examples_dir",
    "explain_text",
]

WIDTH = 79
"""Paragraphs are wrapped to this width, after translation."""


#: Every code's page, by code: the registry's entries (``codes/``) hold what each code
#: means, why, and the names of its examples.
EXPLANATIONS: Mapping[str, Code] = CATALOGUE

_SEVERITIES: dict[str, str] = {"error": N_("error"), "warning": N_("warning")}


def catalogue_text(lang: str) -> str:
    """Every code with its severity and summary, grouped by family, in language ``lang``."""
    translate = translator(lang)
    severities = {key: translate(value) for key, value in _SEVERITIES.items()}
    width = max(len(s) for s in severities.values())
    lines: list[str] = []
    for letter, heading in FAMILIES.items():
        lines += ["", translate(heading)] if lines else [translate(heading)]
        for code in (c for c in CATALOGUE.values() if c.code.startswith(letter)):
            severity = severities[code.severity].ljust(width)
            lines.append(f"  {code.code}  {severity}  {translate(code.summary)}")
    lines += ["", translate(N_("Explain one code, with examples: blocknot rules CODE"))]
    return "\n".join(lines) + "\n"


def explain_text(code: str, lang: str) -> str | None:
    """The page for ``code`` in language ``lang``: what it means, why, a bad and a good
    example and how to check a record; None when ``code`` is not in the catalogue."""
    entry = EXPLANATIONS.get(code.strip().upper())
    if entry is None:
        return None
    translate = translator(lang)
    known = CATALOGUE[entry.code]
    heading = translate(N_("{code} ({severity}): {summary}")).format(
        code=entry.code, severity=translate(_SEVERITIES[known.severity]),
        summary=translate(known.summary),
    )
    parts = [
        heading,
        translate(N_("What it means")) + "\n" + _paragraph(translate(entry.what)),
        translate(N_("Why")) + "\n" + _paragraph(translate(entry.why)),
        translate(N_("Example that triggers it ({file})")).format(file=entry.bad) + "\n"
        + _example(entry.bad, translate, entry.bad_note),
        translate(N_("Fixed ({file})")).format(file=entry.good) + "\n"
        + _example(entry.good, translate, None),
        translate(N_("Check a record with: blocknot validate FILE")),
    ]
    return "\n\n".join(parts) + "\n"


def _paragraph(text: str) -> str:
    return textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def _example(name: str, translate: Callable[[str], str], note: str | None) -> str:
    """An example file with its comments translated; one that is not text, as the
    translated ``note`` and a hex dump."""
    data = example_bytes(name)
    if note is None:
        return translated_example(data.decode("utf-8"), translate).rstrip("\n")
    return _paragraph(translate(note)) + "\n" + "\n".join(hex_lines(data))
