"""How blocknot answers scorers' slips: a table of reports at the slips, true and wrong figures.

For each kind of slip (``blocknotation.simulator.mistakes``), simulated legal games with every
deal and every claim written (or, with ``--hidden``, some deals left out: each hand hides a
random subset of its deals, from none to all but one) get one slip of that kind (``--slips
2``: two, the second of any kind, in the same hand with ``--same-hand``, in different hands
with ``--other-hands``), and are validated.  For each game the script asks:

- reports at the slips: exactly one error per slip, each at its slip's line;
- true score: every figure (each hand's outcome, winner, remaining pips, points and running
  totals; the game's totals, status and winner) known and the true game's;
- wrong score: some figure known and not the true game's (a figure left unknown is honest);
  of those, how many are by decision: a deal's tile copied wrong that only a claim's count
  disagrees with (E504, E505, and the hands after an end it decides, E506), where the deals
  stand (docs/engine.md, "Not found, by decision").

    python tools/slip_survey.py --games 30 --seed 0
    python tools/slip_survey.py --games 30 --hidden --show-wrong
    python tools/slip_survey.py --games 300 --slips 2 --same-hand --hidden --jobs 2
    python tools/slip_survey.py --games 200 --hidden --bare --kinds hidden_pass

``--bare`` writes each hand's end as its ``points`` and ``score`` lines alone, as a scorer
who writes no ``domino``, ``blocked`` or ``show`` line does: a hidden player's last tile
written as a pass then has no claim or show to be seen by, only the points.

It prints one row per kind and a row for all of them; ``--show-wrong`` prints each wrong or
not-one-report game's seed, slips and diagnostics, to reproduce it (``--one SEED`` validates
that game alone and prints its record).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hiding import hidden_deals

from blocknotation.pipeline import validate_bytes
from blocknotation.simulator.mistakes import KINDS, make_mistakes
from blocknotation.simulator.simulate import SimGame, simulate_game
from blocknotation.simulator.truth import judge
from blocknotation.simulator.writer import render_game

#: The lines ``--bare`` leaves out: how each hand ended and what each player showed.
_BARE = ("domino ", "blocked", "show ")
NAMES = {2: ["Ada", "Bea"], 3: ["Ada", "Bea", "Cy"], 4: ["Ada", "Bea", "Cy", "Dan"]}
#: The kinds the survey takes: a deal's slip and a hand after the end are judged elsewhere.
SURVEYED = tuple(kind for kind in KINDS if kind not in ("deal", "extra_hand"))


@dataclass(frozen=True, slots=True)
class Ask:
    """One game to survey: its kind of (first) slip, seed, and how it is written."""

    kind: str
    seed: int
    hidden: bool
    slips: int = 1
    same_hand: bool | None = None
    without: frozenset[str] = frozenset()
    bare: bool = False


@dataclass(frozen=True, slots=True)
class Answer:
    """What blocknot made of one game: whether it had room for the slips, one report per
    slip at its line, every figure known and true, some figure wrong, and what to show."""

    room: bool
    reports: bool = False
    exact: bool = False
    wrong: bool = False
    shown: str = ""
    decided: bool = False


def record(ask: Ask) -> tuple[SimGame, list[str], list[tuple[str, int]]]:
    """The game of ``ask``, its record with the slips, and each slip's kind and line."""
    rng = random.Random(ask.seed)
    players = rng.choice([2, 3, 4])
    game = simulate_game(rng, NAMES[players])
    hide = hidden_deals(game, rng) if ask.hidden else frozenset()
    lines = render_game(game, hidden=hide, claims=True).split("\n")
    if ask.bare:  # each hand's end written only as its points and the score
        lines = [line for line in lines if not line.startswith(_BARE)]
    kinds: set[str] = {ask.kind} if ask.slips == 1 else set(SURVEYED) - ask.without
    made = _made(lines, game, rng, ask, kinds)
    return game, lines, made


def _made(lines: list[str], game: SimGame, rng: random.Random, ask: Ask, kinds: set[str]
          ) -> list[tuple[str, int]]:
    """The slips put into ``lines``: the first of ``ask.kind``, any others of any kind."""
    if ask.slips == 1:
        return make_mistakes(lines, game, rng, {ask.kind}, 1)
    trial = list(lines)
    made = make_mistakes(trial, game, rng, kinds, ask.slips, ask.same_hand)
    if not made or ask.kind not in {kind for kind, _ in made}:
        return []
    lines[:] = trial
    return made


def one(ask: Ask) -> Answer:
    """One game with its slips, validated and judged."""
    game, lines, made = record(ask)
    if not made:
        return Answer(False)
    report = validate_bytes("\n".join(lines).encode(), "slip.txt")
    errors = sorted((d.line, d.code) for d in report.diagnostics if d.is_error)
    reports = [line for line, _ in errors] == [line for _, line in made]
    (found,) = report.games
    verdict = judge(found, game)
    shown = (f"seed {ask.seed} ({len(game.players)} players), slips {made}: "
             f"{[(d.code, d.line) for d in report.diagnostics]}; "
             f"{f'wrong {verdict.wrong}' if verdict.wrong else f'unknown {verdict.unknown}'}")
    decided = bool(verdict.wrong) and _by_decision(lines, made, errors, verdict.wrong)
    return Answer(True, reports, verdict.exact, bool(verdict.wrong),
                  shown + (" (by decision)" if decided else ""), decided)


#: The codes of a claim's count against the deals, and of the hands after an end it decides.
_COUNTS = frozenset({"E504", "E505", "E506"})
_HAND = re.compile(r"hand (\d+)")


