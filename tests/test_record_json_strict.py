"""Record JSON is read strictly, and every refusal says where (JSON path, true line and
column) and what is wrong, in users' words, in English and Italian."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from blocknotation.basics.i18n import translator
from blocknotation.formats.records import json_stream
from blocknotation.formats.records.convert import convert_bytes, convert_json_stream
from blocknotation.formats.records.record_json import from_json

from inprocess import TextDone, run_text

RECORD = (
    '[Players "Ada Bea"]\n\nhand 1\nopener Ada\ndeal Ada: 1-2 3-4\nAda: 1-2 # first\n'
    "Bea: pass\nshow Bea: 0-0\ndomino Ada\npoints Ada 3\nscore Ada 3, Bea 0\n"
)


def pretty() -> str:
    """The record as JSON, pretty-printed (one value per line): positions matter here."""
    written, problems = convert_bytes(RECORD.encode(), "json")
    assert written is not None, problems
    return json.dumps(json.loads(written), indent=2, ensure_ascii=False) + "\n"


def blocknot(*args: str, data: bytes | None = None) -> TextDone:
    return run_text(*args, stdin=None if data is None else data.decode())


def refusals(document: str, tmp_path: Path, lang: str = "en") -> list[tuple[int, int, str]]:
    """Convert ``document`` with the real command; its refusals as (line, column, text)."""
    path = tmp_path / "record.json"
    path.write_text(document, encoding="utf-8")
    done = blocknot("convert", str(path), "--lang", lang)
    assert done.returncode == 1 and done.stdout == ""
    return [(int(line), int(column), message) for line, column, message in
            re.findall(r"^[^\n]*?:(\d+):(\d+): \w+ S00\d (.*)$", done.stderr, re.MULTILINE)]


def where(document: str, needle: str, start: int = 0) -> tuple[int, int]:
    """The line and column of the first ``needle`` in ``document`` from ``start`` on."""
    at = document.index(needle, start)
    return document.count("\n", 0, at) + 1, at - document.rfind("\n", 0, at)


def after(document: str, needle: str, start: int = 0) -> tuple[int, int]:
    """The line and column just after the first ``needle`` from ``start`` on: a value."""
    line, column = where(document, needle, start)
    return line, column + len(needle)


# --- 11: version --------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["true", "1.0", "1e0", '"1"', "2", "null"])
def test_version_is_the_number_1_written_1(version: str, tmp_path: Path) -> None:
    document = pretty().replace('"version": 1', f'"version": {version}')
    ((line, column, message),) = refusals(document, tmp_path)
    assert (line, column) == after(document, '"version": ')
    assert message.startswith("$.version: ")


def test_version_1_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(pretty(), encoding="utf-8")
    done = blocknot("convert", str(path))
    assert done.returncode == 0 and done.stdout == RECORD


# --- 12: keywords are not names -----------------------------------------------------------


@pytest.mark.parametrize("kind", ["opener", "deal", "play", "pass", "show", "domino", "points"])
@pytest.mark.parametrize("keyword", ["pass", "hand", "L", "none", "right"])
def test_a_keyword_as_a_statements_player_is_refused(
    kind: str, keyword: str, tmp_path: Path
) -> None:
    document = pretty()
    statement = next(m for m in re.finditer(r'"kind": "(\w+)"', document) if m[1] == kind)
    at = document.index('"player": "', statement.start())
    document = document[:at] + re.sub(r'"player": "\w+"', f'"player": "{keyword}"',
                                      document[at:], count=1)
    ((line, column, message),) = refusals(document, tmp_path)
    assert (line, column) == after(document, '"player": ', at)
    assert message.endswith(
        f'.player: "{keyword}" is a keyword of the notation and cannot be a player\'s name')


def test_a_keyword_in_a_score_entry_is_refused(tmp_path: Path) -> None:
    document = pretty()
    at = document.index('"entries"')
    document = document[:at] + document[at:].replace('"Bea"', '"score"', 1)
    ((_, _, message),) = refusals(document, tmp_path)
    assert message.startswith("$.games[0].hands[0].statements[7].entries[1].player: ")


def test_a_keyword_in_players_converts_as_text_does(tmp_path: Path) -> None:
    # Text reads [Players "Ada pass"] and validate reports G103; JSON says the same record.
    text = RECORD.replace('"Ada Bea"', '"Ada pass"')
    written, problems = convert_bytes(text.encode(), "json")
    assert problems == () and written is not None
    assert convert_bytes(written.encode(), "text") == (text, ())
    done = blocknot("validate", "-", data=text.encode())
    assert "G103" in done.stdout


# --- 14: true positions -------------------------------------------------------------------


def test_a_schema_error_deep_in_a_pretty_printed_file_is_at_its_line(tmp_path: Path) -> None:
    record = RECORD + "".join(f"\nhand {n}\nAda: 1-2 # c{n}\n" for n in range(2, 30))
    written, _ = convert_bytes(record.encode(), "json")
    assert written is not None
    document = json.dumps(json.loads(written), indent=2) + "\n"
    document = document.replace('" c29"', "29")
    ((line, column, message),) = refusals(document, tmp_path)
    assert line > 150
    assert (line, column) == after(document, '"comment": ', document.index('"comment": 29'))
    assert message == "$.games[0].hands[28].statements[0].comment: expected a string, found 29"


def test_a_duplicate_key_is_at_its_second_occurrence_with_its_path(tmp_path: Path) -> None:
    document = pretty().replace('"side": null', '"side": null, "side": "L"', 1)
    ((line, column, message),) = refusals(document, tmp_path)
    assert (line, column) == where(document, '"side": "L"')
    assert message == '$.games[0].hands[0].statements[2].side: duplicate key "side" in the JSON'


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"side": null', '"side": null, "extra": 1'),
        ('"side": null', '"side": null, "side": "R"'),
        ('"number": 1', '"number": true'),
        ('"number": 1', '"number": 1.0'),
        ('"number": 1', '"number": 12345678901'),
        ('"player": "Ada"', '"player": "hand"'),
        ('"player": "Ada"', '"player": "Ada Lovelace"'),
        ('"comment": " first"', '"comment": "\\ud800"'),
        ('"comment": " first"', '"comment": "a\\u0000b"'),
        ('"kind": "pass"', '"kind": "jump"'),
        ('"version": 1', '"version": 1, "extra": 2'),
        ('"version": 1', '"version": true'),
        ('"comments": []\n}', '"comments": [1]\n}'),
        ('"comments": []\n}', '"comments": [] x\n}'),
    ],
)
@pytest.mark.parametrize("block", [7, 1 << 20])
def test_streaming_reports_what_reading_whole_reports(
    old: str, new: str, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A document read a game at a time gives the same refusal, path, line and column.
    monkeypatch.setattr(json_stream, "_BLOCK", block)
    document = ("\n" * 3 + pretty()).replace(old, new, 1)
    assert old in ("\n" * 3 + pretty())
    _, whole = convert_bytes(document.encode(), "text")
    streamed, _ = convert_json_stream(io.BytesIO(document.encode()), "text", io.StringIO())
    assert whole
    assert [(p.code, p.line, p.column, p.message.render()) for p in streamed] == [
        (p.code, p.line, p.column, p.message.render()) for p in whole][: len(streamed)]


def test_a_large_streamed_document_gives_positions_in_the_file(tmp_path: Path) -> None:
    # 3,300 small games, each with a long comment: more than 2 MiB of JSON, read as a stream.
    remark = "a remark about the game, long enough to make the document large " * 3
    games = "".join(f'\n[Players "Ada Bea"]\n\nhand 1\nAda: 1-2 # game {n} {remark}\n'
                    for n in range(3300))
    written, _ = convert_bytes(games.encode(), "json")
    assert written is not None and len(written) > 2 * 1024 * 1024
    document = written.replace(f'" game 3000 {remark}"', "3000")
    ((line, column, message),) = refusals(document, tmp_path)
    assert line > 3000
    assert (line, column) == after(document, '"comment": ', document.index('"comment": 3000'))
    assert message == "$.games[3000].hands[0].statements[0].comment: expected a string, found 3000"


# --- 15: users' words ---------------------------------------------------------------------

LEAKS = ("Tuple should", "Unable to extract tag", "Value error", "hex escape", "Input should",
         "larger than 2097152", "after validation", "discriminator")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('"tiles": [\n', '"tiles": [],"x": [\n', "a deal lists at least one tile"),
        ('"kind": "pass",', "", 'a statement needs the key "kind", one of opener, deal, play, '
                               "pass, show, domino, blocked, points, score"),
        ('"points": 3', '"points": null', 'a points claim gives both "player" and "points", or '
                                         "neither (both null) for `points none`"),
        ('"comment": " first"', '"comment": "\\ud800"', "\\ud800 is half of a surrogate pair "
                                                       "without its other half"),
        ('"side": null', '"side": "X"', 'expected "L", "R" or null, found "X"'),
        ('"line": 4', '"line": 0', "expected a whole number from 1 to 999999999, found 0"),
        ('"key": "Players"', '"key": "2x"', "a tag key starts with an ASCII letter"),
    ],
)
def test_pydantic_words_never_reach_the_user(
    old: str, new: str, expected: str, tmp_path: Path
) -> None:
    document = pretty()
    assert old in document
    found = refusals(document.replace(old, new, 1), tmp_path)
    assert any(expected in message for _, _, message in found), found
    for _, _, message in found:
        assert not any(leak in message for leak in LEAKS), message


def test_messages_are_in_italian_too(tmp_path: Path) -> None:
    document = pretty().replace('"number": 1', '"number": "1"')
    ((_, _, message),) = refusals(document, tmp_path, "it")
    assert message == '$.games[0].hands[0].number: atteso un numero intero, trovato "1"'
    record, problems = from_json(pretty().replace('"tiles": [\n', '"tiles": [],"x": [\n', 1))
    assert record is None
    rendered = [p.message.render(translator("it")) for p in problems]
    assert "$.games[0].hands[0].statements[1].tiles: una distribuzione elenca almeno una " \
           "tessera" in rendered


def test_a_huge_comment_is_told_as_a_long_comment(tmp_path: Path) -> None:
    document = pretty().replace('"comment": " first"', '"comment": "' + "x" * 3_000_000 + '"')
    ((line, column, message),) = refusals(document, tmp_path)
    assert (line, column) == where(document, '"xxx')
    assert message == ("$.games[0].hands[0].statements[2].comment: a text of 3000000 characters; "
                       "a line of a record holds at most 10000")


def test_an_unknown_key_with_a_huge_value_is_told_as_an_unknown_key(tmp_path: Path) -> None:
    huge = '"' + "x" * 3_000_000 + '"'
    document = pretty().replace('"version": 1', f'"version": 1, "extra": {huge}')
    ((line, column, message),) = refusals(document, tmp_path)
    assert (line, column) == where(document, '"extra"')
    assert message.startswith('$.extra: unknown key "extra"')
    inner = pretty().replace('"side": null', f'"side": null, "colour": {huge}')
    ((_, _, message),) = refusals(inner, tmp_path)
    assert message.startswith('$.games[0].hands[0].statements[2].colour: unknown key "colour"')


# --- smaller things -----------------------------------------------------------------------


def test_validate_checks_record_json_as_its_text(tmp_path: Path) -> None:
    # Record JSON is checked as the text it was converted from: the same diagnostics, at
    # the lines and columns its statements record.
    bad = Path(__file__).resolve().parent.parent / "blocknotation" / "examples" / "P405.bad.txt"
    path = tmp_path / "record.block.json"
    assert blocknot("convert", str(bad), "-o", str(path)).returncode == 0
    done = blocknot("validate", str(path))
    text = blocknot("validate", str(bad))
    assert done.returncode == text.returncode == 1
    assert done.stdout.replace(str(path), "F") == text.stdout.replace(
        str(bad), "F")
    report = json.loads(blocknot("validate", "--format", "json", str(path)).stdout)
    assert [(d["code"], d["line"]) for d in report["files"][0]["diagnostics"]] == [("P405", 12)]
    walked = blocknot("validate", str(tmp_path))  # *.block.json is found in a directory
    assert f"{path}:12:1: error P405 " in walked.stdout


def test_json_that_is_not_record_json_is_said_once(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text("\n  " + pretty().replace('"version": 1', '"version": 2'), encoding="utf-8")
    done = blocknot("validate", str(path))
    assert done.returncode == 1
    assert done.stdout.count(" S001 ") == 1
    assert "not valid record JSON either" in done.stdout


def test_a_bad_escape_in_a_tag_is_shown_at_its_backslash(tmp_path: Path) -> None:
    path = tmp_path / "site.txt"
    path.write_text('[Site "C:\\games"]\n[Players "Ada Bea"]\n', encoding="utf-8")
    done = blocknot("validate", str(path))
    assert done.stdout.splitlines()[:3] == [
        f'{path}:1:10: error S001 \\g is not an escape in a tag value: the only escapes are \\" '
        "for a quote and \\\\ for a backslash",
        '  [Site "C:\\games"]',
        "           ^",
    ]
    fixed = '[Site "C:\\\\games"]\n[Players "Ada Bea"]\n\nhand 1\n'
    assert convert_bytes(fixed.encode(), "text") == (fixed, ())


def test_canonical_form_writes_numbers_without_leading_zeros() -> None:
    # As the README's canonical form says: `hand 01` is `hand 1`, `points Ada 007` is 7.
    text = '[Players "Ada Bea"]\n\nhand 01\nAda: 1-2\npoints Ada 007\nscore Ada 007, Bea 00\n'
    assert convert_bytes(text.encode(), "text") == (
        '[Players "Ada Bea"]\n\nhand 1\nAda: 1-2\npoints Ada 7\nscore Ada 7, Bea 0\n', ())


@pytest.mark.parametrize(
    ("key", "expected"),
    [("comment", "$.games[0].hands[0].statements[2].comment: the value that starts here takes "
                 "more than 4000 bytes of JSON text"),
     ("colour", '$.games[0].hands[0].statements[2].colour: unknown key "colour"')],
)
def test_a_value_too_large_to_hold_is_named_where_it_starts(
    key: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a 50 MB comment is beyond the 32 MiB held at once: named, not blamed on its game.
    monkeypatch.setattr(json_stream, "MAX_JSON_GAME_BYTES", 4000)
    monkeypatch.setattr(json_stream, "_BLOCK", 1000)
    document = pretty().replace('"comment": " first"', f'"{key}": "' + "x" * 9000 + '"')
    found, _ = convert_json_stream(io.BytesIO(document.encode()), "text", io.StringIO())
    ((problem),) = found
    start = document.index(f'"{key}": "xxx')
    assert (problem.line, problem.column) == after(document, f'"{key}": ', start)
    assert problem.message.render().startswith(expected)


def test_validate_says_so_for_record_json_too_large_to_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from blocknotation.notation import stream
    from blocknotation.pipeline import validate_bytes

    monkeypatch.setattr(stream, "MAX_INPUT_BYTES", 500)
    report = validate_bytes(("\n \n" + pretty()).encode(), "big.json")
    assert [(d.code, d.line, d.column, d.message.render()) for d in report.diagnostics] == [
        ("S001", 1, 1, "this looks like record JSON, not a text record; convert it to text "
                       "first (`blocknot convert FILE`), then validate the text")]
    text = ("\n \n" + pretty()).replace("{", "x", 1)
    assert "looks like record JSON" not in validate_bytes(text.encode(), "x").diagnostics[
        0].message.render()


def test_a_streamed_document_without_games_whose_comments_are_too_large() -> None:
    # Its text would be one game's worth of comments too large to read back: refused with
    # the message a smaller such document gets when read whole, and nothing written.
    def document(count: int) -> bytes:
        return json.dumps({"notation": "blocknot", "version": 1, "games": [],
                           "comments": ["x" * 9000] * count}).encode()

    _, whole = convert_bytes(document(150), "text")
    out = io.StringIO()
    streamed, _ = convert_json_stream(io.BytesIO(document(240)), "text", out)
    assert [p.code for p in streamed] == [p.code for p in whole] == ["S001"]
    assert streamed[0].message.render() == whole[0].message.render().replace(
        "1350300", "2160480")
    assert out.getvalue() == ""
