"""Slips that leave a legal line: the hand read again with one line read otherwise.

Some slips leave a line that is legal as written, so the replay cannot see them where they
were made (``hand.py`` reads a slip at the move that is wrong as written):

- a play by a player whose deal is not recorded, written as a pass (``played``);
- a tile written as another tile the player may hold (``other_tile``): any tile of a player
  whose deal is not recorded, up to the last error and, after a pass of hers found illegal
  (P407), her plays that may disprove it; one of the player's own that fits too, a few
  moves before an error, for a player whose deal is;
- a side written the other way on a tile that fits both ends (``flipped``);
- a move line typed twice (``dropped``: the copy read once);
- two neighbouring move lines written the other way round (``swapped``);
- the first move of a hand under another player's name, where no ``opener`` line says who
  led (``named``);
- an ``opener`` line naming another player than the one who led (``no_opener``);
- a known player's ``deal`` line with a tile written wrong (``misdealt``), where a play or a
  pass of hers, her show, or another's play or show of a tile it lists disagrees with it:
  the deal read with that one tile as another;
- a pass written as a play of a tile tried and taken back, legal as written (``passed``):
  any play of a player whose deal is not recorded, up to the last error (her tile may be
  one she holds, and fit, so only the moves after it show the slip); for a player whose
  deal is, only where a later ``score`` line asks for a second line of a hand that has a
  slip of its own (``earlier.py``).

The slip shows later, where the record goes on as it really went: a tile that does not fit
the ends as read, a move out of turn, a show with one tile too many, a claim that no reading
allows.  Reported there, it is a report at the wrong line, often followed by others.  So a
hand whose replay as written finds errors is replayed again, once for each line that may
hold such a slip (``amendments``), that line read as each thing it may have been
(``amended``, and ``Replay.amended`` for a move).  Each such line costs one slip, reported
at the line (``slip_at``); ``course.py`` keeps the ways of reading the hand that cost the
fewest slips.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ..basics.diagnostics import (
    Diagnostic,
    Message,
    diagnostic,
    message_part,
    phrase,
    template,
)
from ..notation import plain as r
from .chain import chain_of
from .claims import claim_text
from .order import Move, Stages
from .players import Seats
from .rules import fitting, fitting_both
from .tiles import TILES, index, text

Kind = Literal["played", "other_tile", "flipped", "dropped", "swapped", "named", "no_opener",
               "passed", "unshown", "misdealt", "unclaimed"]

#: The kinds of a move read otherwise that the replay reads itself, at the move
#: (``Replay.amended``): a pass as a play, a play as another tile or as a pass.
OF_A_MOVE: frozenset[Kind] = frozenset({"played", "other_tile", "passed"})


@dataclass(frozen=True, slots=True)
class Amendment:
    """One line of a hand read otherwise: its line, how, (``named``) the seat whose move
    the first move is read as, and (``misdealt``) the tile of the deal read as another, by
    index: the tile written and the tile meant."""

    line: int
    kind: Kind
    seat: int | None = None
    legal: bool = False
    """A move legal as written read otherwise: a known player's play (their own tile or the
    other end), or a hidden player's move that no reading finds illegal (a pass read as a
    play, a tile as another they may hold).  No claim or show chooses it over the record as
    written, one slip each (``course._chosen``)."""
    swap: tuple[int, int] | None = None


#: A hand is read again with a line read otherwise only when it has at most this many moves
#: (a hand as played has fewer than a hundred: 28 tiles, and passes between them), and in at
#: most this many ways: a record broken throughout is not read again line by line.
MAX_MOVES = 200
MAX_AMENDMENTS = 64

#: A play of a player whose deal is recorded, legal as written, is read as another of their
#: tiles only this many moves or fewer before an error at a move: a tile written as another
#: that fits shows within a round or two (a tile that does not fit the end it meets, a pass
#: the tile written would have made illegal).  Where no line read so explains the hand in
#: one slip, every move before the last error is tried (``wide``): the end the tile made may
#: stay open for many moves while the play goes on at the other.
OWN_TILE_WINDOW = 8

#: The codes of a move that the replay reads otherwise at its own line, another tile among
#: what it may have been (``slips.py``); a tile that fits both ends without a side (P404)
#: is read only on either end there, and a pass found illegal later (P407) as written.
_READ_THERE = frozenset({"P401", "P402", "P403", "P405", "P406", "T302", "T303"})

#: The codes of the errors a swapped pair of moves, a wrong first name or a wrong opener
#: line shows as: moves out of turn.
_TURNS = frozenset({"T302", "T303"})

#: The codes of how a hand ended and what it scored, as claimed or shown (E501-E507): where
#: only these are wrong, a known player's tile written as another may be at any move.
_ENDING = frozenset({"E501", "E502", "E503", "E504", "E505", "E506", "E507"})


def amendments(order: Stages, seats: Seats, hidden: frozenset[int], found: Sequence[Diagnostic],
               ends: Mapping[int, tuple[int, int]] | None = None, wide: bool = False
               ) -> list[Amendment]:
    """The lines of a hand that may hold a slip its replay as written could not see where
    it was made, given the errors that replay found (``found``); ``hidden``: the seats
    whose deal is not known; ``ends``: the chain's ends after each line, as every reading
    of the hand as written has them (a tile that fits both ends before its line may have
    been laid on the other); ``wide``: then, after the rest, a known player's play read as
    another of their tiles at every move before the last error, not only within
    ``OWN_TILE_WINDOW`` (``_before_the_last``)."""
    errors = [d for d in found if d.is_error]
    if not errors or len(order.moves) > MAX_MOVES:
        return []
    first_error, last = min(d.line for d in errors), max(d.line for d in errors)
    reported = {d.line for d in errors if d.code in _READ_THERE}
    turns = {d.line for d in errors if d.code in _TURNS}
    leads = {d.line for d in errors if d.code == "T301"}
    moves = [m for m in order.moves if m.player in seats.seat and m.line not in order.late]
    # Where the first error is a move's, a tile written as another shows within a few moves;
    # where only a claim or a show is wrong, it may be anywhere in the hand.
    own = _own_tile_lines(moves, errors, reported, ends)
    out: list[Amendment] = []
    before: tuple[int, int] | None = None  # the ends before each move, as read
    # An opener out of rotation (T301) alone says nothing of the tiles: only who opened.
    tiles = any(d.code != "T301" for d in errors)
    # A hidden player's pass found illegal (P407) is disproved by a play of hers after it:
    # that play may be the line written wrong.
    disproving = _disproving(moves, _disproved(order, errors))
    for k, move in enumerate(moves):
        seat = seats.seat[move.player]
        # A move reported as written is read otherwise by the replay itself (``slips.py``).
        if tiles and seat in hidden and (move.line <= last or move.line in disproving) and (
                move.line not in reported):
            out += _hidden_move_otherwise(move)
        elif seat not in hidden and isinstance(move, r.PlainPlay) and move.line in own:
            out.append(Amendment(move.line, "other_tile", legal=True))
        if (isinstance(move, r.PlainPlay) and move.side is not None and move.line <= first_error
                and _flippable(move.tile, before)):
            out.append(Amendment(move.line, "flipped", legal=True))
        if ends is not None:
            before = ends.get(move.line, before)
        if k and _same(moves[k - 1], move):
            out.append(Amendment(move.line, "dropped"))
        if k + 1 < len(moves) and (move.line in turns or moves[k + 1].line in turns):
            out.append(Amendment(move.line, "swapped"))
    out = _shows_written_wrong(order, seats, hidden, errors) + out
    out += _deals_written_wrong(order, seats, errors, ends or {})
    if moves and order.opener is None and (turns or leads):
        first = seats.seat[moves[0].player]
        out += [Amendment(moves[0].line, "named", seat) for seat in range(len(seats.names))
                if seat != first]
    if order.opener is not None and moves and turns:
        out.append(Amendment(order.opener.line, "no_opener"))
    if not wide:
        return out[:MAX_AMENDMENTS]
    far = _before_the_last(moves, order, ends or {}, (first_error, last), reported) - own
    return out[:MAX_AMENDMENTS] + [
        Amendment(m.line, "other_tile", legal=True) for m in moves if m.line in far
        and isinstance(m, r.PlainPlay) and seats.seat[m.player] not in hidden][:MAX_AMENDMENTS]


def hidden_shows(order: Stages, seats: Seats, hidden: frozenset[int]) -> list[Amendment]:
    """Each show of a player whose deal is not written, read as written wrong
    (``unshown``): where a claim says another scored than the shows, or a later ``score``
    line gives the hand other points, the show may be the slip."""
    return [Amendment(show.line, "unshown", legal=True) for show in order.shows
            if seats.seat.get(show.player) in hidden]


def _hidden_move_otherwise(move: Move) -> list[Amendment]:
    """The ways a move of a player whose deal is not known may have gone otherwise: a pass
    as a play, a play as another tile or as a pass (a tile tried and taken back)."""
    if isinstance(move, r.PlainPass):
        return [Amendment(move.line, "played", legal=True)]
    return [Amendment(move.line, "other_tile", legal=True),
            Amendment(move.line, "passed", legal=True)]


def every_line(order: Stages, seats: Seats, hidden: frozenset[int],
               ends: Mapping[int, tuple[int, int]] | None) -> list[Amendment]:
    """The lines of a hand, legal as written, that may hold a slip nothing in the hand
    shows: each play of a player whose deal is written, as another of their tiles, or (a
    tile that fit both ends) laid on the other end; each move of a player whose deal is
    not, as a play of another tile or as a pass, a pass as a play.  At most
    ``MAX_AMENDMENTS``."""
    if len(order.moves) > MAX_MOVES:
        return []
    out: list[Amendment] = []
    before: tuple[int, int] | None = None
    for move in order.moves:
        if move.player not in seats.seat or move.line in order.late:
            continue
        if seats.seat[move.player] in hidden:
            out += _hidden_move_otherwise(move)
        elif isinstance(move, r.PlainPlay):
            out.append(Amendment(move.line, "other_tile", legal=True))
        if isinstance(move, r.PlainPlay) and move.side is not None and _flippable(move.tile,
                                                                             before):
            out.append(Amendment(move.line, "flipped", legal=True))
        if ends is not None:
            before = ends.get(move.line, before)
    return out[:MAX_AMENDMENTS]


def _shows_written_wrong(order: Stages, seats: Seats, hidden: frozenset[int],
                         errors: list[Diagnostic]) -> list[Amendment]:
    """Each show of a player whose deal is not known that another line belies, read as
    written wrong (``unshown``), one slip as that line is: the show of a player whose pass
    is found illegal (P407: a tile it lists with a value an end showed at the pass proves
    the pass illegal only if the show is right); a show another show contradicts (both of
    no tiles, or a tile in both: the replay sets aside the later, E502, and this reads the
    earlier so); in a hand without moves, a show a ``domino`` or ``blocked`` claim belies
    (``_shows_belied``); and a show a ``points`` claim naming another scorer belies
    (``_scorer_belied``), with moves or without.  (A show the count alone disagrees with is
    not: the tiles shown are what a count rests on, as the deals are, and a points claim is
    worked out from them.)"""
    disproved = _disproved(order, errors)
    belied = _shows_belied(order)
    scorer = _scorer_belied(order, errors)
    # A points claim that names who scored belies her show of tiles, and any other's: one
    # of no tiles, or the show of the player it makes lowest, who may have held more.
    belied |= {show.line for show in order.shows if scorer is not None
               and (show.player != scorer or show.tiles)}
    return [Amendment(show.line, "unshown", legal=True) for show in order.shows
            if (show.player in disproved or show.line in belied)
            and seats.seat.get(show.player) in hidden]


def _deals_written_wrong(order: Stages, seats: Seats, errors: list[Diagnostic],
                         ends: Mapping[int, tuple[int, int]]) -> list[Amendment]:
    """Each way a deal line (of a player in the game, and usable: not D201, D202) may have
    one tile written wrong that another record of the tiles shows (``misdealt``, one slip as
    that line is): a tile she plays or shows that it lacks (P401, or P406 after a block its
    tiles made, E502: that tile for the one it lists that she neither plays nor shows), a
    tile it lists that another plays or shows (P401, E502) or that alone makes a pass of
    hers illegal (P405): that tile for each tile nobody else can hold that fits at none of
    her passes (as far as ``ends``, the chain's ends after each play, tell up to the first
    error), where her show does not pin her tiles.  (A claim that counts other points than
    the deals leave is not such a record: the deals are what a count rests on, as the shows
    are, and the claim is the slip, E504, E505.)"""
    unusable = {d.line for d in errors if d.code in ("D201", "D202")}
    first = min(d.line for d in errors)
    out: list[Amendment] = []
    for deal in order.deals:
        # A deal the replay set aside as belied by another's play of its tile is read too.
        if deal.player not in seats.seat or deal.line in unusable:
            continue
        passes = _her_passes(order, deal, ends, first)
        # A pass one tile she held makes illegal (P405) is mended if the deal lacks it.
        named = {i for at, held in passes if len(fit := _fits_at(held, at)) == 1 for i in fit}
        wrong = _theirs(order, deal.player, seats) | named
        out += [Amendment(deal.line, "misdealt", legal=True, swap=swap) for swap in (
            *_swaps_for_her_tiles(order, deal),
            *_swaps_for_a_tile(order, deal, wrong, [at for at, _ in passes]))]
    return list(dict.fromkeys(out))


def _hers(order: Stages, deal: r.PlainDeal) -> tuple[set[int], set[int] | None]:
    """The tiles the player of ``deal`` plays, and those she shows (None: no show line)."""
    played = {index(m.tile) for m in order.moves
              if isinstance(m, r.PlainPlay) and m.player == deal.player}
    show = next((s for s in order.shows if s.player == deal.player), None)
    return played, None if show is None else {index(tile) for tile in show.tiles}


def _swaps_for_her_tiles(order: Stages, deal: r.PlainDeal) -> list[tuple[int, int]]:
    """The deal read with the one tile she plays or shows that it lacks in place of one it
    lists that she neither plays nor shows (the one, where her show is written)."""
    played, shown = _hers(order, deal)
    listed = {index(tile) for tile in deal.tiles}
    needed = (played | (shown or set())) - listed
    if len(needed) != 1:
        return []
    spare = listed - played - (shown or set())
    if shown is not None and len(spare) != 1:
        return []
    (tile,) = needed
    return [(other, tile) for other in sorted(spare)]


def _swaps_for_a_tile(order: Stages, deal: r.PlainDeal, wrong: set[int],
                      passed: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The deal read with one of the tiles ``wrong`` (another plays or shows it, or it fits
    where she passed) in place of each tile nobody else can hold and that would not have
    fitted at a pass of hers (``passed``: the chain's ends there; held all hand, it would
    make that pass illegal): none where her show is written (her plays and show are then
    her tiles)."""
    played, shown = _hers(order, deal)
    listed = {index(tile) for tile in deal.tiles}
    if shown is not None or not wrong & listed - played:
        return []
    taken = {index(m.tile) for m in order.moves if isinstance(m, r.PlainPlay)} | {
        index(tile) for d in order.deals if d is not deal for tile in d.tiles} | {
        index(tile) for s in order.shows for tile in s.tiles}
    fit = 0  # the tiles that fit at one of her passes
    for at in passed:
        fit |= fitting(_EVERY_TILE, chain_of(*at))
    free = [i for i in range(28) if i not in taken and i not in listed and not fit >> i & 1]
    return [(tile, other) for tile in sorted(wrong & listed - played) for other in free]


