"""``validate --fix`` does work in proportion to the record, counted without a clock.

It used to validate the whole record twice for every missing side it tried, in every round:
a record with many missing sides took minutes (44 s of CPU for 19 KB).  Now each game is
validated once, and once more after each round that changed it (``fixing/rounds.py``), and
a side is tried by replaying only the hand it is in (``engine/retry.py``).  It also refused
records larger than what is read whole (``MAX_INPUT_BYTES``, 2 MiB); now it fixes a file of
any size, a game at a time.
"""

from __future__ import annotations

import gzip
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import blocknotation.pipeline as pipeline
from blocknotation.basics import limits
from blocknotation.basics.limits import MAX_INPUT_BYTES
from blocknotation.engine.hand import Replay
from blocknotation.fixing.fixes import fix_text
from blocknotation.notation import parsing
from blocknotation.notation import source as reading_source
from blocknotation.notation.stream import chunks_of
from blocknotation.pipeline import Selection
from blocknotation.run import fix_file, rewrite
from blocknotation.simulator.writer import generate

from inprocess import run

_SIDE = re.compile(r"^([^ #\[]+: [0-6]-[0-6]) [LR]$", re.MULTILINE)


def without_sides(games: int) -> str:
    """Simulated games with every side left out: a P404 at every tile that fits both."""
    return _SIDE.sub(r"\1", "".join(generate(5, games, players=3)))


@contextmanager
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How many times the work inside replays a game chunk (``engine.replay``), validates a
    whole record (``validate_bytes``) and replays a hand's moves (``hand.Replay.replay``)."""
    counts = {"games": 0, "files": 0, "hands": 0}

    def wrap(owner: object, name: str, key: str) -> None:
        real = getattr(owner, name)

        def counting(*args: object, **kwargs: object) -> object:
            counts[key] += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, counting)

    wrap(pipeline, "replay", "games")
    wrap(pipeline, "validate_bytes", "files")
    wrap(Replay, "replay", "hands")
    yield counts


def _work(text: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    with monkeypatch.context() as patch, counted(patch) as counts:
        fixed = fix_text(text)
    assert fixed.applied  # sides were fixed: there were rounds to work through
    return counts


def test_fixing_never_validates_the_whole_record_again(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    text = without_sides(6)
    counts = _work(text, monkeypatch)
    assert counts["files"] == 0
    assert counts["games"] <= 3 * text.count("[Players ")  # was: 2 more per missing side


def test_a_game_is_validated_once_and_again_after_each_round_that_changed_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from blocknotation.fixing.finding import FileWide
    from blocknotation.fixing.rounds import fix_chunks

    text = without_sides(6)
    games = list(fix_chunks(chunks_of(io.BytesIO(text.encode())),
                            FileWide(Selection(), None, ()), False))
    assert None not in games
    rounds = sum(len(game.rounds) for game in games if game is not None)
    assert rounds
    assert _work(text, monkeypatch)["games"] == len(games) + rounds


def test_fixing_many_missing_sides_grows_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    small, large = without_sides(4), without_sides(16)
    per_hand = []
    for text in (small, large):
        hands = text.count("\nhand ")
        sides = len(re.findall(r": [0-6]-[0-6]$", text, re.MULTILINE))
        replays = _work(text, monkeypatch)["hands"]
        # A hand is replayed once, again in a round that changed it, and from a missing side
        # on, once each way: a few replays a hand, whatever the size of the record.
        assert replays <= 3 * hands + 2 * sides
        per_hand.append(replays / hands)
    assert per_hand[1] < 1.5 * per_hand[0]  # was: 4 times the games, 14 times the work


def _game_without_claims() -> tuple[str, str]:
    """A simulated game with its claims left out, and as ``--fix`` writes them back."""
    game = next(generate(3, 1, players=3))
    bare = "\n".join(line for line in game.split("\n")
                     if not line.startswith(("points ", "score ", "domino ", "blocked")))
    fixed = fix_text(bare).text
    assert fixed == game
    return bare, fixed


@pytest.mark.parametrize("compressed", [False, True], ids=["text", "gzip"])
def test_a_record_larger_than_the_input_bound_is_fixed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, compressed: bool) -> None:
    # The bound of what is read whole (2 MiB) lowered to 64 KiB, as the command reads it
    # from these modules, so that the record past it is a few dozen games, not a thousand.
    bound = 64 * 1024
    for module in (limits, reading_source, parsing, rewrite, fix_file):
        monkeypatch.setattr(module, "MAX_INPUT_BYTES", bound)
    bare, fixed = _game_without_claims()
    copies = bound // len(bare) + 2
    text = "\n".join([bare.rstrip("\n")] * copies) + "\n"
    expected = "\n".join([fixed.rstrip("\n")] * copies) + "\n"
    assert bound < len(text.encode()) < MAX_INPUT_BYTES
    data = text.encode()
    name = "big.block.gz" if compressed else "big.block"
    (tmp_path / name).write_bytes(gzip.compress(data, mtime=0) if compressed else data)
    per_game = len(fix_text(bare).applied)
    done = run("validate", "--fix", name, cwd=tmp_path)
    assert done.stderr.decode() == f"Fixed {per_game * copies} problems, 0 remaining\n"
    assert done.returncode == 0
    written = (tmp_path / name).read_bytes()
    assert written == (gzip.compress(expected.encode(), mtime=0) if compressed
                       else expected.encode())
    again = run("validate", "--fix", "--diff", name, cwd=tmp_path)
    assert (again.returncode, again.stdout) == (0, b"")


def test_a_round_replays_only_the_hands_its_fixes_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A game of many hands with their claims, but the last hand's are left out: the first
    # validation replays every hand; the round that wrote the claims, the last hand alone.
    game = "".join(generate(3, 1, players=2, claims=True))
    hands = game.count("\nhand ")
    head, last = game.rsplit("\nhand ", 1)
    kept = [line for line in last.split("\n")
            if not line.startswith(("domino ", "blocked", "points ", "score "))]
    text = head + "\nhand " + "\n".join(kept)
    with monkeypatch.context() as patch, counted(patch) as counts:
        fixed = fix_text(text)
    assert fixed.applied and fixed.text.startswith(head)
    assert fixed.text.count("\nscore ") == game.count("\nscore ")
    assert counts["hands"] == hands + 1, (hands, counts)
