"""The published schemas state the real rules.

A record JSON document is accepted by ``blocknot schema`` exactly when ``convert`` accepts
it: for generated documents, for random near-misses of them, and for every near-miss of
small records that hold every key (each place set to each value of its kind, each key
removed, keys added), which is where a rule stated differently shows first; every report the
tests produce matches ``blocknot schema --report``.

The near-misses of the small records and the reports of the cases are many: the suite judges
a sample of them drawn with a fixed seed (``SEED``), one in ``SAMPLED`` of each, the same
every run; the whole of each runs under the ``slow`` marker (``pytest --run-slow``, as
``.ci/run`` runs it).
"""

from __future__ import annotations

import copy
import json
import random
import re
import unicodedata
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blocknotation.basics.names import KEYWORDS, NAME_REGEX
from blocknotation.formats.records.convert import convert_bytes
from blocknotation.formats.records.schema import record_schema, report_schema
from blocknotation.formats.reports.report_json import document
from blocknotation.pipeline import validate_bytes

from inprocess import run
from strategies import examples

ROOT = Path(__file__).resolve().parent.parent
#: The seed of the samples, and one in how many of each the suite's run judges.
SEED, SAMPLED = 35, 4
RECORDS = jsonschema.Draft202012Validator(record_schema())
REPORTS = jsonschema.Draft202012Validator(report_schema())


def tool_accepts(doc: Any) -> bool:
    text, _ = convert_bytes(json.dumps(doc).encode(), "text")
    return text is not None


def schema_accepts(doc: Any) -> bool:
    return RECORDS.is_valid(doc)


# --- generated records ---------------------------------------------------------------------

SOME_NAMES = ["Ada", "Bea", "Nicolò", unicodedata.normalize("NFD", "Nicolò"), "सुनील", "محمَّد",
              "D'Amico", "Anna-Maria", "P2"]
#: Names of any script: a letter, then letters, marks, digits, ``_``, ``'`` and ``-``, drawn by
#: Unicode category and kept when NAME_REGEX reads them whole (``st.from_regex`` of its class
#: of every letter takes a second to build, the categories a hundredth).
NAME = re.compile(NAME_REGEX)
NAME_TAILS = st.one_of(st.characters(categories=["L", "M"]), st.sampled_from("0123456789_'-"))
names = st.one_of(
    st.sampled_from(SOME_NAMES),
    st.builds("".join, st.tuples(st.characters(categories=["L"]),
                                 st.lists(NAME_TAILS, max_size=38).map("".join))).filter(
        lambda n: n not in KEYWORDS and NAME.fullmatch(n) is not None),
)
texts = st.text(st.characters(blacklist_characters="\n\r\x00", blacklist_categories=("Cs",)),
                max_size=12)
pips = st.integers(0, 6)
tiles = st.lists(pips, min_size=2, max_size=2)
counts = st.integers(0, 999_999_999)
positions = st.integers(1, 999_999_999)


KINDS = st.sampled_from(["opener", "deal", "play", "pass", "show", "domino", "blocked",
                         "points", "score"])
SHOWN = st.lists(tiles, max_size=3)
DEALT = st.lists(tiles, min_size=1, max_size=3)
SIDES = st.sampled_from(["L", "R", None])
POINTS = st.one_of(st.tuples(names, counts), st.just((None, None)))
ENTRIES = st.lists(st.fixed_dictionaries({"player": names, "total": counts}),
                   min_size=1, max_size=3)
COMMENT_LISTS = st.lists(texts, max_size=2)
COMMENT = st.one_of(st.none(), texts)


@st.composite
def statement(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(KINDS)
    fields: dict[str, Any] = {"kind": kind, "line": draw(positions), "column": draw(positions)}
    if kind in {"opener", "deal", "play", "pass", "show", "domino"}:
        fields["player"] = draw(names)
    if kind in {"deal", "show"}:
        fields["tiles"] = draw(DEALT if kind == "deal" else SHOWN)
    if kind == "play":
        fields["tile"] = draw(tiles)
        if draw(st.booleans()):
            fields["side"] = draw(SIDES)
    if kind == "points":
        fields["player"], fields["points"] = draw(POINTS)
    if kind == "score":
        fields["entries"] = draw(ENTRIES)
    return {**fields, **draw(COMMENTS)}


@st.composite
def comments(draw: st.DrawFn) -> dict[str, Any]:
    found: dict[str, Any] = {}
    if draw(st.booleans()):
        found["comments"] = draw(COMMENT_LISTS)
    if draw(st.booleans()):
        found["comment"] = draw(COMMENT)
    return found


COMMENTS = comments()


TAG_KEYS = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,6}", fullmatch=True)


