"""A gzip input is read no further than the bounds: decompression stops once the file's result
is decided, and nothing decompresses past ``GUNZIP_RATIO`` times the compressed bytes read
(or ``MAX_INPUT_BYTES``, whichever is more), nor past ``MAX_GUNZIP_BYTES``.

Once 1 GB of zeros took 5 seconds, decompressed to its end by the scan for ``ignore-file``
comments after the reading had stopped; now the reading stops at the first NUL, and so does
the scan.  What is decompressed is counted, not timed.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from blocknotation.basics.limits import (
    GUNZIP_RATIO,
    MAX_CONFIG_BYTES,
    MAX_CONFIG_DEPTH,
    MAX_GUNZIP_BYTES,
    MAX_INPUT_BYTES,
)
from blocknotation.notation import gunzip
from blocknotation.simulator.writer import generate
from blocknotation.suppress import file_codes

from inprocess import run_utf8

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "samples" / "club-night.block").read_bytes()
TOO_LARGE = (f"it decompresses to more than {GUNZIP_RATIO} times its size or "
             f"{MAX_GUNZIP_BYTES} bytes, the most blocknot reads of a gzip input")


def compressed(path: Path, block: bytes, times: int) -> Path:
    """``block`` repeated ``times`` times, gzip-compressed into ``path``: as many gzip members
    one after the other, which read as one stream (and take no time to make)."""
    path.write_bytes(gzip.compress(block, mtime=0) * times)
    return path


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The gzip bytes read, and the bytes they decompressed to, over every input opened."""
    counts = {"compressed": 0, "decompressed": 0}
    read, readinto = gunzip._Counted.read, gunzip._Damaged.readinto

    def counted_read(self: gunzip._Counted, size: int = -1, /) -> bytes:
        data = read(self, size)
        counts["compressed"] += len(data)
        return data

    def counted_readinto(self: gunzip._Damaged, buffer: memoryview) -> int:
        done = readinto(self, buffer)
        counts["decompressed"] += done
        return done

    monkeypatch.setattr(gunzip._Counted, "read", counted_read)
    monkeypatch.setattr(gunzip._Damaged, "readinto", counted_readinto)
    return counts


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl"])
def test_a_gigabyte_of_zeros_is_read_no_further_than_the_first_nul(
        tmp_path: Path, counted: dict[str, int], fmt: str) -> None:
    zeros = compressed(tmp_path / "zeros.block.gz", bytes(1 << 20), 1024)  # 1 GiB, ~1 MB
    done = run_utf8("validate", "--isolated", "--format", fmt, str(zeros))
    assert (done.returncode, done.stderr) == (1, "")
    assert "S003" in done.stdout and "a NUL byte" in done.stdout
    # The scan for ignore-file comments and the reading: a block or two each.
    assert counted["decompressed"] < 4 << 20, counted


def test_a_gzip_bomb_of_games_is_refused_past_the_ratio(
        tmp_path: Path, counted: dict[str, int]) -> None:
    bomb = compressed(tmp_path / "bomb.block.gz", (CLUB + b"\n") * 1000, 40)  # 77 MB
    done = run_utf8("validate", "--isolated", "--no-suppress", "--format", "json", str(bomb))
    assert done.returncode == 2
    assert done.stderr == f"blocknot: cannot read {bomb}: {TOO_LARGE}\n"
    (entry,) = json.loads(done.stdout)["files"]
    assert entry["unreadable"] == TOO_LARGE and entry["valid"] is False
    # What was decompressed: within the ratio of what was read, and a small part of the whole;
    # twice, since a file on disk is looked through for bytes that are not UTF-8 first.
    assert counted["decompressed"] <= 2 * (gunzip.allowed(counted["compressed"] // 2) + 1)
    assert counted["decompressed"] < 40_000 * len(CLUB) // 8
    assert 0 < len(entry["games"]) < 40_000 // 8


def test_a_large_record_compressed_as_records_are_is_read_whole(tmp_path: Path) -> None:
    games = "\n".join(list(generate(seed=3, games=60, claims=True)) * 10).encode()
    assert len(games) > MAX_INPUT_BYTES
    path = tmp_path / "season.block.gz"
    path.write_bytes(gzip.compress(games))
    assert len(games) // path.stat().st_size < GUNZIP_RATIO  # about five times
    done = run_utf8("validate", "--isolated", str(path))
    assert (done.returncode, done.stderr) == (0, "")
    *results, summary = done.stdout.splitlines()
    assert summary.startswith(f"{path}: 600 games, ")
    assert len(results) == 600 and all(r.startswith(f"{path}: game ") for r in results)


def test_the_cap_is_the_bound_whatever_the_ratio() -> None:
    assert gunzip.allowed(0) == MAX_INPUT_BYTES
    assert gunzip.allowed(1000) == MAX_INPUT_BYTES
    assert gunzip.allowed(1 << 20) == GUNZIP_RATIO << 20
    assert gunzip.allowed(1 << 30) == MAX_GUNZIP_BYTES


@pytest.mark.parametrize("zipped", [False, True], ids=["plain", "gzip"])
def test_ignore_file_comments_are_looked_for_as_far_as_the_reading_goes(
        tmp_path: Path, zipped: bool) -> None:
    before = b"# blocknot: ignore-file[G105]\n" + CLUB + b"\0"
    after = CLUB + b"\0\n# blocknot: ignore-file[E5]\n"
    for data, codes in ((before, ("G105",)), (after, ())):
        path = tmp_path / "record.block"
        path.write_bytes(gzip.compress(data) if zipped else data)
        assert file_codes(str(path)) == codes


def test_the_bounds_are_those_docs_robustness_gives() -> None:
    text = " ".join((ROOT / "docs" / "robustness.md").read_text("utf-8").split())
    for row in (f"| `GUNZIP_RATIO` | {GUNZIP_RATIO} times",
                f"| `MAX_GUNZIP_BYTES` | {MAX_GUNZIP_BYTES // (1 << 20)} MiB",
                f"| `MAX_CONFIG_BYTES` | {MAX_CONFIG_BYTES // (1 << 20)} MiB",
                f"| `MAX_CONFIG_DEPTH` | {MAX_CONFIG_DEPTH} levels"):
        assert row in text