def _her_passes(order: Stages, deal: r.PlainDeal, ends: Mapping[int, tuple[int, int]], first: int
                ) -> list[tuple[tuple[int, int], set[int]]]:
    """Each pass of the player of ``deal`` up to the first error (line ``first``) where
    every reading has the chain's ends alike (``ends``: after each play; a pass leaves them
    as they were): those ends, and the tiles of the deal she had not yet played."""
    out: list[tuple[tuple[int, int], set[int]]] = []
    held = {index(tile) for tile in deal.tiles}
    for move, before in _with_ends_before(order.moves, ends, first):
        if isinstance(move, r.PlainPlay) and move.player == deal.player:
            held.discard(index(move.tile))
        elif move.player == deal.player and before is not None:
            out.append((before, set(held)))
    return out


def _with_ends_before(moves: Sequence[Move], ends: Mapping[int, tuple[int, int]], first: int
                      ) -> Iterator[tuple[Move, tuple[int, int] | None]]:
    """Each move with the chain's ends before it, as written, where every reading has them
    alike (``ends``: after each play; a pass leaves them as they were; None: not known,
    before the lead, or after line ``first``, the first error, from where the readings
    may have read a move otherwise)."""
    before: tuple[int, int] | None = None
    for move in moves:
        yield move, before if move.line <= first else None
        if isinstance(move, r.PlainPlay):
            before = ends.get(move.line)


