"""Fixes of the numbering of hands (G106).

When a game has a G106 reported, every hand of it gets its place as its number (1, 2, 3, …
in the order written), a hand whose G106 is suppressed too, so the fixed game has no G106
left; the number ``validate`` says a hand should have is that place.  A ``# blocknot:
ignore[G106]`` comment on a renumbered hand's line would then suppress nothing (S004): the
code is taken out of it, and a comment left with no code is removed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from ..basics.diagnostics import N_, Diagnostic
from ..basics.marks import MARK, codes_of
from ..engine.game import repeated_hand_lines
from ..notation import plain as r
from .claims import Page
from .edits import Edit, Fix

_HAND_NUMBER = re.compile(r"hand[ \t]+(\d+)")
_CODE = "G106"


def numbering_fixes(game: r.PlainGame, reported: Sequence[Diagnostic], page: Page) -> Iterator[Fix]:
    """A fix for each G106 reported in ``game``; together they number every hand of the game
    by its place.  The fix of a G106 renumbers its hand and the hands after it up to the next
    one reported; the first one reported also renumbers the hands before it."""
    at = {d.line: d for d in reported if d.code == _CODE}
    doubled = repeated_hand_lines(game)
    for k in sorted(doubled):
        copy = game.hands[k + 1]
        if copy.line in at:
            yield _read_once(game.hands[k], copy, at.pop(copy.line), page)
    hands = list(enumerate((h for k, h in enumerate(game.hands) if k not in doubled), start=1))
    starts = [k for k, (_, hand) in enumerate(hands) if hand.line in at]
    if not starts:
        return
    bounds = [0, *starts[1:], len(hands)]
    for k, begin, end in zip(starts, bounds[:-1], bounds[1:], strict=True):
        place, hand = hands[k]
        edits = [edit for number, other in hands[begin:end]
                 for edit in (_renumbered(other, number, page), _unmuted(other, page))
                 if edit is not None]
        if not edits:
            continue
        if edits[0].start_line < hand.line:
            template = N_("number hand {number} as hand {expected}, and every hand of the game "
                          "by its place")
        elif len({edit.start_line for edit in edits}) == 1:
            template = N_("number hand {number} as hand {expected}")
        else:
            template = N_("number hand {number} as hand {expected}, and the hands after it in "
                          "turn")
        title = page.title(template, number=hand.number, expected=place)
        problem = at[hand.line]
        yield Fix(_CODE, problem.line, problem.column, True, title, tuple(edits))


def _read_once(empty: r.PlainHand, copy: r.PlainHand, problem: Diagnostic, page: Page) -> Fix:
    """The fix of a ``hand N`` line written twice: the second one taken out, its line with
    it, so that the hand's statements follow the first (nothing is renumbered); a comment
    written on it stays, as a line of its own."""
    title = page.title(N_("take out the second hand {number} line"), number=copy.number)
    text = page.line(copy.line)
    comment = text.find("#")
    edit = Edit(copy.line, 1, copy.line + 1, 1, "") if comment < 0 else Edit(
        copy.line, 1, copy.line, len(text) + 1, text[comment:])
    return Fix(_CODE, problem.line, problem.column, True, title, (edit,))


def _renumbered(hand: r.PlainHand, number: int, page: Page) -> Edit | None:
    if hand.number == number:
        return None
    line = page.line(hand.line)
    found = _HAND_NUMBER.match(line, hand.column - 1)
    if found is None:
        return None
    return Edit(hand.line, found.start(1) + 1, hand.line, found.end(1) + 1, str(number))


def _unmuted(hand: r.PlainHand, page: Page) -> Edit | None:
    """The edit that takes G106 (or a prefix of it) out of the ``# blocknot: ignore[…]``
    comment of ``hand``'s line; the whole comment when it names nothing else and says
    nothing else.  None when the line has no such comment."""
    line = page.line(hand.line).rstrip("\r")
    for match in MARK.finditer(line):
        listed = match.group(2)
        if match.group(1) != "ignore" or listed is None:
            continue
        codes = codes_of(listed)
        kept = [code for code in codes if not _CODE.startswith(code)]
        if len(kept) == len(codes):
            continue
        bare = line[match.start() + 1:line.index("blocknot:", match.start())].strip() == ""
        if not kept and bare and not line[match.end():].strip():
            start = len(line[:match.start()].rstrip())
            return Edit(hand.line, start + 1, hand.line, len(line) + 1, "")
        return Edit(hand.line, match.start(2) + 1, hand.line, match.end(2) + 1,
                    ", ".join(kept))
    return None
