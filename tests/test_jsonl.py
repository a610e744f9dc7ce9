"""`--format jsonl` written out directly equals the JSON of its objects, and the digest read
from the reader's plain form equals the one read from records, byte for byte."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from blocknotation.formats.records.canonical import game_lines
from blocknotation.formats.reports.jsonl import game_object, game_text
from blocknotation.formats.reports.report_json import dumps
from blocknotation.games import check, iter_games
from blocknotation.notation.parsing import parse_text
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

from seeded_sample import files_sampled

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted([*ROOT.glob("samples/*.block"), *ROOT.glob("tests/cases/*/*.txt")])
ODD = (  # comments everywhere, escapes in a tag, names from other scripts, a show of none
    '# a file comment\n[Event "Café \\"Le Carré\\" \\\\ table 3"] # after a tag\n'
    '[Players "Nicolò, 美咲 Zoë"]\n\n# before the hand\nhand 1 # the first\n'
    "opener Nicolò\n# own line\nNicolò: 3-5 # lead\n美咲: 5-5 R\nZoë: pass\n"
    "show 美咲: -\ndomino 美咲\n# the end\n"
)


def records_digest(text: str) -> str | None:
    """The digest as it was computed from records: sha256 of the game's canonical text."""
    parsed = parse_text(text)
    if parsed.diagnostics or not parsed.records.games:
        return None
    lines = game_lines(parsed.records.games[0], first=True)
    return hashlib.sha256("".join(line + "\n" for line in lines).encode()).hexdigest()


def corpus() -> list[Any]:
    """Generated games with mistakes and the odd record, in every run; the samples and a
    sample of the case files (tests/seeded_sample.py), read when the test runs."""
    made = list(generate_games(seed=31, games=30, partial=True))
    texts = ["\n".join(add_mistakes(made, 0.5, seed=31)), ODD]
    return [*(pytest.param(t, id=f"text{n}") for n, t in enumerate(texts)),
            *files_sampled("jsonl", FILES)]


@pytest.mark.parametrize("data", corpus())
def test_each_line_is_the_json_of_its_object_and_the_digest_is_the_records(
        data: str | Path) -> None:
    import io

    raw = data.read_bytes() if isinstance(data, Path) else data.encode()
    for game in iter_games(io.BytesIO(raw)):
        piece, digest = check(game)
        if not piece.games:
            continue
        found = game_object("f.txt", piece.games[0], piece.diagnostics, digest)
        found["suppressed"] = piece.suppressed
        line = game_text("f.txt", piece.games[0], piece.diagnostics, digest, piece.suppressed)
        assert line == dumps(found)
        assert json.loads(line) == found
        if game.problem is None:
            assert digest == records_digest(game.text)


def test_the_digest_ignores_spacing_but_not_what_is_said() -> None:
    import io

    spaced = ODD.replace("Nicolò: 3-5 # lead", "Nicolò:   [3 | 5]    # lead")
    digests = [check(next(iter_games(io.BytesIO(t.encode()))))[1] for t in (ODD, spaced)]
    assert digests[0] == digests[1] is not None
    other = ODD.replace("Zoë: pass", "Zoë: pass # another comment")
    assert check(next(iter_games(io.BytesIO(other.encode()))))[1] != digests[0]