def _fits_at(tiles: set[int], ends: tuple[int, int]) -> set[int]:
    """The tiles of ``tiles`` that fit the chain with ``ends`` (R6)."""
    fit = fitting(sum(1 << i for i in tiles), chain_of(*ends))
    return {i for i in tiles if fit >> i & 1}


#: Every tile of the set, as a mask.
_EVERY_TILE = (1 << len(TILES)) - 1


def _theirs(order: Stages, player: str, seats: Seats) -> set[int]:
    """The tiles the other players play or show (a name not in the game is nobody's)."""
    others = set(seats.seat) - {player}
    return {index(m.tile) for m in order.moves if isinstance(m, r.PlainPlay) and m.player in others
            } | {index(tile) for s in order.shows if s.player in others for tile in s.tiles}


def _scorer_belied(order: Stages, errors: list[Diagnostic]) -> str | None:
    """The player a ``points`` claim says scored where the shows say another did, that
    nobody did (a tie for lowest, R15), or that nobody could (E504): the shows are belied,
    as by a ``domino`` claim (who won a hand is seen at the table; how many points is
    worked out).  With moves, the replay keeps such a way only where the tiles a player
    may have held instead make the claim's player its scorer.  Not where only how much
    differs: that is the count disputed, and the shows stand."""
    claim = order.points
    if claim is None or claim.player is None:
        return None
    for found in errors:
        if found.code != "E504" or found.line != claim.line:
            continue
        message = found.message
        actual = message.args.get("actual")
        if message.template in _NOT_THE_SCORER or (
                message.template == template("E504", "points_wrong")
                and isinstance(actual, Message) and (actual.template == _TIED or actual.args.get(
                    "player") not in (None, claim.player))):
            return claim.player
    return None


