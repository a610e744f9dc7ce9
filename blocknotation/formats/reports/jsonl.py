"""``--format jsonl``: JSON Lines, one object per game, written as soon as the game is done.

Each game's object holds where it is (``path``, ``game``, ``line``), what blocknot recomputed
(``players``, ``target``, ``status``, ``winner``, ``score``: the final totals, ``hands``), its
counts and ``diagnostics``, and ``digest``: the sha256 of the game's canonical text, equal for
two games that say the same thing however they are spaced or where they are stored.
Diagnostics that belong to no game come in an object of their own, with ``"game": null``; so
does a file that could not be read whole, with ``"unreadable"`` and the reason.  An
interrupted run ends with the line ``{"interrupted": true}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO, Any

from ...basics.diagnostics import Diagnostic
from ...basics.interrupts import held
from ...report.caveats import caveats
from ...report.values import GameResult, Piece, Tally
from .report_json import (
    Keys,
    caveat_fields,
    caveat_text,
    counts_text,
    diagnostic_object,
    dumps,
    hand_object,
    hand_text,
    name_text,
)


def game_object(path: str, game: GameResult, diagnostics: Sequence[Diagnostic],
                digest: str | None, lang: str = "en") -> dict[str, Any]:
    errors = sum(1 for d in diagnostics if d.is_error)
    return {
        "path": path,
        "game": game.index,
        "line": game.line,
        "players": list(game.players),
        "target": game.target,
        "status": game.status,
        "winner": game.winner,
        "score": None if game.score is None else dict(game.score),
        "hands": [hand_object(hand) for hand in game.hands],
        **caveat_fields(caveats(game, diagnostics), lang),
        "valid": errors == 0,
        "errors": errors,
        "warnings": len(diagnostics) - errors,
        "diagnostics": [diagnostic_object(d, lang) for d in diagnostics],
        "digest": digest,
    }


def loose_object(path: str, diagnostics: Sequence[Diagnostic], lang: str = "en"
                 ) -> dict[str, Any]:
    """The diagnostics of a piece that belong to no game."""
    errors = sum(1 for d in diagnostics if d.is_error)
    return {
        "path": path,
        "game": None,
        "line": diagnostics[0].line,
        "valid": errors == 0,
        "errors": errors,
        "warnings": len(diagnostics) - errors,
        "diagnostics": [diagnostic_object(d, lang) for d in diagnostics],
    }


def piece_object(path: str, piece: Piece, digest: str | None, lang: str = "en"
                 ) -> dict[str, Any] | None:
    """The object for one piece (one game, and every diagnostic in its lines); None for a
    piece with neither a game nor a diagnostic."""
    if piece.games:
        found = game_object(path, piece.games[0], piece.diagnostics, digest, lang)
    elif piece.diagnostics:
        found = loose_object(path, piece.diagnostics, lang)
    else:
        return None
    found["suppressed"] = piece.suppressed
    return found


def game_text(path: str, game: GameResult, diagnostics: Sequence[Diagnostic],
              digest: str | None, suppressed: int, lang: str = "en") -> str:
    """``dumps`` of ``game_object`` with ``suppressed`` added, written out directly: a
    pipeline reads a line per game, and ``json.dumps`` of the nested objects costs more
    than checking the game (``tests/test_jsonl.py`` holds the two equal)."""
    keys = Keys(game.players)
    errors = sum(1 for d in diagnostics if d.is_error)
    players = ", ".join([keys[name] for name in game.players])
    hands = ", ".join([hand_text(hand, keys) for hand in game.hands])
    found = ", ".join([dumps(diagnostic_object(d, lang)) for d in diagnostics])
    target = "null" if game.target is None else str(game.target)
    return (
        f'{{"path": {dumps(path)}, "game": {game.index}, "line": {game.line}, '
        f'"players": [{players}], "target": {target}, "status": {name_text(game.status, keys)}, '
        f'"winner": {name_text(game.winner, keys)}, "score": {counts_text(game.score, keys)}, '
        f'"hands": [{hands}]{caveat_text(caveats(game, diagnostics), lang)}, '
        f'"valid": {"true" if errors == 0 else "false"}, '
        f'"errors": {errors}, "warnings": {len(diagnostics) - errors}, '
        f'"diagnostics": [{found}], "digest": {name_text(digest, keys)}, '
        f'"suppressed": {suppressed}}}'
    )


class JsonLinesSink:
    """Writes a line per game (and per piece of diagnostics outside any game)."""

    wants_digest = True

    def __init__(self, out: IO[str], lang: str = "en", quiet: bool = False) -> None:
        self.out = out
        self.lang = lang
        self.quiet = quiet

    def add(self, path: str, piece: Piece, digest: str | None) -> None:
        if self.quiet and not piece.diagnostics and not any(
                caveats(game, ()) for game in piece.games):
            return
        if piece.games:
            write_line(self.out, game_text(path, piece.games[0], piece.diagnostics, digest,
                                           piece.suppressed, self.lang))
            return
        found = piece_object(path, piece, digest, self.lang)
        if found is not None:
            write_line(self.out, dumps(found))

    def unreadable(self, path: str, reason: str, message: str) -> None:
        write_line(self.out, dumps(unreadable_object(path, reason)))

    def end_file(self, path: str, tally: Tally) -> None:
        pass

    def close(self, interrupted: bool = False) -> None:
        if interrupted:
            write_line(self.out, dumps({"interrupted": True}))
        self.out.flush()


def unreadable_object(path: str, reason: str) -> dict[str, Any]:
    """The object of a file that could not be read whole (after those of what was read)."""
    return {"path": path, "game": None, "line": None, "valid": False, "errors": 0,
            "warnings": 0, "diagnostics": [], "unreadable": reason}


def write_line(out: IO[str], text: str) -> None:
    """One line, flushed: a reader at the other end of a pipe gets it now, and gets it
    whole, Ctrl-C or SIGTERM (``interrupts.held``)."""
    with held():
        out.write(text + "\n")
        out.flush()
