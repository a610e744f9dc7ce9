"""``convert`` of record JSON writes plain games straight from the decoded JSON
(``json_text``): byte for byte what reading them the strict way writes, for records of every
kind in every layout, with the strict way's diagnostics wherever the quick writer declines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from json_text_support import (
    RICH,
    SAMPLES,
    agree,
    as_json,
    converted,
    generated,
    layouts,
)

from blocknotation.basics import limits
from blocknotation.formats.records import json_stream, json_text, writable
from blocknotation.notation import records as r

from seeded_sample import files_sampled
from strategies import examples, record_texts


def test_the_keys_are_the_fields_of_the_records() -> None:
    models = {"tag": r.Tag, "opener": r.Opener, "deal": r.Deal, "play": r.Play,
              "pass": r.Pass, "show": r.Show, "domino": r.Domino, "blocked": r.Blocked,
              "points": r.Points, "score": r.Score}
    assert set(json_text.STATEMENT_KEYS) == set(models)
    for kind, model in models.items():
        assert set(json_text.STATEMENT_KEYS[kind]) == set(model.model_fields), kind
        assert model.model_fields["kind"].default == kind
    assert set(json_text.HAND_KEYS) == set(r.Hand.model_fields)
    assert set(json_text.GAME_KEYS) == set(r.Game.model_fields)
    assert set(json_text.ENTRY_KEYS) == set(r.ScoreEntry.model_fields)


#: Three games of 2, 3 and 4 players each (the seeds are chosen for it), and five games with
#: one mistake each, of twelve codes between them (D202, E502-E506, P401, P403-P406, T302).
GENERATED = {
    "clean": generated(52, 3, claims=True),
    "partial": generated(2, 3, partial=True, claims=True),
    "mistakes": generated(57, 5, partial=True, claims=True, mistakes=1.0),
    "counts-only": generated(43, 3, counts_only=True),
    "four players": generated(5, 3, players=4, partial=True),
    "rich": RICH,
}


@pytest.mark.parametrize("name", GENERATED)
def test_generated_records_are_written_quickly_and_the_same(name: str) -> None:
    text = GENERATED[name]
    document = as_json(text)
    assert document is not None
    (written, problems), taken = agree(document)
    assert problems == () and taken and all(taken)
    assert written == converted(document, quick=False)[0][0]
    for layout, again in layouts(document):
        assert agree(again) == ((written, ()), taken), layout


@pytest.mark.parametrize("sample", files_sampled("json text", SAMPLES))
def test_samples_and_cases_in_every_layout(sample: Path) -> None:
    document = as_json(sample.read_text("utf-8"))
    if document is None:
        pytest.skip("not a record that converts")
    result, taken = agree(document)
    # A game of tags without a hand is written the slow way (the same text).
    assert result[1] == () and (all(taken) or "\nhand " not in "\n" + sample.read_text("utf-8"))
    for layout, again in layouts(document, seed=len(sample.name)):
        assert agree(again)[0] == result, layout


@pytest.mark.parametrize("block", [5, 97])
def test_small_blocks(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_stream, "_BLOCK", block)
    document = as_json(RICH + "\n" + GENERATED["partial"])
    assert document is not None
    (_, problems), taken = agree(document)
    assert problems == () and all(taken)


@settings(max_examples=examples(20, whole=60), deadline=None)
@given(st.lists(record_texts(), min_size=1, max_size=4))
def test_any_record_text_as_json(texts: list[str]) -> None:
    document = as_json("\n".join(texts))
    if document is not None:
        agree(document)
        agree(json.dumps(json.loads(document), ensure_ascii=True).encode())


def test_the_limit_of_a_game_s_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # Limits at each game's size and either side of it; the first game counts a blank line
    # before it as the others do, and the file's closing comments count with the last game.
    # Long comments make the games large for the objects they hold (``_bounded``).
    document = as_json(GENERATED["clean"] + "# the end: a comment of the file\n")
    assert document is not None
    value = json.loads(document)
    for number, game in enumerate(value["games"]):
        game["tags"][0]["comments"] = ["x" * 2000, "y" * (100 * number)]
    document = json.dumps(value).encode()
    games = value["games"]
    sizes = [writable.game_size(r.Game.model_validate_json(json.dumps(g))) for g in games]
    sizes[-1] += writable.comments_size((" the end: a comment of the file",))
    refused = 0
    for limit in sorted({size + change for size in sizes for change in (-1, 0, 1)}):
        monkeypatch.setattr(writable, "MAX_GAME_TEXT", limit)
        (_, problems), taken = agree(document)
        assert problems or taken == [True] * len(games)
        refused += bool(problems)
    assert 0 < refused < 3 * len(games)


def test_game_sizes_are_writable_game_size() -> None:
    document = as_json(GENERATED["partial"])
    assert document is not None
    games = json.loads(document)["games"]
    records = [r.Game.model_validate_json(json.dumps(game)) for game in games]
    writer = json_text.GameWriter()
    for index, (game, record) in enumerate(zip(games, records, strict=True)):
        written = writer.game_text(game, json.dumps(game), index == 0)
        assert written is not None and written.size == writable.game_size(record)


@pytest.mark.parametrize("part", ["tag", "comment", "trailing"])
@pytest.mark.parametrize("length", [9_999, 10_000, 10_001])
def test_lines_at_the_limit(part: str, length: int) -> None:
    document = as_json('[Event "x"]\n#c\nhand 1\nAda: 1-2 #t\n')
    assert document is not None
    value = json.loads(document)
    tag, hand = value["games"][0]["tags"][0], value["games"][0]["hands"][0]
    if part == "tag":
        tag["value"] = "v" * (length - len('[Event ""]'))
    elif part == "comment":
        hand["comments"] = ["c" * (length - 1)]
    else:
        hand["statements"][0]["comment"] = "t" * (length - len("Ada: 1-2 #"))
    (written, problems), taken = agree(json.dumps(value).encode())
    assert bool(problems) == (length > 10_000) and taken == [length <= 10_000]
    assert problems or max(map(len, written.splitlines())) == length


def test_a_game_without_hands_before_another() -> None:
    games = [f'[Event "{name}"]\n\nhand 1\nAda: 1-2\n' for name in "abc"]
    document = as_json("\n".join(games))
    assert document is not None
    value = json.loads(document)
    value["games"][1]["hands"] = []  # a game that text cannot hold before another
    (_, problems), taken = agree(json.dumps(value).encode())
    assert [p.message.args["path"] for p in problems] == ["$.games[1]"]
    assert taken == [True, False, True]


def test_the_first_game_may_have_no_tags_and_the_others_must() -> None:
    document = as_json("hand 1\nAda: 1-2\n[Event \"b\"]\n\nhand 1\nBea: pass\n")
    assert document is not None
    assert agree(document)[1] == [True, True]
    value = json.loads(document)
    value["games"][1]["tags"] = []
    (_, problems), taken = agree(json.dumps(value).encode())
    assert problems and taken == [True, False]


def test_a_json_document_too_large_to_hold_whole_converts_quickly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inprocess import run

    one = as_json(GENERATED["partial"])
    assert one is not None
    games = json.loads(one)["games"]
    value = {"notation": "blocknot", "version": 1, "games": games * 3, "comments": ["end"]}
    document = json.dumps(value, indent=2, ensure_ascii=False).encode()
    monkeypatch.setattr(limits, "MAX_INPUT_BYTES", len(document) // 4)  # read a game at a time
    source = tmp_path / "big.json"
    source.write_bytes(document)
    done = run("convert", str(source))
    assert done.returncode == 0, done.stderr
    (written, problems), taken = agree(document)
    assert problems == () and all(taken) and done.stdout == written.encode()