def _shows_belied(order: Stages) -> set[int]:
    """The lines of the shows another line belies whatever the moves: the earlier of two
    shows of no tiles (R12) or of two listing one tile (R2), and, in a hand without moves,
    the show of tiles of the player a ``domino`` claim says went out, and a show of no
    tiles by another player, or where a ``blocked`` claim says nobody went out."""
    out: set[int] = set()
    for k, show in enumerate(order.shows):
        tiles = {index(tile) for tile in show.tiles}
        if any(later.player != show.player and (
                tiles & {index(tile) for tile in later.tiles}
                or not (show.tiles or later.tiles)) for later in order.shows[k + 1:]):
            out.add(show.line)
    claim = order.outcome
    if not order.moves and isinstance(claim, r.PlainDomino):
        out |= {show.line for show in order.shows if (show.player == claim.player) == bool(
            show.tiles)}
    elif not order.moves and isinstance(claim, r.PlainBlocked):
        out |= {show.line for show in order.shows if not show.tiles}
    return out

#: A count of a block with no player lowest alone: nobody scores (R15).
_TIED = template("E504", "tied")

#: A ``points`` claim's errors that say its player cannot have scored at all.
_NOT_THE_SCORER = frozenset({template("E504", "points_only_winner"),
                             template("E504", "points_not_lowest")})


