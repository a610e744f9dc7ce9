"""One hand analysed: its moves replayed with the engine's rules from the deals, and at each
the value of every legal move under best play (``search.py``), so that the move played can
be set beside the best ones.

Before each move, every move the player may make is valued (``Rules.children``: the
engine's legal plays, and the pass where ``rules.may_pass`` allows one, R8); the best are
those worth the most to the mover, and the move played is found among them by the engine's
own ``lay``.  A move that is not among them (not the player's turn, a tile they do not
hold, an end it does not fit, a pass while holding a tile that fits, a play after the hand
ended) stops the analysis of the hand, which then says where.  Passes written after the
hand ended (each player may write one) are read past, as the engine does.
"""

from __future__ import annotations

from time import monotonic
from typing import NoReturn

from ..basics.diagnostics import N_, Message
from ..engine.chain import chain_of, lay
from ..engine.rules import all_passed, may_pass
from ..engine.tiles import TILES, index
from ..report.analysis import Ending, Forced, HandAnalysis, Move, MoveValue
from .force import guaranteed
from .position import NOBODY, Rules, is_domino, own, points_of, winner_of
from .search import OutOfTime, Search, SearchTooLarge
from .setup import HandToAnalyse, Written


def analyse(problem: HandToAnalyse) -> HandAnalysis:
    """The analysis of ``problem``'s hand (``HandAnalysis``): each move valued, or why not
    (past its bound of positions, or its run's deadline)."""
    search = Search(Rules(problem.deals), problem.bound, problem.deadline)
    try:
        if problem.deadline is not None and monotonic() > problem.deadline:
            raise OutOfTime
        return _Walk(problem, search).run()
    except OutOfTime:
        return HandAnalysis(
            problem.number, problem.line, problem.players, problem.threshold,
            nodes=search.nodes, reason="time",
            detail=Message(N_("the run's time (--max-seconds) was spent before its analysis "
                              "ended"), {}))
    except SearchTooLarge:
        return HandAnalysis(
            problem.number, problem.line, problem.players, problem.threshold,
            nodes=search.nodes, reason="too_large",
            detail=Message(N_("the search would visit more than {bound} positions"),
                           {"bound": problem.bound}))
    except _Stopped as stopped:
        return HandAnalysis(problem.number, problem.line, problem.players, problem.threshold,
                            nodes=search.nodes, reason="moves", detail=stopped.words)


class _Stopped(Exception):
    def __init__(self, words: Message) -> None:
        super().__init__()
        self.words = words


def value(code: int, seat: int, seats: int) -> int:
    """What a result is worth to ``seat``: own points minus the other's with two players,
    own points with three or four."""
    if seats == 2:
        winner = winner_of(code)
        return 0 if winner == NOBODY else points_of(code) if winner == seat else -points_of(
            code)
    return own(code, seat)


class _Walk:
    def __init__(self, problem: HandToAnalyse, search: Search) -> None:
        self.problem = problem
        self.search = search
        self.rules = search.rules
        self.names = problem.players

    def ending(self, code: int) -> Ending:
        winner = winner_of(code)
        return Ending("domino" if is_domino(code) else "blocked",
                      None if winner == NOBODY else self.names[winner], points_of(code))

    def run(self) -> HandAnalysis:
        problem, rules, search = self.problem, self.rules, self.search
        seats = rules.seats
        start = forced = None
        if problem.opener is not None:
            code = search.best(rules.start(), 0, problem.opener)
            start = self.ending(code)
            winner = winner_of(code)
            if winner != NOBODY and points_of(code) > 0:
                least = points_of(code) if seats == 2 else guaranteed(
                    search, winner, rules.start(), 0, problem.opener)
                if least > 0:
                    forced = Forced(self.names[winner], least)
        moves = tuple(self.moves(problem.moves))
        return HandAnalysis(problem.number, problem.line, problem.players, problem.threshold,
                            moves, start, forced, search.nodes)

    def moves(self, written: tuple[Written, ...]) -> list[MoveValue]:
        rules, search = self.rules, self.search
        seats = rules.seats
        in_hands, chain, seat, passes = rules.start(), 0, self.problem.opener, 0
        over = False
        valued: list[MoveValue] = []
        for line, who, tile, side in written:
            if over:
                if tile is None:
                    continue  # a pass written after the end
                self.stop(N_("line {line}: {player} plays after the hand has ended"), line, who)
            assert seat is not None  # the first move's seat, when there are moves
            if who != seat:
                self.stop(N_("line {line}: {player} moves out of turn"), line, who)
            children = rules.children(in_hands, chain, seat)
            following = (seat + 1) % seats
            options = [(Move(TILES[play[0]], play[1]),
                        end if end >= 0 else search.best(held, play[2], following))
                       for play, held, end in children]
            passing = may_pass(in_hands & rules.deals[seat], chain)
            if passing:
                blocks = all_passed(passes + 1, seats)
                options.append((Move(None), rules.block(in_hands) if blocks else search.best(
                    in_hands, chain, following, passes + 1)))
            if tile is None:
                if not passing:
                    self.stop(N_("line {line}: {player} passes holding a tile that fits (R8)"),
                              line, who)
                valued.append(self.valued(line, seat, Move(None), options[-1][1], options))
                passes += 1
                over, seat = all_passed(passes, seats), following
                continue
            if not children:
                self.stop(N_("line {line}: {player}'s tile does not fit"), line, who)
            after = chain_of(*tile) if not chain else lay(chain, tile, side)
            k = next((k for k, (play, _, _) in enumerate(children)
                      if play[0] == index(tile) and (not chain or play[2] == after)), None)
            if k is None:
                self.stop(N_("line {line}: {player}'s play does not replay as written"),
                          line, who)
            valued.append(self.valued(line, seat, Move(tile, side), options[k][1], options))
            in_hands, chain, seat, passes = children[k][1], after, following, 0
            over = children[k][2] >= 0
        return valued

    def valued(self, line: int, seat: int, played: Move, mine: int,
               options: list[tuple[Move, int]]) -> MoveValue:
        """The move played at ``line``, with its result ``mine``, set beside the best of
        the moves the player could make (``options``, each with its result)."""
        seats = self.rules.seats
        worths = [value(code, seat, seats) for _, code in options]
        top = max(worths)
        best = tuple((move, self.ending(code)) for (move, code), worth
                     in zip(options, worths, strict=True) if worth == top)
        return MoveValue(line, self.names[seat], played, top, value(mine, seat, seats), best,
                         self.ending(mine), self.versus(seat))

    def versus(self, seat: int) -> str | None:
        """With two players, the other one, against whose points a value is counted."""
        return self.names[1 - seat] if len(self.names) == 2 else None

    def stop(self, template: str, line: int, seat: int) -> NoReturn:
        raise _Stopped(Message(template, {"line": line, "player": self.names[seat]}))
