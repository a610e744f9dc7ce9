"""Where a problem stands in a JSON text: its JSON path, line and column.

``json.loads`` tells neither where a duplicate key or a number stands nor the path to it, and
pydantic reports a path without a position.  This scanner walks the text itself: ``first_problem``
finds the first thing record JSON refuses before its schema is even looked at (bad syntax, a
duplicate key, a number with a fraction or exponent or too many digits, ``NaN``, a lone
surrogate, too deep a nesting), and ``locate`` finds where the value at a JSON path starts.
Both run only once a document is being refused, so they favour plainness over speed.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from ...basics.diagnostics import Message, message_part
from ...basics.limits import MAX_NUMBER_DIGITS

Path = tuple[int | str, ...]

#: Deeper than any record goes (a pip is at depth 9): deeper JSON is not a record.
MAX_DEPTH = 32

_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?P<fraction>\.[0-9]+)?(?P<exponent>[eE][-+]?[0-9]+)?")
_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")
_WORDS = ("true", "false", "null")
_CONSTANTS = ("NaN", "Infinity", "-Infinity")
#: ``json.decoder.scanstring(text, after_quote, strict)``: a string's value and its end.
scanstring = cast(Callable[[str, int, bool], tuple[str, int]],
                  json.decoder.scanstring)  # type: ignore[attr-defined]
_SKIP = json.JSONDecoder(parse_int=str, parse_float=str, parse_constant=str)


@dataclass(frozen=True, slots=True)
class JsonProblem:
    """A problem at offset ``at`` of the text, inside the value at ``path``."""

    at: int
    path: Path
    reason: Message
    pip: bool = field(default=False)


class _Stop(Exception):
    def __init__(self, found: JsonProblem) -> None:
        super().__init__(found)
        self.found = found


def path_text(path: Path) -> str:
    """A JSON path as users read it: ``$.games[0].hands[1].statements[3].tile[1]``."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def line_column(text: str, at: int) -> tuple[int, int]:
    """The 1-based line and column (in characters) of offset ``at``."""
    line = text.count("\n", 0, at) + 1
    return line, at - text.rfind("\n", 0, at)


def shown(text: str) -> str:
    """A bit of JSON text to quote in a message, cut short when long."""
    return text if len(text) <= 40 else text[:40] + "…"


