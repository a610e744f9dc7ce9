"""Who plays and to what target: the ``Players`` and ``Target`` tags (R1, R3; G101–G103, G105).

``Players`` lists the names, separated by spaces and/or commas, in clockwise seating order,
which is the turn order.  A game whose players cannot be read is not replayed at all: every
later check needs the seats.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..basics.diagnostics import Diagnostic, diagnostic
from ..basics.game_sizes import RULES_TARGET as RULES_TARGET
from ..basics.game_sizes import TILES_EACH as TILES_EACH
from ..basics.limits import MAX_NUMBER_DIGITS
from ..basics.names import KEYWORDS, NAME_PATTERN

if TYPE_CHECKING:
    from ..notation import plain as r


_SEPARATORS = re.compile(r"[\s,]+")
# A number of digits far beyond any real target, which keeps int() cheap on hostile input.
_WHOLE = re.compile(rf"\+?0*([0-9]{{1,{MAX_NUMBER_DIGITS}}})")


class Seats:
    """The players of a game in clockwise order; a seat is an index into ``names``; ``each``
    is the number of tiles dealt to each player (R3); ``following``: the seat after each
    (R5)."""

    __slots__ = ("each", "following", "names", "seat")

    def __init__(self, names: tuple[str, ...], seat: Mapping[str, int], each: int) -> None:
        self.names = names
        self.seat = seat
        self.each = each
        self.following = (*range(1, len(names)), 0)

    @classmethod
    def of(cls, names: tuple[str, ...]) -> Seats:
        return cls(names, {name: i for i, name in enumerate(names)}, TILES_EACH[len(names)])

    def __len__(self) -> int:
        return len(self.names)


def split_players(value: str) -> tuple[str, ...]:
    """The names in a ``Players`` value: separated by spaces and/or commas."""
    return tuple(name for name in _SEPARATORS.split(value) if name)


def read_players(
    game: r.PlainGame, header_damaged: bool
) -> tuple[Seats | None, tuple[str, ...], list[Diagnostic]]:
    """The seats of ``game``, the names as written, and the G101–G103 problems.

    The seats are None when they cannot be used (no names, a wrong number, a bad or repeated
    name).  ``header_damaged`` says a syntax error hit the game's tag lines: a missing
    ``Players`` tag is then most likely that line, already reported, so G101 is not added.
    """
    tag = game.tag("Players")
    if tag is None:
        if header_damaged:
            return None, (), []
        return None, (), [
            diagnostic(
                "G101", game.line, 1,
                "no_tag",
            )
        ]
    names = split_players(tag.value)
    problems: list[Diagnostic] = []
    if not names:
        problems.append(
            diagnostic("G101", tag.line, tag.column, "names_nobody")
        )
        return None, (), problems
    if len(names) not in TILES_EACH:
        problems.append(
            diagnostic(
                "G102", tag.line, tag.column,
                "count",
                count=len(names), names=names,
            )
        )
    problems += _bad_names(tag, names)
    if problems:
        return None, names, problems
    return Seats.of(names), names, problems


def _bad_names(tag: r.PlainTag, names: tuple[str, ...]) -> list[Diagnostic]:
    """G103 for each name of ``Players`` that is repeated, a keyword or not a name."""
    problems: list[Diagnostic] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            problems.append(
                diagnostic(
                    "G103", tag.line, tag.column,
                    "twice",
                    name=name,
                )
            )
        elif name in KEYWORDS:
            problems.append(
                diagnostic(
                    "G103", tag.line, tag.column,
                    "keyword",
                    name=name,
                )
            )
        elif NAME_PATTERN.fullmatch(name) is None:
            problems.append(
                diagnostic(
                    "G103", tag.line, tag.column,
                    "invalid",
                    name=name,
                )
            )
        seen.add(name)
    return problems


def read_target(game: r.PlainGame, players: int | None) -> tuple[int | None, list[Diagnostic]]:
    """The target of ``game`` (R3, R18) and the G105 warning when a ``Target`` tag is given.

    A whole number of at least 1 overrides the rules' target and is honoured; it is a house
    rule, so it is reported (G105) unless it equals the rules' target.  Anything else is
    reported as ignored.  ``players`` is the number of players, None when unusable: then the
    rules' target is unknown and only an unreadable ``Target`` is reported.
    """
    rules = RULES_TARGET.get(players) if players is not None else None
    tag = game.tag("Target")
    if tag is None:
        return rules, []
    match = _WHOLE.fullmatch(tag.value.strip())
    value = int(match.group(1)) if match else 0
    if value < 1:
        return rules, [
            diagnostic(
                "G105", tag.line, tag.column,
                "not_a_number",
                value=tag.value,
            )
        ]
    if rules is None or value == rules:
        return value, []
    return value, [
        diagnostic(
            "G105", tag.line, tag.column,
            "overridden",
            target=value, rules=rules, count=players,
        )
    ]
