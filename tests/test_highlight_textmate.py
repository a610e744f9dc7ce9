"""The TextMate grammar ``editors/block.tmLanguage.json``: written by its tool, every pattern
a regular expression, and colouring every line of the samples and test records as the
Pygments lexer does, character by character.

The grammar is applied by a small interpreter of the TextMate rules it uses (``match`` with
``captures``, ``begin``/``end`` with ``patterns``, ``include``): at each position the rule
whose match starts first wins, the earlier rule on a tie, and a rule's ``end`` before its
``patterns``.  Its regular expressions are Oniguruma's; the ones used here are also Python's
once ``\\p{L}`` and ``\\p{M}`` are spelled out as the grammar's tables of letters and marks.
"""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

from blocknotation.basics.unicode_names import LETTERS, MARKS
from blocknotation.formats.records.highlight import NONE_WORD, SIDES, STATEMENT_KEYWORDS, BlockLexer

from expect import expectations

ROOT = Path(__file__).resolve().parent.parent
#: The samples and the test records without a syntax error, as in tests/test_highlight.py.
RECORDS = sorted((ROOT / "samples").glob("*.block")) + sorted(
    path for path in (ROOT / "tests" / "cases").glob("*/*.txt")
    if not any(code.startswith("S") for code, _ in expectations(path.read_bytes()))
)
GRAMMAR_FILE = ROOT / "editors" / "block.tmLanguage.json"
GRAMMAR = json.loads(GRAMMAR_FILE.read_text(encoding="utf-8"))

spec = importlib.util.spec_from_file_location("textmate_grammar",
                                              ROOT / "tools" / "textmate_grammar.py")
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


def compile_oniguruma(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern.replace(r"\p{L}", LETTERS).replace(r"\p{M}", MARKS))


def _patterns(rule: dict[str, Any]) -> list[str]:
    found = [rule[key] for key in ("match", "begin", "end") if key in rule]
    for inner in rule.get("patterns", []):
        found += _patterns(inner)
    return found


def test_the_file_is_what_the_tool_writes() -> None:
    assert GRAMMAR_FILE.read_text(encoding="utf-8") == tool.text()


def test_the_grammar_has_its_keys() -> None:
    assert GRAMMAR["scopeName"] == "source.block"
    assert GRAMMAR["fileTypes"] == ["block"]
    assert GRAMMAR["name"] == "Block"
    for include in GRAMMAR["patterns"]:
        assert include["include"].removeprefix("#") in GRAMMAR["repository"]


def test_every_pattern_compiles() -> None:
    found = [p for rule in GRAMMAR["repository"].values() for p in _patterns(rule)]
    assert len(found) >= 14
    for pattern in found:
        compile_oniguruma(pattern)


# --- the interpreter -----------------------------------------------------------------------------

@dataclass
class Rule:
    name: str | None
    match: re.Pattern[str] | None = None
    captures: dict[int, str] = field(default_factory=dict)
    begin: re.Pattern[str] | None = None
    end: re.Pattern[str] | None = None
    begin_captures: dict[int, str] = field(default_factory=dict)
    end_captures: dict[int, str] = field(default_factory=dict)
    patterns: list[Rule] = field(default_factory=list)


def _captures(raw: dict[str, Any] | None) -> dict[int, str]:
    return {int(group): value["name"] for group, value in (raw or {}).items()}


def build(raw: dict[str, Any]) -> Rule:
    if "include" in raw:
        return build(GRAMMAR["repository"][raw["include"].removeprefix("#")])
    rule = Rule(name=raw.get("name"))
    if "match" in raw:
        rule.match = compile_oniguruma(raw["match"])
        rule.captures = _captures(raw.get("captures"))
    else:
        rule.begin, rule.end = compile_oniguruma(raw["begin"]), compile_oniguruma(raw["end"])
        rule.begin_captures = _captures(raw.get("beginCaptures"))
        rule.end_captures = _captures(raw.get("endCaptures"))
    rule.patterns = [build(inner) for inner in raw.get("patterns", [])]
    return rule


ROOT_RULE = Rule(name=GRAMMAR["scopeName"],
                 patterns=[build(include) for include in GRAMMAR["patterns"]])


def _paint(scopes: list[list[str]], match: re.Match[str], outer: list[str],
           captures: dict[int, str]) -> None:
    for at in range(match.start(), match.end()):
        scopes[at] = list(outer)
    for group, name in captures.items():
        for at in range(match.start(group), match.end(group)):
            scopes[at] = [*outer, name]


def scopes_of_line(line: str, stack: list[Rule]) -> list[list[str]]:
    """Each character's scopes, outermost first; ``stack`` goes on to the next line."""
    scopes: list[list[str]] = [[] for _ in line]
    at = 0
    while True:
        current = stack[-1]
        outer = [rule.name for rule in stack if rule.name]
        tries: list[tuple[int, int, Rule | None, re.Match[str]]] = []
        if current.end is not None and (found := current.end.search(line, at)):
            tries.append((found.start(), 0, None, found))
        for order, candidate in enumerate(current.patterns, start=1):
            pattern = candidate.match or candidate.begin
            assert pattern is not None
            if found := pattern.search(line, at):
                tries.append((found.start(), order, candidate, found))
        if not tries:
            break
        start, _, rule, found = min(tries, key=lambda t: (t[0], t[1]))
        if rule is not None and found.end() == found.start():
            break  # a rule that matches nothing here: nothing is left for it to colour
        for place in range(at, start):
            scopes[place] = list(outer)
        if rule is None:
            _paint(scopes, found, outer, current.end_captures)
            stack.pop()
        elif rule.match is not None:
            _paint(scopes, found, [*outer, *([rule.name] if rule.name else [])], rule.captures)
        else:
            inner = [*outer, *([rule.name] if rule.name else [])]
            _paint(scopes, found, inner, rule.begin_captures)
            stack.append(rule)
        at = found.end()
    for place in range(at, len(line)):
        scopes[place] = [rule.name for rule in stack if rule.name]
    return scopes


