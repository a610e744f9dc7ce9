"""Validation reports as one JSON document (docs/notation.md, "JSON"); the keys keep their names.

The document is written as the pieces of each file stream past: the games go to a spooled
temporary file (in memory while small) so that each file's ``valid``, counts and diagnostics
can come first, in the order the contract shows, without holding a large file's games.
"""

from __future__ import annotations

import base64
import codecs
import io
import json
import os
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import IO, Any

from ...basics.diagnostics import Diagnostic
from ...basics.i18n import translator
from ...basics.interrupts import held
from ...basics.paths import utf8_path
from ...report.caveats import Caveats, caveats
from ...report.values import FileReport, GameResult, HandResult, Piece, Rendered, Tally
from ..records.visible import visible_json

_SPOOL_BYTES = 8 * 1024 * 1024


def dumps(value: Any) -> str:
    # Names and paths come from strangers: invisible characters (bidi controls, zero-width
    # characters, escapes, the lone surrogates of a file name that is not UTF-8) are written
    # as \u escapes, so the document means the same and is safe on a terminal.
    return visible_json(json.dumps(value, ensure_ascii=False))


def diagnostic_object(d: Diagnostic, lang: str = "en") -> dict[str, Any]:
    return {
        "code": d.code,
        "severity": d.severity,
        "message": d.message.render(translator(lang)),
        "line": d.line,
        "column": d.column,
        "end_line": d.end[0],
        "end_column": d.end[1],
        "game": d.game,
        "hand": d.hand,
    }


def hand_object(hand: HandResult, lang: str = "en") -> dict[str, Any]:
    return {
        "number": hand.number,
        "line": hand.line,
        "opener": hand.opener,
        "outcome": hand.outcome,
        "winner": hand.winner,
        "remaining": dict(hand.remaining),
        "points": None if hand.points is None else dict(hand.points),
        "score": None if hand.score is None else dict(hand.score),
        "unverified": hand.unverified,
        **({"doubt": list(hand.doubt)} if hand.doubt else {}),
        **(_candidates_fields(hand, lang) if hand.candidates else {}),
        **({"analysis": _analysis_object(hand, lang)} if hand.analysis is not None else {}),
    }


def _candidates_fields(hand: HandResult, lang: str) -> dict[str, Any]:
    """``candidates`` and ``more_candidates``: where the readings disagree on a hand's
    points, each value they give and the lines it rests on, each with how it is read."""
    translate = translator(lang)
    return {"candidates": [{
        "outcome": c.outcome, "winner": c.winner,
        "points": None if c.points is None else dict(c.points),
        "rests_on": [{"line": g.line, "reading": g.read_as.render(translate)}
                     for g in c.grounds],
    } for c in hand.candidates], "more_candidates": hand.more_candidates}


