"""Record JSON that is wrong, or right in an unusual way, converts with the quick writer
(``json_text``) exactly as without it: the same text, the same diagnostics at the same
places, the same exit status.  Documents are changed at random, value by value and
character by character, and written in every layout."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from json_text_support import LAYOUTS, RICH, agree, as_json, generated

from blocknotation.basics import limits
from blocknotation.formats.records import json_stream, json_text

from seeded_sample import seeded_sample

#: The rich record and a whole generated game of two players with hidden deals and claims:
#: seed 39 gives one of the shortest (12 hands) that still holds every kind of line
#: (shows, ``domino``, ``blocked``, passes, sides), so that each changed document is small.
BASE = as_json(RICH + "\n" + generated(39, 1, players=2, partial=True, claims=True))

#: Values put where others were: every JSON type, numbers and texts at and past the edges.
POOL: list[Any] = [
    True, False, None, 0, -1, 1, 6, 7, 999_999_999, 1_000_000_000, 2.0, float("nan"),
    float("inf"), "", "x", "Ada", "hand", "none", "L", "R", "left", "tag", "play", "a:b",
    "\ud800", "a\nb", "a\tb", "\u200b", "\x7f", "😀", "Zoë", "=note", "!alarm", "#x",
    " spaced ", "\\", '"', [], [1], [1, 2], [7, 1], ["=note", "own"], ["!a", "=b", "c"],
    [True, 1], [1, 2, 3], [[1, 2]], {}, {"x": 1}, {"player": "Ada", "total": 1},
]
_KEYS = ["line", "column", "kind", "player", "comments", "comment", "extra", "tiles", "tile"]


def _slots(value: Any, found: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every place a value stands: (the object or array, its key or index)."""
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, item in list(items):
        found.append((value, key))
        if isinstance(item, dict | list):
            _slots(item, found)
    return found


def _mutated(rng: random.Random) -> Any:
    assert BASE is not None
    value = json.loads(BASE)
    for _ in range(rng.choice([1, 1, 1, 2])):
        owner, key = rng.choice(_slots(value, []))
        action = rng.randrange(6)
        if action < 3:
            owner[key] = rng.choice(POOL)
        elif action == 3:
            del owner[key]
        elif isinstance(owner, dict):
            owner[rng.choice(_KEYS)] = owner.pop(key) if action == 4 else rng.choice(POOL)
        else:
            owner.insert(key, rng.choice(POOL))
    return value


