"""A side slip named as the replay reads the play: ``4-0 l`` where 4-0 fits only the right.

A word after a tile that is a letter or two from a side (``l``, ``lft``, ``Rigth``) is an
S001 read before any replay, whose "did you mean" names the side it looks like
(``suggestions.not_a_side``).  But the scorer who wrote ``l`` after 1-4 for a 4-0 that fits
only on the right end slipped twice, and ``validate --fix`` writes R: first the L the word
looks like, then the side the tile fits (P403).  So the message says what the fix writes:
the game is replayed once with each such word written as the side it looks like, and where
the replay then says the tile fits only the other side (P403's "did you mean"), once more
with that side written; where the play is then legal, that side is the one named, and
``--fix`` writes it.  Where the replay cannot tell (the tile fits both ends, or nowhere, or
its hand holds another syntax error), the side the word looks like stays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .basics.diagnostics import Diagnostic, Message, template
from .notation.reader import ParsedRecord
from .notation.stream import Chunk
from .notation.suggestions import not_a_side

#: What the replay says of a tile that fits only the other side (``engine/moves.py``).
_FITS_THE_OTHER = (template("P403", "other_end"), template("P403", "other_end_or_opening"))
#: How many side slips of a game are checked so (two replays for all of them).
MAX_SIDE_SLIPS = 64
_LONG = {"L": "left", "R": "right"}


def side_slips(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The S001s of ``diagnostics`` that name the side a word looks like."""
    said = template("S001", "side_meant")
    return [d for d in diagnostics if d.code == "S001" and d.message.template == said]


def aimed(chunk: Chunk, parsed: ParsedRecord,
          replayed: Callable[[Chunk], Sequence[Diagnostic]]) -> ParsedRecord:
    """``parsed`` with each side slip's "did you mean" naming the side the replay allows;
    ``replayed``: the diagnostics of a chunk read and replayed."""
    slips = side_slips(parsed.diagnostics)
    if not slips or len(slips) > MAX_SIDE_SLIPS:
        return parsed
    looks = {slip.line: str(slip.message.args["side"]) for slip in slips}
    written = _written(chunk, slips, looks)
    if written is None:
        return parsed
    first = replayed(written)
    other = {d.line: side for d in first
             if (side := _fits_the_other(d)) is not None and d.line in looks}
    if not other:
        return parsed
    tried = _written(chunk, slips, {**looks, **other})
    assert tried is not None
    # The other side is named where, written so, its line reports nothing new (a hand that
    # stops there is reported at its last line either way).
    before = {(d.line, d.code) for d in first if _fits_the_other(d) is None}
    new = {line for line, code in {(d.line, d.code) for d in replayed(tried)} - before}
    renamed = {slip.line: _renamed(slip, other[slip.line]) for slip in slips
               if slip.line in other and slip.line not in new}
    return ParsedRecord(parsed.records, tuple(renamed.get(d.line, d) if d in slips else d
                                              for d in parsed.diagnostics), parsed.bad_lines)


def _fits_the_other(problem: Diagnostic) -> str | None:
    """The side a P403 says the tile fits (its "did you mean"), said alone or with the
    other ways of reading the hand (``engine/amend.py``'s ``hedged``); None for any other
    diagnostic."""
    message = problem.message
    inner = message.args.get("problem")
    if isinstance(inner, Message):
        message = inner
    if problem.code != "P403" or message.template not in _FITS_THE_OTHER:
        return None
    return str(message.args["side"])


def _written(chunk: Chunk, slips: Sequence[Diagnostic], sides: dict[int, str]) -> Chunk | None:
    """``chunk`` with the word of each slip written as the side ``sides`` gives its line;
    None where a word is not there as the message shows it (escaped)."""
    lines = list(chunk.lines)
    for slip in slips:
        index, word = slip.line - chunk.first_line, str(slip.message.args["word"])
        start = slip.column - 1
        if not 0 <= index < len(lines) or lines[index][start:start + len(word)] != word:
            return None
        lines[index] = lines[index][:start] + sides[slip.line] + lines[index][start + len(word):]
    return Chunk(chunk.first_line, "\n".join(lines))


def _renamed(slip: Diagnostic, side: str) -> Diagnostic:
    """``slip`` naming ``side``, written as the side it named was (``R`` or ``right``)."""
    named = str(slip.message.args["side"])
    written = side if len(named) == 1 else _LONG[side]
    again = not_a_side(str(slip.message.args["word"]), slip.column, slip.line, written)
    return replace(slip, message=again.message)