def _tags(min_size: int) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.lists(st.builds(
        lambda key, value, line, more: {"kind": "tag", "line": line, "column": 1, "key": key,
                                        "value": value, **more},
        TAG_KEYS, texts, positions, COMMENTS), min_size=min_size, max_size=3)


def _hands(min_size: int) -> st.SearchStrategy[list[dict[str, Any]]]:
    return st.lists(st.builds(
        lambda number, line, body, more: {"number": number, "line": line, "column": 1,
                                          "statements": body, **more},
        counts, positions, st.lists(statement(), max_size=4), COMMENTS),
        min_size=min_size, max_size=3)


# Built once: a strategy made afresh on every draw is validated afresh, which cost more
# than the examples themselves.
TAGS = {need: _tags(int(need)) for need in (False, True)}
HANDS = {need: _hands(int(need)) for need in (False, True)}


@st.composite
def game(draw: st.DrawFn, tags_needed: bool, hands_needed: bool) -> dict[str, Any]:
    tags = draw(TAGS[tags_needed])
    hands = draw(HANDS[hands_needed or not tags])
    found: dict[str, Any] = {}
    if tags or draw(st.booleans()):
        found["tags"] = tags
    if hands or draw(st.booleans()):
        found["hands"] = hands
    return found


GAMES = {(tags, hands): game(tags, hands) for tags in (False, True) for hands in (False, True)}
COUNTS = st.integers(0, 3)
TOP_COMMENTS = st.lists(texts, max_size=2)


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(COUNTS)
    games = [draw(GAMES[i > 0, i < count - 1]) for i in range(count)]
    doc: dict[str, Any] = {"games": games}
    if draw(st.booleans()):
        doc = {"notation": "blocknot", "version": 1, **doc}
    if draw(st.booleans()):
        doc["comments"] = draw(TOP_COMMENTS)
    return doc


# --- near-misses: one rule broken ----------------------------------------------------------

BAD_NAMES = ["", "Ada Lovelace", "2Ada", "pass", "hand", "L", "Ada\n", "²Ada", "_x", "Ada:",
             "Ada\u200b", "\u0301Ada", "A" * 10_001]
BAD_TEXTS = ["a\nb", "a\rb", "a\x00b", "\ud800", "x" * 10_001]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _replace(doc: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    changed = copy.deepcopy(doc)
    target = changed
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = new
    return changed


def _remove(doc: Any, path: tuple[Any, ...]) -> Any:
    changed = copy.deepcopy(doc)
    target = changed
    for part in path[:-1]:
        target = target[part]
    del target[path[-1]]
    return changed


DOCS = records()
ONE_IN_TEN = st.integers(0, 9)
EXTRA_GAMES = st.sampled_from([{}, {"hands": []}, {"tags": []},
                               {"hands": [{"number": 1, "line": 1, "column": 1}]}])
BAD_VALUES = st.sampled_from([
    *BAD_NAMES, *BAD_TEXTS, -1, 7, 10**9, True, False, None, "3", 6.5, [9, -1], [1],
    [1, 2, 3], [], {}, "jump", "tag", 2, 0, "blocknot", "L", "left", "Ab\n", "x\n",
])
ACTIONS = st.sampled_from(["replace", "remove", "add"])
ADDED_KEYS = st.sampled_from(["extra", "kind", "side", "comment", "player", "line"])


@st.composite
def near_misses(draw: st.DrawFn) -> Any:
    doc = draw(DOCS)
    paths = [p for p in _paths(doc) if p]
    if not paths or draw(ONE_IN_TEN) == 0:  # something about the games array
        return {**doc, "games": [*doc["games"], draw(EXTRA_GAMES)]}
    path = draw(st.sampled_from(paths))
    key = path[-1]
    value = draw(BAD_VALUES)
    action = draw(ACTIONS)
    if action == "remove" and isinstance(key, str):
        return _remove(doc, path)
    if action == "add":
        parent = path[:-1]
        holder = doc
        for part in parent:
            holder = holder[part]
        if isinstance(holder, dict):
            name = draw(ADDED_KEYS)
            return _replace(doc, parent, {**holder, name: value})
    return _replace(doc, path, value)


@settings(max_examples=examples(25, whole=150), deadline=None)
@given(DOCS)
def test_generated_records_are_accepted_by_both(doc: Any) -> None:
    assert schema_accepts(doc), list(RECORDS.iter_errors(doc))[:1]
    assert tool_accepts(doc), convert_bytes(json.dumps(doc).encode(), "text")[1]


@settings(max_examples=examples(35, whole=100), deadline=None)
@given(near_misses())
def test_near_misses_are_judged_alike(doc: Any) -> None:
    judged_alike(doc)  # (breaks_an_unstated_rule: what the schema's $comment cannot state)


def breaks_an_unstated_rule(doc: Any) -> bool:
    """A game without hands before another game: its text would join the two games."""
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, list):
        return False
    return any(isinstance(g, dict) and not g.get("hands") for g in games[:-1])