def _by_decision(lines: list[str], made: list[tuple[str, int]], errors: list[tuple[int, str]],
                 wrong: list[str]) -> bool:
    """Whether a game's wrong figures are those of a deal's tile copied wrong that only a
    claim's count disagrees with: the first hand with a wrong figure holds that slip, and
    its errors are all of a claim's count (E504, E505; E506 after an end it decides), but
    those at the line of the other slip, if any (its own report)."""
    starts = [k + 1 for k, line in enumerate(lines) if line.startswith("hand ")]

    def hand_of(line: int) -> int:
        return sum(start <= line for start in starts)

    first = min((int(m.group(1)) for m in map(_HAND.match, wrong) if m), default=None)
    dealt = {hand_of(line) for kind, line in made if kind == "deal_tile"}
    others = {line for kind, line in made if kind != "deal_tile"}
    return first in dealt and all(
        code in _COUNTS or line in others for line, code in errors if hand_of(line) == first)


def asks(kind: str, args: argparse.Namespace) -> Iterator[Ask]:
    seed = args.seed
    same = True if args.same_hand else False if args.other_hands else None
    while True:
        yield Ask(kind, seed, args.hidden, args.slips, same, _without(args), args.bare)
        seed += 1


def survey(kind: str, args: argparse.Namespace, pool: ProcessPoolExecutor | None
           ) -> list[int]:
    """One row: [reports at the slips, true score, wrong score, games, of the wrong ones
    those by decision]."""
    counts = [0, 0, 0, 0, 0]
    source = asks(kind, args)
    tried = 0
    while counts[3] < args.games and tried < 20 * args.games:  # no room: none hidden
        tried += max(8, 2 * (args.games - counts[3]))
        batch = [next(source) for _ in range(max(8, 2 * (args.games - counts[3])))]
        answers = pool.map(one, batch, chunksize=16) if pool else map(one, batch)
        for answer in answers:
            if not answer.room or counts[3] >= args.games:
                continue
            counts[0] += answer.reports
            counts[1] += answer.exact
            counts[2] += answer.wrong
            counts[3] += 1
            counts[4] += answer.decided
            if (args.show_wrong and (answer.wrong or not answer.reports)) or (
                    args.show_unknown and not answer.exact and not answer.wrong):
                print(f"  {kind}: {answer.shown}", file=sys.stderr)
    return counts


def show_one(kind: str, args: argparse.Namespace) -> int:
    same = True if args.same_hand else False if args.other_hands else None
    ask = Ask(kind, args.one, args.hidden, args.slips, same, _without(args), args.bare)
    _, lines, _made = record(ask)
    for k, line in enumerate(lines, 1):
        print(f"{k:4} {line}")
    print(one(ask).shown)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per kind of slip")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--hidden", action="store_true", help="leave some deals out")
    parser.add_argument("--bare", action="store_true",
                        help="leave out every domino, blocked and show line: each hand's "
                             "end is its points and score lines only")
    parser.add_argument("--slips", type=int, default=1, help="slips per game")
    parser.add_argument("--same-hand", action="store_true", help="the slips in one hand")
    parser.add_argument("--other-hands", action="store_true", help="each in another hand")
    parser.add_argument("--kinds", default=",".join(SURVEYED), help="kinds, comma-separated")
    parser.add_argument("--without", default="",
                        help="kinds no slip is of, comma-separated (with --slips 2 too)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--one", type=int, help="print the game of this seed and its report")
    parser.add_argument("--show-wrong", action="store_true",
                        help="print the games with a wrong figure or not one report per slip")
    parser.add_argument("--show-unknown", action="store_true",
                        help="print the games with a figure left unknown")
    args = parser.parse_args(argv)
    kinds = [kind for kind in args.kinds.split(",") if kind not in _without(args)]
    if args.one is not None:
        return show_one(kinds[0], args)
    where = {None: "", True: ", in one hand", False: ", in different hands"}[
        True if args.same_hand else False if args.other_hands else None]
    print(f"| slip | reports at the slips | true score | wrong score |  ({args.games} games "
          f"each, {args.slips} slip{'s' if args.slips > 1 else ''}{where}"
          f"{', some deals hidden' if args.hidden else ', every deal written'}"
          f"{', no domino, blocked or show line' if args.bare else ''})")
    print("|---|---|---|---|")
    total = [0, 0, 0, 0, 0]
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for kind in kinds:
            counts = survey(kind, args, pool)
            n = counts[3]
            if not n:
                print(f"| {kind} | no room |  |  |", flush=True)
                continue
            print(f"| {kind} | {counts[0]}/{n} | {counts[1]}/{n} | {counts[2]}{_decided(counts)} |",
                  flush=True)
            total = [t + c for t, c in zip(total, counts, strict=True)]
    finally:
        if pool is not None:
            pool.shutdown()
    n = total[3]
    print(f"| all | {total[0]}/{n} ({100 * total[0] / n:.1f}%) | {total[1]}/{n} "
          f"({100 * total[1] / n:.1f}%) | {total[2]} ({100 * total[2] / n:.1f}%)"
          f"{_decided(total)} |")
    return 0


def _without(args: argparse.Namespace) -> frozenset[str]:
    """The kinds ``--without`` leaves out, of the first slip and of the others."""
    return frozenset(kind for kind in args.without.split(",") if kind)


def _decided(counts: list[int]) -> str:
    """Of a row's wrong scores, those by decision, when there are any."""
    return f", {counts[4]} by decision" if counts[4] else ""


if __name__ == "__main__":
    sys.exit(main())
