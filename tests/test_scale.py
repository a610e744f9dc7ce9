"""docs/scale.md's recipe on a local Dask cluster of worker processes gives, line for line
after sorting, what `blocknot validate --format jsonl` writes for the same files."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest

from inprocess import run

ROOT = Path(__file__).resolve().parent.parent
P405 = (ROOT / "blocknotation" / "examples" / "P405.bad.txt").read_bytes()


def generated(directory: Path) -> list[str]:
    paths = []
    for seed in range(4):
        made = run("generate", "--games", "5", "--seed", str(seed),
                   *(["--partial"] if seed % 2 else ["--claims"]))
        assert made.returncode == 0, made.stderr
        games = made.stdout
        path = directory / f"part{seed}.block"
        path.write_bytes(games + b"\n" + P405 if seed == 1 else games)
        paths.append(str(path))
    (directory / "old.block.gz").write_bytes(gzip.compress(P405 + b"\n\xff\n"))
    return [*paths, str(directory / "old.block.gz")]


# A local cluster of worker processes costs seconds to start: under the ``slow`` marker
# (``--run-slow``, as .ci/run runs it).
@pytest.mark.slow
def test_the_dask_recipe_equals_the_command(tmp_path: Path) -> None:
    # Imported here, not when the tests are collected: Dask takes a second to import, and
    # each pytest-xdist worker collects every module.
    pytest.importorskip("dask.bag")
    distributed = pytest.importorskip("distributed")
    from blocknotation.scale import jsonl_bag

    paths = generated(tmp_path)
    checked = tmp_path / "checked"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster):
        lines = jsonl_bag(paths).compute()
        # The recipe as docs/scale.md prints it: files of whole lines, each ended.
        jsonl_bag(paths).to_textfiles(f"{checked}/*.jsonl", last_endline=True)
    written = sorted(checked.glob("*.jsonl"))
    assert written and all(f.read_bytes().endswith(b"\n") for f in written)
    counted = subprocess.run(["wc", "-l", *map(str, written)], capture_output=True,
                             text=True, check=True).stdout.splitlines()
    assert int(counted[-1].split()[0]) == 4 * 5 + 2  # `wc -l`: one line per game
    assert sorted(line for f in written for line in f.read_text("utf-8").splitlines()) \
        == sorted(lines)
    done = subprocess.run([sys.executable, "-m", "blocknotation", "validate", "--format",
                           "jsonl", *paths], capture_output=True, check=False)
    expected = done.stdout.decode("utf-8").splitlines()
    # The bad byte is reported in the game where it is (no object of its own).
    assert done.returncode == 1 and len(expected) == 4 * 5 + 2
    assert sorted(lines) == sorted(expected)
    assert any('"code": "S003"' in line for line in lines)