def _disproved(order: Stages, errors: list[Diagnostic]) -> dict[str, int]:
    """The players a pass of whom is found illegal (P407), with the line of the first."""
    out: dict[str, int] = {}
    for move in order.moves:
        if isinstance(move, r.PlainPass) and any(d.code == "P407" and d.line == move.line
                                            for d in errors):
            out.setdefault(move.player, move.line)
    return out


def _disproving(moves: list[Move], disproved: Mapping[str, int]) -> set[int]:
    """The plays, after a pass of theirs found illegal (``disproved``), of those players:
    a tile laid there that fit an end at the pass is what disproves it."""
    return {m.line for m in moves if isinstance(m, r.PlainPlay)
            and m.line > disproved.get(m.player, m.line)}


def passes_laid(order: Stages, seats: Seats, hidden: frozenset[int]) -> list[Amendment]:
    """Each pass of a player whose deal is written read as a play (``played``): legal as
    the hand is read, it may be illegal once another line is read otherwise (a tile laid
    before it that its player could then follow), and be a play written as a pass.  At
    most ``MAX_AMENDMENTS``."""
    if len(order.moves) > MAX_MOVES:
        return []
    return [Amendment(move.line, "played") for move in order.moves
            if isinstance(move, r.PlainPass) and move.player in seats.seat
            and seats.seat[move.player] not in hidden
            and move.line not in order.late][:MAX_AMENDMENTS]


