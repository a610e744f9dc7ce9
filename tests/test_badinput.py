"""The bad-input corpus: every hostile input gets a clear answer and an exit status.

Each input of ``tests/badinput/`` (and each generated one below) goes through the command
line, ``blocknotation.cli.commands.main``, as ``validate --format json`` and/or ``convert``, as its
entry in ``tests/badinput/EXPECTED.toml`` says; the test checks the exit status, the codes and
their positions, that nothing ends in a traceback or an internal error, and that nothing meant
for a terminal carries a raw control, bidi or zero-width character.

Decisions for the implementation-defined (``i_``) inputs, also in docs/robustness.md:

- Empty input, white space only, a byte-order mark only, comments only: accepted, with no
  games (exit 0).  An empty record claims nothing false; linters treat empty files the same.
- Lone CR line ends (classic Mac): rejected.  Lines end in LF or CRLF (docs/notation.md,
  "Lexical rules"); a lone CR is S001 at its own position, so such a file gets one
  diagnostic, at the first CR.
- Control, bidi and zero-width characters in comments and tag values: accepted and kept
  exactly.  They are free text; no diagnostic quotes them, the JSON form writes them as
  ``\\u`` escapes, and ``convert --to text`` gives them back as written, as ``cat`` would.
  In names (statements or the ``Players`` value) they are rejected: S001 or G103, with the
  character shown as ``<U+XXXX>``.
- A ``Target`` value that is not an ASCII whole number (``"١٠٠"``): G105, ignored (exit 0).
- Repeated tags: accepted and all kept, in order (docs/notation.md, "Games and tags").  With two
  ``Players`` tags the first counts (the engine's choice; a G107 would be clearer).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.basics.limits import MAX_INPUT_BYTES, MAX_LINE_LENGTH, MAX_STATEMENTS_PER_HAND
from blocknotation.cli.commands import main
from blocknotation.notation.parsing import parse_bytes, parse_text
from blocknotation.pipeline import validate_bytes

CORPUS = Path(__file__).resolve().parent / "badinput"
MANIFEST: dict[str, dict[str, str]] = tomllib.loads(
    (CORPUS / "EXPECTED.toml").read_text(encoding="utf-8")
)
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
PLAYERS = b'[Players "Ada Bea"]\n\nhand 1\n'


def _moves(count: int) -> bytes:
    """A hand of ``count`` statements: a lead, then passes back and forth."""
    lines = [b"Ada: 1-2\n"] + [b"Bea: pass\n" if i % 2 else b"Ada: pass\n"
                              for i in range(1, count)]
    return PLAYERS + b"".join(lines)


#: A remark line (about 160 bytes): cheap to read, unlike a move, which is replayed.
REMARK = b"# " + b"a remark about the hand, the table and the players, " * 3 + b"\n"


def _many_games() -> bytes:
    """About 1,300 games of a few moves and ten remark lines each (a real game takes about
    2 kB), together beyond MAX_INPUT_BYTES."""
    game = PLAYERS + b"Ada: 1-2\nBea: 2-3 R\n" + REMARK * 10 + b"\n"
    return game * (MAX_INPUT_BYTES // len(game) + 1)


def _one_huge_game() -> bytes:
    """One game of more than MAX_INPUT_BYTES: hand after hand, with no tag between them."""
    hand = b"\nhand %d\nAda: 1-2\nBea: 2-3 R\n"
    return PLAYERS[:-8] + b"".join(hand % n for n in range(1, MAX_INPUT_BYTES // 20))


#: Inputs too big or too repetitive to keep as files.
GENERATED: dict[str, Callable[[], bytes]] = {
    "n_hand_of_10001_statements": lambda: _moves(MAX_STATEMENTS_PER_HAND + 1),
    "n_hand_of_10000_moves": lambda: _moves(MAX_STATEMENTS_PER_HAND),
    "n_10mb_single_line": lambda: b"Ada: 1-2 " * 1_111_112,
    "n_10001_character_line": lambda: PLAYERS[:20] + b"#" + b"x" * MAX_LINE_LENGTH + b"\n",
    "n_over_max_input_bytes": _one_huge_game,
    "i_many_games_over_max_input_bytes": _many_games,
    "n_json_nested_100000_deep": lambda: b'{"games": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
}

#: What a terminal must never receive from blocknot's messages: C0 and C1 controls (ESC
#: included), bidi controls and zero-width characters.  Line feeds end lines.
_UNSAFE = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]"
)


@dataclass(frozen=True)
class Outcome:
    status: int
    stdout: bytes
    stderr: bytes


def run_cli(*args: str) -> Outcome:
    """``blocknot ARGS`` in this process, through ``main`` and its handling of every failure."""
    with CliRunner().isolation() as streams:
        try:
            main(list(args))
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 1
        else:  # pragma: no cover - main always exits
            status = -1
        sys.stdout.flush()
        sys.stderr.flush()
        return Outcome(status, streams[0].getvalue(), streams[1].getvalue())


@dataclass(frozen=True)
class Expectation:
    status: int
    diagnostics: tuple[str, ...]
    open: bool

    @classmethod
    def parse(cls, text: str) -> Expectation:
        status, *rest = text.split()
        is_open = bool(rest) and rest[-1] == "..."
        return cls(int(status), tuple(rest[:-1] if is_open else rest), is_open)

    def check(self, reported: list[str]) -> None:
        if not self.open:
            assert reported == list(self.diagnostics)
            return
        found = iter(reported)
        missing = [d for d in self.diagnostics if d not in found]  # an ordered subsequence
        assert not missing, f"{missing} not in {reported}"
        extra_syntax = [d for d in reported if d.startswith("S") and d not in self.diagnostics]
        assert not extra_syntax


def assert_terminal_safe(data: bytes, what: str) -> None:
    text = data.decode("utf-8")  # blocknot writes UTF-8, whatever it read
    bad = _UNSAFE.search(text)
    assert bad is None, f"{what}: raw U+{ord(bad.group()):04X} in {text[:200]!r}"
    assert "Traceback" not in text and "internal error" not in text, text[-500:]


def _input(name: str, tmp_path: Path) -> Path:
    path = CORPUS / name
    if path.exists():
        return path
    generated = tmp_path / name
    generated.write_bytes(GENERATED[name]())
    return generated


def _cases() -> list[tuple[str, str]]:
    return [(name, command) for name, entry in MANIFEST.items()
            for command in ("validate", "convert") if command in entry]


def test_manifest_and_corpus_agree() -> None:
    files = {p.name for p in CORPUS.iterdir() if p.suffix in {".txt", ".json"}}
    assert files | set(GENERATED) == set(MANIFEST)
    assert not files & set(GENERATED)
    for name, entry in MANIFEST.items():
        assert name[:2] in {"y_", "n_", "i_"}, name
        assert set(entry) <= {"why", "validate", "convert"}, name
        if name.startswith("i_"):
            assert entry.get("why"), f"{name}: an i_ case says what was decided"
        statuses = [Expectation.parse(entry[c]).status for c in ("validate", "convert")
                    if c in entry]
        assert statuses, name
        if name.startswith("y_"):
            assert set(statuses) == {0}, name
        if name.startswith("n_"):  # rejected by the first command listed: validate, for a record
            assert statuses[0] != 0, name


@pytest.mark.parametrize(("name", "command"), _cases(), ids=lambda v: str(v))
def test_bad_input(name: str, command: str, tmp_path: Path) -> None:
    path = _input(name, tmp_path)
    expected = Expectation.parse(MANIFEST[name][command])
    if command == "validate":
        done = run_cli("validate", "--format", "json", "--lang", "en", str(path))
        assert done.stderr == b"" and done.status == expected.status, done.stderr[-500:]
        assert_terminal_safe(done.stdout, "validate --format json")
        (report,) = json.loads(done.stdout)["files"]
        reported = [f"{d['code']}@{d['line']}:{d['column']}" for d in report["diagnostics"]]
        # What a terminal shows: the text report, the same findings.
        shown = run_cli("validate", "--lang", "en", str(path))
        assert shown.status == done.status
        assert_terminal_safe(shown.stdout + shown.stderr, "validate")
    else:
        done = run_cli("convert", "--lang", "en", str(path))
        assert_terminal_safe(done.stderr, "convert")
        prefix = re.escape(str(path).encode())
        reported = [
            f"{m[3].decode()}@{int(m[1])}:{int(m[2])}"
            for m in re.finditer(rb"^" + prefix + rb":(\d+):(\d+): \w+ ([A-Z]\d{3}) ",
                                 done.stderr, re.MULTILINE)
        ]
        if done.status == 0:
            assert done.stderr == b""
            if path.suffix == ".txt":  # JSON written from a record: safe to print as well
                assert_terminal_safe(done.stdout, "convert output")
        else:
            assert done.stdout == b""
    assert done.status == expected.status, done.stderr[-500:]
    expected.check(reported)


# --- a record cut short at every byte ---------------------------------------------------------


def _assert_positioned(diagnostics: tuple[Diagnostic, ...], data: bytes) -> None:
    last_line = data.count(b"\n") + 1
    for d in diagnostics:
        assert 1 <= d.line <= last_line, d
        assert d.column >= 1, d


def test_a_record_cut_at_every_byte_gets_an_answer() -> None:
    """Every prefix parses to records or positioned diagnostics; every 7th is fully checked.

    The sample holds two- and three-byte characters, so some cuts split one (S003); a cut
    right after a line end leaves whole lines only, which must read without a syntax error.
    """
    data = (SAMPLES / "three-players.block").read_bytes()
    assert len(data.decode("utf-8")) < len(data)  # multi-byte characters to split
    split_characters = 0
    for cut in range(len(data) + 1):
        prefix = data[:cut]
        result = parse_bytes(prefix)
        _assert_positioned(result.diagnostics, prefix)
        codes = {d.code for d in result.diagnostics}
        if cut == 0 or data[cut - 1 : cut] == b"\n":
            assert not codes, (cut, result.diagnostics)
        if "S003" in codes:
            split_characters += 1
            (only,) = result.diagnostics
            assert only.line == prefix.count(b"\n") + 1
        if cut % 7 == 0:
            report = validate_bytes(prefix, "cut.txt")
            _assert_positioned(report.diagnostics, prefix)
            found = {d.code for d in report.diagnostics if d.code.startswith("S")}
            errors = any(d.is_error for d in report.diagnostics)
            if b"\nhand " not in b"\n" + prefix and not errors:  # no hand yet: S005 says so
                assert found == {"S005"}, (cut, report.diagnostics)
            else:
                assert found == codes
    assert split_characters > 0


def test_the_library_refuses_an_absurd_text_too() -> None:
    """``parse_text`` (the ``parse`` of the public API) bounds its input like the files."""
    result = parse_text("# a remark\n" * (MAX_INPUT_BYTES // 11 + 1))
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("S001", 1, 1)]
    assert result.records.games == () and result.records.comments == ()
    fits = parse_text("# a remark\n" * (MAX_INPUT_BYTES // 11 - 1))
    assert fits.diagnostics == () and len(fits.records.comments) == MAX_INPUT_BYTES // 11 - 1
