"""The pages of the documentation site made at build time, from what blocknot itself holds.

Run by MkDocs' ``gen-files`` plugin (mkdocs.yml), it writes into the site:

- ``codes/index.md`` and one page per diagnostic code, ``codes/<code in lower case>.md``
  (the site's URL ``codes/p405/``, where ``help-uri`` points SARIF logs), from the registry
  (``blocknotation/basics/codes/``: severity, summary, rules, what it means and why) and the
  code's example records (``blocknotation/examples/``), with what ``blocknot validate`` says
  of the bad one, run when the site is built;
- ``cli.md``: every command and option, read from the click commands through click's API;
- ``schemas.md`` and the two JSON Schemas as files, from ``blocknot schema``'s functions;
- ``api.md``: the library's API, which mkdocstrings writes from the docstrings.

The functions return the pages' text, so that tests can read them without MkDocs.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import click
from click.testing import CliRunner

from blocknotation.basics.codes import CATALOGUE, FAMILIES, SYNTAX_ERRORS, Code
from blocknotation.basics.example_records import example_bytes, hex_lines
from blocknotation.cli.commands import cli

ROOT = Path(__file__).resolve().parent.parent
#: Where a code's page is, relative to the site's root: ``help-uri`` is this after site_url.
CODE_PAGE = "codes/{code}/"


# --- the diagnostic codes ---------------------------------------------------------------------
def _slug(heading: str) -> str:
    """The anchor of a heading (GitHub's, which mkdocs.yml's toc gives too)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")


def rule_sections() -> dict[str, str]:
    """Each rule of docs/rules.md (``R8``) and the anchor of the section that states it."""
    found: dict[str, str] = {}
    section = ""
    for line in (ROOT / "docs" / "rules.md").read_text("utf-8").splitlines():
        if line.startswith("## "):
            section = _slug(line[3:])
        for number in re.findall(r"^- \*\*R(\d+)\. ", line):
            found[f"R{number}"] = section
    return found


_NOTATION_CITE = re.compile(r"docs/(notation|rules)\.md, sections? [“\"]([^”\"]+)[”\"]")


def _linked(text: str, up: str) -> str:
    """``text`` with its citations of docs/notation.md and docs/rules.md (``docs/notation.md,
    section “Lexical rules”``) made links to their sections."""
    anchors = {page: {re.sub(r"^\d+\.\s+", "", h): _slug(h) for h in re.findall(
        r"^#{1,6} (.+)$", (ROOT / "docs" / f"{page}.md").read_text("utf-8"), re.MULTILINE)}
        for page in ("notation", "rules")}

    def link(match: re.Match[str]) -> str:
        page, section = match.group(1), match.group(2)
        anchor = anchors[page].get(section)
        if anchor is None:
            return match.group(0)
        return f"[{match.group(0)}]({up}{page}.md#{anchor})"

    return _NOTATION_CITE.sub(link, text)


def _run(*args: str) -> tuple[str, int]:
    """What ``blocknot ARGS`` prints (standard output and error, as a terminal shows them)
    and its exit status, run in this process from the repository's root."""
    done = CliRunner().invoke(cli, list(args), prog_name="blocknot",
                              env={"LC_ALL": "C.UTF-8", "NO_COLOR": "1"})
    return done.output, done.exit_code


def _record(text: str) -> str:
    return f"```\n{text.rstrip()}\n```"