def judged_alike(doc: Any) -> None:
    """``doc`` is accepted by the schema exactly when ``convert`` accepts it."""
    if breaks_an_unstated_rule(doc):
        assert not tool_accepts(doc), json.dumps(doc)[:300]
        return
    verdict = schema_accepts(doc)
    assert tool_accepts(doc) == verdict, (verdict, json.dumps(doc)[:300])


# --- near-misses, every one: each place of small records broken each way ------------------

#: Every key a statement of each kind may have, with a value that is right there.
WHOLE_STATEMENTS: dict[str, dict[str, Any]] = {
    "opener": {"player": "Ada"},
    "deal": {"player": "Ada", "tiles": [[1, 2], [3, 4]]},
    "play": {"player": "Ada", "tile": [1, 2], "side": "L"},
    "pass": {"player": "Bea"},
    "show": {"player": "Bea", "tiles": [[5, 6]]},
    "domino": {"player": "Ada"},
    "blocked": {},
    "points": {"player": "Ada", "points": 12},
    "score": {"entries": [{"player": "Ada", "total": 12}]},
}
REMARKS = {"comments": ["a remark"], "comment": "why"}
STATEMENT = ("games", 0, "hands", 0, "statements", 0)


def whole_record(kind: str) -> dict[str, Any]:
    """A record with every key it may have, its one hand one statement of ``kind``."""
    statement = {"kind": kind, "line": 4, "column": 1, **WHOLE_STATEMENTS[kind], **REMARKS}
    hand = {"number": 1, "line": 3, "column": 1, **REMARKS, "statements": [statement]}
    tag = {"kind": "tag", "line": 1, "column": 1, "key": "Players", "value": "Ada Bea",
           **REMARKS}
    return {"notation": "blocknot", "version": 1, "comments": ["top"],
            "games": [{"tags": [tag], "hands": [hand]}]}


#: What a place is set to, by what it holds: words where a word is (names, keys, kinds),
#: texts where a text is (comments, tag values), numbers, lists and objects, each with a
#: value of every other JSON type.  Each holds the values of BAD_VALUES of its kind, values
#: right in some places (SOME_NAMES, a tag key with an underscore, every kind, the largest
#: number) and the edges of each rule.
OTHER_TYPES = [2, None, True, 6.5, [], {}]
WORDS = [*BAD_NAMES, *SOME_NAMES, *WHOLE_STATEMENTS, "Tag_1", "3", "left", "jump", "tag",
         "blocknot", "Ab\n", *OTHER_TYPES]