class Scanner:
    """One JSON text, walked by hand."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _space(self, at: int) -> int:
        return _SPACE.match(self.text, at).end()  # type: ignore[union-attr]

    def _stop(self, at: int, path: Path, key: str, /, **args: object) -> _Stop:
        """The stop at a problem: ``key`` names S001's message of it."""
        return _Stop(JsonProblem(at, path, message_part("S001", key, **args)))

    def _end_or(self, at: int, path: Path, key: str) -> _Stop:
        if at >= len(self.text):
            return self._stop(at, path, "ends_unclosed")
        return self._stop(at, path, key)

    # --- the first problem ---------------------------------------------------------------
    def first_problem(self, start: int = 0, path: Path = ()) -> JsonProblem | None:
        """The first problem of the document (or of the value at ``start``), if any."""
        try:
            end = self._space(self._value(self._space(start), path, 0))
            if start == 0 and end < len(self.text):
                raise self._stop(end, (), "text_after_end")
        except _Stop as stop:
            return stop.found
        return None

    def _value(self, at: int, path: Path, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise self._stop(at, path, "nested_too_deeply")
        char = self.text[at : at + 1]
        if char == "{":
            return self._object(at, path, depth)
        if char == "[":
            return self._array(at, path, depth)
        if char == '"':
            return self._string(at, path)
        for word in _CONSTANTS:
            if self.text.startswith(word, at):
                raise self._stop(at, path, "not_a_json_value", found=word)
        if char == "-" or char.isdigit():
            return self._number(at, path)
        for word in _WORDS:
            if self.text.startswith(word, at):
                return at + len(word)
        if not char:
            raise self._stop(at, path, "ends_before_value")
        raise self._stop(at, path, "expected_value",
                         found=shown(self.text[at : at + 1]))

    def _number(self, at: int, path: Path) -> int:
        match = _NUMBER.match(self.text, at)
        if match is None:
            raise self._stop(at, path, "expected_value",
                             found=shown(self.text[at : at + 1]))
        written = match.group()
        if match["fraction"] or match["exponent"]:
            raise self._stop(
                at, path,
                "not_whole",
                found=shown(written),
            )
        if len(written.lstrip("-")) > MAX_NUMBER_DIGITS:
            raise self._stop(
                at, path, "long_number",
                digits=len(written.lstrip("-")), limit=MAX_NUMBER_DIGITS,
            )
        return match.end()

    def _string(self, at: int, path: Path) -> int:
        try:
            value, end = scanstring(self.text, at + 1, True)
        except json.JSONDecodeError as error:
            raise self._string_error(error, at, path) from None
        if _has_surrogate(value):
            raise self._lone_surrogate(at, end, path)
        return end

    def _string_error(self, error: json.JSONDecodeError, at: int, path: Path) -> _Stop:
        if error.msg.startswith("Unterminated"):
            return self._stop(at, path, "unclosed_string")
        if error.msg.startswith("Invalid control"):
            char = self.text[error.pos]
            return self._stop(
                error.pos, path,
                "control_character",
                code=f"{ord(char):04X}",
            )
        return self._stop(
            error.pos, path,
            "invalid_escape",
            found=shown(self.text[error.pos : error.pos + 6]),
        )

    def _lone_surrogate(self, at: int, end: int, path: Path) -> _Stop:
        codes = [(m.start(), m.end(), int(m[1], 16)) for m in _ESCAPE.finditer(self.text, at, end)]
        paired: set[int] = set()
        for (_, high_end, high), (low_start, _, low) in itertools.pairwise(codes):
            if 0xD800 <= high <= 0xDBFF and 0xDC00 <= low <= 0xDFFF and high_end == low_start:
                paired.update((high_end, low_start))
        for start, stop, code in codes:
            if 0xD800 <= code <= 0xDFFF and start not in paired and stop not in paired:
                return self._stop(
                    start, path,
                    "lone_surrogate_escape",
                    found=self.text[start:stop],
                )
        return self._stop(at, path, "lone_surrogate")

    def _object(self, at: int, path: Path, depth: int) -> int:
        at = self._space(at + 1)
        if self.text.startswith("}", at):
            return at + 1
        keys: set[str] = set()
        while True:
            if not self.text.startswith('"', at):
                raise self._stop(at, path, "expected_key",
                                 found=shown(self.text[at : at + 1]) or "the end")
            end = self._string(at, path)
            key = scanstring(self.text, at + 1, True)[0]
            if key in keys:
                raise self._stop(at, (*path, key), "duplicate_key",
                                 key=key)
            keys.add(key)
            at = self._space(end)
            if not self.text.startswith(":", at):
                raise self._stop(at, (*path, key), "expected_colon")
            at = self._space(self._value(self._space(at + 1), (*path, key), depth + 1))
            if self.text.startswith("}", at):
                return at + 1
            if not self.text.startswith(",", at):
                raise self._end_or(at, path, "expected_comma_or_brace")
            at = self._space(at + 1)

    def _array(self, at: int, path: Path, depth: int) -> int:
        at = self._space(at + 1)
        if self.text.startswith("]", at):
            return at + 1
        index = 0
        while True:
            at = self._space(self._value(at, (*path, index), depth + 1))
            if self.text.startswith("]", at):
                return at + 1
            if not self.text.startswith(",", at):
                raise self._end_or(at, path, "expected_comma_or_bracket")
            at = self._space(at + 1)
            index += 1

    # --- where a path leads --------------------------------------------------------------
    def locate(self, path: Path, start: int = 0) -> tuple[int, int | None]:
        """Where the value at ``path`` starts, and where its key starts (None in an array or
        at the top); as far as the path can be followed."""
        at, key_at = self._space(start), None
        for part in path:
            found = self._member(at, part)
            if found is None:
                break
            at, key_at = found
        return at, key_at

    def _member(self, at: int, part: int | str) -> tuple[int, int | None] | None:
        opening = "[" if isinstance(part, int) else "{"
        if not self.text.startswith(opening, at):
            return None
        at, index = self._space(at + 1), 0
        while at < len(self.text) and self.text[at] not in "]}":
            key_at = None
            if opening == "{":
                key_at = at
                try:
                    key, at = scanstring(self.text, at + 1, True)
                except json.JSONDecodeError:
                    return None
                at = self._space(self._space(at) + 1)
                if key == part:
                    return at, key_at
            elif index == part:
                return at, None
            try:
                _, at = _SKIP.raw_decode(self.text, at)
            except (json.JSONDecodeError, RecursionError):
                return None
            at = self._space(at)
            at = self._space(at + 1) if self.text.startswith(",", at) else at
            index += 1
        return None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(text: str) -> bool:
    return not text.isascii() and _SURROGATE.search(text) is not None


def may_hold_surrogates(text: str) -> bool:
    """Whether a JSON text may hold a lone surrogate (an escape of one, at least)."""
    return re.search(r"\\u[dD][89a-fA-F]", text) is not None
