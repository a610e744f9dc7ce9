"""``blocknot rules``: the diagnostic codes, or one explained with its examples."""

from __future__ import annotations

import click

from ..basics.i18n import N_
from ..run.files import language as language_of
from ..run.files import write_output
from ..run.problems import Refused
from . import options
from .help import TranslatedCommand


@click.command(cls=TranslatedCommand)
@click.argument("code", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help=N_("The catalogue as text, or as JSON data."))
@options.lang
def rules(code: str | None, fmt: str, lang: str | None) -> None:
    """List the diagnostic codes, or explain one CODE with examples."""
    from ..basics.explain import EXPLANATIONS, catalogue_text, explain_text

    language = language_of(lang)
    if code is not None and code.strip().upper() not in EXPLANATIONS:
        raise Refused(f"unknown code {code!r}; `blocknot rules` lists them all")
    if fmt == "json":
        from ..formats.reports.catalogue_json import catalogue_json

        only = None if code is None else code.strip().upper()
        write_output(catalogue_json(language, only), None)
        return
    if code is None:
        write_output(catalogue_text(language), None)
        return
    text = explain_text(code.upper(), language)
    if text is None:
        raise Refused(f"unknown code {code!r}; `blocknot rules` lists them all")
    write_output(text, None)