TEXTS = [*BAD_TEXTS, "", "Ada\n", "x\n", "Ab\n", "Nicolò", "a b", "\u0301Ada", *OTHER_TYPES]
NUMBERS = [-1, 0, 1, 2, 6, 7, 999_999_999, 10**9, True, False, 6.5, None, "3", [], {}]
LISTS = [[], [1], [9, -1], [1, 2, 3], [[1, 2]], ["Ada"], [{}], None, "3", 2, True, {}]
OBJECTS = [{}, [], None, "3", 2]
#: A key added where it is not: values right for it somewhere.
ADDED_VALUES = ["L", "Ada", 2, None, [1, 2]]


def _values_for(path: tuple[Any, ...], value: Any) -> list[Any]:
    if isinstance(value, str):
        key = path[-1] if isinstance(path[-1], str) else path[-2]
        return TEXTS if key in {"comment", "comments", "value"} else WORDS
    if isinstance(value, int):
        return NUMBERS
    return LISTS if isinstance(value, list) else OBJECTS


def single_breaks(doc: dict[str, Any], under: tuple[Any, ...] = (),
                  outside: tuple[Any, ...] | None = None) -> list[Any]:
    """Every near-miss of ``doc`` at a place under ``under`` (and not under ``outside``): the
    value there replaced by each of ``_values_for`` it, its key removed, and each key of
    ADDED_KEYS missing from an object there added with each of ADDED_VALUES."""
    found: list[Any] = []
    for path in _paths(doc):
        if path[:len(under)] != under or (outside and path[:len(outside)] == outside):
            continue
        held: Any = doc
        for part in path:
            held = held[part]
        if path:
            found += [_replace(doc, path, value) for value in _values_for(path, held)]
            if isinstance(path[-1], str):
                found.append(_remove(doc, path))
        if isinstance(held, dict):
            found += [_replace(doc, path, {**held, key: value})
                      for key in ADDED_KEYS.elements if key not in held
                      for value in ADDED_VALUES]
    return found


def sample(items: list[Any], name: str) -> list[Any]:
    """One in ``SAMPLED`` of ``items``, drawn with ``SEED`` and ``name``: the same every run,
    and a different draw for each list."""
    chosen = random.Random(f"{SEED}:{name}")
    return [item for item in items if chosen.randrange(SAMPLED) == 0]


#: Each check of many items runs on a sample; under the ``slow`` marker, on all of them.
WHOLE = [pytest.param(False, id="sample"), pytest.param(True, id="whole", marks=pytest.mark.slow)]


@pytest.mark.parametrize("whole", WHOLE)
@pytest.mark.parametrize("kind", list(WHOLE_STATEMENTS))
def test_every_near_miss_of_a_statement_is_judged_alike(kind: str, whole: bool) -> None:
    doc = whole_record(kind)
    assert schema_accepts(doc) and tool_accepts(doc)
    breaks = single_breaks(doc, under=STATEMENT)
    for broken in breaks if whole else sample(breaks, kind):
        judged_alike(broken)


@pytest.mark.parametrize("whole", WHOLE)
def test_every_near_miss_around_the_statements_is_judged_alike(whole: bool) -> None:
    doc = whole_record("play")
    second = copy.deepcopy(doc["games"][0])
    two = {**doc, "games": [doc["games"][0], second]}
    assert schema_accepts(two) and tool_accepts(two)
    breaks = single_breaks(doc, outside=STATEMENT)
    breaks += single_breaks(two, under=("games", 1), outside=("games", 1, *STATEMENT[2:]))
    breaks += [{**doc, "games": [*doc["games"], extra]} for extra in EXTRA_GAMES.elements]
    for broken in breaks if whole else sample(breaks, "around"):
        judged_alike(broken)


def test_the_sample_is_seeded_and_a_part() -> None:
    breaks = single_breaks(whole_record("play"), under=STATEMENT)
    drawn = sample(breaks, "play")
    assert drawn == sample(breaks, "play") and 0 < len(drawn) < len(breaks) / 2


# --- what the issue named, one by one ------------------------------------------------------

BASE = {"games": [{"tags": [{"line": 1, "column": 1, "key": "Players", "value": "Ada Bea"}],
                   "hands": [{"number": 1, "line": 3, "column": 1, "statements": [
                       {"kind": "play", "line": 4, "column": 1, "player": "Ada",
                        "tile": [1, 2]}]}]}]}
