"""The registry (``blocknotation/basics/codes/``) leads to everything about a code: each
entry names the modules whose checks raise it, and those are exactly the modules that do;
each entry holds the code's messages, keyed, and the checks raise by code and key: every
key they name is one of the code's, and every message of an entry is raised or filled in
somewhere."""

from __future__ import annotations

import ast
import re
import string
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from blocknotation.basics.codes import CATALOGUE
from blocknotation.basics.codes.phrases import PHRASES
from blocknotation.basics.diagnostics import diagnostic, message_part, phrase, stated
from blocknotation.basics.example_records import examples_dir

PACKAGE = Path(__file__).resolve().parent.parent / "blocknotation"
CODE = re.compile(r"^[SGDTPE]\d{3}$")
#: What ``Site.codes`` holds for a shared phrase (``phrase(key)``).
SHARED = "PHRASES"

#: The calls that name a message: the function, where its code is (an argument's index, or
#: the code itself), and where its key is.
NAMING: dict[str, tuple[int | str, int]] = {
    "diagnostic": (0, 3),
    "message_part": (0, 1),
    "phrase": (SHARED, 0),
}

#: Where a message's key reaches the call that names it from elsewhere, and so cannot be
#: read off the call: each module, the code, and how its keys travel.  The keys of these
#: codes count as used where they are written as strings in these modules.
DYNAMIC: dict[str, tuple[str, str]] = {
    "formats/records/json_buffer.py": ("S001", "at_place, here and expect take the key"),
    "formats/records/json_stream.py": ("S001", "the keys it hands json_buffer's here"),
    "formats/records/json_positions.py": ("S001", "_stop takes the key"),
    "formats/records/json_problems.py": ("S001", "_SIMPLE: pydantic's error types' keys"),
    "notation/tile_slips.py": ("S001", "each Slip holds the key it is said with"),
    "notation/unreadable.py": ("S003", "_MAGIC: the keys of kinds of files; binary's what"),
    "notation/syntax_messages.py": ("S001", "_WORDS: the keys of the grammar's terminals"),
    "engine/amend.py": (SHARED, "the kind of an amendment is the key of its words"),
}


def _constants(tree: ast.Module) -> dict[str, str]:
    return {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
            for target in node.targets if isinstance(target, ast.Name)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}


def _strings(node: ast.expr | None) -> set[str] | None:
    """The strings ``node`` is: a literal, or a conditional expression of literals; None
    for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body), _strings(node.orelse)
        return None if body is None or orelse is None else body | orelse
    return None


def _assigned(function: ast.AST | None, name: str) -> set[str] | None:
    """The strings a local ``name`` of ``function`` is given, when every assignment to it
    gives literals; None otherwise (a parameter, a value looked up)."""
    if function is None:
        return None
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            strings = _strings(node.value)
            if strings is None:
                return None
            found |= strings
    return found or None


@dataclass(frozen=True)
class Site:
    """One call that names a message: where, its code(s) and key(s) as far as the call
    shows them (None: not shown there), and the names of its values (None: ``**values``)."""

    module: str
    line: int
    function: str
    codes: frozenset[str] | None
    keys: frozenset[str] | None
    values: frozenset[str] | None


def _resolved(node: ast.expr, constants: dict[str, str], function: ast.AST | None
              ) -> frozenset[str] | None:
    if isinstance(node, ast.Name):
        if node.id in constants:
            return frozenset({constants[node.id]})
        assigned = _assigned(function, node.id)
        return None if assigned is None else frozenset(assigned)
    strings = _strings(node)
    return None if strings is None else frozenset(strings)


def _functions(tree: ast.Module) -> Iterator[tuple[ast.AST | None, ast.AST]]:
    """Each node of ``tree`` with the innermost function around it (None at module level)."""
    def walk(node: ast.AST, function: ast.AST | None) -> Iterator[tuple[ast.AST | None, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            yield function, child
            inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) \
                else function
            yield from walk(child, inner)
    return walk(tree, None)


@cache
def tree_of(path: Path) -> ast.Module:
    """The syntax tree of a module, parsed once for all the checks that read it."""
    return ast.parse(path.read_text("utf-8"))


@cache
def package_sites() -> tuple[Site, ...]:
    """The calls of the package that name a message, found once for the checks below."""
    return tuple(sites())


def sites(package: Path = PACKAGE) -> Iterator[Site]:
    """Every call of the package that names a message, but the registry's own."""
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        if module.startswith("basics/codes/") or module == "basics/diagnostics.py":
            continue
        tree = tree_of(path)
        constants = _constants(tree)
        for function, node in _functions(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in NAMING):
                continue
            where, at = NAMING[node.func.id]
            args = node.args
            if any(isinstance(a, ast.Starred) for a in args[:at]):
                at -= 1  # diagnostic(code, *where, key): the star is the line and column
            if len(args) <= at:
                continue
            codes = (frozenset({where}) if isinstance(where, str)
                     else _resolved(args[where], constants, function))
            keywords = node.keywords
            values = (None if any(k.arg is None for k in keywords)
                      else frozenset(str(k.arg) for k in keywords))
            name = getattr(function, "name", "")
            yield Site(module, node.lineno, name, codes,
                       _resolved(args[at], constants, function), values)