@pytest.mark.parametrize("seed", seeded_sample("values changed", range(120)))
def test_values_changed_at_random(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    if seed % 4 == 0:
        monkeypatch.setattr(json_stream, "_BLOCK", 97)
    value = _mutated(rng)
    layout = rng.choice(sorted(LAYOUTS))
    try:
        document = LAYOUTS[layout](value, rng)
    except UnicodeEncodeError:  # a lone surrogate, written as itself: escaped instead
        document = json.dumps(value)
    agree(document.encode("utf-8", errors="surrogatepass"))


#: Texts of comments and tag values: what a line of text holds, and what it cannot.
TEXTS = ["", " ", "=", "=note", "!alarm", "#", "##x", "a # b", " spaced ", "tab\there", '"]',
         "\\", "back\\slash\\", "colon: here", "Nicolò", "😀", "e\u0301", "\u200b", "\u00a0",
         "\u2028", "\x85", "\ufeff", "\ud800", "x" * 300]


@pytest.mark.parametrize("seed", seeded_sample("texts changed", range(60)))
def test_texts_changed_at_random(seed: int) -> None:
    rng = random.Random(500 + seed)
    assert BASE is not None
    value = json.loads(BASE)
    places = [(owner, key) for owner, key in _slots(value, [])
              if key in {"comment", "value"} or (isinstance(owner, list) and isinstance(
                  owner[key], str) and owner is not value["comments"])]
    for _ in range(rng.randint(1, 3)):
        owner, key = rng.choice(places)
        owner[key] = rng.choice(TEXTS)
    for statement in rng.sample(_statements(value), 2):
        statement["comments"] = rng.sample(TEXTS, rng.randint(0, 3))
    document = json.dumps(value, ensure_ascii=rng.random() < 0.3)
    agree(document.encode("utf-8", errors="surrogatepass"))


def _statements(value: Any) -> list[Any]:
    return [s for g in value["games"] for h in g["hands"] for s in [h, *h["statements"]]]


_SCALAR = re.compile(r'"(\w+)":\s*(-?\d+|null|"(?:[^"\\]|\\.)*")')
_NUMBER = re.compile(r"[:\[,]\s*(-?\d+)")
_SPELLINGS = ["{}.0", "{}e0", "-0", "0{}", "1" + "0" * 12, "1" * 5000, "{}E+0", "+{}", "0x{}",
              "NaN", "Infinity", "true", "false"]
_STRAY = ["{", "}", "[", "]", ",", ":", '"', "\\", " ", "x", "0", "\x00", "\u2028", "\x1f"]


def _changed_text(text: str, rng: random.Random) -> bytes:
    action = rng.randrange(7)
    if action == 0:  # a key written twice
        match = rng.choice(list(_SCALAR.finditer(text)))
        again = rng.choice([match[2], "1", '"Bea"', "null"])
        text = text[: match.end()] + f', "{match[1]}": {again}' + text[match.end() :]
    elif action == 1:  # a number spelt otherwise
        match = rng.choice(list(_NUMBER.finditer(text)))
        spelt = rng.choice(_SPELLINGS).format(match[1].lstrip("-"))
        text = text[: match.start(1)] + spelt + text[match.end(1) :]
    elif action == 2:  # cut short
        text = text[: rng.randrange(len(text))]
    elif action == 3:  # a character lost
        at = rng.randrange(len(text))
        text = text[:at] + text[at + 1 :]
    elif action == 4:  # a character too many
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice(_STRAY) + text[at:]
    elif action == 5:  # escapes in a string: a character, a lone surrogate, a pair
        match = rng.choice([m for m in _SCALAR.finditer(text) if m[2].startswith('"')])
        escape = rng.choice(["\\u0041", "\\ud800", "\\udc00x", "\\ud83d\\ude00", "\\u003a",
                             "\\n", "\\/", "\\u0000", "\\x", "\\u12"])
        at = match.start(2) + 1
        text = text[:at] + escape + text[at:]
    else:  # bytes that are not UTF-8
        data = text.encode()
        at = rng.randrange(len(data))
        return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"]) + data[at:]
    return text.encode()


@pytest.mark.parametrize("seed", seeded_sample("text changed", range(150)))
def test_text_changed_at_random(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(1000 + seed)
    if seed % 5 == 0:
        monkeypatch.setattr(json_stream, "_BLOCK", 5)
    assert BASE is not None
    layout = rng.choice(["as written", "compact", "escaped"])
    text = BASE.decode() if layout == "as written" else LAYOUTS[layout](json.loads(BASE), rng)
    agree(_changed_text(text, rng))


@pytest.mark.parametrize("change", [
    ('"line": 8,', '"line": 8, "line": 8,'),
    ('"tile": [3, 6]', '"tile": [3, 6.0]'),
    ('"tile": [3, 6]', '"tile": [true, 6]'),
    ('"line": 8,', '"line": true,'),
    ('"line": 8,', '"line": -0,'),
    ('"number": 2,', '"number": -0,'),
    ('"number": 2,', '"number": 1000000000,'),
    ('"player": "Ada"', '"player": "hand"'),
    ('"player": "Ada"', '"player": "\\ud800"'),
    ('"player": "Ada"', '"player": "A\\u0064a"'),
    ('"comment": null', '"comment": "\\ud83d\\ude00"'),
    ('"comment": null', '"comment": "\\u200b"'),
    ('"side": "R"', '"side": "right"'),
    ('"kind": "blocked"', '"kind": "Blocked"'),
    ('"line": 8, "column": 1, "comments": [], "comment": null',
     '"line": 8, "line": 8, "column": 1, "comments": [], "comment": "\\u003a"'),
    ('"line": 8, "column": 1, "comments": [], "comment": null',
     '"line": 8, "column": 1, "comments": [], "comment": "\\u003a:"'),
])
def test_known_changes(change: tuple[str, str]) -> None:
    assert BASE is not None
    old, new = change
    text = BASE.decode()
    assert old in text
    agree(text.replace(old, new, 1).encode())


def test_the_command_on_a_large_document_with_a_bad_last_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from inprocess import run

    assert BASE is not None
    value = json.loads(BASE)
    value["games"] = value["games"] * 8
    text = json.dumps(value, ensure_ascii=False)
    at = text.rindex('"tile": [') + len('"tile": [')
    document = (text[:at] + "7" + text[at + 1 :]).encode()  # a pip of the last game
    monkeypatch.setattr(limits, "MAX_INPUT_BYTES", len(document) // 3)  # read a game at a time
    source = tmp_path / "big.json"
    source.write_bytes(document)
    quick = run("convert", str(source))
    monkeypatch.setattr(json_text.GameWriter, "game_text", lambda *_: None)
    strict = run("convert", str(source))
    assert quick == strict
    assert quick.returncode == 1 and b"S002" in quick.stderr and quick.stdout == b""