class Keys(dict[str, str]):
    """Each name as a JSON string, encoded once: a game's names come on every hand.  Also
    the JSON of a mapping from the game's players, in seat order, to whole numbers, with
    ``%d`` for the numbers: most mappings of a game are such."""

    def __init__(self, players: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.players = list(players)
        self.template = "{" + ", ".join(f"{self[name]}: %d" for name in players) + "}"

    def __missing__(self, name: str) -> str:
        encoded = self[name] = _encoded(name)
        return encoded


@lru_cache(maxsize=4096)
def _encoded(text: str) -> str:
    # The same names and words come back game after game.
    return dumps(text)


def name_text(value: str | None, keys: Keys) -> str:
    return "null" if value is None else keys[value]


def counts_text(mapping: Mapping[str, int | None] | None, keys: Keys) -> str:
    """A mapping of names to whole numbers (or null) as ``json.dumps`` writes it."""
    if mapping is None:
        return "null"
    if list(mapping) == keys.players:
        values = tuple(mapping.values())
        if None not in values:
            return keys.template % values
    items = [f"{keys[k]}: {'null' if v is None else dumps(v)}" for k, v in mapping.items()]
    return "{" + ", ".join(items) + "}"


def hand_text(hand: HandResult, keys: Keys | None = None, lang: str = "en") -> str:
    """``dumps(hand_object(hand))``, written out directly: a large file has a hand every
    few lines, and json.dumps of a dict costs several times more."""
    keys = Keys() if keys is None else keys
    return (
        f'{{"number": {hand.number}, "line": {hand.line}, '
        f'"opener": {name_text(hand.opener, keys)}, '
        f'"outcome": {name_text(hand.outcome, keys)}, "winner": {name_text(hand.winner, keys)}, '
        f'"remaining": {counts_text(hand.remaining, keys)}, '
        f'"points": {counts_text(hand.points, keys)}, '
        f'"score": {counts_text(hand.score, keys)}, '
        f'"unverified": {"true" if hand.unverified else "false"}'
        f'{_doubt(hand.doubt)}{_candidates(hand, lang)}{_analysis(hand, lang)}}}'
    )


def _candidates(hand: HandResult, lang: str) -> str:
    """The ``candidates`` fields, written only where the readings disagree on the points."""
    if not hand.candidates:
        return ""
    return ", " + dumps(_candidates_fields(hand, lang))[1:-1]


def _analysis_object(hand: HandResult, lang: str) -> dict[str, Any]:
    from .analysis_json import analysis_object  # only a report with the analysis

    assert hand.analysis is not None
    return analysis_object(hand.analysis, lang)


def _analysis(hand: HandResult, lang: str) -> str:
    """The ``analysis`` field, written only for a hand analysed (``blocknot analyse``)."""
    if hand.analysis is None:
        return ""
    return f', "analysis": {dumps(_analysis_object(hand, lang))}'


def _doubt(lines: tuple[int, ...]) -> str:
    """The ``doubt`` field, written only where a slip's readings leave figures unknown."""
    return f', "doubt": [{", ".join(map(str, lines))}]' if lines else ""


def caveat_fields(found: Caveats, lang: str = "en") -> dict[str, Any]:
    """What a game's figures do not rest on (``report/caveats.py``), as the JSON reports
    write it: ``unchecked``, the hands not replayed (with why), and ``unverified_claims``,
    how many of its hands are counted from a claim the engine could not verify; each only
    when there is one."""
    fields: dict[str, Any] = {}
    if found.unchecked:
        translate = translator(lang)
        fields["unchecked"] = [{"hand": hand.hand, "line": hand.line,
                                "reason": hand.reason.render(translate),
                                "cause_line": hand.cause} for hand in found.unchecked]
    if found.unverified:
        fields["unverified_claims"] = found.unverified
    return fields


def caveat_text(found: Caveats, lang: str = "en") -> str:
    """``caveat_fields`` as JSON text to follow other keys: ``, "unchecked": […]``."""
    return "".join(f", {dumps(key)}: {dumps(value)}"
                   for key, value in caveat_fields(found, lang).items())


def game_text(game: GameResult, indent: str = "    ", lang: str = "en",
              found: Caveats | None = None) -> str:
    """One game as JSON text: its header on the first line, one hand per line; then what
    its figures do not rest on (``found``)."""
    keys = Keys(game.players)
    # As json.dumps writes the header and tail dicts, without its cost per game.
    players = ", ".join([keys[name] for name in game.players])
    target = "null" if game.target is None else dumps(game.target)
    head = f'{{"index": {game.index}, "line": {game.line}, "players": [{players}], ' \
           f'"target": {target}'
    tail = f'"score": {counts_text(game.score, keys)}, "status": {name_text(game.status, keys)}, ' \
           f'"winner": {name_text(game.winner, keys)}' \
           f'{"" if found is None else caveat_text(found, lang)}}}'
    if not game.hands:
        return f'{head}, "hands": [], {tail}'
    hands = f",\n{indent}  ".join([hand_text(hand, keys, lang) for hand in game.hands])
    return f'{head}, "hands": [\n{indent}  {hands}\n{indent}], {tail}'


#: Between two games of a file's ``games`` array.
GAMES_SEPARATOR = ",\n    "


def render_piece(piece: Piece, lang: str = "en") -> Rendered:
    """A piece's diagnostics and games as JSON text, for ``JsonReport.add_rendered``."""
    return Rendered(
        Tally().add(piece),
        tuple(dumps(diagnostic_object(d, lang)) for d in piece.diagnostics),
        GAMES_SEPARATOR.join([game_text(game, lang=lang, found=caveats(game, piece.diagnostics))
                              for game in piece.games]),
    )


class JsonReport:
    """Writes ``{"files": [...]}`` to a text stream, one file at a time.

    With ``strict``, a file with warnings is not ``valid``, as the exit status says;
    ``encoding``: the files were read in it, not in UTF-8 (``--encoding``), which each
    file's ``encoding`` says."""

    def __init__(self, out: IO[str], lang: str = "en", strict: bool = False,
                 encoding: str | None = None) -> None:
        self.out = out
        self.lang = lang
        self.strict = strict
        self.encoding = encoding
        self.files = 0
        with held():
            out.write('{"files": [')

    def add_file(self, path: str, pieces: Iterable[Piece]) -> Tally:
        """Write one file's report from its pieces; returns its counts."""
        return self.add_rendered(path, (render_piece(piece, self.lang) for piece in pieces))

    def add_rendered(self, path: str, pieces: Iterable[Rendered],
                     problem: Callable[[], str | None] = lambda: None) -> Tally:
        """Write one file's report from its pieces, rendered by ``render_piece``.

        ``problem`` tells, once the pieces are consumed, why the file could not be read
        whole (None: it was); such a file is not ``valid`` and says why in ``unreadable``.
        Each entry is written whole, Ctrl-C or not (``interrupts.held``)."""
        tally = Tally()
        diagnostics: list[str] = []
        # The games wait as UTF-8 bytes, which copy out without decoding them again.
        with _Spool() as games:
            for piece in pieces:
                if piece.tally.games:
                    text = GAMES_SEPARATOR + piece.games if tally.games else piece.games
                    games.write(text.encode("utf-8"))
                tally = tally.plus(piece.tally)
                diagnostics += piece.lines
            with held():
                self._write(path, tally, diagnostics, games.file, problem())
                self.files += 1
        return tally

    def _write(self, path: str, tally: Tally, diagnostics: list[str], games: IO[bytes],
               unreadable: str | None) -> None:
        valid = not (tally.errors or (self.strict and tally.warnings) or unreadable)
        head: dict[str, object] = {**path_fields(path), "valid": valid, "errors": tally.errors,
                "warnings": tally.warnings, "suppressed": tally.suppressed}
        if unreadable is not None:
            head["unreadable"] = unreadable
        if self.encoding is not None:
            head["encoding"] = self.encoding
        self.out.write(("\n  " if self.files == 0 else ",\n  ") + dumps(head)[:-1])
        self.out.write(', "diagnostics": [')
        self.out.write(",".join("\n    " + d for d in diagnostics))
        self.out.write("\n  ]" if diagnostics else "]")
        self.out.write(', "games": [')
        if tally.games:
            self.out.write("\n    ")
            games.seek(0)
            _copy(games, self.out)
            self.out.write("\n  ]}")
        else:
            self.out.write("]}")

    def close(self, interrupted: bool = False) -> None:
        """End the document; ``interrupted``: the run was stopped, and the document says so
        (``"interrupted": true``) after the files that were reported whole."""
        with held():
            end = ', "interrupted": true}\n' if interrupted else "}\n"
            self.out.write(("\n]" if self.files else "]") + end)
            self.out.flush()


class _Spool:
    """A file's games, in memory up to ``_SPOOL_BYTES``, then in a temporary file, as
    ``tempfile.SpooledTemporaryFile`` keeps them, with ``tempfile`` loaded only then (most
    reports stay small)."""

    def __init__(self) -> None:
        self.file: IO[bytes] = io.BytesIO()

    def write(self, data: bytes) -> None:
        memory = self.file
        if isinstance(memory, io.BytesIO) and memory.tell() + len(data) > _SPOOL_BYTES:
            import tempfile

            self.file = tempfile.TemporaryFile()  # noqa: SIM115 - closed by __exit__
            self.file.write(memory.getvalue())
            memory.close()
        self.file.write(data)

    def __enter__(self) -> _Spool:
        return self

    def __exit__(self, *_: object) -> None:
        self.file.close()


def path_fields(path: str) -> dict[str, str]:
    """``path`` as JSON can say it: a name that is not UTF-8 (undecodable bytes that Python
    holds as lone surrogates) is written with U+FFFD for each such byte, and its exact bytes
    go in ``path_bytes``, base64-encoded."""
    shown = utf8_path(path)
    if shown == path:
        return {"path": path}
    return {"path": shown, "path_bytes": base64.b64encode(os.fsencode(path)).decode("ascii")}


def _copy(source: IO[bytes], out: IO[str]) -> None:
    """UTF-8 bytes to a text stream: straight to its bytes when it writes UTF-8 too."""
    buffer = getattr(out, "buffer", None)
    if buffer is not None and codecs.lookup(getattr(out, "encoding", None) or "ascii").name \
            == "utf-8":
        out.flush()
        while block := source.read(1 << 20):
            buffer.write(block)
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    while block := source.read(1 << 20):
        out.write(decoder.decode(block))
    out.write(decoder.decode(b"", final=True))


def document(reports: Iterable[FileReport], lang: str = "en") -> str:
    """The JSON document for whole file reports (the library's convenience form)."""
    import io

    buffer = io.StringIO()
    writer = JsonReport(buffer, lang)
    for report in reports:
        writer.add_file(report.path, [Piece(report.games, report.diagnostics, report.context)])
    writer.close()
    return buffer.getvalue()
