"""Properties of ``format_text`` and ``fix_text`` on generated records.

- Formatting twice gives what formatting once gives, and formatting keeps every comment and
  statement (records written in many spellings, the samples, simulated games).
- Simulated games (``blocknotation/simulator/simulate.py``) with claims removed get them back
  exactly as the simulator wrote them; with claims changed, get the true ones back with the wrong
  ones kept in ``# was:`` comments; after fixing, no fix is left to make.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.fixing.fixes import find_fixes, fix_text
from blocknotation.formats.records.formatting import format_text
from blocknotation.notation.parsing import parse_text
from blocknotation.simulator.writer import generate

from strategies import examples, record_texts

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.block"))
CLAIM_WORDS = ("domino ", "blocked", "points ", "score ")


def _comments(text: str) -> list[str]:
    record = parse_text(text).records
    found = [c for game in record.games for tag in game.tags for c in (*tag.comments,
                                                                        tag.comment) if c]
    found += [c for game in record.games for hand in game.hands
              for s in (hand, *hand.statements) for c in (*s.comments, s.comment) if c]
    return found + list(record.comments)


@given(record_texts())
def test_formatting_twice_is_formatting_once(text: str) -> None:
    once = format_text(text)
    assert once.text is not None, once.diagnostics
    assert format_text(once.text).text == once.text
    assert _comments(once.text) == _comments(text)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_are_stable(path: Path) -> None:
    text = path.read_text("utf-8")
    once = format_text(text).text
    assert once is not None and format_text(once).text == once
    assert _comments(once) == _comments(text)


games = st.builds(
    lambda seed, players, kind: next(generate(seed, 1, players, partial=kind == "partial",
                                              counts_only=kind == "counts")),
    st.integers(0, 10**6), st.sampled_from([2, 3, 4]),
    st.sampled_from(["full", "partial", "counts"]))


def _exact(text: str, removed: list[str]) -> bool:
    """Whether every claim is recomputed: every deal known, or a count after play (every
    show written) that keeps its domino/blocked lines, which settle it."""
    if re.search(r"^[^ #]+: ", text, re.MULTILINE) is None:  # no moves: a count after play
        return not any(line.startswith(("domino ", "blocked")) for line in removed)
    return "show " not in text


def _claim_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if line.startswith(CLAIM_WORDS)]


@given(games, st.data())
def test_removed_claims_come_back_as_the_simulator_wrote_them(text: str,
                                                               data: st.DataObject) -> None:
    lines = text.split("\n")
    removed = set(data.draw(st.lists(st.sampled_from(_claim_lines(text)), max_size=6)))
    damaged = "\n".join(line for i, line in enumerate(lines) if i not in removed)
    fixed = fix_text(damaged)
    assert not [f for f in find_fixes(fixed.text) if f.safe]
    if _exact(text, [lines[i] for i in removed]):
        assert fixed.text == text
        assert fixed.report.diagnostics == ()
    else:
        assert fixed.text.count("\n") <= text.count("\n")
        assert not {d.code for d in fixed.report.diagnostics} & {"E503", "E504", "E505"}


@settings(max_examples=examples(20, whole=60))
@given(games, st.data())
def test_changed_claims_are_corrected_and_kept_in_comments(text: str,
                                                           data: st.DataObject) -> None:
    lines = text.split("\n")
    at = data.draw(st.sampled_from([i for i in _claim_lines(text) if lines[i].startswith(
        ("points ", "score ")) and lines[i] != "points none"]))
    words = lines[at].split(" ")
    words[-1] = str(int(words[-1]) + data.draw(st.integers(1, 9)))
    changed = [*lines[:at], " ".join(words), *lines[at + 1:]]
    fixed = fix_text("\n".join(changed))
    assert not [f for f in find_fixes(fixed.text) if f.safe]
    if _exact(text, []):
        expected = [*lines[:at], f"# was: {changed[at]}", *lines[at:]]
        assert fixed.text == "\n".join(expected)
        assert fixed.report.diagnostics == ()
