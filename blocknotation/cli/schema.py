"""``blocknot schema``: the JSON Schemas of record JSON, of the report and of the standings."""

from __future__ import annotations

import click

from ..basics.i18n import N_
from ..run.files import write_output
from ..run.problems import Refused
from .help import TranslatedCommand


@click.command(cls=TranslatedCommand)
@click.option("--report", is_flag=True,
              help=N_("The schema of the report of validate --format json instead."))
@click.option("--standings", "of_standings", is_flag=True,
              help=N_("The schema of standings --format json instead."))
def schema(report: bool, of_standings: bool) -> None:
    """Print the JSON Schema of the record JSON that `convert` writes and reads."""
    import json

    from ..formats.records.schema import record_schema, report_schema

    if report and of_standings:
        from ..basics.diagnostics import Message

        raise Refused(Message(N_("--report and --standings do not go together")))
    if of_standings:
        from ..season.standings_json import standings_schema

        chosen = standings_schema()
    else:
        chosen = report_schema() if report else record_schema()
    write_output(json.dumps(chosen, indent=2) + "\n", None)
