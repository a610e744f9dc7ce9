"""The package's folders are the stages of the pipeline, and imports run one way, down it:
between the stages, between the three jobs of ``formats/``, and between any two modules (no
circle of imports, not even one written inside a function or only for the type checker)."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "blocknotation"


@cache
def tree_of(path: Path) -> ast.Module:
    """The syntax tree of a module, parsed once for all the checks that read it."""
    return ast.parse(path.read_text("utf-8"))

#: What each stage may import, besides itself (the top-level modules run the stages).
ALLOWED = {
    "basics": set(),
    "notation": {"basics"},
    "report": {"basics"},
    "engine": {"basics", "notation", "report"},
    "formats": {"basics", "notation", "report"},
    "simulator": {"basics"},
    "analysis": {"basics", "notation", "report", "engine"},
    "season": {"basics", "notation", "report", "formats", "pipeline", "suppress"},
    "serve": {"basics", "notation", "report", "engine", "formats", "season", "pipeline"},
    "run": {"basics", "notation", "report", "formats", "pipeline", "suppress", "fixing",
            "season", "games", "analysis"},
    # The command line parses, calls the library (``run/`` above all), formats and exits.
    "cli": {"basics", "report", "formats", "season", "simulator", "lsp", "serve", "run"},
}


def imports_by_stage(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The stages (folders, or top-level modules) each stage's modules import from."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in package.rglob("*.py"):
        parts = path.relative_to(package).parts
        stage = parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")
        here = [package.name, *parts[:-1]]
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = here[: len(here) - (node.level - 1)]
                target = [*base, *(node.module.split(".") if node.module else [])]
                if len(target) > 1 and target[1] != stage:
                    found[stage].add(target[1])
    return found


def test_imports_run_down_the_pipeline() -> None:
    found = imports_by_stage()
    for stage, allowed in ALLOWED.items():
        assert (stage, found[stage] - allowed) == (stage, set())


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "x.py").write_text("from ..pipeline import run\n", "utf-8")
    assert imports_by_stage(tmp_path)["formats"] == {"pipeline"}


#: What each of the three jobs of ``formats/`` may import of the others.
FORMATS_ALLOWED = {"records": set(), "reports": {"records"}, "html": {"records", "reports"}}


def module_imports(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The package's modules (dotted names) each module imports, wherever the import is
    written: at the top, inside a function or under ``TYPE_CHECKING``."""
    modules: dict[str, tuple[Path, bool]] = {}
    for path in package.rglob("*.py"):
        parts = [package.name, *path.relative_to(package).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, is_package) in modules.items():
        here = name.split(".") if is_package else name.split(".")[:-1]
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.ImportFrom):
                base = here[: len(here) - (node.level - 1)] if node.level else []
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                found = {target, *(f"{target}.{alias.name}" for alias in node.names)}
            elif isinstance(node, ast.Import):
                found = {alias.name for alias in node.names}
            else:
                continue
            graph[name] |= {module for module in found if module in modules} - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """The circles of imports: each set of two or more modules that import one another (the
    strongly connected components, by Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        yield sorted(component)


def test_no_circle_of_imports() -> None:
    assert list(circles(module_imports())) == []


def test_the_check_sees_a_circle(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "formats").mkdir(parents=True)
    (package / "__init__.py").write_text("", "utf-8")
    (package / "formats" / "__init__.py").write_text("", "utf-8")
    (package / "formats" / "a.py").write_text("from .b import x\n", "utf-8")
    (package / "formats" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import y\n", "utf-8")
    (package / "formats" / "c.py").write_text("def f():\n    from . import a\n", "utf-8")
    (package / "formats" / "d.py").write_text("from .a import x\n", "utf-8")
    assert list(circles(module_imports(package))) == [
        ["pkg.formats.a", "pkg.formats.b", "pkg.formats.c"]]


def test_the_jobs_of_formats_import_one_way() -> None:
    graph = module_imports()
    prefix = "blocknotation.formats."
    found: dict[str, set[str]] = defaultdict(set)
    for module, targets in graph.items():
        if module.startswith(prefix) and module.count(".") >= 3:
            job = module.split(".")[2]
            found[job] |= {target.split(".")[2] for target in targets
                           if target.startswith(prefix) and target.count(".") >= 3} - {job}
    assert set(found) <= set(FORMATS_ALLOWED)
    for job, allowed in FORMATS_ALLOWED.items():
        assert (job, found[job] - allowed) == (job, set())
    assert sorted(path.name for path in (PACKAGE / "formats").iterdir()
                  if path.suffix == ".py") == ["__init__.py"]


#: A function is at most this many lines long, its docstring included: modules are split by
#: concept, and their size is not bounded, but a function that does one thing fits a screen.
MAX_FUNCTION_LINES = 60

#: The functions allowed to be longer, each with why.
LONG_FUNCTIONS = {
    "serve/app.py::build": "the server's routes, each a closure over the evening's state, "
                           "wired in one place so that every route and its guard read together",
    "simulator/simulate.py::_play_hand": "the tests' oracle plays a hand in one straight "
                                         "loop, apart from the engine on purpose",
    "simulator/mistakes.py::__init__": "where every kind of slip may go, found in one pass "
                                       "over the record's lines",
    "cli/validate.py::validate": "the command's options, one parameter each",
    "engine/choose.py::choose": "the claims' choice among the readings, in the order the "
                                "docs give it",
    "engine/hand_replay.py::_bounded": "the count from what each player may hold, each case "
                                       "of R13-R15 in turn",
}


def _function_lengths() -> dict[str, int]:
    """Every function and method of the package by ``module::name``, with its length."""
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = tree_of(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{path.relative_to(PACKAGE).as_posix()}::{node.name}"
                assert node.end_lineno is not None
                found[name] = max(found.get(name, 0), node.end_lineno - node.lineno + 1)
    return found


def test_functions_stay_short() -> None:
    lengths = _function_lengths()
    assert {name: n for name, n in lengths.items()
            if n > MAX_FUNCTION_LINES and name not in LONG_FUNCTIONS} == {}
    # The exceptions are still needed, so the list stays short and true.
    assert {name for name in LONG_FUNCTIONS if lengths.get(name, 0) <= MAX_FUNCTION_LINES} == set()


CLI = PACKAGE / "cli"
#: The modules of ``cli/`` that are not a command's: the group and its entry point, the
#: shared options, help in the user's language, completion and the exit statuses.
CLI_SHARED = {"__init__", "commands", "entry", "exits", "help", "options", "usage_words",
              "completion"}


def command_modules() -> dict[str, str]:
    """Each command of ``blocknot`` and the module of ``cli/`` that defines it, read from
    ``commands.COMMANDS`` (without loading click)."""
    tree = ast.parse((CLI / "commands.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COMMANDS" for t in node.targets):
            table = ast.literal_eval(node.value)
            return {name: module for name, (module, _) in table.items()}
    raise AssertionError("commands.py has no COMMANDS")


def test_one_module_per_command() -> None:
    modules = command_modules()
    assert {name: module for name, module in modules.items() if name != module} == {}
    found = {path.stem for path in CLI.glob("*.py")}
    assert found - CLI_SHARED == set(modules.values())


def private_cross_imports(folder: Path) -> list[tuple[str, str]]:
    """The imports of a name starting with ``_`` from another module of ``folder``, and
    every import of one command's module by another's."""
    own = {path.stem for path in folder.glob("*.py")}
    commands = own - CLI_SHARED
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(tree_of(path)):
            if not isinstance(node, ast.ImportFrom) or node.level != 1:
                continue
            names = [node.module] if node.module else [a.name for a in node.names]
            for module in names:
                if module not in own or module == path.stem:
                    continue
                private = [a.name for a in node.names if a.name.startswith("_")]
                if private or (path.stem in commands and module in commands):
                    found.append((path.stem, module))
    return found


def test_no_private_imports_between_command_modules() -> None:
    assert private_cross_imports(CLI) == []


def test_the_check_sees_a_private_cross_import(tmp_path: Path) -> None:
    (tmp_path / "validate.py").write_text("from .options import _secret\n", "utf-8")
    (tmp_path / "options.py").write_text("_secret = 1\n", "utf-8")
    (tmp_path / "standings.py").write_text("def f():\n    from .validate import run\n",
                                           "utf-8")
    assert private_cross_imports(tmp_path) == [("standings", "validate"),
                                               ("validate", "options")]


def test_the_library_runs_without_click() -> None:
    """``run/`` is the library behind the commands: it never imports click or ``cli/``."""
    for path in (PACKAGE / "run").glob("*.py"):
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] != "click" for a in node.names), path
            elif isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "click", path


#: Each rule of play written once (R2, R4, R6-R8, R12): the function or table, and the module
#: that defines it.  The public ``Table`` (``engine/table.py``) has methods of the same names,
#: each asking the one beneath it; the simulator is the tests' oracle, a model of the rules
#: kept apart from the engine on purpose.
RULE_HOMES = {
    "FITTING": "engine/rules.py",  # the tiles that fit each chain (R6, R7)
    "fitting": "engine/rules.py",
    "fits": "engine/rules.py",
    "sides": "engine/rules.py",
    "fitting_end": "engine/rules.py",  # R6: the readings where a tile fits one end
    "fitting_both": "engine/rules.py",  # R6: the readings where it fits both (P404)
    "legal_plays": "engine/rules.py",  # R5, R6
    "may_pass": "engine/rules.py",  # R8
    "barring_a_pass": "engine/rules.py",  # R8: the tiles that bar a pass
    "BARRING": "engine/rules.py",  # R8: the same, by chain
    "went_out": "engine/rules.py",  # R12: a domino
    "all_passed": "engine/rules.py",  # R12: blocked by passes
    "stuck": "engine/rules.py",  # R12: nobody can play
    "ending_play": "engine/rules.py",  # R12: how a play ends the hand, if it does
    "cannot_play_again": "engine/rules.py",  # R6: nobody may lay a tile in moves left out
    "may_hold": "engine/knowledge.py",  # R2, R4
    "holdable": "engine/knowledge.py",
    "may_still_hold": "engine/knowledge.py",  # R2, R4, R8: her passes believed
    "may_have_kept": "engine/knowledge.py",  # at the end of the hand, less what others showed
    "fillable": "engine/knowledge.py",  # R2: hands can hold their tiles, no tile twice
}
RULES_ASKED_BY = "engine/table.py"
#: The Table's methods that ask a rule of another name: its players' passes believed.
TABLE_ASKS = {"may_hold": "may_still_hold"}
ORACLE = "simulator/"


def rules_written(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Where each name of ``RULE_HOMES`` is defined (a function, a method or a table), or,
    for ``FITTING``, used at all, by module; the public Table's methods of the same names
    count only where they do not ask the rule's own function."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        if module.startswith(ORACLE):
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for name in _module_names(tree):
            found[name].add(module)
        functions = {node.name: node for node in ast.walk(tree)
                     if isinstance(node, ast.FunctionDef)}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in RULE_HOMES:
                # A table's method may ask the rule through its private twin (``_may_pass``).
                twin = functions.get(f"_{node.name}")
                asked = {getattr(call.func, "id", getattr(call.func, "attr", None))
                         for body in (node, twin) if body is not None
                         for call in ast.walk(body) if isinstance(call, ast.Call)}
                if module != RULES_ASKED_BY or TABLE_ASKS.get(node.name, node.name) not in asked:
                    found[node.name].add(module)
            elif "FITTING" in (getattr(node, "id", None), getattr(node, "name", None)) and (
                    isinstance(node, ast.Name | ast.alias)):
                found["FITTING"].add(module)
    return found


def _module_names(tree: ast.Module) -> set[str]:
    """The names of ``RULE_HOMES`` a module gives a value of its own, at its top level."""
    names: set[str] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [
            node.target] if isinstance(node, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name) and t.id in RULE_HOMES}
    return names


def test_each_rule_of_play_is_written_once() -> None:
    found = rules_written()
    assert {name: modules for name, modules in found.items()
            if modules != {RULE_HOMES[name]}} == {}
    assert set(found) == set(RULE_HOMES)


def test_the_rules_check_sees_a_rule_written_again(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "rules.py").write_text(
        "FITTING: tuple[int, ...] = ()\ndef may_pass(held, one):\n"
        "    return not held & FITTING[one]\n", "utf-8")
    (tmp_path / "engine" / "hand.py").write_text(
        "from .rules import FITTING\ndef ok(held, one):\n    return held & FITTING[one]\n",
        "utf-8")
    (tmp_path / "engine" / "table.py").write_text(
        "class Table:\n    def may_pass(self, held):\n        return not held\n"
        "    def fits(self, tile):\n        return fits(tile, self.one)\n", "utf-8")
    (tmp_path / "engine" / "slips.py").write_text("stuck = 0\n", "utf-8")
    (tmp_path / "simulator").mkdir()
    (tmp_path / "simulator" / "simulate.py").write_text(
        "def may_pass(held, ends):\n    return True\n", "utf-8")
    assert rules_written(tmp_path) == {"FITTING": {"engine/rules.py", "engine/hand.py"},
                                       "may_pass": {"engine/rules.py", "engine/table.py"},
                                       "stuck": {"engine/slips.py"}}


#: The masks that "may hold" is made of, asked only where they are combined into it
#: (``knowledge.py``) and where the table words a P407 (the pass that rules a tile out).
MAY_HOLD_PARTS = {"ruled_out": {"engine/knowledge.py", "engine/table.py"},
                  "others_shown": {"engine/knowledge.py"}}


def may_hold_parts_asked(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The modules that call each method of ``MAY_HOLD_PARTS``."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                    node.func.attr in MAY_HOLD_PARTS):
                found[node.func.attr].add(module)
    return found


def test_may_hold_is_combined_in_one_module() -> None:
    assert may_hold_parts_asked() == MAY_HOLD_PARTS


def test_the_may_hold_check_sees_a_mask_combined_again(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "bounds.py").write_text(
        "def free(t, s):\n    return t.holdable(s) & ~t.ruled_out(s)\n", "utf-8")
    assert may_hold_parts_asked(tmp_path) == {"ruled_out": {"engine/bounds.py"}}


def _codes_built(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The functions that build a diagnostic of each code: a call whose first argument is
    the code, as written."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text("utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for call in ast.walk(function):
                if isinstance(call, ast.Call) and call.args and isinstance(
                        call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
                    found[call.args[0].value].add(f"{module}::{function.name}")
    return found


def test_an_illegal_pass_is_worded_in_one_place() -> None:
    # R8's one diagnostic: the replay, the readings and the public Table all take it from
    # here, and the rule it judges by is ``rules.may_pass``.
    assert _codes_built()["P405"] == {"engine/moves.py::illegal_pass"}


def test_an_illegal_pass_is_reported_from_one_place() -> None:
    # A reading keeps the illegal passes it implies (``World.illegal_passes``, and those
    # every reading had at the pass, ``World.reported_passes``); ``choose.py`` alone puts
    # them among a hand's problems, where every reading left has them.  Nothing appends an
    # illegal pass to problems where it is found.
    read_out, appended = set(), set()
    for path in sorted((PACKAGE / "engine").glob("*.py")):
        for node in ast.walk(tree_of(path)):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            target = node.func.value
            if (node.func.attr == "values" and isinstance(target, ast.Attribute)
                    and target.attr in ("illegal_passes", "reported_passes")):
                read_out.add(path.name)
            if node.func.attr in ("append", "extend") and any(
                    isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name)
                    and arg.func.id == "illegal_pass" for arg in node.args):
                appended.add(path.name)
    assert (read_out, appended) == ({"choose.py"}, set())


def test_no_two_classes_share_a_name() -> None:
    """One name, one class, private ones included: the plain form of each record model is
    named for it (``notation/plain.py``'s ``PlainHand`` mirrors ``records.Hand``), and the
    public ``Table``'s moves are ``TablePlay`` and ``TablePass``."""
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.ClassDef):
                where[node.name].append(path.relative_to(PACKAGE).as_posix())
    assert {name: places for name, places in where.items() if len(places) > 1} == {}
    plain = {name for name, places in where.items()
             if "notation/plain.py" in places and not name.startswith("_")}
    records = {name for name, places in where.items() if "notation/records.py" in places}
    assert {name.removeprefix("Plain") for name in plain} <= records


def test_an_alias_names_one_module() -> None:
    """An import alias (``plain as r``) means the same module wherever it is written."""
    meaning: dict[str, set[str]] = defaultdict(set)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(tree_of(path)):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.asname is not None and alias.asname != alias.name:
                        meaning[alias.asname].add(alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname is not None:
                        meaning[alias.asname].add(alias.name)
    assert {name: found for name, found in meaning.items() if len(found) > 1} == {}
