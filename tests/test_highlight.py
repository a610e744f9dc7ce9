"""The Pygments lexer of ``blocknotation/formats/records/highlight.py``: what it colours, that it
loses no character of a record, that its patterns are the grammar's, and that Pygments finds it.

Pygments finds the lexer through the entry point of pyproject.toml, so the entry-point tests
need blocknot installed (``pip install -e '.[test]'``), as CI does.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from lark import Lark
from pygments.lexers import find_lexer_class_for_filename, get_lexer_by_name
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from blocknotation.basics.marks import marks
from blocknotation.basics.names import KEYWORDS, NAME_REGEX
from blocknotation.formats.records.highlight import (
    INT,
    NONE_WORD,
    SIDES,
    STATEMENT_KEYWORDS,
    TAG_KEY,
    TILE_BRACKETED,
    TILE_DASHED,
    BlockLexer,
)
from blocknotation.notation.grammar import grammar_text

from expect import expectations

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.block"))
#: The test records that hold no syntax error: every line is made of the notation's tokens.
CASES = sorted(
    path for path in (ROOT / "tests" / "cases").glob("*/*.txt")
    if not any(code.startswith("S") for code, _ in expectations(path.read_bytes()))
)
RECORDS = SAMPLES + CASES


def tokens(text: str) -> list[tuple[_TokenType, str]]:
    return [(kind, value) for _, kind, value in BlockLexer().get_tokens_unprocessed(text)]


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def test_the_records_are_found() -> None:
    assert len(SAMPLES) >= 6
    assert len(CASES) >= 70
    assert ROOT / "tests" / "cases" / "S001" / "syntax.txt" not in CASES


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_a_record_is_lexed_whole_without_an_error(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = tokens(text)
    assert "".join(value for _, value in found) == text
    assert [(kind, value) for kind, value in found if kind is Error] == []
    # What a formatter is given (no newline stripped) is the record too.
    lexer = BlockLexer(stripnl=False)
    assert "".join(value for _, value in lexer.get_tokens(text)) == text


SMALL = """\
[Players "Ada \\"A\\" D'Amico"]
hand 1
deal Ada: 1-4 [2 | 2]
Ada: 1-4
D'Amico: 4-6 right  # blocknot: ignore[P4] a note
Ada: pass
show D'Amico: -
points none
score Ada 0, D'Amico 12
"""


def test_the_tokens_of_a_small_record() -> None:
    ws, p = Whitespace, Punctuation
    assert [(kind, value) for kind, value in tokens(SMALL)] == [
        (p, "["), (Name.Attribute, "Players"), (ws, " "), (String.Double, '"'),
        (String.Double, "Ada "), (String.Escape, '\\"'), (String.Double, "A"),
        (String.Escape, '\\"'), (String.Double, " D'Amico"), (String.Double, '"'), (p, "]"),
        (ws, "\n"),
        (Keyword, "hand"), (ws, " "), (Number.Integer, "1"), (ws, "\n"),
        (Keyword, "deal"), (ws, " "), (Name.Variable, "Ada"), (p, ":"), (ws, " "),
        (Number, "1-4"), (ws, " "), (Number, "[2 | 2]"), (ws, "\n"),
        (Name.Variable, "Ada"), (p, ":"), (ws, " "), (Number, "1-4"), (ws, "\n"),
        (Name.Variable, "D'Amico"), (p, ":"), (ws, " "), (Number, "4-6"), (ws, " "),
        (Keyword.Pseudo, "right"), (ws, "  "), (Comment.Single, "# "),
        (Comment.Special, "blocknot: ignore[P4]"), (Comment.Single, " a note"), (ws, "\n"),
        (Name.Variable, "Ada"), (p, ":"), (ws, " "), (Keyword, "pass"), (ws, "\n"),
        (Keyword, "show"), (ws, " "), (Name.Variable, "D'Amico"), (p, ":"), (ws, " "),
        (p, "-"), (ws, "\n"),
        (Keyword, "points"), (ws, " "), (Keyword.Constant, "none"), (ws, "\n"),
        (Keyword, "score"), (ws, " "), (Name.Variable, "Ada"), (ws, " "),
        (Number.Integer, "0"), (p, ","), (ws, " "), (Name.Variable, "D'Amico"), (ws, " "),
        (Number.Integer, "12"), (ws, "\n"),
    ]


@pytest.mark.parametrize(
    ("word", "kind"),
    [("hand", Keyword), ("blocked", Keyword), ("domino", Keyword), ("opener", Keyword),
     ("L", Keyword.Pseudo), ("left", Keyword.Pseudo), ("none", Keyword.Constant),
     # A word that only starts like a keyword, or is one in another case, is a name.
     ("handy", Name.Variable), ("Left", Name.Variable), ("L2", Name.Variable),
     ("pass-word", Name.Variable), ("Hand", Name.Variable), ("Nicolò", Name.Variable),
     ("सुनील", Name.Variable), ("Nicolo\u0300", Name.Variable)],
)
def test_words_are_keywords_only_when_whole(word: str, kind: _TokenType) -> None:
    assert tokens(word) == [(kind, word)]


@pytest.mark.parametrize(
    ("line", "bad"),
    [("Ada: 3-5 ;", ";"), ("Ada: \u0663-5", "\u0663"), ("Ada: 3-5\r", "\r"),
     ("Bea = 1", "=")],
)
def test_a_character_the_notation_has_no_token_for_is_an_error(line: str, bad: str) -> None:
    assert [value for kind, value in tokens(line) if kind is Error] == [bad]


def test_a_pip_out_of_range_is_still_a_tile() -> None:
    # The grammar reads 3-9 as a tile and blocknot reports its pip (S002).
    assert tokens("3-9 3-10") == [(Number, "3-9"), (Whitespace, " "), (Number, "3-10")]


@pytest.mark.parametrize(
    "comment",
    ["# blocknot: ignore[G105]", "# blocknot: ignore", "# blocknot:ignore[P4, E5]",
     "# a house rule, blocknot: ignore-file[E507] for the file",
     "# blocknot: ignore-file", "# blocknot: ignore-file[]", "# blocknot: ignore[ , ]",
     "# blocknot: ignore[G1", "# blocknot: ignored", "# myblocknot: ignore[G105]",
     "# blocknot: ignore[G105] blocknot: ignore[P4]",
     "# blocknot: ignore[G105] # blocknot: ignore[P4]", "# blocknot: nothing",
     "# ordinary words"],
)
def test_suppression_marks_are_those_that_suppress(comment: str) -> None:
    here, everywhere = marks(comment)
    special = [value for kind, value in tokens(comment) if kind is Comment.Special]
    # Each mark counted by basics.marks.marks is one Comment.Special token, and no other is.
    counted = len(re.findall(r"#.*?\bblocknot:[ \t]*ignore", comment))
    assert bool(special) == bool(here or everywhere)
    if special:
        assert len(special) == counted
        assert all(value.startswith("blocknot:") for value in special)


# --- the patterns are the grammar's ------------------------------------------------------------

_GRAMMAR = {t.name: t.pattern for t in
            Lark(grammar_text(), parser="lalr", lexer="contextual", start="file").terminals}
PROBES = ["3-5", "35", "3-", "-5", "3-10", "12-3-4", "[3|5]", "[ 3 |\t5 ]", "[3 5]", "[3|5",
          "[35|0]", "3|5", "7", "007", "", "a", "Players", "P_2", "2P", "Ada", "D'Amico",
          "Anna-Maria", "Nicolò", "सुनील", "_x", "-x", "x y", "Ab\u0300c", "\u0300a", "٣", "L",
          "left", "right", "R", "none"]


@pytest.mark.parametrize(
    ("terminal", "pattern"),
    [("TILE", f"{TILE_BRACKETED}|{TILE_DASHED}"), ("INT", INT), ("TAG_KEY", TAG_KEY),
     ("NAME", NAME_REGEX)],
)
def test_a_pattern_matches_what_the_grammar_terminal_matches(terminal: str, pattern: str) -> None:
    theirs = re.compile(_GRAMMAR[terminal].to_regexp())
    ours = re.compile(pattern)
    for probe in PROBES:
        assert bool(ours.fullmatch(probe)) == bool(theirs.fullmatch(probe)), probe


def test_the_keywords_are_the_grammar_keywords() -> None:
    spelled = {t.value for t in _GRAMMAR.values() if t.type == "str" and t.value.isalpha()}
    assert spelled == STATEMENT_KEYWORDS | {NONE_WORD}
    sides = re.compile(f"{_GRAMMAR['LEFT'].to_regexp()}|{_GRAMMAR['RIGHT'].to_regexp()}")
    assert {word for word in PROBES if sides.fullmatch(word)} == SIDES
    assert spelled | SIDES == KEYWORDS


# --- Pygments finds it ---------------------------------------------------------------------------

def test_pygments_finds_the_lexer_by_name_and_by_file_name() -> None:
    assert type(get_lexer_by_name("block")) is BlockLexer
    assert find_lexer_class_for_filename("club-night.block") is BlockLexer
    assert find_lexer_class_for_filename("club-night.txt") is not BlockLexer


def test_pygmentize_highlights_a_sample() -> None:
    sample = ROOT / "samples" / "three-players.block"
    done = subprocess.run(
        [sys.executable, "-m", "pygments", "-l", "block", "-f", "html", str(sample)],
        capture_output=True, text=True, encoding="utf-8", timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert '<span class="k">hand</span>' in done.stdout
    assert '<span class="nv">Zoë</span>' in done.stdout
    assert '<span class="m">4-5</span>' in done.stdout


# --- the README's picture ------------------------------------------------------------------------

def test_the_pictured_record_is_clean_and_shows_every_kind_of_token() -> None:
    from blocknotation import validate

    spec = importlib.util.spec_from_file_location(
        "highlight_screenshot", ROOT / "tools" / "highlight_screenshot.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    report = validate(tool.RECORD.encode(), "highlighting.block")
    assert (report.valid, report.errors, report.warnings) == (True, 0, 0)
    shown = {kind for kind, _ in tokens(tool.RECORD)}
    assert shown == {Comment.Single, Comment.Special, Keyword, Keyword.Pseudo, Name.Variable,
                     Number, Number.Integer, Name.Attribute, String.Double, Punctuation,
                     Whitespace}


# --- the commands of docs/editors.md -------------------------------------------------------------

_BLOCK = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def readme_commands() -> list[str]:
    """The ``pygmentize`` lines of the sh block of docs/editors.md, "Highlighting"."""
    readme = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    section = readme.split("\n## Highlighting\n", 1)[1].split("\n## ", 1)[0]
    blocks = [m.group(2) for m in _BLOCK.finditer(section) if m.group(1) == "sh"]
    assert len(blocks) == 1
    return [line for line in blocks[0].splitlines() if line.startswith("pygmentize ")]


def test_the_readme_commands_run_as_printed(tmp_path: Path) -> None:
    commands = readme_commands()
    assert len(commands) == 2
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    pygmentize = Path(sys.executable).parent / "pygmentize"
    results = [subprocess.run([str(pygmentize), *shlex.split(command)[1:]], cwd=tmp_path,
                              capture_output=True, text=True, encoding="utf-8", timeout=60,
                              check=False) for command in commands]
    assert [(done.returncode, done.stderr) for done in results] == [(0, "")] * 2
    sample = (ROOT / "samples" / "three-players.block").read_text(encoding="utf-8")
    # On a terminal: the record itself, coloured.
    assert _ANSI.sub("", results[0].stdout) == sample
    assert "\x1b[" in results[0].stdout
    # In HTML: a whole page with the lexer's classes.
    page = (tmp_path / "three-players.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html")
    assert '<span class="nv">Łukasz</span>' in page and '<span class="kp">L</span>' in page