PLAY = ("games", 0, "hands", 0, "statements", 0)


@pytest.mark.parametrize(("path", "value"), [
    ((*PLAY, "player"), ""), ((*PLAY, "player"), "Ada Lovelace"), ((*PLAY, "player"), "2Ada"),
    ((*PLAY, "player"), "pass"), ((*PLAY, "tile"), [9, -1]), ((*PLAY, "line"), 10**9),
    ((*PLAY, "comment"), "a\nb"), ((*PLAY, "comment"), "a\x00b"), ((*PLAY, "player"), "Ada\n"),
    ((*PLAY, "comment"), "x\n"), (("games", 0, "tags", 0, "key"), "Ab\n"),
    (("games", 0, "tags", 0, "value"), "a\nb"), (("games",), [{}]),
    (("games",), [*BASE["games"], {"hands": BASE["games"][0]["hands"]}]),
    (("version",), True), (("version",), 2),
])
def test_what_both_refuse(path: tuple[Any, ...], value: Any) -> None:
    doc = _replace(BASE, path, value)
    assert not schema_accepts(doc)
    assert not tool_accepts(doc)


def test_numbers_written_with_a_fraction_are_the_one_documented_difference() -> None:
    # JSON Schema sees 6.0 as the number 6; blocknot refuses it, as its schema says.
    doc = _replace(BASE, (*PLAY, "tile"), [1, 2.0])
    assert schema_accepts(doc) and not tool_accepts(doc)
    assert "6.0" in record_schema()["$comment"]


def test_the_schema_names_its_dialect_so_a_tile_is_checked() -> None:
    schema = record_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:blocknot:schema:record-json:1"
    assert jsonschema.validators.validator_for(schema) is jsonschema.Draft202012Validator
    assert "discriminator" not in json.dumps(schema)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert not schema_accepts(_replace(BASE, (*PLAY, "tile"), [9, -1]))


def test_the_schema_command_prints_both_schemas() -> None:
    for args, expected in ((["schema"], record_schema()), (["schema", "--report"],
                                                           report_schema())):
        done = run(*args)
        assert done.returncode == 0
        assert json.loads(done.stdout) == expected


def test_what_convert_writes_matches_the_schema() -> None:
    for sample in sorted((ROOT / "samples").glob("*.block")):
        written, _ = convert_bytes(sample.read_bytes(), "json")
        assert written is not None
        assert RECORDS.is_valid(json.loads(written)), sample


# --- the report schema ---------------------------------------------------------------------


def test_the_report_schema_is_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(report_schema())
    assert report_schema()["$id"] == "urn:blocknot:schema:report-json:1"


@pytest.mark.parametrize("golden", sorted((ROOT / "tests" / "golden" / "reports").glob("*.json")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_golden_reports_match_the_report_schema(golden: Path) -> None:
    report = json.loads(golden.read_text("utf-8"))["report"]
    assert REPORTS.is_valid(report), list(REPORTS.iter_errors(report))[:1]


CASES = sorted((ROOT / "tests" / "cases").glob("*/*.txt"))
BAD = sorted((ROOT / "tests" / "badinput").glob("*.txt"))


@pytest.mark.parametrize("case", [
    pytest.param(case, id=f"{case.parent.name}/{case.name}",
                 marks=() if case in sample(CASES + BAD, "cases") else pytest.mark.slow)
    for case in CASES + BAD])
def test_case_reports_match_the_report_schema(case: Path) -> None:
    for lang in ("en", "it"):
        report = json.loads(document([validate_bytes(case.read_bytes(), case.name)], lang))
        assert REPORTS.is_valid(report), list(REPORTS.iter_errors(report))[:1]


def test_the_command_report_matches_the_report_schema() -> None:
    files = [str(p) for p in CASES[:10]]
    done = run("validate", "--format", "json", *files)
    report = json.loads(done.stdout)
    assert len(report["files"]) == 10
    assert REPORTS.is_valid(report), list(REPORTS.iter_errors(report))[:1]
    assert not REPORTS.is_valid({"files": [{**report["files"][0], "valid": "yes"}]})

