"""Hypothesis strategies shared by the property tests: record texts in many spellings."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

#: The examples CI's profile (HYPOTHESIS_PROFILE=ci, tests/conftest.py) gives a property test.
CI_EXAMPLES = 60


#: Whether this run takes the tests of the ``slow`` marker too (``--run-slow``, as .ci/run and
#: the mutation run take them): set by tests/conftest.py before the test modules are imported.
RUN_SLOW = False


def examples(in_ci: int, whole: int | None = None) -> int:
    """The examples of a property test that sets its own count: ``in_ci`` in CI's run, and as
    many in proportion under the profile in use (a developer's run, 25 to CI's 60, draws new
    ones every time; ``thorough``, 1,000 to 60).  A property whose examples each cost a tenth
    of a second or more runs a sample in every run and ``whole`` under ``--run-slow``."""
    count = whole if RUN_SLOW and whole is not None else in_ci
    return max(1, round(count * settings.default.max_examples / CI_EXAMPLES))


# Every strategy below is built once, here: one made afresh at each draw (``st.lists`` of a
# list, a composite called with new arguments) is validated afresh, which cost more than
# drawing from it.  The helpers that take ``draw`` draw what a composite would.
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


TILES = tiles()
TILE_LISTS = st.lists(TILES, min_size=1, max_size=7)
KINDS = st.sampled_from(["opener", "deal", "play", "pass", "show", "show-", "domino", "blocked",
                         "points", "none", "score"])
SIDES = st.sampled_from(["", " L", " R", " left", " right"])
POINTS = st.integers(0, 999)
ENTRIES = st.lists(st.tuples(names, st.integers(0, 200)), min_size=1, max_size=4)


def tile_list(draw: st.DrawFn) -> str:
    g = draw(gap)
    return g.join(draw(TILE_LISTS))


def hand_statement(draw: st.DrawFn) -> str:
    g = draw(gap)
    kind = draw(KINDS)
    who = draw(names)
    if kind == "opener":
        return f"opener{g}{who}"
    if kind == "deal":
        return f"deal{g}{who}:{draw(space)}{tile_list(draw)}"
    if kind == "play":
        return f"{who}:{draw(space)}{draw(TILES)}{draw(SIDES)}"
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
        return f"points {who}{g}{draw(POINTS)}"
    if kind == "none":
        return "points none"
    entries = draw(ENTRIES)
    return "score " + f",{draw(space)}".join(f"{n} {v}" for n, v in entries)


comment_text = st.text(
    alphabet=st.characters(blacklist_categories=["Cc", "Cs", "Zl", "Zp"]), max_size=20
).map(lambda s: s.rstrip())
COMMENT_LINES = st.lists(comment_text, max_size=2)
BLANK_LINES = st.integers(0, 2)


def with_comment(draw: st.DrawFn, line: str) -> list[str]:
    before = [f"#{c}" for c in draw(COMMENT_LINES)]
    blank = [""] * draw(BLANK_LINES)
    trailing = f"{draw(gap)}#{draw(comment_text)}" if draw(st.booleans()) else ""
    return [*blank, *before, f"{draw(space)}{line}{trailing}"]


GAMES = st.integers(1, 3)
TAG_KEYS = st.lists(st.sampled_from(["Event", "Players", "Date", "Target"]), min_size=1,
                    max_size=3)
TAG_VALUES = st.text(alphabet='abc "\\#àò ', max_size=10)
HANDS = st.integers(0, 3)
STATEMENTS = st.integers(0, 6)
LINE_ENDS = st.sampled_from(["\n", "\r\n"])


@st.composite
def record_texts(draw: st.DrawFn) -> str:
    lines: list[str] = []
    for _game in range(draw(GAMES)):
        for key in draw(TAG_KEYS):
            value = draw(TAG_VALUES)
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines += with_comment(draw, f'[{key} "{escaped}"]')
        for number in range(1, draw(HANDS) + 1):
            lines += with_comment(draw, f"hand {number}")
            for _ in range(draw(STATEMENTS)):
                lines += with_comment(draw, hand_statement(draw))
    lines += [f"#{c}" for c in draw(COMMENT_LINES)]
    ending = draw(LINE_ENDS)
    return ending.join(lines) + (ending if draw(st.booleans()) else "")


RECORD_TEXTS = record_texts()


EDITS = st.integers(1, 4)
ACTIONS = st.sampled_from(["insert", "delete", "replace"])
PIECES = st.sampled_from(
    ["#", "[", "]", '"', ":", "-", "|", " ", "\t", "\r", "7", "10", "pass", "hand",
     "L", "none", ",", "\\", "é", "\u200b", "\x1b", "Ada", "٣", "\n"]
)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A record text with a few characters inserted, deleted or replaced: broken records."""
    text = draw(RECORD_TEXTS).replace("\r\n", "\n")
    for _ in range(draw(EDITS)):
        at = draw(st.integers(0, len(text)))
        action = draw(ACTIONS)
        piece = draw(PIECES)
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + len(piece):]
        else:
            text = text[:at] + piece + text[at + 1:]
    return text
