"""The text of a JSON document read from a stream a block at a time, value by value.

``JsonBuffer`` holds the part of the document not yet read, cut into JSON values by the C
decoder, and knows the line and column of every place in it; ``json_stream`` reads a
record JSON document with it a game at a time.  A problem ends the reading as ``JsonStop``,
with its diagnostic told as reading the whole document would tell it (``json_positions``).

Reading is linear in the document: a value cut off by the end of what has been read is
decoded again only after the buffer has at least doubled (the next read is as large as
what is pending), so each value is decoded a bounded number of times whatever the block
size, and line numbers are counted from the last place counted, never from the start.

Bytes that are not UTF-8, and NUL bytes, are told as reading the whole document tells them
(``notation.source.decode``): S003 at the line and column of the first bad byte, ahead of any
other problem, and a leading byte-order mark is dropped.  Since reading stops at the first
problem, ``text_problem`` reads the rest of the document then, to find such a byte.
"""

from __future__ import annotations

import codecs
import json
import re
from dataclasses import replace
from typing import Any, BinaryIO

from ...basics.collector import collector_paused
from ...basics.diagnostics import Diagnostic, diagnostic, message_part
from ...notation.unreadable import nul_byte, undecodable
from .json_positions import Scanner, path_text
from .json_problems import found_diagnostic
from .json_text import seen_float

#: Every key that record JSON has anywhere.
RECORD_KEYS = frozenset({
    "notation", "version", "games", "comments", "tags", "hands", "kind", "line", "column",
    "comment", "key", "value", "number", "statements", "player", "tiles", "tile", "side",
    "points", "entries", "total",
})

_SPACE = re.compile(r"[ \t\r\n]*")
_LONG_NUMBER = re.compile(r"[0-9]{4000,}")
#: Numbers with a fraction or an exponent, NaN and Infinity, decoded as what no quick game
#: holds (``json_text``); the strict reading then tells what is wrong with them.
_DECODER = json.JSONDecoder(parse_float=seen_float, parse_constant=seen_float)


class JsonStop(Exception):
    """What ends the reading: the diagnostics that say why."""

    def __init__(self, found: tuple[Diagnostic, ...]) -> None:
        super().__init__(found)
        self.found = found


