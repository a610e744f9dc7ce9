"""Lines met before are made again by copying: the copies equal what the line reader reads."""

from __future__ import annotations

import pytest

from blocknotation.notation import known_lines
from blocknotation.notation import plain as p
from blocknotation.notation.line_reader import read_line
from blocknotation.notation.parsing import parse_text

from lark_reference import parse_with_lark

REMEMBERED = [
    "Ada: 3-5", "Ada: 3-5 L", "Ada: 0-0 R", "Zoë: pass", "opener Ada", "domino Zoë",
    "points Ada 12", "points none", "show Ada: 6-6", "show Zoë: -", "blocked",
    # read by the regular expression: odd spacing, the column of an indented line
    "Ada:  3-5", "  Ada: 3-5", "Ada\t: pass", "Ada: [3|5] left", "\tblocked", "points Ada 007",
]
NOT_REMEMBERED = [
    "deal Ada: 1-2 3-4", "score Ada 1, Zoë 2", "hand 3", '[Event "x"]', "Ada: 3-5 # c",
    "blocked # over", "# own line", "", "Ada: 1-23", "show Ada: 1-2 6-6",
    # longer than LONGEST: a file of long distinct lines would fill the table with them
    "Ada:" + " " * 100 + "3-5", " " * 97 + "blocked",
]


@pytest.mark.parametrize("line", REMEMBERED)
def test_a_made_statement_equals_the_read_one(line: str) -> None:
    known_lines.KNOWN.clear()
    first = read_line(line, 4)
    assert isinstance(first, p.Statement)
    known_lines.remember(line, first)
    make = known_lines.KNOWN[line]
    made, again = make(9, line), make(10, line)
    assert made == read_line(line, 9)
    assert made.values() == read_line(line, 9).values()  # type: ignore[union-attr]
    assert (made.line, made.comments, made.comment) == (9, (), None)  # type: ignore[union-attr]
    assert made is not again and again.line == 10  # type: ignore[union-attr]
    made.comment = "mine"  # type: ignore[union-attr]
    assert make(11, line).comment is None  # type: ignore[union-attr]


@pytest.mark.parametrize("line", NOT_REMEMBERED)
def test_statements_not_worth_remembering(line: str) -> None:
    known_lines.KNOWN.clear()
    item = read_line(line, 1)
    if isinstance(item, p.Statement | p.PlainHand | p.PlainTag):
        known_lines.remember(line, item)
    assert line not in known_lines.KNOWN


AWKWARD = """[Players "Ada Zoë"]
hand 1
opener Ada
deal Ada: 1-2 3-4 5-6
Ada: 1-2
Ada: 1-2 # a comment on a line met before
Ada:  1-2
 Ada: 1-2
Ada:\t1-2 L
Ada: 1-2 left
Ada: 1-2 R\r
Ada: pass
Ada: pass\r
Zoë: pass
Zoe\u0308: 3-4
pass: 3-4
points Ada 00000000000000000000000001
points Ada 1
show Zoë: -
show Zoë: 1-2 3-4
show Zoë: 1-2  3-4
blocked
blocked\t
score Ada 1, Zoë 2
score Ada 1,Zoë 2
score Ada 1, Zoë 99999999999999999999999999
# an own-line comment
domino Zoë
domino hand
opener\tAda
"""


@pytest.mark.parametrize("limit", [known_lines.LIMIT, 3])
def test_texts_read_again_equal_lark(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Every line read twice, the second time (and in later hands) from what was met; with a
    small table, which empties as it fills."""
    monkeypatch.setattr(known_lines, "LIMIT", limit)
    known_lines.KNOWN.clear()
    text = AWKWARD + AWKWARD.replace("hand 1", "hand 2").split("\n", 1)[1]
    for _ in range(2):
        quick, reference = parse_text(text), parse_with_lark(text)
        assert quick.diagnostics == reference.diagnostics
        assert quick.records == reference.records
        assert quick.bad_lines == reference.bad_lines
    assert len(known_lines.KNOWN) <= limit
    known_lines.KNOWN.clear()


def test_the_longest_line_remembered() -> None:
    known_lines.KNOWN.clear()
    for line in ("Ada:" + " " * (known_lines.LONGEST - 7) + "3-5", "x" * known_lines.LONGEST):
        item = read_line(line, 1)
        if isinstance(item, p.Statement):
            known_lines.remember(line, item)
    assert list(known_lines.KNOWN) == ["Ada:" + " " * (known_lines.LONGEST - 7) + "3-5"]
    known_lines.KNOWN.clear()


def test_the_table_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(known_lines, "LIMIT", 5)
    known_lines.KNOWN.clear()
    lines = [f"points Ada {n}" for n in range(12)]
    for number, line in enumerate(lines, start=1):
        item = read_line(line, number)
        assert isinstance(item, p.PlainPoints)
        known_lines.remember(line, item)
        assert len(known_lines.KNOWN) <= 5
    assert lines[-1] in known_lines.KNOWN and lines[0] not in known_lines.KNOWN
    known_lines.KNOWN.clear()


def test_long_names_and_score_lines_are_read_each_time() -> None:
    """A file of long names must not fill the name cache with them (memory stays bounded)."""
    from blocknotation.notation import line_reader

    name = "A" + "a" * 300
    assert line_reader.is_name(name)
    assert name not in line_reader._KNOWN
    score = f"score {name} 3, Bea 4"
    item = read_line(score, 1)
    assert isinstance(item, p.PlainScore) and item.entries[0].player == name
    assert f"{name} 3" not in line_reader._ENTRIES
