"""``convert`` of a record JSON document too large to read whole (read a game at a time)
says what reading it whole says about bytes that are not UTF-8 text and about where a
refused ``comments`` stands: the same code, line, column, message and exit status."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import pytest

from blocknotation.basics import limits
from blocknotation.formats.records import json_stream
from blocknotation.formats.records.convert import convert_bytes, convert_json_stream
from blocknotation.notation import source

from inprocess import Done, run

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "club-night.block"
COMMENT = b"Bea won the draw"


@functools.cache
def large_document() -> bytes:
    """The sample's record JSON with its game repeated until the document is just over
    ``MAX_INPUT_BYTES``, one value a line as ``convert`` writes it."""
    document, problems = convert_bytes(SAMPLE.read_bytes(), "json")
    assert document is not None and problems == ()
    record = json.loads(document)
    one = len(json.dumps(record, indent=1))
    record["games"] *= 2
    game = len(json.dumps(record, indent=1)) - one  # what each game adds
    record["games"] = record["games"][:1] * ((limits.MAX_INPUT_BYTES - one) // game + 2)
    data = json.dumps(record, indent=1).encode()
    assert limits.MAX_INPUT_BYTES < len(data) < limits.MAX_INPUT_BYTES + 2 * game
    return data


def convert(path: Path, monkeypatch: pytest.MonkeyPatch, *, whole: bool) -> Done:
    """``blocknot convert PATH --to text``; ``whole``: with the limit raised, so that the
    document is read whole (the way every document under the limit is read)."""
    with monkeypatch.context() as patch:
        if whole:
            patch.setattr(limits, "MAX_INPUT_BYTES", 2 * len(large_document()))
            patch.setattr(source, "MAX_INPUT_BYTES", 2 * len(large_document()))
        return run("convert", str(path), "--to", "text")


def position(data: bytes, at: int) -> tuple[int, int]:
    """The line and column (in characters) of byte ``at``."""
    start = data.rfind(b"\n", 0, at) + 1
    return data.count(b"\n", 0, at) + 1, len(data[start:at].decode("utf-8")) + 1


def test_a_byte_that_is_not_utf8(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bad byte is in the last game: S003 at its line and column, not S001 at 1:1 of
    the block it came in, naming the encoding its line looks written in; and a NUL byte
    before it is the first bad byte, as read whole."""
    data = large_document()
    late = data.rindex(COMMENT)
    early = data.index(COMMENT, len(data) // 3)
    path = tmp_path / "big.json"
    path.write_bytes(data[:late] + b"\xff" + data[late:])
    line, column = position(data, late)
    streamed = convert(path, monkeypatch, whole=False)
    assert (streamed.returncode, streamed.stdout) == (1, b"")
    # A stray byte that no encoding reads as a letter of a word: a guess, which says so.
    assert streamed.stderr.decode().splitlines()[0] == (
        f"{path}:{line}:{column}: error S003 byte 0xFF is not UTF-8: the file may be "
        "Windows-1252 (Latin-1), but that is a guess: read so, this line holds 'ÿBea', and as "
        "Windows-1250 (Central European) '˙Bea'; save it as UTF-8 (in the editor: Save As, "
        "encoding UTF-8), or, if the first reading is right, read it as it is with --encoding "
        "cp1252; nothing else in it is checked")
    whole = convert(path, monkeypatch, whole=True)
    assert whole.returncode == 1
    assert whole.stderr.splitlines()[0] == streamed.stderr.splitlines()[0]
    path.write_bytes(data[:early] + b"\0" + data[early:late] + b"\xff" + data[late:])
    line, column = position(data, early)
    streamed = convert(path, monkeypatch, whole=False)
    assert streamed.stderr.decode().splitlines()[0] == (
        f"{path}:{line}:{column}: error S003 a NUL byte: this is a binary file, not a text "
        "record; nothing in it is checked")
    assert convert(path, monkeypatch, whole=True).stderr.splitlines()[0] == \
        streamed.stderr.splitlines()[0]


def test_a_nul_byte_and_a_byte_order_mark(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A NUL byte (in a string, where JSON refuses a control character) is S003 too; a
    leading byte-order mark is dropped, so columns on line 1 count from after it."""
    data = large_document()
    at = data.index(COMMENT, len(data) // 2)
    path = tmp_path / "big.json"
    path.write_bytes(b"\xef\xbb\xbf" + data[:at] + b"\0" + data[at:])
    line, column = position(data, at)
    streamed = convert(path, monkeypatch, whole=False)
    assert streamed.returncode == 1
    assert streamed.stderr.decode().splitlines()[0] == (
        f"{path}:{line}:{column}: error S003 a NUL byte: this is a binary file, not a text "
        "record; nothing in it is checked")
    whole = convert(path, monkeypatch, whole=True)
    assert whole.stderr.splitlines()[0] == streamed.stderr.splitlines()[0]


def test_comments_without_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Comments alone too long to write as text are refused at the ``comments`` value, where
    reading the document whole points, not at 1:1."""
    comments = [f" a remark of the scorer's, number {n}" for n in range(60_000)]
    text = json.dumps({"notation": "blocknot", "version": 1, "games": [],
                       "comments": comments}, indent=1)
    path = tmp_path / "remarks.json"
    path.write_text(text, encoding="utf-8")
    assert len(text) > limits.MAX_INPUT_BYTES
    streamed = convert(path, monkeypatch, whole=False)
    assert (streamed.returncode, streamed.stdout) == (1, b"")
    first = streamed.stderr.decode().splitlines()[0]
    size = sum(len(comment) + 2 for comment in comments)  # "#", the comment, "\n"
    assert first == (
        f"{path}:5:14: error S001 $.comments: this game takes {size} characters as text, more "
        "than the 1000000 of a game blocknot converts (a game of Block takes about 2000)")
    whole = convert(path, monkeypatch, whole=True)
    assert (whole.returncode, whole.stderr.decode().splitlines()[0]) == (1, first)


@pytest.mark.parametrize("block", [1, 5, 97])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"], ids=["", "BOM"])
@pytest.mark.parametrize("bad", [b"\xff", b"\xe2\x82", b"\0", b"\xed\xa0\x80"],
                         ids=["lone byte", "cut short", "NUL", "surrogate"])
def test_any_block_size(block: int, bom: bytes, bad: bytes,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Read in blocks of any size, a bad byte after characters of two bytes on its line
    (columns count characters) is told as reading the document whole tells it."""
    monkeypatch.setattr(json_stream, "_BLOCK", block)
    document, _ = convert_bytes(SAMPLE.read_bytes(), "json")
    assert document is not None
    data = bom + document.encode()
    at = data.index(COMMENT)
    data = data[:at] + "é è ".encode() + bad + data[at:]
    _, whole = convert_bytes(data, "text")
    problems, _ = convert_json_stream(io.BytesIO(data), "text", io.StringIO())
    assert problems == whole and whole[0].code == "S003" and whole[0].column == 30
