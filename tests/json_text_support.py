"""What the tests of ``json_text`` share: converting record JSON with and without the quick
writer, and records of every kind, as JSON."""

from __future__ import annotations

import functools
import io
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from blocknotation.basics.diagnostics import Diagnostic
from blocknotation.formats.records import json_text
from blocknotation.formats.records.convert import convert_bytes, convert_json_stream
from blocknotation.simulator.mistakes import add_mistakes
from blocknotation.simulator.writer import generate_games

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/*.block")) + sorted(ROOT.glob("tests/cases/*/*.txt"))

#: Every kind of line, comment and annotation, with names, tags and numbers at their edges.
RICH = """\
# A record with every kind of line: comments: own-line, trailing, true and false.
[Event "Club \\"night\\" \\\\ 2: the final"] # a tag: with a comment
[Players "Ada Nicolò Zoë-Li"]
#=engine note before the first hand
#own note 😀

hand 0 # hand zero
opener Ada
deal Ada: 0-0 3-6 1-4
deal Nicolò: 6-6
Ada: 3-6
# Nicolò thinks: true or false?
Nicolò: 6-6 L #  spaced: \x20
Zoë-Li: pass
Ada: 1-4 R
show Nicolò: -
show Zoë-Li: 2-2 5-1
domino Ada
points none
score Ada 0, Nicolò 10, Zoë-Li 999999999
#!an alarm
#=a summary

hand 2
blocked
points Ada 3
#
[Event "second"]
#=tags' own note

hand 1
opener Zoë-Li
Zoë-Li: 1-1
# closing: comments
#: of the file
"""


Result = tuple[str, tuple[Diagnostic, ...]]


def converted(document: bytes, quick: bool = True) -> tuple[Result, list[bool]]:
    """``convert_json_stream`` of ``document`` to text, what it wrote and its diagnostics;
    with ``quick`` false, every game is read the strict way.  The list tells, game by game,
    whether ``json_text`` wrote it."""
    real = json_text.GameWriter.game_text
    taken: list[bool] = []

    def spy(self: json_text.GameWriter, game: Any, text: str, first: bool) -> Any:
        written = real(self, game, text, first) if quick else None
        taken.append(written is not None)
        return written

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(json_text.GameWriter, "game_text", spy)
        out = io.StringIO()
        problems, _ = convert_json_stream(io.BytesIO(document), "text", out)
    return (out.getvalue(), problems), taken


def agree(document: bytes) -> tuple[Result, list[bool]]:
    """The conversion of ``document``, the same with the quick writer as without it."""
    quick, taken = converted(document)
    strict, _ = converted(document, quick=False)
    assert quick == strict
    return quick, taken


@functools.cache
def as_json(text: str) -> bytes | None:
    """The record JSON of a text record, or None when it cannot be converted."""
    document, _ = convert_bytes(text.encode("utf-8"), "json")
    return None if document is None else document.encode("utf-8")


def generated(seed: int, games: int = 4, **options: Any) -> str:
    """Games of ``blocknot generate``, with ``mistakes`` (a rate) put into them."""
    rate = options.pop("mistakes", 0.0)
    made = generate_games(seed, games, **options)
    return "\n".join(add_mistakes(made, rate, seed))


def reshaped(value: Any, rng: random.Random, order: str) -> Any:
    """``value`` with the keys of every object in another order (``order``: "reversed" or
    "shuffled")."""
    if isinstance(value, list):
        return [reshaped(item, rng, order) for item in value]
    if not isinstance(value, dict):
        return value
    items = [(key, reshaped(item, rng, order)) for key, item in value.items()]
    if order == "reversed":
        items.reverse()
    else:
        rng.shuffle(items)
    return dict(items)


#: The same record JSON written in other ways: layout, key order, escapes, line ends.
LAYOUTS: dict[str, Callable[[Any, random.Random], str]] = {
    "compact": lambda v, _: json.dumps(v, separators=(",", ":"), ensure_ascii=False),
    "indented": lambda v, _: json.dumps(v, indent=1, ensure_ascii=False),
    "tabs": lambda v, _: json.dumps(v, indent="\t", ensure_ascii=False),
    "escaped": lambda v, _: json.dumps(v, indent=2),
    "spaced": lambda v, _: "\n " + json.dumps(v, indent=3, separators=(" ,  ", " :\t"),
                                              ensure_ascii=False) + " \n\n",
    "crlf": lambda v, _: json.dumps(v, indent=2, ensure_ascii=False).replace("\n", "\r\n"),
    "reversed": lambda v, rng: json.dumps(reshaped(v, rng, "reversed"), ensure_ascii=False),
    "shuffled": lambda v, rng: json.dumps(reshaped(v, rng, "shuffled"), indent=2),
}


def layouts(document: bytes, seed: int = 0) -> Iterator[tuple[str, bytes]]:
    value = json.loads(document)
    for name, write in LAYOUTS.items():
        yield name, write(value, random.Random(seed)).encode("utf-8")