def taken_back(order: Stages, seats: Seats) -> list[Amendment]:
    """Each play of a hand read as a pass, the tile tried and taken back (``passed``).  At
    most ``MAX_AMENDMENTS``."""
    if len(order.moves) > MAX_MOVES:
        return []
    return [Amendment(move.line, "passed") for move in order.moves
            if isinstance(move, r.PlainPlay) and move.player in seats.seat
            and move.line not in order.late][:MAX_AMENDMENTS]


def _own_tile_lines(moves: list[Move], errors: list[Diagnostic], reported: set[int],
                    ends: Mapping[int, tuple[int, int]] | None = None) -> set[int]:
    """The lines where a known player's play, legal as written, is read as another of their
    tiles: the ``OWN_TILE_WINDOW`` moves before each error at a move, and the move of an
    error not read there (a tile written as another that fits shows within a round or two,
    and the first error it shows as may come before it: a hidden player's pass that a later
    play disproves); further back, a play whose end stayed open to the first error
    (``_open_since``) and the plays of a player whose pass is illegal (P405: the tile they
    kept may be the one they laid); every move where only the hand's end, a claim or a
    show is wrong; none where the only errors are of neither (an opener out of turn says
    nothing of the tiles)."""
    lines = [m.line for m in moves]
    at_moves = sorted({d.line for d in errors if d.line in set(lines)})
    if not at_moves:
        return set(lines) if any(d.code in _ENDING for d in errors) else set()
    out: set[int] = set()
    for line in at_moves:
        before = [at for at in lines if at < line or (at == line and at not in reported)]
        out.update(before[-OWN_TILE_WINDOW:])
    if ends is not None:
        out |= _open_since(moves, ends, at_moves[0])
    passers = {m.player: m.line for m in moves for d in errors
               if d.code == "P405" and d.line == m.line}
    out |= {m.line for m in moves
            if isinstance(m, r.PlainPlay) and m.line < passers.get(m.player, 0)}
    return out


