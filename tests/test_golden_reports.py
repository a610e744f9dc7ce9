"""Every sample's JSON report equals its golden file (regenerate: tools/golden_reports.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.block"))

TOOL = ROOT / "tools" / "golden_reports.py"
spec = importlib.util.spec_from_file_location("golden_reports", TOOL)
assert spec is not None and spec.loader is not None
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_report_matches_golden(sample: Path) -> None:
    expected = (ROOT / "tests" / "golden" / "reports" / f"{sample.stem}.json").read_text("utf-8")
    assert tool.golden(sample) == expected, "run `python tools/golden_reports.py` and review"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_samples_are_legal_complete_games(sample: Path) -> None:
    golden = json.loads((ROOT / "tests" / "golden" / "reports" / f"{sample.stem}.json").read_text())
    (file,) = golden["report"]["files"]
    assert file["valid"] and file["diagnostics"] == []
    (game,) = file["games"]
    assert game["status"] == "won"
    assert max(game["score"].values()) >= game["target"]
    assert game["score"][game["winner"]] == max(game["score"].values())
