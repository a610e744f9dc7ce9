"""Inputs a hostile review tried: damaged gzip, suppression of syntax errors, unused
suppressions in games that are not judged, a report written over its record, files named
twice, and the JSON page of one code.  The command runs in the test process
(``tests/inprocess.py``) but where a slow writer on standard input is the point."""

from __future__ import annotations

import gzip
import json
import os
import select
import subprocess
import sys
from pathlib import Path

from inprocess import TextDone, run_utf8

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = (ROOT / "samples" / "two-players.block").read_bytes()
P405 = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_text("utf-8")
P405_GOOD = (ROOT / "blocknotation" / "examples" / "P405.good.txt").read_text("utf-8")


def run(*args: str, cwd: Path, stdin: bytes = b"") -> TextDone:
    environment = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    return run_utf8(*args, cwd=cwd, env=environment, stdin=stdin)


def test_a_truncated_gzip_file_cannot_be_read(tmp_path: Path) -> None:
    (tmp_path / "cut.block").write_bytes(gzip.compress(SAMPLE)[:100])
    done = run("validate", "cut.block", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, "blocknot: cannot read cut.block: the gzip data stops before its end "
           "(a truncated file)\n")
    (tmp_path / "ok.block").write_bytes(SAMPLE)
    report = run("validate", "--format", "json", "ok.block", "cut.block", cwd=tmp_path)
    files = json.loads(report.stdout)["files"]  # a whole JSON document
    assert [f.get("unreadable") is not None for f in files] == [False, True]
    assert report.returncode == 2
    piped = run("validate", "-", cwd=tmp_path, stdin=gzip.compress(SAMPLE)[:100])
    assert piped.returncode == 2 and "truncated" in piped.stderr


def test_a_truncated_gzip_file_cannot_be_read_in_the_game_at_a_time_formats(
        tmp_path: Path) -> None:
    (tmp_path / "cut.block").write_bytes(gzip.compress(SAMPLE)[:100])
    for form in ("jsonl", "github", "sarif", "junit"):
        done = run("validate", "--format", form, "cut.block", cwd=tmp_path)
        assert (done.returncode, done.stderr) == (
            2, "blocknot: cannot read cut.block: the gzip data stops before its end "
               "(a truncated file)\n"), form
    piped = run("validate", "--format", "jsonl", "-", cwd=tmp_path,
                stdin=gzip.compress(SAMPLE)[:100])
    assert piped.returncode == 2
    assert piped.stderr.startswith("blocknot: cannot read standard input: the gzip data")


def test_a_truncated_gzip_file_is_told_in_italian(tmp_path: Path) -> None:
    (tmp_path / "cut.block").write_bytes(gzip.compress(SAMPLE)[:100])
    said = ("blocknot: impossibile leggere cut.block: i dati gzip finiscono prima della fine "
            "(un file troncato)\n")
    for args in (("validate",), ("validate", "--format", "jsonl"),
                 ("validate", "--format", "annotated"), ("convert",)):
        done = run("--lang", "it", *args, "cut.block", cwd=tmp_path)
        assert (done.returncode, done.stderr) == (2, said), args
    formatted = run("--lang", "it", "format", "cut.block", cwd=tmp_path)
    assert formatted.returncode == 2
    assert formatted.stderr.startswith(
        "blocknot: impossibile leggere cut.block: non è un file gzip valido (")