def _open_since(moves: list[Move], ends: Mapping[int, tuple[int, int]], first: int
                ) -> set[int]:
    """The plays before line ``first`` whose tile opened an end with a value the ends have
    shown after every play since (as far as ``ends`` tells): the end it made may have
    stayed open to ``first``, while the play went on at the other."""
    opened: dict[int, set[int]] = {}  # line -> the values its tile may have opened
    before: tuple[int, int] | None = None
    for move in moves:
        if move.line >= first:
            break
        after = ends.get(move.line)
        if not isinstance(move, r.PlainPlay) or after is None:
            continue
        for line in list(opened):
            opened[line] &= set(after)
            if not opened[line]:
                del opened[line]
        a, b = move.tile
        values = {a, b} if before is None else (
            ({b} if a in before else set()) | ({a} if b in before else set()))
        if values & set(after):
            opened[move.line] = values & set(after)
        before = after
    return set(opened)


def _before_the_last(moves: list[Move], order: Stages, ends: Mapping[int, tuple[int, int]],
                     errors: tuple[int, int], reported: set[int]) -> set[int]:
    """The plays before the last error (``errors``: the first's line and the last's) that
    may be another of the player's tiles: each but those the replay reads otherwise itself
    (``reported``); before the first error, only where she held another tile that fits the
    ends before it, as far as her deal and ``ends`` tell (the lead: any tile)."""
    first, last = errors
    held = {deal.player: {index(tile) for tile in deal.tiles} for deal in order.deals}
    out: set[int] = set()
    for move, before in _with_ends_before(moves, ends, first):
        if not isinstance(move, r.PlainPlay) or move.line > last:
            continue
        tiles = held.get(move.player)
        if move.line not in reported and (
                move.line > first or tiles is None or before is None
                or _fits_at(tiles - {index(move.tile)}, before)):
            out.add(move.line)
        if tiles is not None:
            tiles.discard(index(move.tile))
    return out


def _flippable(tile: tuple[int, int], ends: tuple[int, int] | None) -> bool:
    """Whether ``tile`` laid on the other end than written leaves another chain: it fits
    both ends (``ends``, None: not known), and they are not mirror images (a double on two
    ends of its value)."""
    return ends is not None and bool(fitting_both(tile, chain_of(*ends))) and (
        ends[0] != ends[1] or tile[0] != tile[1])


def _same(a: Move, b: Move) -> bool:
    """Whether two moves are written alike: the same player, and the same tile and side or
    both passes."""
    if a.player != b.player or type(a) is not type(b):
        return False
    return not isinstance(a, r.PlainPlay) or (
        isinstance(b, r.PlainPlay) and a.tile == b.tile and a.side == b.side)


def amended(order: Stages, amendment: Amendment, seats: Seats) -> Stages:
    """``order`` with its lines as ``amendment`` reads them (a copy; a move's kinds,
    ``OF_A_MOVE``, are read by the replay itself, ``Replay.amended``)."""
    kind = amendment.kind
    if kind in OF_A_MOVE:
        return order
    changes: dict[str, object] = {}
    moves = list(order.moves)
    at = next((k for k, m in enumerate(moves) if m.line == amendment.line), None)
    if kind == "flipped" and at is not None:
        play = moves[at]
        assert isinstance(play, r.PlainPlay)
        moves[at] = play.replaced(side="R" if play.side == "L" else "L")
    elif kind == "dropped" and at is not None:
        del moves[at]
    elif kind == "swapped" and at is not None and at + 1 < len(moves):
        moves[at], moves[at + 1] = moves[at + 1], moves[at]
    elif kind == "named" and at is not None and amendment.seat is not None:
        moves[at] = moves[at].replaced(player=seats.names[amendment.seat])
    elif kind == "no_opener":
        changes["opener"] = None
    elif kind == "unshown":
        changes["shows"] = [show for show in order.shows if show.line != amendment.line]
    elif kind == "unclaimed":
        changes["points"] = None
    elif kind == "misdealt" and amendment.swap is not None:
        written, meant = amendment.swap
        changes["deals"] = [deal if deal.line != amendment.line else deal.replaced(tiles=tuple(
            TILES[meant] if index(tile) == written else tile for tile in deal.tiles))
            for deal in order.deals]
    return order.replaced(moves=moves, **changes)