class JsonBuffer:
    """A JSON document read from ``stream`` ``block`` bytes (or more) at a time, holding at
    most ``limit`` characters of it at once."""

    def __init__(self, stream: BinaryIO, block: int, limit: int) -> None:
        self.stream, self.block, self.limit = stream, block, limit
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()  # drops a leading BOM
        self.text = ""
        self.at = 0
        self.lines_before = 0  # lines in the text already dropped from the buffer
        self.counted = 0  # the place in the buffer up to which lines are counted …
        self.counted_lines = 0  # … and how many LFs the buffer has before it
        self.columns_before = 0  # characters of the buffer's first line already dropped
        self.ended = False
        self.path = "$"  # the value being read, for a problem met on the way
        self.bad_bytes: Diagnostic | None = None  # the S003 of a byte that is not UTF-8

    def _more(self) -> bool:
        if self.ended:
            return False
        if self.at:
            dropped_lines = self._lines_before(self.at)
            if dropped_lines:
                self.columns_before = self.at - self.text.rfind("\n", 0, self.at) - 1
            else:
                self.columns_before += self.at
            self.lines_before += dropped_lines
            self.text, self.at = self.text[self.at :], 0
            self.counted = self.counted_lines = 0
        # As much as is pending (a value cut off is decoded again only once the buffer has
        # doubled), within the bound of one game.
        pending = len(self.text)
        data = self.stream.read(max(self.block, min(pending, self.limit - pending)))
        try:
            self.text += self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as error:
            raise JsonStop((self._undecodable(error),)) from None
        if len(self.text) - self.at > self.limit:
            raise JsonStop((self._too_large(),))
        self.ended = not data
        return True

    def _undecodable(self, error: UnicodeDecodeError) -> Diagnostic:
        """The S003 of the first byte that is not UTF-8, where ``decode`` puts it: the text
        before it is decoded, so that its line and column are known."""
        good = error.object[: error.start].decode("utf-8")
        self.text += good
        line, column = self.position(len(self.text))
        # Its line, as ``source.undecodable`` looks at it to tell which encoding it is in.
        before = self.text[self.text.rfind("\n") + 1 :].encode("utf-8", "surrogatepass")
        end = error.object.find(b"\n", error.start)
        after = error.object[error.start : len(error.object) if end < 0 else end]
        self.bad_bytes = undecodable(before + after, len(before), line, column)
        return self.bad_bytes

    def text_problem(self) -> Diagnostic | None:
        """After a problem: the S003 that reading the whole document would tell before it (at
        the first byte that is not UTF-8 or is NUL), reading the rest of the document, a block
        at a time, to know; None when it is UTF-8 text."""
        nul: Diagnostic | None = None
        try:
            while self.bad_bytes is None:
                # Everything before the buffer was read as JSON, which holds no NUL byte.
                at = self.text.find("\0") if nul is None else -1
                if at >= 0:
                    nul = nul_byte(*self.position(at))
                self.at = len(self.text)
                if not self._more():
                    break
        except JsonStop:
            pass  # bytes that are not UTF-8: ``bad_bytes``
        found = [d for d in (nul, self.bad_bytes) if d is not None]
        return min(found, key=lambda d: (d.line, d.column)) if found else None

    def _lines_before(self, at: int) -> int:
        """The LFs in the buffer before ``at``, counted on from the last place counted."""
        if at < self.counted:
            self.counted = self.counted_lines = 0
        self.counted_lines += self.text.count("\n", self.counted, at)
        self.counted = at
        return self.counted_lines

    def position(self, at: int) -> tuple[int, int]:
        """The line and column of offset ``at`` of the buffer in the document."""
        lines = self._lines_before(at)
        if lines:
            return self.lines_before + lines + 1, at - self.text.rfind("\n", 0, at)
        return self.lines_before + 1, self.columns_before + at + 1

    def at_place(self, at: int, key: str, /, **args: object) -> Diagnostic:
        """S001 at offset ``at``, said with its message ``key``."""
        line, column = self.position(at)
        return diagnostic("S001", line, column, key, **args)

    def here(self, key: str, /, **args: object) -> Diagnostic:
        return self.at_place(self.at, key, **args)

    def skip(self) -> str:
        """Skip white space; the next character, or "" at the end of the document."""
        while True:
            self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text) or not self._more():
                return self.text[self.at : self.at + 1]

    def expect(self, char: str, path: str = "$", reason: str = "expected_value") -> None:
        """Step over ``char``; else S001, why said by S001's message ``reason``."""
        found = self.skip()
        if found != char:
            raise JsonStop((self.here("json_path", path=path, reason=message_part(
                "S001", reason, found=found or "the end")),))
        self.at += 1

    def value(self) -> tuple[str, int, Any]:
        """The text of the next JSON value, where it starts, and the value as the C decoder
        reads it (``_DECODER``); read more until it is whole."""
        self.skip()
        while True:
            try:
                with collector_paused():  # decoded JSON holds no cycle
                    value, end = _DECODER.raw_decode(self.text, self.at)
            except ValueError as error:
                # Cut off by the end of the block read so far: read on.  Anything else is a
                # real error, reported without reading further.
                if isinstance(error, json.JSONDecodeError):
                    near_end = error.pos >= len(self.text) - 64 or error.msg.startswith("Unt")
                else:  # a number of thousands of digits, which Python does not convert
                    long = _LONG_NUMBER.search(self.text, self.at)
                    near_end = long is not None and long.end() == len(self.text)
                if near_end and not self.ended and self._more():
                    continue
                raise JsonStop((self._syntax(),)) from None
            except RecursionError:
                raise JsonStop((self._syntax(),)) from None
            if end == len(self.text) and not self.ended and self.text[end - 1] not in "]}\"":
                self._more()  # a number may go on in the next block
                continue
            start, self.at = self.at, end
            return self.text[start:end], start, value

    def _too_large(self) -> Diagnostic:
        """The value too large to hold, named as deep as the text read so far shows it: the
        comment or the unknown key that holds 50 MB, rather than its game."""
        path, at = self.path, self.at
        found = Scanner(self.text).first_problem(self.at, parts(self.path))
        if found is not None and self.text.startswith('"', found.at):
            path, at = path_text(found.path), found.at
            key = found.path[-1] if found.path else None
            if isinstance(key, str) and key not in RECORD_KEYS:
                return self.at_place(at, "json_unknown_key",
                                     path=path, key=key)
        return self.at_place(at, "json_value_too_large",
                             path=path, limit=self.limit)

    def _syntax(self) -> Diagnostic:
        """The problem of the value at ``self.at``, as reading a whole document tells it."""
        path = () if self.path == "$" else parts(self.path)
        found = Scanner(self.text).first_problem(self.at, path)
        if found is None:
            return self.here("json_invalid", path=self.path)
        line, column = self.position(found.at)
        moved = found_diagnostic("", found)
        return replace(moved, line=line, column=column)


def parts(path: str) -> tuple[int | str, ...]:
    """``$.games[3]`` as ``("games", 3)``."""
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\w+", path[1:]))