def test_annotated_output_reads_a_gzip_record_as_the_other_formats_do(tmp_path: Path) -> None:
    (tmp_path / "game.block.gz").write_bytes(gzip.compress(SAMPLE))
    done = run("validate", "--format", "annotated", "game.block.gz", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout.startswith(SAMPLE.decode("utf-8").splitlines()[0])


def test_corrupt_gzip_data_cannot_be_read(tmp_path: Path) -> None:
    data = bytearray(gzip.compress(SAMPLE))
    data[200] ^= 0x55
    (tmp_path / "bad.block").write_bytes(bytes(data))
    done = run("validate", "bad.block", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("blocknot: cannot read bad.block: the gzip data is damaged")


def test_convert_reads_gzip_by_its_magic_bytes(tmp_path: Path) -> None:
    (tmp_path / "s.block.gz").write_bytes(gzip.compress(SAMPLE))
    expected = run("convert", str(ROOT / "samples" / "two-players.block"), cwd=tmp_path)
    assert run("convert", "s.block.gz", cwd=tmp_path).stdout == expected.stdout
    piped = run("convert", "-", cwd=tmp_path, stdin=gzip.compress(SAMPLE))
    assert (piped.returncode, piped.stdout) == (0, expected.stdout)


def test_comments_never_hide_syntax_errors(tmp_path: Path) -> None:
    text = ('# blocknot: ignore-file[S]\n[Players "Ada Bea"]\n\nhand 1\n'
            'Ada 1-2    # blocknot: ignore\nAda: 9-9\n')
    (tmp_path / "t.block").write_text(text, "utf-8")
    done = run("validate", "--format", "json", "t.block", cwd=tmp_path)
    (report,) = json.loads(done.stdout)["files"]
    assert [(d["code"], d["line"]) for d in report["diagnostics"]] == [("S001", 5), ("S002", 6)]
    assert (done.returncode, report["suppressed"]) == (1, 0)


def test_no_unused_suppression_in_a_game_that_is_not_judged(tmp_path: Path) -> None:
    lines = P405.splitlines()
    lines[11] += "  # blocknot: ignore[P405]"  # suppresses the P405 of line 12 …
    lines[14] = lines[14].replace("Ada: ", "Ada ", 1)  # … but line 15 cannot be read
    (tmp_path / "s.block").write_text("\n".join(lines) + "\n", "utf-8")
    done = run("validate", "--format", "json", "s.block", cwd=tmp_path)
    (report,) = json.loads(done.stdout)["files"]
    assert [d["code"] for d in report["diagnostics"]] == ["S001"]


def test_an_ignore_file_comment_on_standard_input_is_not_called_unused_wrongly(
        tmp_path: Path) -> None:
    # Standard input honours the comment in its own game only; E501 is reported in the
    # other game, so "no E501 is reported in this file" would be false.
    head = "\n".join(P405_GOOD.splitlines()[:8]) + "\n"
    text = "# blocknot: ignore-file[E501]\n" + P405_GOOD + "\n" + head
    done = run("validate", "--format", "json", "-", cwd=tmp_path, stdin=text.encode())
    (report,) = json.loads(done.stdout)["files"]
    assert [d["code"] for d in report["diagnostics"]] == ["E501"]


def test_a_report_is_never_written_over_a_record(tmp_path: Path) -> None:
    (tmp_path / "m.block").write_bytes(SAMPLE)
    done = run("validate", "-o", "m.block", "m.block", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, "blocknot: the report would overwrite the record m.block: write it to another "
           "file (-o)\n")
    assert (tmp_path / "m.block").read_bytes() == SAMPLE


def test_a_file_named_twice_is_checked_once(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.block").write_bytes(SAMPLE)
    done = run("validate", "d", "d/a.block", "./d/a.block", "d/*.block", cwd=tmp_path)
    assert done.stdout == ("d/a.block: game 1: Bea wins with 104 points (Ada 8)\n"
                           "d/a.block: 1 game, 8 hands, 0 errors, 0 warnings\n")


def test_a_configuration_that_is_not_utf8_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "blocknot.toml").write_bytes(b'select = ["P"]\n\xff\n')
    (tmp_path / "a.block").write_bytes(SAMPLE)
    done = run("validate", "a.block", cwd=tmp_path)
    assert done.returncode == 2
    assert "blocknot.toml is not valid TOML: it is not UTF-8 text" in done.stderr


def test_the_json_page_of_one_code(tmp_path: Path) -> None:
    done = run("rules", "--format", "json", "s004", cwd=tmp_path)
    (entry,) = json.loads(done.stdout)["codes"]
    assert (entry["code"], entry["severity"]) == ("S004", "warning")
    unknown = run("rules", "--format", "json", "X999", cwd=tmp_path)
    assert unknown.returncode == 2 and unknown.stdout == ""


def test_jsonl_writes_a_game_while_a_slow_writer_is_still_writing(tmp_path: Path) -> None:
    # The writer sends game 1 and the tag that starts game 2, then waits for game 1's line
    # before it sends the rest: a reader that waited for a full block would never answer.
    process = subprocess.Popen([sys.executable, "-m", "blocknotation", "validate", "--format",
                                "jsonl", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               cwd=tmp_path)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(SAMPLE + b'\n[Players "Ada Bea"]\n')
    process.stdin.flush()
    ready, _, _ = select.select([process.stdout], [], [], 60)
    if not ready:  # the reader waits for more input: fail rather than hang
        process.kill()
        raise AssertionError("no line for game 1 while the writer waits")
    first = json.loads(process.stdout.readline())
    assert (first["game"], first["status"]) == (1, "won")
    process.stdin.write(SAMPLE.split(b"\n\n", 1)[1])
    process.stdin.close()
    rest = process.stdout.read().decode().splitlines()
    assert [json.loads(line)["game"] for line in rest] == [2]
    assert process.wait(timeout=60) == 0


def test_statistics_as_json_lines(tmp_path: Path) -> None:
    examples = ROOT / "blocknotation" / "examples"
    done = run("validate", "--statistics", "--format", "jsonl", str(examples / "P405.bad.txt"),
               str(examples / "G105.bad.txt"), cwd=tmp_path)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(row["code"], row["count"]) for row in rows] == [("G105", 1), ("P405", 1)]


def test_a_select_on_the_command_line_is_not_narrowed_by_the_files_ignore(
        tmp_path: Path) -> None:
    (tmp_path / "blocknot.toml").write_text('ignore = ["P405"]\n', "utf-8")
    (tmp_path / "p.block").write_text(P405, "utf-8")
    assert "P405" not in run("validate", "p.block", cwd=tmp_path).stdout
    done = run("validate", "--select", "P405", "p.block", cwd=tmp_path)
    assert (done.returncode, done.stdout.count(" error P405 ")) == (1, 1)
    both = run("validate", "--select", "P4", "--ignore", "P405", "p.block", cwd=tmp_path)
    assert " P405 " not in both.stdout


def test_a_pair_of_lines_read_as_swapped_twice_is_no_internal_error(tmp_path: Path) -> None:
    # Random edits of a record left a hand whose first two moves, a pass each, are read as
    # swapped and then swapped back: the second reading names no line after its own.
    record = Path(__file__).resolve().parent / "data" / "two_lines_swapped_back.block"
    done = run("validate", str(record), cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "internal error" not in done.stderr
    assert f"{record}:591:1: error T303 " in done.stdout


def test_a_claim_after_a_slip_read_at_its_line_is_judged_by_the_bounds(tmp_path: Path) -> None:
    # A generated game with two slips: in hand 5, Bea's pass at line 102 is read as a play of
    # 0-5 (P407) and her show set aside (E502); the points claim, Ada 37, is right.  What the
    # readings after that slip leave Bea to hold is only roughly right, so the claim is
    # judged by the bounds of the points, not by the points the tiles those
    # readings leave could make exactly, which have no 37: it stands in, and the game is
    # Ada's with 75, as it truly was.
    record = Path(__file__).resolve().parent / "data" / (
        "a_right_claim_after_a_slip_read_at_its_line.block")
    done = run("validate", "--format", "json", str(record), cwd=tmp_path)
    game = json.loads(done.stdout)["files"][0]["games"][0]
    found = [(d["code"], d["line"]) for d in json.loads(done.stdout)["files"][0]["diagnostics"]]
    assert found == [("P407", 102), ("E502", 114)]
    assert (game["status"], game["winner"], game["score"]) == (
        "won", "Ada", {"Ada": 75, "Bea": 53, "Cy": 34})
