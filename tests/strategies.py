"""Hypothesis strategies shared by the property tests: record texts in many spellings."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

#: The examples CI's profile (HYPOTHESIS_PROFILE=ci, tests/conftest.py) gives a property test.
CI_EXAMPLES = 60


def examples(in_ci: int) -> int:
    """The examples of a property test that sets its own count: ``in_ci`` in CI's run, and as
    many in proportion under the profile in use (a developer's run, 25 to CI's 60, draws new
    ones every time; ``thorough``, 1,000 to 60)."""
    return max(1, round(in_ci * settings.default.max_examples / CI_EXAMPLES))


names = st.sampled_from(["Ada", "Bea", "Cy", "Nicolò", "D'Amico", "Anna-Maria", "P2", "Zoë"])
pips = st.integers(0, 6)
space = st.sampled_from(["", " ", "  ", "\t"])
gap = st.sampled_from([" ", "  ", "\t", " \t "])


@st.composite
def tiles(draw: st.DrawFn) -> str:
    a, b = draw(pips), draw(pips)
    if draw(st.booleans()):
        return f"{a}-{b}"
    return f"[{draw(space)}{a}{draw(space)}|{draw(space)}{b}{draw(space)}]"


def tile_list(draw: st.DrawFn) -> str:
    g = draw(gap)
    return g.join(draw(st.lists(tiles(), min_size=1, max_size=7)))


@st.composite
def hand_statement(draw: st.DrawFn) -> str:
    g = draw(gap)
    kind = draw(st.sampled_from(
        ["opener", "deal", "play", "pass", "show", "show-", "domino", "blocked", "points",
         "none", "score"]
    ))
    who = draw(names)
    if kind == "opener":
        return f"opener{g}{who}"
    if kind == "deal":
        return f"deal{g}{who}:{draw(space)}{tile_list(draw)}"
    if kind == "play":
        side = draw(st.sampled_from(["", " L", " R", " left", " right"]))
        return f"{who}:{draw(space)}{draw(tiles())}{side}"
    if kind == "pass":
        return f"{who}:{g}pass"
    if kind == "show":
        return f"show {who}: {tile_list(draw)}"
    if kind == "show-":
        return f"show {who}:{g}-"
    if kind == "domino":
        return f"domino{g}{who}"
    if kind == "blocked":
        return "blocked"
    if kind == "points":
        return f"points {who}{g}{draw(st.integers(0, 999))}"
    if kind == "none":
        return "points none"
    entries = draw(st.lists(st.tuples(names, st.integers(0, 200)), min_size=1, max_size=4))
    return "score " + f",{draw(space)}".join(f"{n} {v}" for n, v in entries)


comment_text = st.text(
    alphabet=st.characters(blacklist_categories=["Cc", "Cs", "Zl", "Zp"]), max_size=20
).map(lambda s: s.rstrip())


@st.composite
def with_comment(draw: st.DrawFn, line: str) -> list[str]:
    before = [f"#{c}" for c in draw(st.lists(comment_text, max_size=2))]
    blank = [""] * draw(st.integers(0, 2))
    trailing = f"{draw(gap)}#{draw(comment_text)}" if draw(st.booleans()) else ""
    return [*blank, *before, f"{draw(space)}{line}{trailing}"]


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    lines: list[str] = []
    for _game in range(draw(st.integers(1, 3))):
        for key in draw(st.lists(st.sampled_from(["Event", "Players", "Date", "Target"]),
                                 min_size=1, max_size=3)):
            value = draw(st.text(alphabet='abc "\\#àò ', max_size=10))
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines += draw(with_comment(f'[{key} "{escaped}"]'))
        for number in range(1, draw(st.integers(0, 3)) + 1):
            lines += draw(with_comment(f"hand {number}"))
            for _ in range(draw(st.integers(0, 6))):
                lines += draw(with_comment(draw(hand_statement())))
    lines += [f"#{c}" for c in draw(st.lists(comment_text, max_size=2))]
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    return ending.join(lines) + (ending if draw(st.booleans()) else "")


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A record text with a few characters inserted, deleted or replaced: broken records."""
    text = draw(record_texts()).replace("\r\n", "\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = draw(st.sampled_from(
            ["#", "[", "]", '"', ":", "-", "|", " ", "\t", "\r", "7", "10", "pass", "hand",
             "L", "none", ",", "\\", "é", "\u200b", "\x1b", "Ada", "٣", "\n"]
        ))
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + len(piece):]
        else:
            text = text[:at] + piece + text[at + 1:]
    return text
