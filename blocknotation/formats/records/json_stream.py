"""Reading a large record JSON document a game at a time.

A record JSON document larger than ``MAX_INPUT_BYTES`` is not read whole: its top-level
object is scanned value by value (``json_buffer``), and each element of its ``games`` array
is cut out and read by ``record_json.from_json`` on its own, as a one-game document.  Every
game therefore meets exactly the checks of a whole document (strict types, duplicate keys,
long numbers), with its JSON path, line and column as in the whole document, and only one
game is held at a time: up to ``MAX_JSON_GAME_BYTES`` of JSON text, far more than any game
``convert`` writes (a game is bounded by what it holds, ``MAX_GAME_TEXT``, checked by
``convert``).  A game that ``json_text`` writes straight from its decoded JSON is not read
into records at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import BinaryIO

from ...basics.diagnostics import Diagnostic, diagnostic
from ...basics.limits import MAX_JSON_GAME_BYTES
from ...notation.records import Game
from .json_buffer import JsonBuffer, JsonStop
from .json_positions import Path, Scanner, line_column, path_text
from .json_text import GameWriter, Written

#: The keys of a record JSON document's top-level object.
_KEYS = ("notation", "version", "games", "comments")
_BLOCK = 1 << 20


class JsonGames(JsonBuffer):
    """The games of a record JSON document, read from a stream; ``comments`` once done.

    With ``quick``, a game that ``json_text.GameWriter`` writes comes as its text
    (``Written``), any other as a record.
    """

    def __init__(self, stream: BinaryIO, quick: bool = False) -> None:
        super().__init__(stream, _BLOCK, MAX_JSON_GAME_BYTES)
        self.quick = GameWriter() if quick else None
        self.comments: tuple[str, ...] = ()
        self.problems: tuple[Diagnostic, ...] = ()
        #: The index, line and column of the game yielded last.
        self.where = (0, 1, 1)
        self._last = ""  # the JSON text of the game yielded last
        self._heads: dict[str, tuple[int, int]] = {}  # where the other keys' values start

    def place(self, path: Path) -> tuple[int, int]:
        """The line and column of the value at ``path`` in the game yielded last."""
        index, line, column = self.where
        if len(path) == 1 and path[0] in self._heads:  # ``comments``, say
            return self._heads[str(path[0])]
        if len(path) < 2 or path[:2] != ("games", index):
            return line, column
        text, (lines, columns) = self._one_game()
        at, _ = Scanner(text).locate(("games", 0, *path[2:]))
        found_line, found_column = line_column(text, at)
        return found_line + lines, found_column + (columns if found_line == 1 else 0)

    def _bounded(self, text: str, line: int, column: int) -> None:
        """Refuse, before building its records, a game that holds too much to be written:
        every tag, hand and statement has a ``"line"`` key and every score entry a
        ``"total"`` key, and each takes at least four characters of text (the substring
        ``"line"`` in a string is the whole string ``line``, four characters too)."""
        from . import writable

        if 4 * len(text) <= 3 * writable.MAX_GAME_TEXT:
            return  # too short to hold that many: each takes 5 characters of JSON at least
        count = text.count('"line"') + text.count('"total"')
        if 4 * count > writable.MAX_GAME_TEXT:
            raise JsonStop((diagnostic(
                "S001", line, column,
                "json_too_large",
                path=self.path, count=count, limit=writable.MAX_GAME_TEXT),))

    # --- the document ----------------------------------------------------------------
    def __iter__(self) -> Iterator[Game | Written]:
        """The games in order; a problem ends the iteration and is left in ``problems``."""
        try:
            yield from self._games()
        except JsonStop as problem:
            self.problems = self.refused(problem.found)

    def refused(self, problems: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
        """What reading the whole document tells when reading ends with ``problems``: the
        S003 of a byte that is not UTF-8 text in the rest of it comes first."""
        found = self.text_problem()
        return problems if found is None else (found,)

    def _games(self) -> Iterator[Game | Written]:
        self.expect("{", "$", "expected_object")  # found: a character
        seen: set[str] = set()
        head: list[tuple[str, str, tuple[int, int]]] = []
        while self.skip() != "}":
            if seen:
                self.expect(",", "$", "expected_comma_or_brace")
            self.path = "$"
            key_text, key_at, _ = self.value()
            key = json.loads(key_text) if key_text.startswith('"') else None
            if not isinstance(key, str):
                raise JsonStop((self.at_place(key_at, "json_expected_key", found=key_text[:40]),))
            self.path = path_text((key,))
            if key in seen:
                raise JsonStop((self.at_place(key_at, "json_duplicate_key", path=self.path,
                                              key=key),))
            if key not in _KEYS:
                raise JsonStop((self.at_place(
                    key_at, "json_unknown_key", path=self.path, key=key),))
            seen.add(key)
            self.expect(":", self.path, "expected_colon")
            if key == "games":
                yield from self._array()
                continue
            value, start, _ = self.value()
            self._heads[key] = self.position(start)
            head.append((key, value, self._heads[key]))
        self.at += 1
        if self.skip():
            raise JsonStop((self.here("json_text_after_end"),))
        self.comments = self._head(head)

    def _head(self, head: list[tuple[str, str, tuple[int, int]]]) -> tuple[str, ...]:
        """Check the values of the keys other than ``games``, each where it stands; the
        file's comments."""
        from .record_json import from_json

        comments: tuple[str, ...] = ()
        for key, value, (line, column) in head:
            prefix = "{" + json.dumps(key) + ": "
            record, problems = from_json(prefix + value + "}", (line - 1, column - 1 - len(prefix)))
            if record is None:
                raise JsonStop(problems)
            comments = record.comments if key == "comments" else comments
        return comments

    def _array(self) -> Iterator[Game | Written]:
        if self.skip() != "[":
            raise JsonStop((self.here("json_games_not_array",
                                      found=self.text[self.at : self.at + 20]),))
        self.at += 1
        index = 0
        while self.skip() != "]":
            if index:
                self.expect(",", "$.games", "expected_comma_or_bracket")
            self.path = f"$.games[{index}]"
            text, start, value = self.value()
            line, column = self.position(start)
            self._bounded(text, line, column)
            self.where, self._last = (index, line, column), text
            written = self.quick.game_text(value, text, index == 0) if self.quick else None
            del value  # not held while the game is read the strict way
            yield written or self._read(index)
            index += 1
        self.at += 1

    def _one_game(self) -> tuple[str, tuple[int, int]]:
        """The game yielded last as a one-game document, and where that document would
        start for its game to be where it is in the whole document (``from_json``'s base)."""
        _, line, column = self.where
        prefix = '{"games": ['
        return prefix + self._last + "]}", (line - 1, column - 1 - len(prefix))

    def _read(self, index: int) -> Game:
        """The game yielded next, read the strict way."""
        from .record_json import from_json

        record, problems = from_json(*self._one_game())
        if record is None:
            raise JsonStop(tuple(_moved(p, index) for p in problems))
        return record.games[0]


def _moved(problem: Diagnostic, index: int) -> Diagnostic:
    """A problem of the one-game document, with the path it has in the whole document."""
    args = dict(problem.message.args)
    path = args.get("path")
    if isinstance(path, str) and path.startswith("$.games[0]"):
        args["path"] = f"$.games[{index}]" + path[len("$.games[0]") :]
    return replace(problem, message=replace(problem.message, args=args))

