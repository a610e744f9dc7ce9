"""Scale-out with Dask (the optional extra ``blocknot[dask]``): docs/scale.md has the recipe.

``jsonl_bag(paths)`` is a ``dask.bag`` of the JSON Lines that ``blocknot validate --format
jsonl`` writes for those files, one line per game, computed by ``validate_game`` in the
cluster's workers.  Files are cut into games (``iter_games``) in the workers too, a file per
task, so a worker holds the games of the file it is cutting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .games import GameText, iter_games, validate_game
from .notation.gunzip import maybe_gunzip


def file_games(path: str) -> list[tuple[str, GameText]]:
    """The games of one file (gzip or not), each with the file's name."""
    with open(path, "rb") as handle:
        return [(path, game) for game in iter_games(maybe_gunzip(handle))]


def game_line(item: tuple[str, GameText]) -> str | None:
    """The JSON Lines line for one game, exactly as ``--format jsonl`` writes it (no LF)."""
    from .formats.reports.report_json import dumps

    path, game = item
    result = validate_game(game, path)
    return None if result is None else dumps(result)


def jsonl_bag(paths: Sequence[str], partitions: int | None = None) -> Any:
    """A ``dask.bag.Bag`` of the JSON lines of every game of ``paths``."""
    import dask.bag as db

    files = db.from_sequence(  # type: ignore[no-untyped-call]
        list(paths), npartitions=partitions or max(1, len(paths)))
    games = files.map(file_games).flatten()
    return games.map(game_line).filter(lambda line: line is not None)
