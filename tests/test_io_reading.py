"""Reading what the command line reads, wherever it comes from: the library's ``parse`` of a
``str`` (BOM, CRLF), a bad byte in the middle of a file, annotated output a game at a time,
and what a terminal is shown (colours, escapes, the caret under wide characters)."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import select
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import jsonschema
import pytest
from annotating import annotated_file

from blocknotation.formats.records.schema import report_schema
from blocknotation.formats.reports.annotated import annotate
from blocknotation.notation.parsing import parse_bytes, parse_text
from blocknotation.pipeline import validate_bytes
from blocknotation.simulator.writer import generate

from inprocess import Done, run

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
ESC = b"\x1b["
REPORTS = jsonschema.Draft202012Validator(report_schema())


def blocknot(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> Done:
    return run(*args, stdin=stdin, cwd=cwd)


# --- 3: parse() of a str reads what the command line reads ------------------------------------


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.block")), ids=lambda p: p.name)
def test_parse_of_a_str_with_bom_and_crlf_is_parse_of_its_bytes(path: Path) -> None:
    text = "\ufeff" + path.read_text(encoding="utf-8").replace("\n", "\r\n")
    from_str, from_bytes = parse_text(text), parse_bytes(text.encode("utf-8"))
    assert from_str.diagnostics == from_bytes.diagnostics == ()
    assert from_str.records == from_bytes.records
    assert from_str.records == parse_text(path.read_text(encoding="utf-8")).records
    assert from_str.records.games


def test_parse_of_a_str_reports_a_nul_byte_and_a_second_bom_as_the_command_line_does() -> None:
    for text in ('[Players "Ada Bea"]\r\nhand 1\r\nAda: 1-\x002\r\n',
                 '\ufeff\ufeff[Players "Ada Bea"]\n'):
        from_str, from_bytes = parse_text(text), parse_bytes(text.encode("utf-8"))
        assert from_str.diagnostics == from_bytes.diagnostics
    nul = parse_text('[Players "Ada Bea"]\r\nhand 1\r\nAda: 1-\x002\r\n').diagnostics
    assert [(d.code, d.line, d.column) for d in nul] == [("S003", 3, 8)]


# --- 5: one bad byte in the middle of a file ---------------------------------------------------


def _two_games() -> tuple[bytes, int]:
    """Two two-player games with claims, and the line of a play in hand 3 of the first."""
    text = "\n".join(generate(seed=5, games=2, players=2, claims=True))
    lines = text.split("\n")
    hand3 = lines.index("hand 3")
    play = next(i for i in range(hand3, len(lines)) if ": " in lines[i]
                and not lines[i].startswith(("deal", "show")))
    return text.encode("utf-8"), play + 1


LATIN1_MESSAGE = ("byte 0xE9 is not UTF-8: the file looks like Windows-1252 (Latin-1); save it "
                  "as UTF-8 (in the editor: Save As, encoding UTF-8), or read it as it is with "
                  "--encoding cp1252; nothing else in it is checked")


def test_a_latin1_byte_is_one_s003_and_nothing_else_is_checked(tmp_path: Path) -> None:
    clean, line = _two_games()
    lines = clean.split(b"\n")
    width = len(lines[line - 1].decode("utf-8"))
    lines[line - 1] += b" #caf\xe9"
    path = tmp_path / "bad.txt"
    path.write_bytes(b"\n".join(lines))
    good = tmp_path / "good.txt"
    good.write_bytes(clean)

    done = blocknot("validate", "--format", "json", str(path), str(good))
    assert done.returncode == 1
    bad_entry, good_entry = json.loads(done.stdout)["files"]
    assert bad_entry["diagnostics"] == [{
        "code": "S003", "severity": "error", "message": LATIN1_MESSAGE,
        "line": line, "column": width + 6, "end_line": line, "end_column": width + 7,
        "game": None, "hand": None,
    }]
    assert bad_entry["games"] == [] and len(good_entry["games"]) == 2
    jobs = blocknot("validate", "--format", "json", "--jobs", "2", str(path), str(good))
    assert jobs.stdout == done.stdout

    text = blocknot("validate", str(path)).stdout.decode()
    assert text.splitlines() == [
        f"{path}:{line}:{width + 6}: error S003 {LATIN1_MESSAGE}",
        f"{path}: 0 games, 0 hands, 1 error, 0 warnings",
    ]


def test_a_file_read_with_encoding_is_checked_whole_and_says_so(tmp_path: Path) -> None:
    clean = (SAMPLES / "two-players.block").read_bytes()
    assert clean.isascii()
    path = tmp_path / "circolo.block"
    path.write_bytes("# Circolo di Nicolò, venerdì\n".encode("cp1252") + clean)
    reference = json.loads(validate_bytes_json(b"\n" + clean))
    for name in ("latin-1", "cp1252"):
        done = blocknot("validate", "--format", "json", "--encoding", name, str(path))
        REPORTS.validate(json.loads(done.stdout))
        (entry,) = json.loads(done.stdout)["files"]
        assert (done.returncode, entry["encoding"], entry["diagnostics"]) == (0, name, [])
        assert entry["games"] == reference
        text = blocknot("validate", "--encoding", name, str(path)).stdout.decode()
        assert text.splitlines()[-1] == (f"{path}: 1 game, 8 hands, 0 errors, 0 warnings; "
                                         f"read as {name}, not UTF-8 (--encoding)")
    assert blocknot("validate", str(path)).returncode == 1  # without it: S003
    # The configuration may say it, for every file under it.
    (tmp_path / "blocknot.toml").write_text('encoding = "cp1252"\n', "utf-8")
    assert blocknot("validate", str(path), cwd=tmp_path).returncode == 0
    # A byte the encoding named cannot read either: the file cannot be read.
    path.write_bytes(clean + b"# \x81\n")
    done = blocknot("validate", str(path), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode().endswith(
        f"cannot read {path}: byte 0x81 at offset {len(clean) + 2} is not cp1252 text "
        "either\n")


def validate_bytes_json(data: bytes) -> str:
    """The ``games`` of ``validate --format json`` of ``data``, as JSON."""
    from blocknotation.formats.reports.report_json import document

    return json.dumps(json.loads(document([validate_bytes(data, "x")]))["files"][0]["games"])


def test_bad_bytes_on_several_lines_are_one_s003_at_the_first(tmp_path: Path) -> None:
    clean, _ = _two_games()
    lines = clean.split(b"\n")
    for number in (5, 100, 400):
        lines[number - 1] = b"# caf\xe9 " + lines[number - 1]
    report = validate_bytes(b"\n".join(lines), "x")
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("S003", 5, 6)]
    assert report.games == ()


def test_a_binary_file_is_one_s003(tmp_path: Path) -> None:
    """The PNG of the documentation: one line, and one for the summary."""
    png = ROOT / "docs" / "html-report.png"
    done = blocknot("validate", str(png))
    assert (done.returncode, done.stdout.decode().splitlines()) == (1, [
        f"{png}:1:1: error S003 this is a PNG image, not a text record; nothing in it is "
        "checked",
        f"{png}: 0 games, 0 hands, 1 error, 0 warnings"])
    # Without a magic number: a NUL byte in the first 8 KiB, or mostly bytes no text holds.
    for data, where in ((b"hand 1\n\x89\x01\x00\xff" * 50, (2, 3)),
                        (b"x\x89\x01\x02\x03\x04\x05" * 100, (1, 1))):
        (d,) = validate_bytes(data, "x").diagnostics
        assert (d.code, d.line, d.column) == ("S003", *where)
        assert d.message.render().endswith(": this is a binary file, not a text record; "
                                           "nothing in it is checked")
    # UTF-16 without a byte-order mark is told by the NUL bytes of its ASCII characters.
    (d,) = validate_bytes('[Players "Ada Bea"]\nhand 1\n'.encode("utf-16-le"), "x").diagnostics
    assert d.message.render() == ("the file looks like UTF-16; save it as UTF-8, or read it "
                                  "as it is with --encoding utf-16; nothing else in it is "
                                  "checked")


def test_utf16_still_stops_at_its_first_line() -> None:
    data = '[Players "Ada Bea"]\nhand 1\n'.encode("utf-16")
    report = validate_bytes(data, "x")
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("S003", 1, 1)]


# --- 1: annotated a game at a time is annotated whole ------------------------------------------


# The second way (in Italian, with the chain) under the ``slow`` marker (``--run-slow``, as
# .ci/run runs it): a second of CPU.
@pytest.mark.parametrize(("lang", "chain"), [("en", False),
                                            pytest.param("it", True, marks=pytest.mark.slow)])
def test_annotated_a_game_at_a_time_equals_annotated_whole(lang: str, chain: bool) -> None:
    rng = random.Random(3)
    lines = "\n".join(generate(seed=3, games=6, partial=True, claims=True)).split("\n")
    for number in rng.sample(range(len(lines)), 20):  # claims changed: E504/E505, cited lines
        if lines[number].startswith(("points ", "score ")):
            lines[number] = lines[number][:-1] + "9"
        elif ": " in lines[number] and not lines[number].startswith(("deal", "show")):
            lines[number] = lines[number].split(": ")[0] + ": pass"
    data = "\n".join(lines).encode("utf-8")
    text, report = annotated_file(data, "x.txt", lang=lang, chain=chain)
    assert text is not None and report.errors > 5
    whole = annotate(parse_bytes(data).records, validate_bytes(data, "x.txt"), lang, chain)
    assert text == whole
    again, _ = annotated_file(text.encode("utf-8"), "x.txt", lang=lang, chain=chain)
    assert again == text


def test_annotated_refuses_a_record_with_a_syntax_error_anywhere(tmp_path: Path) -> None:
    games = list(generate(seed=8, games=30, players=3))
    games[25] = games[25].replace("\nhand 2\n", "\nhand 2\nthis is no statement\n", 1)
    path = tmp_path / "x.txt"
    path.write_text("\n".join(games), encoding="utf-8")
    done = blocknot("validate", "--format", "annotated", str(path))
    assert done.returncode == 1
    assert done.stdout == b""
    error = done.stderr.decode().splitlines()
    assert error[0].startswith(f"{path}:") and " error S001 " in error[0]
    assert error[-1].startswith(f"{path}: 30 games, ")


# --- terminals ---------------------------------------------------------------------------------

BAD = b'[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\nBea: 5-5\nAda: 2-2 R\n'


def _on_terminal(*args: str, env: dict[str, str]) -> bytes:
    """The output of blocknot with a pseudo-terminal as its standard output."""
    main, secondary = os.openpty()
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    process = subprocess.Popen(
        [sys.executable, "-m", "blocknotation", *args], stdout=secondary,
        stderr=subprocess.DEVNULL, env={**environment, **env},
    )
    os.close(secondary)
    chunks = []
    while select.select([main], [], [], 60)[0]:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the other end closed: all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=60)
    os.close(main)
    return b"".join(chunks)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_colours_follow_term_and_a_non_empty_no_color(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(BAD)
    args = ("validate", "--lang", "en", str(path))
    assert ESC in _on_terminal(*args, env={"TERM": "xterm"})
    assert ESC in _on_terminal(*args, env={"TERM": "xterm", "NO_COLOR": ""})
    for env in ({"TERM": "dumb"}, {"TERM": "xterm", "NO_COLOR": "1"}):
        plain = _on_terminal(*args, env=env)
        assert b" P403 " in plain and ESC not in plain, env


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_annotated_on_a_terminal_shows_escapes_in_comments_escaped(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    record = b'[Players "Ada Bea"]\n\nhand 1\nAda: 1-2 # \x1b[2J\x1b]0;owned\x07\nBea: 2-3 R\n'
    path.write_bytes(record)
    shown = _on_terminal("validate", "--format", "annotated", "--lang", "en", str(path),
                         env={"TERM": "xterm"})
    assert b"\x1b" not in shown and b"\x07" not in shown
    assert b"Ada: 1-2 # <U+001B>[2J<U+001B>]0;owned<U+0007>" in shown
    # Written to a file or a pipe, the text is exact: the comment as it was.
    piped = blocknot("validate", "--format", "annotated", str(path))
    assert b"Ada: 1-2 # \x1b[2J\x1b]0;owned\x07\n" in piped.stdout


def test_the_caret_stands_under_the_column_after_wide_characters(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text('[Players "美咲 Bea"]\n\nhand 1\n美咲 3-5\n', encoding="utf-8")
    lines = blocknot("validate", "--lang", "en", str(path)).stdout.decode().splitlines()
    assert lines[0] == f"{path}:4:4: error S001 unexpected '3-5'; expected ':'"
    assert lines[1] == "  美咲 3-5"
    assert lines[2] == "       ^"  # two columns for each of 美 and 咲, then the space


# --- the fuzz target drives output failures ----------------------------------------------------


def _fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_io", ROOT / "fuzz/fuzz_blocknot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fuzz_target_makes_standard_output_fail() -> None:
    fuzz = _fuzz()
    record = (SAMPLES / "three-players.block").read_bytes()
    for args in fuzz.OUTPUT_COMMANDS:
        assert fuzz.run_main(args, record, 0) == (2, fuzz.FULL_DISK, True), args
        status, errors, failed = fuzz.run_main(args, record, 10**9)
        assert (status, failed) == (0, False) and errors == "", args
    # The check is not vacuous: an output failure that ends otherwise is a finding.
    fuzz.FULL_DISK = "blocknot: something else\n"
    with pytest.raises(fuzz.Finding):
        for seed in range(20):
            fuzz.check_output_failure(record, random.Random(seed))


COMMANDS = {
    "validate": (), "analyse": (), "standings": (), "convert": (), "export": ("-o", "tables"),
}


@pytest.mark.parametrize("command", COMMANDS)
def test_an_encoding_that_needs_a_byte_order_mark_is_cannot_read(
        tmp_path: Path, command: str) -> None:
    """UTF-16 named for a file without a byte-order mark: the file cannot be read (it does
    not say its byte order), exit 2, with every command and from the configuration."""
    path = tmp_path / "u8.block"
    path.write_bytes(b'[Players "Ada Bea"]\n')
    expected = (f"blocknot: cannot read {path}: it does not start with the byte-order mark "
                "that says the byte order of utf-16 text; name the order instead: "
                "--encoding utf-16-le or utf-16-be\n")
    done = run(command, "--encoding", "utf-16", str(path), *COMMANDS[command], cwd=tmp_path)
    assert (done.returncode, done.stderr.decode()[-len(expected):]) == (2, expected)
    assert b"internal error" not in done.stderr
    (tmp_path / "blocknot.toml").write_text('encoding = "utf-16"\n', "utf-8")
    done = run(command, str(path), *COMMANDS[command], cwd=tmp_path)
    assert (done.returncode, done.stderr.decode()[-len(expected):]) == (2, expected)


def test_a_file_cut_in_a_character_of_the_encoding_named_is_only_cannot_read(
        tmp_path: Path) -> None:
    """A file of an odd number of bytes read as UTF-16: nothing of it is reported as read,
    only that it cannot be read."""
    path = tmp_path / "odd.block"
    path.write_bytes(b'[Players "Ada Bea"]\nx')
    done = run("validate", "--encoding", "utf-16-le", str(path))
    assert (done.returncode, done.stdout.decode(), done.stderr.decode()) == (
        2, "", f"blocknot: cannot read {path}: it ends part way through a character of utf-16-le "
        "text: it is not such text, or it was cut short\n")


def test_analyse_and_convert_read_the_encoding_of_the_configuration(tmp_path: Path) -> None:
    clean = (SAMPLES / "two-players.block").read_text("utf-8")
    path = tmp_path / "circolo.block"
    path.write_bytes(clean.replace("Ada", "Nicolò").encode("cp1252"))
    (tmp_path / "blocknot.toml").write_text('encoding = "cp1252"\n', "utf-8")
    analysed = run("analyse", str(path), cwd=tmp_path)
    assert analysed.returncode == 0, analysed.stderr
    assert "8 hands analysed" in analysed.stdout.decode()
    converted = run("convert", str(path), "--to", "text", cwd=tmp_path)
    assert converted.returncode == 0, converted.stderr
    assert '[Players "Nicolò Bea"]' in converted.stdout.decode()
    assert run("convert", str(path), cwd=tmp_path / "..").returncode == 1  # no such key there