def code_page(code: Code) -> str:
    """The page of one code: its entry in the registry and its two examples."""
    rules = rule_sections()
    lines = [f"# {code.code}: {code.summary}", ""]
    facts = [f"**{code.severity}**"]
    if code.rules:
        facts.append("rules " + ", ".join(f"[{r}](../rules.md#{rules[r]})" for r in code.rules))
    facts.append("checked by " + ", ".join(f"`blocknotation/{c}`" for c in code.checks))
    lines += [" · ".join(facts), "", "## What it means", "", _linked(code.what, "../"), "",
              "## Why", "", _linked(code.why, "../"), ""]
    bad = f"blocknotation/examples/{code.bad}"
    lines += ["## An example", "", f"`{bad}`:", ""]
    if code.bad_note is None:
        lines += [_record(example_bytes(code.bad).decode("utf-8")), ""]
    else:
        lines += [code.bad_note, "", "```text", *hex_lines(example_bytes(code.bad)), "```", ""]
    output, status = _run("validate", "--lang", "en", bad)
    lines += ["`blocknot validate` says:", "", "```console", f"$ blocknot validate {bad}",
              output.rstrip("\n"), "$ echo $?", str(status), "```", ""]
    lines += ["## Fixed", "", f"`blocknotation/examples/{code.good}`:", "",
              _record(example_bytes(code.good).decode("utf-8")), ""]
    lines += ["## Selecting and suppressing it", ""]
    if code.code in SYNTAX_ERRORS:
        lines += [f"{code.code} is always reported: a record that cannot be read cannot be "
                  "judged, so `--select`, `--ignore` and `# blocknot: ignore` comments leave "
                  "it in.", ""]
    else:
        lines += [f"`--select {code.code}` reports only this code, `--ignore {code.code}` "
                  f"leaves it out, and `# blocknot: ignore[{code.code}]` after a statement "
                  "suppresses it on that line ([Configuration and "
                  "suppression](../configuration.md)).", ""]
    lines += [f"`blocknot rules {code.code}` shows this page in the terminal, in English or "
              "Italian (`--lang it`).", ""]
    return "\n".join(lines)


def codes_index(url: str) -> str:
    """The catalogue: every code with its severity and summary, by family."""
    template = f"{url.rstrip('/')}/{CODE_PAGE}"
    lines = [
        "# Diagnostic codes", "",
        "Every problem blocknot reports has a stable code. `blocknot rules [CODE]` lists "
        "the diagnostic catalogue, or explains one code: what it means, why it matters, "
        "which rule decides it, and a record that triggers it next to the fixed one, as each "
        "page here does. These pages are made from the "
        "registry of codes (`blocknotation/basics/codes/`) and the example records "
        "(`blocknotation/examples/`) when the site is built; what each example reports is "
        "`blocknot validate`'s own output.", "",
        "Each code's page is at `codes/<code in lower case>/` under the site's address, so "
        "a SARIF log can link every rule to its page: with this site at "
        f"`{url}`, the configuration key is", "",
        "```toml", f'help-uri = "{template}"', "```", "",
        "([Configuration](../configuration.md#the-sarif-helpuri), [Check records in "
        "CI](../ci.md#sarif)).", "",
    ]
    for letter, heading in FAMILIES.items():
        lines += [f"## {heading}", "", "| code | severity | summary |", "|---|---|---|"]
        for code in (c for c in CATALOGUE.values() if c.code.startswith(letter)):
            lines.append(f"| [{code.code}]({code.code.lower()}.md) | {code.severity} | "
                         f"{code.summary} |")
        lines.append("")
    return "\n".join(lines)


# --- the commands -----------------------------------------------------------------------------
def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "&#124;")


def _value(param: click.Parameter, ctx: click.Context) -> str:
    if isinstance(param, click.Option) and param.is_flag:
        return ""
    if isinstance(param.type, click.Choice):
        return " ".join(f"`{choice}`" for choice in param.type.choices)
    metavar = param.make_metavar(ctx)
    return f"`{metavar}`"


def _default(param: click.Parameter, ctx: click.Context) -> str:
    if not isinstance(param, click.Option) or param.is_flag or not param.show_default:
        return ""
    default = param.get_default(ctx, call=True)
    if default is None or default == ():
        return ""
    if isinstance(default, (list, tuple)):
        default = ",".join(str(d) for d in default)
    return f"`{default}`"


def _options(command: click.Command, ctx: click.Context) -> list[str]:
    rows = ["| option | value | default | what it does |", "|---|---|---|---|"]
    for param in command.get_params(ctx):
        if not isinstance(param, click.Option) or param.hidden:
            continue
        hidden = getattr(param, "hidden_names", ())  # older names, still read
        names = ", ".join(f"`{n}`" for n in [*param.opts, *param.secondary_opts]
                          if n not in hidden)
        help_text = inspect.cleandoc(param.help or "")
        rows.append(f"| {names} | {_value(param, ctx)} | {_default(param, ctx)} | "
                    f"{_cell(help_text)} |")
    return rows