def slip_at(amendment: Amendment, order: Stages, seats: Seats, laid: set[int],
            leader: int | None, number: int) -> Diagnostic:
    """The report of the slip ``amendment`` reads, at its line, quoting the record as
    written; ``laid``: the tiles the readings kept have laid at its line (``played``,
    ``other_tile``); ``leader``: who led the hand in them."""
    line = amendment.line
    kind = amendment.kind
    if kind == "no_opener":
        assert order.opener is not None
        opener = order.opener
        return diagnostic(
            "T301", opener.line, opener.column,
            "opener_slip",
            player=opener.player, number=number,
            leader="?" if leader is None else seats.names[leader])
    if kind == "unshown":
        show = next(s for s in order.shows if s.line == line)
        return diagnostic("E502", line, show.column, "written_wrong", player=show.player)
    if kind == "misdealt":
        deal = next(d for d in order.deals if d.line == line)
        return diagnostic("D203", line, deal.column, "written_wrong", player=deal.player)
    if kind == "unclaimed":
        claim = order.points
        assert claim is not None
        return diagnostic("E504", line, claim.column, "written_wrong",
                          claim=claim_text(claim))
    return _move_slip(amendment, order, seats, laid, number)


def _move_slip(amendment: Amendment, order: Stages, seats: Seats, laid: set[int],
               number: int) -> Diagnostic:
    """The report of a move line read otherwise (``slip_at``)."""
    line = amendment.line
    kind = amendment.kind
    move = next(m for m in order.moves if m.line == line)
    tiles = tuple(text(TILES[i]) for i in sorted(laid))
    if kind == "played":
        return diagnostic(
            "P407", line, move.column,
            "play_written_as_pass",
            player=move.player, tiles=tiles)
    if kind == "other_tile":
        assert isinstance(move, r.PlainPlay)
        return diagnostic(
            "P401", line, move.column,
            "tile_written_as_another",
            player=move.player, tile=text(move.tile), tiles=tiles)
    if kind == "passed":
        assert isinstance(move, r.PlainPlay)
        return diagnostic(
            "P401", line, move.column,
            "tile_taken_back",
            player=move.player, tile=text(move.tile))
    if kind == "flipped":
        assert isinstance(move, r.PlainPlay)
        return diagnostic(
            "P403", line, move.column,
            "side_written_other_way",
            player=move.player, tile=text(move.tile),
            side=message_part("P403", "left" if move.side == "L" else "right"))
    if kind == "dropped":
        before = max(m.line for m in order.moves if m.line < line)
        return diagnostic(
            "G107", line, move.column,
            "line_written_twice",
            first=before)
    if kind == "swapped":
        after = min(m.line for m in order.moves if m.line > line)
        return diagnostic(
            "T302", line, move.column,
            "lines_swapped",
            player=move.player, other=after)
    assert amendment.seat is not None
    return diagnostic(
        "T302", line, move.column,
        "first_move_misnamed",
        player=move.player, number=number, leader=seats.names[amendment.seat])


def described(amendment: Amendment, order: Stages, seats: Seats) -> Message:
    """What ``amendment`` reads the record as, in words: ``line 29 was a play written as a
    pass``."""
    line = amendment.line
    kind = amendment.kind
    if kind == "swapped":
        other = min(m.line for m in order.moves if m.line > line)
        return phrase("swapped", line=line, other=other)
    if kind == "named":
        assert amendment.seat is not None
        return phrase("named", line=line, leader=seats.names[amendment.seat])
    return phrase(kind, line=line)


def hedged(problem: Diagnostic, alternatives: tuple[Message, ...]) -> Diagnostic:
    """``problem`` of one way of reading a hand, where other ways that cost as many slips
    (``alternatives``) do without it: said with them."""
    return diagnostic(
        problem.code, problem.line, problem.column,
        "hedged",
        problem=problem.message, alternatives=alternatives)


def laid_at(worlds_tiles: list[list[int]], line: int) -> set[int]:
    """The tiles laid at ``line`` in the readings given, by the lines each tile was played
    at (``Table.played_at``)."""
    out: set[int] = set()
    for played_at in worlds_tiles:
        out.update(i for i in range(28) if played_at[i] == line)
    return out