def raised_in(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The modules (paths under the package) that call ``diagnostic(CODE, …)`` or
    ``stated(CODE, …)``, or refuse a move at a table with ``IllegalMove(CODE, …)``, by
    code: the code written as a literal, or as a string constant of the module."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in package.rglob("*.py"):
        tree = tree_of(path)
        constants = _constants(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("diagnostic", "stated", "IllegalMove") and node.args):
                continue
            first = node.args[0]
            code = (first.value if isinstance(first, ast.Constant)
                    else constants.get(first.id) if isinstance(first, ast.Name) else None)
            if isinstance(code, str) and CODE.match(code):
                found[code].add(path.relative_to(package).as_posix())
    return found


def _messages(code: str) -> dict[str, str]:
    return dict(PHRASES) if code == SHARED else dict(CATALOGUE[code].messages)


def _fields(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0]
            for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_entry_names_the_modules_that_raise_its_code() -> None:
    raised = raised_in()
    assert set(raised) == set(CATALOGUE)
    for code, entry in CATALOGUE.items():
        assert (code, set(entry.checks)) == (code, raised[code])


def test_the_scan_finds_a_check_and_misses_none(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        'P = "P405"\n'
        'def f():\n    return diagnostic(P, 1, 1, "x")\n'
        'def g():\n    return diagnostic("E504", 1, 1, "y")\n'
        'def h():\n    return other("E505")\n', "utf-8")
    assert raised_in(tmp_path) == {"P405": {"m.py"}, "E504": {"m.py"}}


def test_the_scan_reads_keys_as_far_as_the_call_shows_them(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        'def f(blank, given):\n'
        '    key = "a" if blank else "b"\n'
        '    diagnostic("P403", 1, 1, key, player=1)\n'
        '    diagnostic("P403", *at, "c", **values)\n'
        '    message_part("E504", given)\n'
        '    phrase("left_end" if blank else "right_end", value=2)\n', "utf-8")
    assert [(s.codes, s.keys, s.values) for s in sites(tmp_path)] == [
        ({"P403"}, {"a", "b"}, {"player"}),
        ({"P403"}, {"c"}, None),
        ({"E504"}, None, frozenset()),
        ({SHARED}, {"left_end", "right_end"}, {"value"}),
    ]


def test_every_call_names_a_message_of_its_code() -> None:
    """Each key a call names is one of its code's messages (or, for a diagnostic, a shared
    phrase that wraps another message); where the call does not show its code, one of some
    code's."""
    every = {key for entry in CATALOGUE.values() for key in entry.messages}
    wrong = []
    for site in package_sites():
        if site.keys is None:
            continue
        for key in site.keys:
            if site.codes is None:
                known = key in every or key in PHRASES
            else:
                known = all(key in _messages(code) or key in PHRASES for code in site.codes)
            if not known:
                wrong.append((site.module, site.line, site.codes, key))
    assert not wrong


def test_every_key_not_shown_by_its_call_travels_where_the_registry_test_knows() -> None:
    hidden = {site.module for site in package_sites() if site.keys is None}
    assert hidden <= set(DYNAMIC), hidden - set(DYNAMIC)


def test_every_call_gives_the_values_its_message_names() -> None:
    """A call whose code, key and values show gives each placeholder of its message a value
    (it may give more: the fixes read the tile or the name meant)."""
    missing = []
    for site in package_sites():
        if site.codes is None or site.keys is None or site.values is None:
            continue
        for code in site.codes:
            for key in site.keys:
                template = _messages(code).get(key) or PHRASES.get(key)
                if template is not None and not _fields(template) <= site.values:
                    missing.append((site.module, site.line, key,
                                    _fields(template) - site.values))
    assert not missing


def test_every_message_of_the_registry_is_used() -> None:
    """Each message of each entry, and each shared phrase, is named by a call, or written as
    a key in a module where keys travel to the call (``DYNAMIC``)."""
    named: dict[str, set[str]] = defaultdict(set)
    for site in package_sites():
        keys = site.keys or frozenset()
        # A call that does not show its code (a message said again with another code's)
        # names its key for every code that has it.
        for code in site.codes or CATALOGUE:
            named[code] |= keys
        named[SHARED] |= keys & set(PHRASES)
    for module, (code, _) in DYNAMIC.items():
        tree = tree_of(PACKAGE / module)
        named[code] |= {node.value for node in ast.walk(tree)
                        if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    unused = [(code, key) for code in [*CATALOGUE, SHARED] for key in _messages(code)
              if key not in named[code]]
    assert not unused


def test_no_key_is_both_a_code_message_and_a_shared_phrase() -> None:
    for code, entry in CATALOGUE.items():
        assert not set(entry.messages) & set(PHRASES), code


def test_every_message_is_a_template_with_placeholders_that_format() -> None:
    for code in [*CATALOGUE, SHARED]:
        for key, template in _messages(code).items():
            fields = _fields(template)
            assert template.format(**dict.fromkeys(fields, 0)), (code, key)


def test_a_key_the_registry_does_not_hold_is_refused() -> None:
    assert diagnostic("P405", 3, 1, "passed_holding", player="Ada", tile="3-5",
                      end="x").message.template == CATALOGUE["P405"].messages["passed_holding"]
    assert message_part("E504", "scores", player="Ada", points=3).render() == "Ada scores 3"
    assert phrase("slip_at", line=4).render() == "the slip at line 4"
    with pytest.raises(KeyError, match="P405 has no message 'after_end'"):
        diagnostic("P405", 3, 1, "after_end")
    with pytest.raises(KeyError, match="unknown diagnostic code X999"):
        diagnostic("X999", 3, 1, "after_end")
    with pytest.raises(KeyError):
        stated("S001", 1, 1, phrase("slip_at", line=4))


def test_the_rules_codes_are_checked_in_the_engine() -> None:
    # A rule's check is in the module of its area of the rules: the engine, for every code
    # but the reading ones (S).
    for code, entry in CATALOGUE.items():
        if not code.startswith("S"):
            assert all(check.startswith("engine/") for check in entry.checks), code


def test_every_entry_has_its_texts_and_examples() -> None:
    names = {path.name for path in examples_dir().iterdir()}
    for code, entry in CATALOGUE.items():
        assert entry.what and entry.why and entry.summary, code
        assert entry.messages, code
        assert {entry.bad, entry.good} <= names, code


def test_the_engine_words_no_message_itself() -> None:
    """The engine names its messages by code and key (or a shared phrase's key): no
    sentence is written in ``blocknotation/engine/``, so each lives in one registry entry."""
    worded = [(path.name, node.lineno) for path in sorted((PACKAGE / "engine").glob("*.py"))
              for node in ast.walk(tree_of(path))
              if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_"]
    assert not worded
