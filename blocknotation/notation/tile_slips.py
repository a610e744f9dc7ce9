"""Slips of the pen inside a tile: what a scorer typing fast writes for ``3-5``.

A tile is two pips joined by a hyphen (``3-5``) or a bar in brackets (``[3|5]``).  Typed in a
hurry it becomes ``3/5``, ``3.5``, ``3x5``, ``3|5``, ``3 5``, ``3 - 5``, ``3--5``, ``35``,
``[3-5]``, ``[3|5`` (a bracket missing), ``3/5R`` (the side stuck to it), or ``3-O`` with the
letter O for a zero, ``l-3`` or ``I-3`` with the letter l or I for a one.  ``tile_slip``
finds the first such slip where tiles go (after the colon of a move, a deal or a show) of a
line that cannot be read, and says it in one S001 at the slip, with the tile meant.  Each
names exactly what to write instead (``found`` at the diagnostic's column, ``meant`` for
it), so ``validate --fix`` writes it (``fixing/spelling``); a line with several slips is
fixed one slip a round.

Only a slip with one meaning is named with a tile: a run of lone digits (``1 2 3 4``) could
pair up more than one way, a lone ``l`` after a tile is a side (``4-0 l``), and ``4 l`` may
be ``4-1`` or a pip and a side.  A tile with a pip missing (``4-``) is named as such, with no
tile to write.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..basics.diagnostics import Diagnostic, diagnostic

#: The keys of S001's messages these slips are said with (``fixing/spelling.py`` knows the
#: first three, which name the tile meant).
SAID_WITH_MEANT = ("not_a_tile", "letter", "one_digit")

#: The digit each character written for a pip stands for: the letters O and o for 0 and
#: the letters l and I for 1.
_DIGIT = {**{str(i): str(i) for i in range(7)}, "O": "0", "o": "0", "l": "1", "I": "1"}
_PIP = "[0-6OoIl]"
#: Not part of a longer word, number or tile on either side.
_ALONE_BEFORE = r"(?<![\w\-|\[\]./\\,~'*;×])"
_ALONE_AFTER = r"(?![\w\-|\[\]./\\,~'*;×])"
#: What stands between the pips: a hyphen with spaces or doubled, or another character.
_BETWEEN = r"[ \t]*--?[ \t]*|[/\\.,_+x×:~'|*;]"
_SEPARATED = re.compile(_ALONE_BEFORE + f"({_PIP})({_BETWEEN})({_PIP})([LR])?" + _ALONE_AFTER)
_BRACKETED = re.compile(r"\[[ \t]*" + f"({_PIP})" + r"[ \t]*([-|/.,:~'x])[ \t]*"
                        + f"({_PIP})" + r"[ \t]*(?:(\])|" + _ALONE_AFTER + ")")
_CLOSED_ONLY = re.compile(_ALONE_BEFORE + f"({_PIP})" + r"[ \t]*\|[ \t]*" + f"({_PIP})"
                          + r"[ \t]*\]")
_JOINED = re.compile(_ALONE_BEFORE + "([0-6Oo])([0-6Oo])" + _ALONE_AFTER)
_NO_PIP_AFTER = re.compile(_ALONE_BEFORE + "([0-6])-(?=[ \t]|$)")
_NO_PIP_BEFORE = re.compile(r"(?<=[ \t:])-([0-6])" + _ALONE_AFTER)
_LONE = re.compile(r"[^ \t]+")


@dataclass(frozen=True, slots=True)
class Slip:
    """A slip at ``at`` (an index of the line): the text ``found`` there is to be ``meant``;
    ``written`` is the tile as typed, ``start`` where it starts, and ``tile`` as meant;
    ``key`` names S001's message that says it (``meant`` is empty for a slip with nothing
    to write)."""

    at: int
    found: str
    meant: str
    written: str
    tile: str
    start: int
    key: str = "not_a_tile"


def tile_slip(line: str, number: int) -> Diagnostic | None:
    """S001 at the first slip inside a tile of line ``number``, naming the tile meant; None
    when the line's tiles hold none of the slips this module knows."""
    slip = next(_slips(line), None)
    if slip is None:
        return None
    if slip.key == "letter":
        return diagnostic("S001", number, slip.at + 1, "letter", found=slip.found,
                          meant=slip.meant, written=slip.written, tile=slip.tile,
                          digit=slip.meant)
    return diagnostic("S001", number, slip.at + 1, slip.key, found=slip.found,
                      meant=slip.meant, written=slip.written, tile=slip.tile)


