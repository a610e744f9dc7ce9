"""The standings as text: an aligned table per group, the games listed apart, a summary.

Columns are as wide as their widest cell in the columns a terminal gives each character
(two for a wide one, as in CJK; none for a combining mark), names on the left, figures on
the right; a figure the records do not tell is ``?``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence

from ..basics.diagnostics import Message, printable
from ..basics.i18n import N_, plural, translator
from .columns import COLUMNS, cell, headings
from .standings import Apart, Group, NoGame, Standings


def width(text: str) -> int:
    """The columns ``text`` takes on a terminal."""
    if text.isascii():
        return len(text)
    return sum(0 if unicodedata.category(c) in ("Mn", "Me")
               else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def table(rows: Sequence[Sequence[str]]) -> Iterator[str]:
    """``rows`` aligned, the first column on the left, the others on the right, two
    spaces apart."""
    widths = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = [row[0] + " " * (widths[0] - width(row[0]))]
        cells += (" " * (w - width(c)) + c for c, w in zip(row[1:], widths[1:], strict=True))
        yield "  ".join(cells).rstrip()


def totals(score: Mapping[str, int] | None, lang: str) -> str:
    if score is None:
        return translator(lang)(N_("totals not known"))
    return ", ".join(f"{printable(name)} {total}" for name, total in score.items())


def apart_line(game: Apart, lang: str, excluded: bool) -> str:
    _ = translator(lang)
    where = _(N_("{path}, game {game}")).format(path=printable(game.file), game=game.game)
    if excluded:
        errors = plural(lang, "{n} error", "{n} errors", game.errors).format(n=game.errors)
        return f"  {where} ({errors}: {', '.join(game.codes)})"
    if game.status is None:
        return f"  {where}: " + _(N_("not known to be over, its totals are not known"))
    return f"  {where} ({totals(game.score, lang)})"


def group_lines(group: Group, by: str | None, lang: str) -> Iterator[str]:
    _ = translator(lang)
    if by is not None:
        heading = {"event": N_("event"), "date": N_("date"), "file": N_("file")}[by]
        key = printable(group.key) if group.key is not None else _(N_("(none)"))
        yield f"{_(heading)}: {key}"
    if group.rows:
        rows = [headings(lang)]
        rows += ([printable(r.player), *(cell(r, key) for key, _w in COLUMNS)]
                 for r in group.rows)
        yield from table(rows)
    else:
        yield _(N_("no game counted"))
    for row in group.rows:
        if row.also:
            yield _(N_("{player} also written {spellings} (aliases)")).format(
                player=printable(row.player), spellings=", ".join(map(printable, row.also)))
    if group.in_progress:
        yield _(N_("in progress, not counted:"))
        yield from (apart_line(game, lang, False) for game in group.in_progress)
    if group.excluded:
        yield _(N_("left out for their errors (--include-invalid counts them):"))
        yield from (apart_line(game, lang, True) for game in group.excluded)


def summary(standings: Standings, lang: str) -> str:
    """``5 files, 12 games: 10 counted, 1 in progress, 1 left out``, and ``; 1 file without
    a game`` when a file gave none."""
    s = standings
    apart = sum(len(g.in_progress) for g in s.groups)
    left = sum(len(g.excluded) for g in s.groups)
    files = plural(lang, "{n} file", "{n} files", s.files).format(n=s.files)
    games = plural(lang, "{n} game", "{n} games", s.games).format(n=s.games)
    line = translator(lang)(N_("{files}, {games}: {counted} counted, {apart} in progress, "
                               "{left} left out")).format(
        files=files, games=games, counted=s.counted, apart=apart, left=left)
    if s.no_game:
        line += "; " + plural(lang, "{n} file without a game", "{n} files without a game",
                              len(s.no_game)).format(n=len(s.no_game))
    return line


def no_game_why(file: NoGame, lang: str) -> str:
    """Why a file gave no game: ``S003``, or ``cannot read: No such file or directory``."""
    why = ", ".join(file.codes)
    if file.reason is not None:
        translate = translator(lang)
        words = file.words if file.words is not None else file.reason
        told = words.render(translate) if isinstance(words, Message) else words
        cannot = translate(N_("cannot read: {reason}")).format(reason=told)
        why = f"{why}, {cannot}" if why else cannot
    return why


def no_game_line(file: NoGame, lang: str) -> str:
    """``2026-02-06.block (S003)``: a file that gave no game, and why."""
    why = no_game_why(file, lang)
    return f"{printable(file.file)} ({why})" if why else printable(file.file)


def no_game_lines(standings: Standings, lang: str) -> Iterator[str]:
    if standings.no_game:
        yield translator(lang)(N_("files that gave no game:"))
        yield from ("  " + no_game_line(file, lang) for file in standings.no_game)


def standings_text(standings: Standings, lang: str = "en") -> str:
    """The whole text: each group (a blank line between two), the files that gave no game,
    then the summary."""
    blocks = ["\n".join(group_lines(g, standings.by, lang)) for g in standings.groups]
    apart = "\n".join(no_game_lines(standings, lang))
    return "\n\n".join([*blocks, *([apart] if apart else []), summary(standings, lang)]) + "\n"
