"""Slips of the pen inside a tile: what a scorer typing fast writes for ``3-5``.

A tile is two pips joined by a hyphen (``3-5``) or a bar in brackets (``[3|5]``).  Typed in a
hurry it becomes ``3/5``, ``3.5``, ``3 5``, ``3 - 5``, ``35``, ``[3-5]``, or ``3-O`` with the
letter O for a zero.  ``tile_slip`` finds the first such slip where tiles go (after the colon
of a move, a deal or a show) of a line that cannot be read, and says it in one S001 at the
slip, with the tile meant.  Each names exactly what to write instead (``found`` at the
diagnostic's column, ``meant`` for it), so ``validate --fix`` writes it (``fixing/spelling``);
a run of lone digits (``1 2 3 4``) could pair up more than one way, and gets no suggestion.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..basics.diagnostics import N_, Diagnostic, diagnostic

#: What these slips are said with (``fixing/spelling.py`` knows them by these templates).
NOT_A_TILE = N_("'{written}' is not a tile: write '{tile}'")
LETTER_O = N_("'{found}' is the letter {found}, not the digit 0: did you mean '{tile}'?")

_PIP = "[0-6]"
#: Not part of a longer word, number or tile on either side.
_ALONE_BEFORE = r"(?<![\w\-|\[\]./\\,])"
_ALONE_AFTER = r"(?![\w\-|\[\]./\\,])"
_SEPARATOR = re.compile(_ALONE_BEFORE + f"({_PIP})([/\\\\.,_+])({_PIP})" + _ALONE_AFTER)
_SPACED = re.compile(_ALONE_BEFORE + f"({_PIP})([ \\t]+-[ \\t]*|-[ \\t]+)({_PIP})"
                     + _ALONE_AFTER)
_BRACKETED = re.compile(f"\\[[ \\t]*({_PIP})[ \\t]*[-/.,][ \\t]*({_PIP})[ \\t]*\\]")
_LETTER_O = re.compile(_ALONE_BEFORE + "([0-6Oo])-([0-6Oo])" + _ALONE_AFTER)
_JOINED = re.compile(_ALONE_BEFORE + f"({_PIP})({_PIP})" + _ALONE_AFTER)
_LONE = re.compile(r"[^ \t]+")


@dataclass(frozen=True, slots=True)
class Slip:
    """A slip at ``at`` (an index of the line): the text ``found`` there is to be ``meant``;
    ``written`` is the tile as typed and ``tile`` as meant."""

    at: int
    found: str
    meant: str
    written: str
    tile: str


def tile_slip(line: str, number: int) -> Diagnostic | None:
    """S001 at the first slip inside a tile of line ``number``, naming the tile meant; None
    when the line's tiles hold none of the slips this module knows."""
    slip = next(_slips(line), None)
    if slip is None:
        return None
    template = LETTER_O if slip.found in "Oo" else NOT_A_TILE
    return diagnostic("S001", number, slip.at + 1, template, found=slip.found,
                      meant=slip.meant, written=slip.written, tile=slip.tile)


def _slips(line: str) -> Iterator[Slip]:
    """The slips of ``line``'s tiles, the first first (several kinds can be met at one place:
    ``[4-1]`` before ``4-1``)."""
    body = line.split("#", 1)[0]
    colon = body.find(":")
    if colon < 0 or body.lstrip(" \t").startswith("["):
        return
    found: list[Slip] = []
    for match in _BRACKETED.finditer(body, colon + 1):
        tile = f"{match[1]}-{match[2]}"
        found.append(Slip(match.start(), match[0], tile, match[0], tile))
    for pattern in (_SEPARATOR, _SPACED):
        for match in pattern.finditer(body, colon + 1):
            tile = f"{match[1]}-{match[3]}"
            found.append(Slip(match.start(2), match[2], "-", match[0], tile))
    for match in _LETTER_O.finditer(body, colon + 1):
        if "O" in match[0].upper().replace("0", ""):
            at = match.start(1) if match[1] in "Oo" else match.start(2)
            tile = match[0].replace("O", "0").replace("o", "0")
            found.append(Slip(at, body[at], "0", match[0], tile))
    for match in _JOINED.finditer(body, colon + 1):
        tile = f"{match[1]}-{match[2]}"
        found.append(Slip(match.start(), match[0], tile, match[0], tile))
    found += _spaced_pips(body, colon + 1)
    yield from sorted(found, key=lambda slip: slip.at)


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
            yield Slip(first + 1, gap, "-", f"{a}{gap}{b}", f"{a}-{b}")