def leading_zero(written: str, first: str, second: str) -> str | None:
    """The tile meant by ``written`` (``4-00``, ``[03|4]``), whose pips ``first`` and
    ``second`` are written with more digits than one, each 0 to 6 once its leading zeros
    are dropped; None for a pip beyond 6."""
    pips = [pip.lstrip("0") or "0" for pip in (first, second)]
    if any(len(pip) != 1 or pip > "6" for pip in pips):
        return None
    return f"{pips[0]}-{pips[1]}"


def _slips(line: str) -> Iterator[Slip]:
    """The slips of ``line``'s tiles, the first first (several kinds can be met at one place:
    ``[4-1]`` before ``4-1``, ``4- O`` before ``4-``)."""
    body = line.split("#", 1)[0]
    colon = body.find(":")
    if colon < 0 or body.lstrip(" \t").startswith("["):
        return
    start = colon + 1
    found = [*_bracketed(body, start), *_separated(body, start), *_joined(body, start),
             *_spaced_pips(body, start), *_missing(body, start)]
    # The first tile slipped; of two read at one place, the longer (``4- O`` over ``4-``).
    yield from sorted(found, key=lambda slip: (slip.start, -len(slip.written)))


def _tile(a: str, b: str) -> str:
    return f"{_DIGIT[a]}-{_DIGIT[b]}"


def _separated(body: str, start: int) -> Iterator[Slip]:
    for match in _SEPARATED.finditer(body, start):
        a, between, b, side = match.groups()
        letters = [i for i in (1, 3) if match[i] not in "0123456"]
        hyphen = between == "-"
        tile = _tile(a, b) + (f" {side}" if side else "")
        if hyphen and not letters and not side:
            continue  # a tile as it should be
        if hyphen and len(letters) == 1 and not side:
            at = match.start(letters[0])
            yield Slip(at, body[at], _DIGIT[body[at]], match[0], tile, match.start(),
                       "letter")
        elif not letters and not side:
            yield Slip(match.start(2), between, "-", match[0], tile, match.start())
        else:
            yield Slip(match.start(), match[0], tile, match[0], tile, match.start())


def _bracketed(body: str, start: int) -> Iterator[Slip]:
    for match in _BRACKETED.finditer(body, start):
        a, bar, b, closed = match.groups()
        if bar == "|" and closed and a in "0123456" and b in "0123456":
            continue  # ``[3|5]``, a tile as it should be
        tile = _tile(a, b)
        yield Slip(match.start(), match[0], tile, match[0], tile, match.start())
    for match in _CLOSED_ONLY.finditer(body, start):
        tile = _tile(match[1], match[2])
        yield Slip(match.start(), match[0], tile, match[0], tile, match.start())


def _joined(body: str, start: int) -> Iterator[Slip]:
    for match in _JOINED.finditer(body, start):
        tile = _tile(match[1], match[2])
        yield Slip(match.start(), match[0], tile, match[0], tile, match.start())


def _missing(body: str, start: int) -> Iterator[Slip]:
    for pattern, key in ((_NO_PIP_AFTER, "no_second_pip"), (_NO_PIP_BEFORE, "no_first_pip")):
        for match in pattern.finditer(body, start):
            yield Slip(match.start(), match[0], "", match[0], "", match.start(), key)


def _spaced_pips(body: str, start: int) -> Iterator[Slip]:
    """``3 5``: two lone pips with a space between them where a tile goes, unless they are
    part of a longer run of lone digits, which could pair up more than one way."""
    words = [(m.start(), m.group()) for m in _LONE.finditer(body, start)]
    lone = [len(word) == 1 and word in "0123456" for _, word in words]
    for i in range(len(words) - 1):
        if lone[i] and lone[i + 1] and not (i > 0 and lone[i - 1]) \
                and not (i + 2 < len(words) and lone[i + 2]):
            (first, a), (second, b) = words[i], words[i + 1]
            gap = body[first + 1 : second]
            yield Slip(first + 1, gap, "-", f"{a}{gap}{b}", f"{a}-{b}", first)
