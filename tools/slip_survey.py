"""How blocknot answers one scorer's slip: a table of one report, true score, wrong score.

For each kind of slip (``blocknotation.simulator.mistakes``), simulated legal games with every
deal and every claim written (or, with ``--hidden``, some deals left out) get exactly one
slip of that kind, and are validated.  For each game the script asks:

- one report: exactly one error, at the slip's line;
- true score: every figure (each hand's outcome, winner, remaining pips, points and running
  totals; the game's totals, status and winner) known and the true game's;
- wrong score: some figure known and not the true game's (a figure left unknown is honest).

    python tools/slip_survey.py --games 30 --seed 0
    python tools/slip_survey.py --games 30 --hidden --show-wrong

It prints one row per kind and a row for all of them; ``--show-wrong`` prints each wrong or
not-one-report game's seed, slip and diagnostics, to reproduce it.
"""

from __future__ import annotations

import argparse
import random
import sys

from blocknotation.pipeline import validate_bytes
from blocknotation.simulator.mistakes import KINDS, make_mistake
from blocknotation.simulator.simulate import simulate_game
from blocknotation.simulator.truth import judge
from blocknotation.simulator.writer import render_game

NAMES = {2: ["Ada", "Bea"], 3: ["Ada", "Bea", "Cy"], 4: ["Ada", "Bea", "Cy", "Dan"]}
#: The kinds the survey takes: a deal's slip and a hand after the end are judged elsewhere.
SURVEYED = tuple(kind for kind in KINDS if kind not in ("deal", "extra_hand"))


def one(kind: str, seed: int, hidden: bool) -> tuple[bool, bool, bool, str]:
    """One game with one slip: (one report, exact, wrong, what to show: the diagnostics,
    and the figures wrong, or unknown where none is wrong)."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    game = simulate_game(rng, NAMES[players])
    hide: frozenset[tuple[int, str]] = frozenset()
    if hidden:
        hide = frozenset((h.number, p) for h in game.hands for p in game.players
                         if rng.random() < 0.4)
    lines = render_game(game, hidden=hide, claims=True).split("\n")
    made = make_mistake(lines, game, rng, {kind})
    if made is None:
        return False, False, False, "no room"
    _, at = made
    report = validate_bytes("\n".join(lines).encode(), "slip.txt")
    errors = [(d.code, d.line) for d in report.diagnostics if d.is_error]
    single = len(errors) == 1 and errors[0][1] == at
    (found,) = report.games
    verdict = judge(found, game)
    shown = (f"seed {seed} ({players} players), slip at line {at}: "
             f"{[(d.code, d.line) for d in report.diagnostics]}; "
             f"{f'wrong {verdict.wrong}' if verdict.wrong else f'unknown {verdict.unknown}'}")
    return single, verdict.exact, bool(verdict.wrong), shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games per kind of slip")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--hidden", action="store_true", help="leave some deals out")
    parser.add_argument("--kinds", default=",".join(SURVEYED), help="kinds, comma-separated")
    parser.add_argument("--show-wrong", action="store_true",
                        help="print the games with a wrong figure or not one report")
    parser.add_argument("--show-unknown", action="store_true",
                        help="print the games with a figure left unknown")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",")
    print(f"| slip | one report | true score | wrong score |  ({args.games} games each"
          f"{', some deals hidden' if args.hidden else ', every deal written'})")
    print("|---|---|---|---|")
    total = [0, 0, 0, 0]
    for kind in kinds:
        counts = [0, 0, 0, 0]
        seed = args.seed
        while counts[3] < args.games:
            single, exact, wrong, shown = one(kind, seed, args.hidden)
            seed += 1
            if shown == "no room":
                continue
            counts[0] += single
            counts[1] += exact
            counts[2] += wrong
            counts[3] += 1
            if (args.show_wrong and (wrong or not single)) or (
                    args.show_unknown and not exact and not wrong):
                print(f"  {kind}: {shown}", file=sys.stderr)
        n = counts[3]
        print(f"| {kind} | {counts[0]}/{n} | {counts[1]}/{n} | {counts[2]} |")
        total = [t + c for t, c in zip(total, counts, strict=True)]
    n = total[3]
    print(f"| all | {total[0]}/{n} ({100 * total[0] / n:.0f}%) | {total[1]}/{n} "
          f"({100 * total[1] / n:.0f}%) | {total[2]} ({100 * total[2] / n:.0f}%) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
