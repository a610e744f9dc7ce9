"""The analysis as text (``blocknot analyse``, ``validate --analyse``): a line for each hand
that was not analysed or is won by force from its first move, a line for each mistake, and
a summary line for each file.

    two-players.block: hand 1: Ada wins by force from the first move: at least 32 points, …
    two-players.block: line 11: Ada played 0-5 and gave away 26; 2-2 would have won …
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...basics.diagnostics import N_, Message, printable
from ...basics.i18n import plural, translator
from ...report.analysis_words import hand_words, mistake_words
from ...report.values import Piece


@dataclass(frozen=True, slots=True)
class Counts:
    """A file's analysis in numbers: hands analysed and not, and mistakes."""

    analysed: int = 0
    refused: int = 0
    mistakes: int = 0

    def plus(self, other: Counts) -> Counts:
        return Counts(self.analysed + other.analysed, self.refused + other.refused,
                      self.mistakes + other.mistakes)


def counts(piece: Piece) -> Counts:
    found = Counts()
    for game in piece.games:
        for hand in game.hands:
            analysis = hand.analysis
            if analysis is not None:
                found = found.plus(Counts(int(analysis.analysed), int(not analysis.analysed),
                                          len(analysis.mistakes)))
    return found


def analysis_lines(piece: Piece, path: str, lang: str = "en") -> Iterator[str]:
    """The lines of a piece's analysis, hand by hand, moves in order."""
    translate = translator(lang)
    shown = printable(path)
    for game in piece.games:
        for hand in game.hands:
            analysis = hand.analysis
            if analysis is None:
                continue
            words = hand_words(analysis)
            if words is not None:
                if game.index > 1:
                    words = Message(N_("game {game}, {words}"), {"game": game.index,
                                                                  "words": words})
                yield f"{shown}: {words.render(translate)}"
            for move in analysis.mistakes:
                line = Message(N_("line {line}: {words}"),
                               {"line": move.line, "words": mistake_words(move)})
                yield f"{shown}: {line.render(translate)}"


def counts_line(path: str, found: Counts, threshold: int, lang: str = "en") -> str:
    """``two-players.block: 8 hands analysed, 28 mistakes of 1 point or more``; the hands
    not analysed are counted when there are some."""
    parts = [plural(lang, "{n} hand analysed", "{n} hands analysed", found.analysed).format(
        n=found.analysed)]
    if found.refused:
        parts.append(plural(lang, "{n} not analysed", "{n} not analysed",
                            found.refused).format(n=found.refused))
    mistakes = plural(lang, "{n} mistake", "{n} mistakes", found.mistakes).format(
        n=found.mistakes)
    parts.append(plural(lang, "{mistakes} of {n} point or more",
                        "{mistakes} of {n} points or more", threshold).format(
        mistakes=mistakes, n=threshold))
    return f"{printable(path)}: " + ", ".join(parts)