def command_names() -> list[str]:
    with click.Context(cli, info_name="blocknot") as ctx:
        return list(cli.list_commands(ctx))


def cli_page() -> str:
    """Every command of ``blocknot`` and every option, from the click commands."""
    top = click.Context(cli, info_name="blocknot")
    lines = [
        "# Every command and option", "",
        "Read from the click commands when the site is built, as `--help` shows them "
        "(`blocknot COMMAND --help` prints the same in the terminal, in English or Italian). "
        "How each command behaves, with examples: [validate](validate.md), "
        "[analyse](analysis.md), [standings](standings.md), [export](export.md), "
        "[format and convert](convert.md), [generate](generate.md), "
        "[schema](json.md#blocknot-schema---report), [rules](codes/index.md) and "
        "[lsp](editors.md#the-language-server).", "",
        "## blocknot", "", inspect.cleandoc(cli.help or ""), "", "```text",
        f"blocknot {' '.join(cli.collect_usage_pieces(top))}", "```", "",
        *_options(cli, top), "",
        "| command | what it does |", "|---|---|",
    ]
    commands = []
    for name in command_names():
        command = cli.get_command(top, name)
        assert command is not None
        commands.append((name, command))
        summary = inspect.cleandoc(command.help or "").split("\n\n")[0]
        lines.append(f"| [`blocknot {name}`](#blocknot-{name}) | {_cell(summary)} |")
    lines.append("")
    for name, command in commands:
        ctx = click.Context(command, info_name=name, parent=top)
        usage = " ".join(command.collect_usage_pieces(ctx))
        lines += [f"## blocknot {name}", "", *inspect.cleandoc(command.help or "").split("\n"),
                  "", "```text", f"blocknot {name} {usage}", "```", ""]
        arguments = [p for p in command.get_params(ctx) if isinstance(p, click.Argument)]
        if arguments:
            lines.append("Arguments: " + ", ".join(
                f"`{p.make_metavar(ctx)}`" + (" (optional)" if not p.required else "")
                for p in arguments) + ".")
            lines.append("")
        lines += [*_options(command, ctx), ""]
    return "\n".join(lines)


# --- the schemas ------------------------------------------------------------------------------
def schemas() -> dict[str, dict[str, object]]:
    from blocknotation.formats.records.schema import record_schema, report_schema

    return {"record-json.schema.json": record_schema(),
            "report-json.schema.json": report_schema()}


def schemas_page() -> str:
    lines = [
        "# The JSON Schemas", "",
        "The two schemas as `blocknot schema` and `blocknot schema --report` print them, "
        "written when the site is built. What they describe, key by key: [JSON formats and "
        "schemas](json.md).", "",
    ]
    titles = {"record-json.schema.json": ("Record JSON", "blocknot schema"),
              "report-json.schema.json": ("The report of validate --format json",
                                          "blocknot schema --report")}
    for name, schema in schemas().items():
        title, command = titles[name]
        lines += [f"## {title}", "", f"`{command}`, also as the file "
                  f"[{name}](schemas/{name}):", "", "```json",
                  json.dumps(schema, indent=2), "```", ""]
    return "\n".join(lines)


