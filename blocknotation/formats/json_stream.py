"""Reading a large record JSON document a game at a time.

A record JSON document larger than ``MAX_INPUT_BYTES`` is not read whole: its top-level
object is scanned value by value, and each element of its ``games`` array is cut out and
read by ``record_json.from_json`` on its own, as a one-game document.  Every game therefore
meets exactly the checks of a whole document (strict types, duplicate keys, long numbers),
with its JSON path, line and column as in the whole document, and only one game is held at
a time: up to ``MAX_JSON_GAME_BYTES`` of JSON text, far more than any game ``convert``
writes (a game is bounded by what it holds, ``MAX_GAME_TEXT``, checked by ``convert``).

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

from ..basics.diagnostics import N_, Diagnostic, Message, diagnostic
from ..basics.limits import MAX_JSON_GAME_BYTES
from ..reading.records import Game
from .json_positions import Path, Scanner, line_column, path_text
from .json_problems import found_diagnostic

#: The keys of a record JSON document's top-level object.
_KEYS = ("notation", "version", "games", "comments")
#: Every key that record JSON has anywhere.
_RECORD_KEYS = frozenset({
    *_KEYS, "tags", "hands", "kind", "line", "column", "comment", "key", "value", "number",
    "statements", "player", "tiles", "tile", "side", "points", "entries", "total",
})

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
        self.columns_before = 0  # characters of the buffer's first line already dropped
        self.ended = False
        self.comments: tuple[str, ...] = ()
        self.problems: tuple[Diagnostic, ...] = ()
        #: The index, line and column of the game yielded last.
        self.where = (0, 1, 1)
        self.path = "$"  # the value being read, for a problem met on the way
        self._last = ("", (0, 0))  # the last game as a one-game document, and where it was

    # --- the buffer ----------------------------------------------------------------
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
        data = self.stream.read(max(_BLOCK, min(pending, MAX_JSON_GAME_BYTES - pending)))
        try:
            self.text += self.decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            raise _Problem((self._here(N_("not valid JSON: the text is not UTF-8")),)) from None
        if len(self.text) - self.at > MAX_JSON_GAME_BYTES:
            raise _Problem((self._too_large(),))
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
        lines = self._lines_before(at)
        if lines:
            return self.lines_before + lines + 1, at - self.text.rfind("\n", 0, at)
        return self.lines_before + 1, self.columns_before + at + 1

    def _here(self, template: str, **args: object) -> Diagnostic:
        line, column = self._position(self.at)
        return diagnostic("S001", line, column, template, **args)

    def _skip(self) -> str:
        """Skip white space; the next character, or "" at the end of the document."""
        while True:
            self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
            if self.at < len(self.text) or not self._more():
                return self.text[self.at : self.at + 1]

    def _expect(self, char: str, path: str = "$", reason: str = "") -> None:
        found = self._skip()
        if found != char:
            reason_args = {"found": found or "the end"}
            raise _Problem((self._here(N_("{path}: {reason}"), path=path, reason=Message(
                reason or N_("expected a value, found {found}"), reason_args)),))
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
                raise _Problem((self._syntax(),)) from None
            except RecursionError:
                raise _Problem((self._syntax(),)) from None
            if end == len(self.text) and not self.ended and self.text[end - 1] not in "]}\"":
                self._more()  # a number may go on in the next block
                continue
            start, self.at = self.at, end
            return self.text[start:end], start

    def place(self, path: Path) -> tuple[int, int]:
        """The line and column of the value at ``path`` in the game yielded last."""
        index, line, column = self.where
        if len(path) < 2 or path[:2] != ("games", index):
            return line, column
        text, (lines, columns) = self._last
        at, _ = Scanner(text).locate(("games", 0, *path[2:]))
        found_line, found_column = line_column(text, at)
        return found_line + lines, found_column + (columns if found_line == 1 else 0)

    def _bounded(self, text: str, line: int, column: int) -> None:
        """Refuse, before building its records, a game that holds too much to be written:
        every tag, hand and statement has a ``"line"`` key and every score entry a
        ``"total"`` key, and each takes at least four characters of text (the substring
        ``"line"`` in a string is the whole string ``line``, four characters too)."""
        from . import writable

        count = text.count('"line"') + text.count('"total"')
        if 4 * count > writable.MAX_GAME_TEXT:
            raise _Problem((diagnostic(
                "S001", line, column,
                N_("{path}: this game holds {count} tags, hands, statements and score "
                   "entries; written as text it would take more than the {limit} characters "
                   "of a game blocknot converts"),
                path=self.path, count=count, limit=writable.MAX_GAME_TEXT),))

    def _too_large(self) -> Diagnostic:
        """The value too large to hold, named as deep as the text read so far shows it: the
        comment or the unknown key that holds 50 MB, rather than its game."""
        path, at = self.path, self.at
        found = Scanner(self.text).first_problem(self.at, _parts(self.path))
        if found is not None and self.text.startswith('"', found.at):
            path, at = path_text(found.path), found.at
            key = found.path[-1] if found.path else None
            if isinstance(key, str) and key not in _RECORD_KEYS:
                return self._at(at, N_('{path}: unknown key "{key}": record JSON has no such '
                                       "key here (see `blocknot schema`)"), path=path, key=key)
        return self._at(at, N_("{path}: the value that starts here takes more than {limit} "
                               "bytes of JSON text, the most blocknot holds at once; no game "
                               "blocknot writes is that large"),
                        path=path, limit=MAX_JSON_GAME_BYTES)

    def _syntax(self) -> Diagnostic:
        """The problem of the value at ``self.at``, as reading a whole document tells it."""
        path = () if self.path == "$" else _parts(self.path)
        found = Scanner(self.text).first_problem(self.at, path)
        if found is None:
            return self._here(N_("{path}: not valid JSON"), path=self.path)
        line, column = self._position(found.at)
        moved = found_diagnostic("", found)
        return replace(moved, line=line, column=column)

    # --- the document ----------------------------------------------------------------
    def __iter__(self) -> Iterator[Game]:
        """The games in order; a problem ends the iteration and is left in ``problems``."""
        try:
            yield from self._games()
        except _Problem as problem:
            self.problems = problem.found

    def _games(self) -> Iterator[Game]:
        self._expect("{", "$", N_("expected an object, found {found}"))  # found: a character
        seen: set[str] = set()
        head: list[tuple[str, str, tuple[int, int]]] = []
        while self._skip() != "}":
            if seen:
                self._expect(",", "$", N_("expected ',' or '}}'"))
            self.path = "$"
            key_text, key_at = self._value()
            key = json.loads(key_text) if key_text.startswith('"') else None
            if not isinstance(key, str):
                raise _Problem((self._at(key_at, N_("$: expected a key in double quotes, found "
                                                     "{found}"), found=key_text[:40]),))
            self.path = path_text((key,))
            if key in seen:
                raise _Problem((self._at(key_at, N_('{path}: duplicate key "{key}" in the JSON'),
                                         path=self.path, key=key),))
            if key not in _KEYS:
                raise _Problem((self._at(
                    key_at, N_('{path}: unknown key "{key}": record JSON has no such key here '
                               "(see `blocknot schema`)"), path=self.path, key=key),))
            seen.add(key)
            self._expect(":", self.path, N_("expected ':' after the key"))
            if key == "games":
                yield from self._array()
                continue
            value, start = self._value()
            head.append((key, value, self._position(start)))
        self.at += 1
        if self._skip():
            raise _Problem((self._here(N_("$: text after the end of the document")),))
        self.comments = self._head(head)

    def _at(self, at: int, template: str, **args: object) -> Diagnostic:
        line, column = self._position(at)
        return diagnostic("S001", line, column, template, **args)

    def _head(self, head: list[tuple[str, str, tuple[int, int]]]) -> tuple[str, ...]:
        """Check the values of the keys other than ``games``, each where it stands; the
        file's comments."""
        from .record_json import from_json

        comments: tuple[str, ...] = ()
        for key, value, (line, column) in head:
            prefix = "{" + json.dumps(key) + ": "
            record, problems = from_json(prefix + value + "}", (line - 1, column - 1 - len(prefix)))
            if record is None:
                raise _Problem(problems)
            comments = record.comments if key == "comments" else comments
        return comments

    def _array(self) -> Iterator[Game]:
        from .record_json import from_json as read

        if self._skip() != "[":
            raise _Problem((self._here(N_("$.games: expected an array, found {found}"),
                                       found=self.text[self.at : self.at + 20]),))
        self.at += 1
        index = 0
        while self._skip() != "]":
            if index:
                self._expect(",", "$.games", N_("expected ',' or ']'"))
            self.path = f"$.games[{index}]"
            text, start = self._value()
            line, column = self._position(start)
            self._bounded(text, line, column)
            prefix = '{"games": ['
            record, problems = read(prefix + text + "]}", (line - 1, column - 1 - len(prefix)))
            if record is None:
                raise _Problem(tuple(_moved(p, index) for p in problems))
            self.where = (index, line, column)
            self._last = (prefix + text + "]}", (line - 1, column - 1 - len(prefix)))
            yield record.games[0]
            index += 1
        self.at += 1


def _moved(problem: Diagnostic, index: int) -> Diagnostic:
    """A problem of the one-game document, with the path it has in the whole document."""
    args = dict(problem.message.args)
    path = args.get("path")
    if isinstance(path, str) and path.startswith("$.games[0]"):
        args["path"] = f"$.games[{index}]" + path[len("$.games[0]") :]
    return replace(problem, message=replace(problem.message, args=args))


def _parts(path: str) -> tuple[int | str, ...]:
    """``$.games[3]`` as ``("games", 3)``."""
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\w+", path[1:]))
