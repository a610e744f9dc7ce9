"""The engine: replays a record and judges it by the rules (R1–R18).

``replay`` takes what the reader read (``reader.ParsedRecord``, the plain form of ``plain.py``)
or what ``parse``/``parse_bytes`` returned (records, turned into the plain form first), and
gives back the rule diagnostics (G, D, T, P and E codes; the reading's own S diagnostics are
not repeated) and the recomputed result of every game.  It never raises on a record, however
wrong: every problem is a diagnostic, and the replay goes on after each one.

One module per concern: ``players`` (Players and Target tags), ``order`` (statement order),
``deals``, ``turns``, ``chain``, ``rules`` (the rules of play, each written once: what fits,
who may pass, when a hand is over), ``knowledge`` (where the tiles are, and who may hold
one), ``moves`` (checks of a play or pass), ``shows``, ``scoring`` (R13–R16), ``claims``,
``hand`` (one hand's replay), ``hand_replay`` (its count), ``game`` (rotation, totals,
target) and ``table`` (the public ``Table``, one hand in play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..notation.plain import from_records

if TYPE_CHECKING:
    from ..basics.diagnostics import Diagnostic
    from ..notation import plain as r
    from ..report.values import GameResult
    from .course import ReplayCache

__all__ = ["replay"]


class Read(Protocol):
    """What a reading gives the engine: the record (plain, or records) and its bad lines."""

    @property
    def records(self) -> Any: ...

    @property
    def bad_lines(self) -> frozenset[int]: ...


def replay(
    result: Read, first_game: int = 1, keep: ReplayCache | None = None
) -> tuple[tuple[Diagnostic, ...], tuple[GameResult, ...]]:
    """Replay every game of a file as read.

    Returns the engine's diagnostics, each with its game and hand number set, in line order,
    and one ``GameResult`` per game; games are numbered from ``first_game`` (the record may
    be a part of a file).  Hands whose lines hold a syntax error (``result.bad_lines``) are
    not replayed and get no rule diagnostics.  ``keep`` keeps the hands it wants, to be
    tried written another way (``retry.py``).
    """
    from .bad_lines import BadLines
    from .game import replay_game

    games = from_records(result.records).games
    bad = BadLines(result.bad_lines)
    problems: list[Diagnostic] = []
    results: list[GameResult] = []
    header_start = 1
    for k, game in enumerate(games, start=1):
        end = games[k].line if k < len(games) else 1 << 62
        first_hand = game.hands[0].line if game.hands else end
        found, outcome = replay_game(k - 1 + first_game, game, bad, (header_start, first_hand),
                                     end, keep)
        problems += found
        results.append(outcome)
        header_start = _last_line(game) + 1
    problems.sort(key=lambda d: d.order)
    return tuple(problems), tuple(results)


def _last_line(game: r.PlainGame) -> int:
    """The line of the game's last statement: a syntax error after it may be a tag line of
    the next game."""
    if not game.hands:
        return game.tags[-1].line if game.tags else 1
    last = game.hands[-1]
    return last.statements[-1].line if last.statements else last.line
