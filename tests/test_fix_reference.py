"""``--fix`` a game at a time writes what it wrote when it validated the whole record for
every round and for every missing side (``tests/reference_fixes.py``), byte for byte: the
fixed text, the fixes applied, the report, the unsafe fixes left, and through the command
the diff, the file written, standard output and error.

The records are simulated games with scorer's mistakes of every kind
(``simulator/mistakes.py``), then damaged further the way a record goes wrong: sides left
out, claims left out or miscounted, hands misnumbered, suppression comments, CRLF line ends
here and there, a byte-order mark.  The reference is quadratic, so the records are small.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
import reference_fixes as reference
from hypothesis import example, given, settings
from hypothesis import strategies as st

from blocknotation.fixing.edits import apply_fixes
from blocknotation.fixing.fixes import find_fixes, fix_text
from blocknotation.formats.reports.report_text import report_lines
from blocknotation.pipeline import Selection
from blocknotation.run.rewrite import Stored, diff_text
from blocknotation.simulator.mistakes import KINDS, add_mistakes
from blocknotation.simulator.writer import generate_games
from blocknotation.suppress import file_codes

from inprocess import run
from strategies import RECORD_TEXTS, examples, mutated
from unified_diffs import applied

_SIDE = " L", " R"


def damaged_record(seed: int, games: int, players: int, kind: str, rate: float,
                   endings: str = "lf") -> str:
    """A simulated record with mistakes, damaged further by ``random.Random(seed)``."""
    made = generate_games(seed, games, players=players, partial=kind == "partial",
                          counts_only=kind == "counts")
    text = "".join(add_mistakes(made, 1.0, seed, KINDS))
    rng = random.Random(seed)
    out = []
    for line in text.split("\n"):
        roll = rng.random()
        if line.endswith(_SIDE) and roll < rate:
            line = line[:-2]
        elif line.startswith(("points ", "score ", "domino ", "blocked")) and roll < rate / 3:
            continue
        elif line.startswith(("points ", "score ")) and line[-1].isdigit() and roll < rate / 2:
            line = line[:-1] + str((int(line[-1]) + 1) % 10)
        elif line.startswith("hand ") and roll < rate / 4:
            line = f"hand {rng.randint(0, 9)}"
        if rng.random() < rate / 20:
            line += rng.choice(["  # blocknot: ignore[P404]", "  # blocknot: ignore",
                                "  # blocknot: ignore[E5, S004]", "  # noted"])
        out.append(line)
    if rng.random() < rate / 4:
        out.insert(rng.randint(0, len(out)), rng.choice(
            ["# blocknot: ignore-file[E505]", "# blocknot: ignore-file[P4]"]))
    if endings == "crlf":
        return "\r\n".join(out)
    if endings == "mixed":
        return "".join(line + rng.choice(["\n", "\r\n"]) for line in out)
    if endings == "bom":
        return "\ufeff" + "\n".join(out)
    return "\n".join(out)


# The reference validates the whole record twice for each side it tries: one or two games
# of two or three players, most sides kept.
records = st.builds(damaged_record, st.integers(0, 10**6), st.integers(1, 2),
                    st.sampled_from([2, 3]), st.sampled_from(["full", "partial", "counts"]),
                    st.sampled_from([0.1, 0.3, 0.5]),
                    st.sampled_from(["lf", "lf", "crlf", "mixed", "bom"]))
selections = st.sampled_from([Selection(), Selection(select=("P",)), Selection(ignore=("E505",)),
                              Selection(suppress=False), Selection(file_ignores=("E504",))])


def _same_outcome(text: str, unsafe: bool, selection: Selection) -> None:
    new = fix_text(text, unsafe=unsafe, selection=selection, path="t.block")
    spelled = [fix for fix in new.applied if fix.code == "S001"]
    if spelled:
        # Spelling slips are fixed first, which the reference left alone (a record with a
        # syntax error got no fix): from there on, what the reference does with the record
        # spelled right (a spelling fix keeps the lines where they are).  Slips of one line
        # are fixed a round each, each round's fix on the text the one before left.
        for fix in spelled:
            text = apply_fixes(text, [fix])
    old = reference.fix_text(text, unsafe=unsafe, selection=selection, path="t.block")
    assert new.text == old.text
    assert [fix for fix in new.applied if fix.code != "S001"] == list(old.applied)
    assert new.report == old.report
    assert new.unsafe_left == old.unsafe_left


# Each property over ``records`` runs a tenth of its examples in every run and all of them
# under the ``slow`` marker (``--run-slow``, as .ci/run runs it): an example costs about a
# second, the reference's validations mostly.


@settings(max_examples=examples(2))
@given(records, st.booleans(), selections)
def test_fix_text_writes_what_it_wrote(text: str, unsafe: bool, selection: Selection) -> None:
    _same_outcome(text, unsafe, selection)


@pytest.mark.slow
@settings(max_examples=examples(20))
@given(records, st.booleans(), selections)
def test_fix_text_writes_what_it_wrote_on_more_records(text: str, unsafe: bool,
                                                       selection: Selection) -> None:
    _same_outcome(text, unsafe, selection)


@given(st.one_of(RECORD_TEXTS, mutated()), st.booleans(), selections)
@example("hand 1\ndeal Ada:[ 0|0]\nopener Ada", False, Selection())  # two slips of a tile
# A tag spelled with an Arabic-Indic digit, after a hand: spelled right, it starts a game
# with the tag after it, which the games as first read had apart.
@example('[Event ""]\n[Event ""]\nhand 1\n[E\u0663vent ""]\n[Event ""]', False, Selection())
def test_records_of_every_spelling_and_broken_ones_too(text: str, unsafe: bool,
                                                       selection: Selection) -> None:
    # Records from the grammar (comments, tabs, odd spacing, CRLF) and damaged ones.
    _same_outcome(text, unsafe, selection)


def _same_fixes(text: str, lang: str, selection: Selection) -> None:
    assert find_fixes(text, lang=lang, selection=selection) == reference.find_fixes(
        text, lang=lang, selection=selection)


@settings(max_examples=examples(4))
@given(records, st.sampled_from(["en", "it"]), selections)
def test_find_fixes_finds_what_it_found(text: str, lang: str, selection: Selection) -> None:
    _same_fixes(text, lang, selection)


@pytest.mark.slow
@settings(max_examples=examples(15))
@given(records, st.sampled_from(["en", "it"]), selections)
def test_find_fixes_finds_what_it_found_on_more_records(text: str, lang: str,
                                                        selection: Selection) -> None:
    _same_fixes(text, lang, selection)


@pytest.mark.parametrize(("seed", "players"), [(0, 3), (2, 4), (6, 3), (7, 4)])
def test_records_with_many_missing_sides(seed: int, players: int) -> None:
    # Every side left out: a P404 at each tile that fits both ends, safe and unsafe fixes
    # (games chosen short, so that the reference takes about a second).
    text = damaged_record(seed, 1, players, "full", 1.0)
    for unsafe in (False, True):
        _same_outcome(text, unsafe, Selection())


def _expected(data: bytes, name: str, unsafe: bool, diff: bool, file_ignores: tuple[str, ...]
              ) -> tuple[bytes, bytes]:
    """What ``validate --fix`` printed and wrote before, from the reference: the diff of the
    whole texts (with ``--diff``: then the file is left as it is, and the fixed text is the
    second value) or the report on standard output, and the file's bytes.  ``file_ignores``:
    the codes of the file's ``ignore-file`` comments, which the command finds in a file (not
    in standard input) before it reads it."""
    from blocknotation.notation.source import decode

    stored = Stored(data)
    text = decode(data).text
    assert text is not None
    done = reference.fix_text(text, path=name, unsafe=unsafe,
                              selection=Selection(file_ignores=file_ignores))
    new = stored.text_to_store(done.text) if done.text != text else data
    if diff:
        shown = diff_text(name, data.decode("utf-8", "replace"), new.decode(
            "utf-8", "replace")) if new != data or done.text != text else ""
        return shown.encode("utf-8"), new
    report = replace(done.report, path=name)
    return "".join(f"{line}\n" for line in report_lines(report)).encode("utf-8"), new


#: Found by hypothesis: a game of over 200 lines whose lines "domino Søren" and "show Søren:
#: -" come back in many hands; matched per game they were judged popular (difflib's
#: autojunk) where the whole text's diff matched them, and the hunks differed.
POPULAR_LINES = damaged_record(0, 2, 2, "counts", 0.5, "lf")
#: Found by hypothesis: a ``hand 2`` line written twice in the second game, after a change in
#: the first.  difflib over the whole text matches the first ``hand 2`` in its longest block,
#: which starts in the first game, and removes the second; a game at a time, the first.
TWICE_WRITTEN = damaged_record(1, 2, 2, "counts", 0.3, "lf")


@settings(max_examples=examples(1))
@given(records, st.booleans(), st.booleans())
@example(POPULAR_LINES, False, True)
@example(TWICE_WRITTEN, False, True)
def test_the_command_prints_and_writes_what_it_did(tmp_path_factory: pytest.TempPathFactory,
                                                   text: str, unsafe: bool, diff: bool) -> None:
    _same_command_outcome(tmp_path_factory.mktemp("fix"), text, unsafe, diff)


@pytest.mark.slow
@settings(max_examples=examples(10))
@given(records, st.booleans(), st.booleans())
def test_the_command_prints_and_writes_what_it_did_on_more_records(
        tmp_path_factory: pytest.TempPathFactory, text: str, unsafe: bool, diff: bool) -> None:
    _same_command_outcome(tmp_path_factory.mktemp("fix"), text, unsafe, diff)


def _same_command_outcome(folder: Path, text: str, unsafe: bool, diff: bool) -> None:
    data = text.encode("utf-8")
    (folder / "r.block").write_bytes(data)
    args = ["validate", "--fix", *(["--diff"] if diff else []),
            *(["--unsafe-fixes"] if unsafe else []), "r.block"]
    done = run(*args, cwd=folder)
    shown, written = _expected(data, "r.block", unsafe, diff, file_codes(str(folder / "r.block")))
    if diff:
        _same_diff(done.stdout, shown, data, written)
        assert (folder / "r.block").read_bytes() == data
    else:
        assert done.stdout == shown
        assert (folder / "r.block").read_bytes() == written
    piped = run(*args[:-1], "-", cwd=folder, stdin=data)
    shown, written = _expected(data, "<stdin>", unsafe, diff, ())
    if not diff:
        assert piped.stdout == written
        assert piped.stderr.startswith(shown)
    else:
        _same_diff(piped.stdout, shown, data, written)


def _same_diff(printed: bytes, reference_diff: bytes, before: bytes, after: bytes) -> None:
    """The diff printed is the reference's, or, where a line comes back so that difflib over
    the whole text pairs it otherwise than a game at a time (a ``hand 2`` line written twice,
    which of the two goes), a diff as good: it turns the text before into the text after,
    and it removes and adds the same lines, as many hunks of them."""
    if printed == reference_diff:
        return
    ours, theirs = printed.decode("utf-8"), reference_diff.decode("utf-8")
    assert ours.splitlines()[:2] == theirs.splitlines()[:2]
    old = before.decode("utf-8", "replace").splitlines(True)
    assert "".join(applied(old, ours)) == after.decode("utf-8", "replace")
    assert _changes(ours) == _changes(theirs)


def _changes(diff: str) -> tuple[int, list[str], list[str]]:
    """A diff's hunks counted, and the lines it removes and adds, sorted."""
    lines = diff.splitlines()[2:]
    return (sum(line.startswith("@@") for line in lines),
            sorted(line for line in lines if line.startswith("-")),
            sorted(line for line in lines if line.startswith("+")))
