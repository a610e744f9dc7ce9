"""Validation reports as compiler-style text: one line per diagnostic, then a summary."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator

from ...basics.diagnostics import N_, printable
from ...basics.i18n import plural, translator
from ...report.caveats import Caveats, caveats
from ...report.summary import candidates_words, game_line, totals_text
from ...report.values import FileReport, GameResult, Piece, Rendered, Tally


def piece_lines(piece: Piece, path: str, lang: str = "en", color: bool = False) -> Iterator[str]:
    """``path:line:col: severity CODE message`` lines, source and caret for syntax errors."""
    translate = translator(lang)
    shown_path = printable(path)
    for d in piece.diagnostics:
        severity = translate(d.severity)
        if color:
            shade = "\x1b[1;31m" if d.is_error else "\x1b[1;33m"
            severity = f"{shade}{severity}\x1b[0m"
        yield f"{shown_path}:{d.line}:{d.column}: {severity} {d.code} {d.message.render(translate)}"
        source = piece.context.get(d.line)
        if source is not None and d.code.startswith("S"):
            yield from _caret(source, d.column)


def render_piece(piece: Piece, path: str, lang: str = "en", color: bool = False,
                 results: bool = True) -> Rendered:
    """A piece's lines (``piece_lines``), then, with ``results``, the result of each of its
    games that has a hand (``result_line``), with what it did not check; without, only what
    a game did not check (``caveat_line``).  And its counts, for the runner to write."""
    lines = list(piece_lines(piece, path, lang, color))
    for game in piece.games:
        found = caveats(game, piece.diagnostics)
        if results and game.hands:
            lines.append(result_line(game, path, lang, found))
            lines += candidate_lines(game, path, lang)
        elif found:
            lines.append(caveat_line(game, path, found, lang))
    return Rendered(Tally().add(piece), tuple(lines))


def candidate_lines(game: GameResult, path: str, lang: str = "en") -> Iterator[str]:
    """``club.block: game 1, hand 2: points: not known: Ada 23 as written; Ada 12 if line 23
    was a play of 5-6``: for each hand whose readings disagree on its points, the values
    they give and what each rests on."""
    translate = translator(lang)
    for hand in game.hands:
        if hand.candidates:
            head = translate(N_("game {index}, hand {number}")).format(
                index=game.index, number=hand.number)
            words = candidates_words(hand, game.players, translate)
            yield f"{printable(path)}: {head}: {words}"


def result_line(game: GameResult, path: str, lang: str = "en",
                found: Caveats | None = None) -> str:
    """``club.block: game 1: Ada wins with 152 points (Bea 90, Cy 61)``: how the game
    stands after its last hand, and the totals; then what the figures do not rest on
    (``found``): ``; hand 2 not checked: syntax error at line 43``."""
    line = f"{printable(path)}: {game_line(game, lang)}"
    if not (game.status is None and game.target is not None):  # else it says they are unknown
        line = f"{line} ({totals_text(game, lang)})"
    if not found:
        return line
    return "; ".join([line, *found.words(lang)])


def caveat_line(game: GameResult, path: str, found: Caveats, lang: str = "en") -> str:
    """``club.block: game 1: hand 2 not checked: …``: what a game's figures do not rest on,
    where its result is not shown (``--quiet``)."""
    head = translator(lang)(N_("game {index}")).format(index=game.index)
    return f"{printable(path)}: {head}: " + "; ".join(found.words(lang))


def total_line(tallies: Iterable[Tally], unreadable: int = 0, lang: str = "en") -> str:
    """``Found 3 errors, 1 warning in 2 files``: the run's total, after several files;
    ``unreadable``: how many could not be read (their tallies are empty), said after it."""
    files = with_problems = errors = warnings = 0
    for tally in tallies:
        files += 1
        errors += tally.errors
        warnings += tally.warnings
        with_problems += bool(tally.errors or tally.warnings)
    tail = "" if not unreadable else "; " + plural(
        lang, "{n} file could not be read", "{n} files could not be read", unreadable,
    ).format(n=unreadable)
    if not errors and not warnings:
        return plural(lang, "No problems found in {n} file", "No problems found in {n} files",
                      files - unreadable).format(n=files - unreadable) + tail
    found = ", ".join(part for part, count in (
        (plural(lang, "{n} error", "{n} errors", errors).format(n=errors), errors),
        (plural(lang, "{n} warning", "{n} warnings", warnings).format(n=warnings), warnings),
    ) if count)
    return plural(lang, "Found {found} in {n} file", "Found {found} in {n} files",
                  with_problems).format(found=found, n=with_problems) + tail


def _caret(source: str, column: int) -> Iterator[str]:
    # Keep the caret under the right character: escape invisible characters one by one, and
    # count the columns a terminal gives each character (two for a wide one, as in CJK).
    before = printable(source[: column - 1].expandtabs(1))
    shown = before + printable(source[column - 1 :].expandtabs(1))
    caret_at = len(before)
    if len(shown) > 120:
        start = max(0, caret_at - 60)
        shown, caret_at = shown[start : start + 120], caret_at - start
    yield f"  {shown}"
    yield "  " + " " * _width(shown[:caret_at]) + "^"


def _width(text: str) -> int:
    """Terminal columns of ``text``: wide and fullwidth characters take two, combining marks
    none."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def report_lines(report: FileReport, lang: str = "en", color: bool = False) -> Iterator[str]:
    """Every line of a whole file's report, its summary last."""
    piece = Piece(report.games, report.diagnostics, report.context)
    yield from piece_lines(piece, report.path, lang, color)
    yield summary_line(report.path, Tally().add(piece), lang)


def summary_line(path: str, tally: Tally, lang: str = "en", encoding: str | None = None) -> str:
    """``club.block: 1 game, 4 hands, 1 error, 0 warnings``; ``encoding``: the file was read
    in it, not in UTF-8 (``--encoding``), which the line says."""
    parts = [
        plural(lang, "{n} game", "{n} games", tally.games).format(n=tally.games),
        plural(lang, "{n} hand", "{n} hands", tally.hands).format(n=tally.hands),
        plural(lang, "{n} error", "{n} errors", tally.errors).format(n=tally.errors),
        plural(lang, "{n} warning", "{n} warnings", tally.warnings).format(n=tally.warnings),
    ]
    if tally.suppressed:
        parts.append(translator(lang)(N_("{n} suppressed")).format(n=tally.suppressed))
    line = f"{printable(path)}: " + ", ".join(parts)
    if encoding is None:
        return line
    return line + translator(lang)(N_("; read as {encoding}, not UTF-8 (--encoding)")).format(
        encoding=printable(encoding))
