"""The diff of ``validate --fix --diff``, written a game at a time (``run/fix_diff.py``): the
hunks ``difflib.unified_diff`` cuts from the whole texts when each change is told apart from
the lines around it, and always a diff that turns the text before into the text after."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from blocknotation.run.fix_diff import StreamDiff
from blocknotation.run.rewrite import diff_text

from unified_diffs import applied


def streamed(parts: list[tuple[list[str], list[str]]]) -> str:
    out: list[str] = []
    diff = StreamDiff("x.block", out.append)
    for before, after in parts:
        diff.add(before, after)
    diff.close()
    return "".join(out)


def _edited(draw: st.DrawFn, lines: list[str], fresh: st.SearchStrategy[str]) -> list[str]:
    """``lines`` with what fixes do to a game: a line changed, lines put after a line, a
    line replaced by two; never its first line."""
    out = list(lines[:1])
    for line in lines[1:]:
        kind = draw(st.sampled_from(["keep"] * 6 + ["change", "insert", "two"]))
        if kind == "change":
            out.append(line.rstrip("\n") + " L\n")
        elif kind == "two":
            out += ["# was: " + line, draw(fresh)]
        else:
            out.append(line)
            if kind == "insert":
                out.append(draw(fresh))
    return out


@st.composite
def games(draw: st.DrawFn, repeated: bool) -> list[tuple[list[str], list[str]]]:
    parts = []
    words = st.sampled_from(["Ada: pass\n", "Bea: pass\n", "\n", "points none\n", "blocked\n"])
    for number in range(draw(st.integers(1, 5))):
        size = draw(st.integers(1, 14))
        if repeated:
            lines = [f"[Game {number}]\n", *draw(st.lists(words, min_size=size,
                                                            max_size=size))]
            fresh = words
        else:
            lines = [f"line {number}.{k}\n" for k in range(size)]
            fresh = st.integers(0, 10**9).map(lambda n: f"new {n}\n")
        parts.append((lines, _edited(draw, lines, fresh)))
    if draw(st.booleans()):  # the file's last line without its end
        before, after = parts[-1]
        before[-1], after[-1] = before[-1].rstrip("\n"), after[-1].rstrip("\n")
    return parts


@given(games(repeated=False))
def test_the_diff_is_difflibs_when_each_change_stands_out(
        parts: list[tuple[list[str], list[str]]]) -> None:
    before = "".join(line for part, _ in parts for line in part)
    after = "".join(line for _, part in parts for line in part)
    assert streamed(parts) == diff_text("x.block", before, after)


@given(games(repeated=True))
def test_the_diff_always_turns_the_text_before_into_the_text_after(
        parts: list[tuple[list[str], list[str]]]) -> None:
    before = [line for part, _ in parts for line in part]
    after = [line for _, part in parts for line in part]
    diff = streamed(parts)
    assert (diff == "") == (before == after)
    assert applied(before, diff) == after


_LINES = st.lists(st.sampled_from(["a\n", "b\n", "c\n", "e\n"]), max_size=60)


@given(_LINES, st.booleans(), _LINES, st.booleans())
def test_the_whole_text_diff_is_difflibs_below_its_popular_line_bound(
        before: list[str], cut: bool, after: list[str], cut_after: bool) -> None:
    # A last line may lack its line end.
    before = [*before[:-1], before[-1].rstrip("\n")] if cut and before else before
    after = [*after[:-1], after[-1].rstrip("\n")] if cut_after and after else after
    # Under 200 lines difflib's autojunk never applies: diff_text, which matches without
    # it, writes what unified_diff writes.
    import difflib

    expected = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                       for line in difflib.unified_diff(before, after, "x.block", "x.block"))
    assert diff_text("x.block", "".join(before), "".join(after)) == expected
