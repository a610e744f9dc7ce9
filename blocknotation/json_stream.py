"""Reading a large record JSON document a game at a time.

A record JSON document larger than ``MAX_INPUT_BYTES`` is not read whole: its top-level
object is scanned value by value, and each element of its ``games`` array is cut out and
read by ``record_json.from_json`` on its own, as a one-game document.  Every game therefore
meets exactly the checks of a whole document (strict types, duplicate keys, long numbers),
with its JSON path and line as in the whole document, and only one game is held at a time.

Reading is linear in the document: a value cut off by the end of what has been read is
decoded again only after the buffer has at least doubled (the next read is as large as
what is pending), so each value is decoded a bounded number of times whatever the block
size, and line numbers are counted from the last place counted, never from the start.
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import BinaryIO

from .diagnostics import N_, Diagnostic, diagnostic
from .limits import MAX_INPUT_BYTES
from .records import Game

_SPACE = re.compile(r"[ \t\r\n]*")
_BLOCK = 1 << 20
_DECODER = json.JSONDecoder()


class _Problem(Exception):
    def __init__(self, found: tuple[Diagnostic, ...]) -> None:
        super().__init__(found)
        self.found = found


class JsonGames:
    """The games of a record JSON document, read from a stream; ``comments`` once done."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.text = ""
        self.at = 0
        self.lines_before = 0  # lines in the text already dropped from the buffer
        self.counted = 0  # the place in the buffer up to which lines are counted …
        self.counted_lines = 0  # … and how many LFs the buffer has before it
        self.ended = False
        self.comments: tuple[str, ...] = ()
        self.problems: tuple[Diagnostic, ...] = ()

    # --- the buffer ----------------------------------------------------------------
    def _more(self) -> bool:
        if self.ended:
            return False
        if self.at:
            self.lines_before += self._lines_before(self.at)
            self.text, self.at = self.text[self.at :], 0
            self.counted = self.counted_lines = 0
        # As much as is pending (a value cut off is decoded again only once the buffer has
        # doubled), within the bound of one game.
        pending = len(self.text)
        data = self.stream.read(max(_BLOCK, min(pending, MAX_INPUT_BYTES - pending)))
        try:
            self.text += self.decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            raise _Problem((self._here(N_("not valid JSON: the text is not UTF-8")),)) from None
        if len(self.text) > MAX_INPUT_BYTES:
            raise _Problem((self._here(N_("a game of this JSON is larger than {limit} bytes, "
                                          "the most blocknot holds at once"),
                                       limit=MAX_INPUT_BYTES),))
        self.ended = not data
        return True

    def _lines_before(self, at: int) -> int:
        """The LFs in the buffer before ``at``, counted on from the last place counted."""
        if at < self.counted:
            self.counted = self.counted_lines = 0
        self.counted_lines += self.text.count("\n", self.counted, at)
        self.counted = at
        return self.counted_lines

    def _line(self, at: int) -> int:
        return self.lines_before + self._lines_before(at) + 1

    def _position(self, at: int) -> tuple[int, int]:
        return self._line(at), at - self.text.rfind("\n", 0, at)

    def _here(self, template: str, **args: object) -> Diagnostic:
        line, column = self._position(self.at)
        return diagnostic("S001", line, column, template, **args)

    def _skip(self) -> str:
        """Skip white space; the next character, or "" at the end of the document."""
        while True:
            self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text) or not self._more():
                return self.text[self.at : self.at + 1]

    def _expect(self, char: str) -> None:
        if self._skip() != char:
            raise _Problem((self._here(N_("not valid JSON: expected '{char}'"), char=char),))
        self.at += 1

    def _value(self) -> tuple[str, int]:
        """The text of the next JSON value, and where it starts; read more until it is whole."""
        self._skip()
        while True:
            try:
                _, end = _DECODER.raw_decode(self.text, self.at)
            except json.JSONDecodeError as error:
                # Cut off by the end of the block read so far: read on.  Anything else is a
                # real error, reported without reading further.
                near_end = error.pos >= len(self.text) - 64 or error.msg.startswith("Unterm")
                if near_end and not self.ended and self._more():
                    continue
                line, column = self._position(error.pos)
                raise _Problem((diagnostic("S001", line, column, N_("not valid JSON: {reason}"),
                                           reason=error.msg),)) from None
            except RecursionError:
                raise _Problem((self._here(N_("the JSON is nested too deeply")),)) from None
            if end == len(self.text) and not self.ended and self.text[end - 1] not in "]}\"":
                self._more()  # a number may go on in the next block
                continue
            start, self.at = self.at, end
            return self.text[start:end], start

    # --- the document ----------------------------------------------------------------
    def __iter__(self) -> Iterator[Game]:
        """The games in order; a problem ends the iteration and is left in ``problems``."""
        try:
            yield from self._games()
        except _Problem as problem:
            self.problems = problem.found

    def _games(self) -> Iterator[Game]:
        from .output.record_json import from_json

        self._expect("{")
        seen: dict[str, str] = {}
        first = True
        while self._skip() != "}":
            if not first:
                self._expect(",")
            first = False
            key_text, _ = self._value()
            key = json.loads(key_text)
            if not isinstance(key, str) or key in seen:
                raise _Problem((self._here(N_("duplicate key \"{key}\" in the JSON"),
                                           key=str(key)),))
            self._expect(":")
            if key != "games":
                seen[key], _ = self._value()
                continue
            seen[key] = "[]"
            yield from self._array()
        self.at += 1
        if self._skip():
            raise _Problem((self._here(N_("not valid JSON: {reason}"), reason="Extra data"),))
        head = "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in seen.items()) + "}"
        record, problems = from_json(head)
        if record is None:
            raise _Problem(problems)
        self.comments = record.comments

    def _array(self) -> Iterator[Game]:
        from .output.record_json import from_json as read

        self._expect("[")
        index = 0
        while self._skip() != "]":
            if index:
                self._expect(",")
            text, start = self._value()
            line = self._line(start)
            record, problems = read('{"games": [\n' + text + "\n]}")
            if record is None:
                raise _Problem(tuple(_moved(p, index, line) for p in problems))
            yield record.games[0]
            index += 1
        self.at += 1


def _moved(problem: Diagnostic, index: int, line: int) -> Diagnostic:
    """A problem of the one-game document, placed in the whole document."""
    args = dict(problem.message.args)
    path = args.get("path")
    if isinstance(path, str) and path.startswith("$.games[0]"):
        args["path"] = f"$.games[{index}]" + path[len("$.games[0]") :]
    moved_line = line + problem.line - 2 if problem.line > 1 else line
    return replace(problem, line=moved_line, message=replace(problem.message, args=args))
