"""Bounds that turn absurd input into a diagnostic instead of a blow-up in time or memory.

They are far above anything a real record needs and are documented in docs/robustness.md.
"""

#: Bytes in one input read whole (a text given to ``parse_text``, record JSON to ``convert``);
#: more is S001 at 1:1 and nothing is read.  Streaming (``validate``, ``convert`` of a text
#: record larger than this) holds one game at a time, and a game is bounded by it instead:
#: S001 at the game's first line, and the rest of the input is not read.  Reading costs
#: about 150 bytes of memory per byte of input, so this bound keeps a hostile file under a
#: few hundred MB and a few seconds; a real game record takes about 2 kB.
MAX_INPUT_BYTES = 2 * 1024 * 1024

#: Characters on one line; a longer line is S001 and is not read.
MAX_LINE_LENGTH = 10_000

#: Digits in a number (hand number, points, score); more is S001.
MAX_NUMBER_DIGITS = 9

#: Statements in one hand; the parser reports the first statement beyond this (S001) and
#: drops the rest of the hand, which is then not replayed.
MAX_STATEMENTS_PER_HAND = 10_000
