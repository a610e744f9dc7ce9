"""What a client of ``blocknot lsp`` knows without the server's code: the protocol's lines
(which end at LF, CRLF or a lone CR) and positions in UTF-16 units, ``blocknot validate``'s
report of a text moved onto them, and what an answer must be.  ``tests/lsp_random.py`` and
``tests/test_lsp_lines.py`` hold the server to it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from inprocess import run as run_command

_BREAK = re.compile(r"\r\n|\r|\n")


def units(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def client_lines(text: str) -> list[tuple[int, int]]:
    """Where each of the protocol's lines starts and ends (its line end left out)."""
    found, start = [], 0
    for end in _BREAK.finditer(text):
        found.append((start, end.start()))
        start = end.end()
    found.append((start, len(text)))
    return found


def client_position(text: str, offset: int) -> dict[str, int]:
    """The protocol position of character ``offset`` (never inside a CRLF)."""
    head = text[:offset]
    line = head.count("\n") + head.count("\r") - head.count("\r\n")
    start = max(head.rfind("\n"), head.rfind("\r")) + 1
    return {"line": line, "character": units(text[start:offset])}


def validate_offset(text: str, line: int, column: int) -> int:
    """The character of ``text`` at ``blocknot validate``'s line and column (from 1): lines
    end at LF (a CRLF's CR is not in its line), a byte-order mark before column 1."""
    starts = [0, *(found.end() for found in re.finditer("\n", text))]
    if line > len(starts):
        return len(text)
    start = starts[line - 1]
    end = text.find("\n", start)
    end = len(text) if end < 0 else end - (text[end - 1:end] == "\r" and end > start)
    shift = 1 if line == 1 and text.startswith("\ufeff") else 0
    return start + min(max(column - 1 + shift, 0), end - start)


def boundary(text: str, offset: int) -> int:
    """``offset``, moved past the LF of a CRLF it would split."""
    return offset + 1 if 0 < offset < len(text) and text[offset - 1:offset + 1] == "\r\n" \
        else offset


def inside(where: dict[str, Any], lines: list[tuple[int, int]], text: str) -> None:
    for position in (where["start"], where["end"]):
        assert position["line"] < len(lines), ("past the end", where)
        start, end = lines[position["line"]]
        assert 0 <= position["character"] <= units(text[start:end]), ("past its line", where)


def expect_result(answer: dict[str, Any], kind: type) -> None:
    assert "result" in answer and isinstance(answer["result"], kind), answer


def expect_equal(answer: dict[str, Any], result: Any) -> None:
    assert "error" not in answer and answer["result"] == result, answer


def expect_error(answer: dict[str, Any], code: int | None) -> None:
    assert "result" not in answer, answer
    error = answer["error"]
    assert code is None or error["code"] == code, answer
    assert set(error) == {"code", "message"}, answer
    assert error["message"] and "\n" not in error["message"], answer


def summary(d: dict[str, Any]) -> tuple[Any, ...]:
    where = d["range"]
    return (d["code"], (where["start"]["line"], where["start"]["character"]),
            (where["end"]["line"], where["end"]["character"]), d["severity"], d["message"])


def two_bad_bytes(text: str, found: list[tuple[Any, ...]],
                  expected: list[tuple[Any, ...]]) -> bool:
    """Whether ``found`` and ``expected`` are each the one S003 of a text that is not UTF-8
    text twice over (a NUL byte and a lone surrogate), at either place.  Which of the two
    ``blocknot validate`` names depends on how many bytes its first read of the file
    returns (``unreadable.first_problem`` judges the first read alone as a file's head);
    the server reads the text's bytes whole, as ``validate_bytes`` does."""
    bad = text.count("\0") + sum(1 for c in text if 0xD800 <= ord(c) <= 0xDFFF)
    return bad >= 2 and [d[0] for d in found] == [d[0] for d in expected] == ["S003"]


def validated(folder: Path, text: str) -> list[tuple[Any, ...]]:
    """What ``blocknot validate`` reports for ``text`` saved to a file, each diagnostic's
    range converted to the protocol's lines and UTF-16 units."""
    saved = folder / "saved.block"
    saved.write_bytes(text.encode("utf-8", "surrogatepass"))
    done = run_command("validate", "--format", "json", "--no-color", str(saved))
    found = []
    for d in json.loads(done.stdout)["files"][0]["diagnostics"]:
        start = client_position(text, validate_offset(text, d["line"], d["column"]))
        end = client_position(text, validate_offset(text, d["end_line"], d["end_column"]))
        found.append((d["code"], (start["line"], start["character"]),
                      (end["line"], end["character"]), 1 if d["severity"] == "error" else 2,
                      d["message"]))
    return found


def check_answer(method: str, text: str, answer: dict[str, Any]) -> None:
    """A request's answer has the shape ``method``'s has, and lies in ``text``: a hint at
    the end of a line, every range inside the document (the formatting's to its end)."""
    assert "result" in answer, answer
    found = answer["result"]
    lines = client_lines(text)
    if method == "textDocument/hover":
        assert found is None or found["contents"]["kind"] == "plaintext", found
    elif method == "textDocument/completion":
        assert isinstance(found, list), found
        for item in found:
            if "textEdit" in item:
                inside(item["textEdit"]["range"], lines, text)
    elif method == "textDocument/inlayHint":
        for hint in found:
            position = hint["position"]
            assert position["line"] < len(lines), ("a hint past the end", hint)
            start, end = lines[position["line"]]
            assert position["character"] == units(text[start:end]), (
                "a hint not at the end of its line", hint, text[start:end])
    elif method == "textDocument/codeAction":
        for action in found:
            for edits in action["edit"]["changes"].values():
                for edit in edits:
                    inside(edit["range"], lines, text)
    elif found is not None:  # formatting
        for edit in found:
            inside(edit["range"], lines, text)
            assert edit["range"]["end"] == client_position(text, len(text)), edit