# --- what each side calls a kind of token --------------------------------------------------------

TOKEN_KINDS: dict[_TokenType, str] = {
    Comment.Single: "comment", Comment.Special: "suppression", Keyword: "keyword",
    Keyword.Constant: "none", Keyword.Pseudo: "side", Name.Variable: "name", Number: "tile",
    Number.Integer: "integer", Name.Attribute: "tag-key", String.Double: "string",
    String.Escape: "escape", Punctuation: "punctuation", Whitespace: "plain",
}
SCOPE_KINDS = [
    ("keyword.other.suppression.", "suppression"), ("comment.line.", "comment"),
    ("keyword.control.", "keyword"), ("constant.language.none.", "none"),
    ("constant.language.side.", "side"), ("variable.other.player.", "name"),
    ("constant.numeric.tile.", "tile"), ("constant.numeric.integer.", "integer"),
    ("entity.other.attribute-name.", "tag-key"), ("string.quoted.double.", "string"),
    ("constant.character.escape.", "escape"), ("punctuation.", "punctuation"),
]


def scope_kind(scopes: list[str]) -> str:
    for scope in reversed(scopes):
        for prefix, kind in SCOPE_KINDS:
            if scope.startswith(prefix):
                return kind
    return "plain"


def textmate_kinds(text: str) -> list[list[str]]:
    stack = [ROOT_RULE]
    return [[scope_kind(s) for s in scopes_of_line(line, stack)]
            for line in text.split("\n")]


def pygments_kinds(text: str) -> list[list[str]]:
    kinds: list[str] = []
    for _, token, value in BlockLexer().get_tokens_unprocessed(text):
        kinds += [TOKEN_KINDS[token]] * len(value)
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append(kinds[at : at + len(line)])
        at += len(line) + 1
    return lines


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", RECORDS, ids=_id)
def test_a_record_is_coloured_as_pygments_colours_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    ours, theirs = textmate_kinds(text), pygments_kinds(text)
    for number, (line, mine, pygments) in enumerate(zip(text.split("\n"), ours, theirs,
                                                        strict=True), start=1):
        assert mine == pygments, f"line {number}: {line!r}"


TRICKY = """\
[Event "Club \\"Il Circolo\\" #3"]   # blocknot: ignore[G105] (a house rule)
[Players "Nicolò Zoë सुनील D'Amico"]
hand 12
deal Nicolò: [3 | 5] [ 0|0] 6-6
Nicolò: 3-5 left
Zoë: 5-5 R # blocknot: ignore[P4] blocknot: ignore[E5] # blocknot: ignore-file[E507]
handy: pass
Lefty: 0-0 L
show सुनील: -
show D'Amico: 1-2
blocked # blocknot: ignore-file
points none
score Nicolò 10, Zoë 0, सुनील 3, D'Amico 7
"""


def test_tricky_lines_are_coloured_alike() -> None:
    ours, theirs = textmate_kinds(TRICKY), pygments_kinds(TRICKY)
    assert ours == theirs
    # The check sees the kinds it compares: a name, a keyword, a tile, a side, a mark.
    line7, line6 = ours[6], ours[5]
    assert line7[:5] == ["name"] * 5 and line7[7:11] == ["keyword"] * 4
    assert line6.count("suppression") == len("blocknot: ignore[P4]") + len(
        "blocknot: ignore-file[E507]")
    assert ours[4][-4:] == ["side"] * 4 and ours[3][13:20] == ["tile"] * 7


# --- editors/README.md ---------------------------------------------------------------------------

EDITORS = (ROOT / "editors" / "README.md").read_text(encoding="utf-8")
_FENCED = re.compile(r"^```(\w+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _blocks(kind: str) -> list[str]:
    return [m.group(2) for m in _FENCED.finditer(EDITORS) if m.group(1) == kind]


def test_the_editor_snippets_agree_with_the_grammar_and_the_server() -> None:
    manifest, language, settings = (json.loads(text) for text in _blocks("json"))
    assert manifest["contributes"]["grammars"] == [
        {"language": "block", "scopeName": GRAMMAR["scopeName"],
         "path": "./block.tmLanguage.json"}]
    assert manifest["contributes"]["languages"][0]["extensions"] == [".block"]
    assert language["comments"] == {"lineComment": "#"}
    assert settings == {"glspc.server.command": "blocknot",
                        "glspc.server.commandArguments": ["lsp"],
                        "glspc.server.languageId": ["block"]}
    (helix,) = (tomllib.loads(text) for text in _blocks("toml"))
    assert helix["language-server"]["blocknot"] == {"command": "blocknot", "args": ["lsp"]}
    assert helix["language"][0]["file-types"] == ["block"]
    assert helix["language"][0]["scope"] == GRAMMAR["scopeName"]
    (lua,) = _blocks("lua")
    assert 'cmd = { "blocknot", "lsp" }' in lua and 'extension = { block = "block" }' in lua
    (elisp,) = _blocks("elisp")
    assert '("blocknot" "lsp")' in elisp and '"\\\\.block\\\\\'"' in elisp


def test_the_emacs_mode_knows_the_keywords() -> None:
    (elisp,) = _blocks("elisp")
    lists = [set(re.findall(r'"([^"]+)"', m)) for m in re.findall(r"regexp-opt '\(([^)]*)\)",
                                                                    elisp)]
    assert lists == [set(STATEMENT_KEYWORDS), {NONE_WORD} | SIDES]
