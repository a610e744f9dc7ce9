"""Bounds that turn absurd input into a diagnostic instead of a blow-up in time or memory.

They are far above anything a real record needs and are documented in the README.
"""

#: Characters on one line; a longer line is S001 and is not read.
MAX_LINE_LENGTH = 10_000

#: Digits in a number (hand number, points, score); more is S001.
MAX_NUMBER_DIGITS = 9

#: Statements in one hand; the engine stops replaying a hand beyond this (S001 on the next).
MAX_STATEMENTS_PER_HAND = 10_000