# --- the library's API ------------------------------------------------------------------------
#: The API's sections and what each lists (mkdocstrings reads their docstrings).
API = {
    "Reading and checking records": [
        "blocknotation.api.parse", "blocknotation.api.parse_bytes", "blocknotation.api.validate",
        "blocknotation.api.validate_stream", "blocknotation.api.iter_games",
        "blocknotation.api.validate_game"],
    "What the commands do": [
        "blocknotation.runs.analyse", "blocknotation.runs.format_text",
        "blocknotation.runs.convert", "blocknotation.runs.fix", "blocknotation.api.standings",
        "blocknotation.api.export", "blocknotation.formats.records.formatting.FormatResult",
        "blocknotation.run.convert.Converted", "blocknotation.run.fix_paths.FileFixed",
        "blocknotation.report.analysis.HandAnalysis", "blocknotation.report.analysis.MoveValue"],
    "What they return": [
        "blocknotation.notation.parsing.ParseResult", "blocknotation.report.values.FileReport",
        "blocknotation.report.values.GameResult", "blocknotation.report.values.HandResult",
        "blocknotation.report.values.Piece", "blocknotation.basics.diagnostics.Diagnostic",
        "blocknotation.basics.diagnostics.Message", "blocknotation.games.GameText"],
    "One hand in play": [
        "blocknotation.engine.table.Table", "blocknotation.engine.table.TablePlay",
        "blocknotation.engine.table.TablePass", "blocknotation.engine.table.Outcome",
        "blocknotation.engine.table.Placement", "blocknotation.engine.table.IllegalMove"],
    "Fixes": [
        "blocknotation.fixing.fixes.find_fixes", "blocknotation.fixing.fixes.fix_text",
        "blocknotation.fixing.fixes.FixOutcome", "blocknotation.fixing.edits.Fix",
        "blocknotation.fixing.edits.Edit", "blocknotation.fixing.edits.apply_fixes"],
    "Records as canonical text and as JSON": [
        "blocknotation.formats.records.canonical.to_text",
        "blocknotation.formats.records.record_json.to_json",
        "blocknotation.formats.records.record_json.from_json"],
    "Many records with Dask (the dask extra)": [
        "blocknotation.scale.jsonl_bag", "blocknotation.scale.file_games",
        "blocknotation.scale.game_line"],
}


#: The sections of the API that open with an example of docs/library.md (the section of that
#: page named, its first ``python`` block and the ``text`` block of what it prints), which
#: tests/test_readme_examples.py runs there as printed.
API_EXAMPLES = {"One hand in play": "## One hand in play: `Table`"}


def library_example(heading: str) -> list[str]:
    """The first example of a section of docs/library.md and what it prints, as Markdown."""
    page = (ROOT / "docs" / "library.md").read_text("utf-8")
    section = page.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"^```python\n.*?^```$\n\nprints\n\n^```text\n.*?^```$", section,
                      re.MULTILINE | re.DOTALL)
    assert found is not None, f"docs/library.md, {heading}: no example and what it prints"
    return ["An example, from [The library](library.md#one-hand-in-play-table), where it is "
            "run as printed:", "", *found.group(0).splitlines(), ""]


def api_page() -> str:
    lines = ["# The API", "",
             "Every public function and value of the library, with its signature and its "
             "docstring, written by mkdocstrings when the site is built. How to use them, with "
             "examples: [The library](library.md).", ""]
    for heading, names in API.items():
        lines += [f"## {heading}", ""]
        if heading in API_EXAMPLES:
            lines += library_example(API_EXAMPLES[heading])
        for name in names:
            lines += [f"::: {name}", ""]
    return "\n".join(lines)


def site_url() -> str:
    """The site's address, as mkdocs.yml gives it."""
    found = re.search(r"^site_url: (\S+)$", (ROOT / "mkdocs.yml").read_text("utf-8"),
                      re.MULTILINE)
    assert found is not None, "mkdocs.yml has no site_url"
    return found.group(1)


def generated_pages(url: str) -> dict[str, str]:
    """Every page made at build time, by its path among the site's sources."""
    pages = {f"codes/{code.code.lower()}.md": code_page(code) for code in CATALOGUE.values()}
    pages["codes/index.md"] = codes_index(url)
    pages["cli.md"] = cli_page()
    pages["api.md"] = api_page()
    pages["schemas.md"] = schemas_page()
    return pages


def main() -> None:
    """Write the pages into the site (``mkdocs_gen_files``)."""
    import mkdocs_gen_files

    for path, text in generated_pages(mkdocs_gen_files.config.site_url or "/").items():
        with mkdocs_gen_files.open(path, "w") as page:
            page.write(text)
    for name, schema in schemas().items():
        with mkdocs_gen_files.open(f"schemas/{name}", "w") as out:
            out.write(json.dumps(schema, indent=2) + "\n")


if __name__ in {"__main__", "<run_path>"}:
    main()
