"""The package's folders are the stages of the pipeline, and imports run one way, down it."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "blocknotation"

#: What each stage may import, besides itself (the top-level modules run the stages).
ALLOWED = {
    "basics": set(),
    "reading": {"basics"},
    "report": {"basics"},
    "engine": {"basics", "reading", "report"},
    "formats": {"basics", "reading", "report"},
    "simulator": {"basics"},
}


def imports_by_stage(package: Path = PACKAGE) -> dict[str, set[str]]:
    """The stages (folders, or top-level modules) each stage's modules import from."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in package.rglob("*.py"):
        parts = path.relative_to(package).parts
        stage = parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")
        here = [package.name, *parts[:-1]]
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
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


def test_modules_stay_small() -> None:
    # About 300 lines a module: a little slack, and the simulator, the tests' independent
    # oracle, is held to it too.
    sizes = {path.relative_to(PACKAGE).as_posix(): path.read_text("utf-8").count("\n")
             for path in PACKAGE.rglob("*.py")}
    assert {name: lines for name, lines in sizes.items() if lines > 330} == {}
