"""``--format annotated``: the record in canonical form with the engine's findings as comments.

The findings are comments that begin ``#=`` (what the engine recomputed) or ``#!`` (a
diagnostic, ``#! CODE message``).  They are written on their own lines *after* what they are
about, which makes them, by the notation's own rule, own-line comments of the next statement
(or of the file, after its last statement).  The output is built by giving each comment to
that owner and writing the record with ``canonical.to_text``, so that it is canonical text:
reading it back and writing it again (``blocknot convert``, text → JSON → text) gives the
same bytes, and validating it again gives the same findings.  One consequence of the
canonical form: a blank line always comes before ``hand N``, so what follows the last
statement of a hand (the ends of its last play, its diagnostics, the hand's count) is written
after that blank line, just above the next ``hand`` line; the count's first line names its
hand (``#= hand 1: blocked``).

Where things go:
- ``#= ends L|R`` (and, with ``chain``, ``#= `` and the chain described as the rules text
  does) after each play the engine placed with both ends certain;
- ``#! CODE message`` after the statement, tag or ``hand`` line the diagnostic points at;
- after the last statement of each hand, its count (``report/summary.py``); after the last hand
  of a game, how the game stands;
- with the analysis (``blocknot analyse --format annotated``), ``#? `` lines: after the
  ``hand`` line, the hand under best play from its first move, and after each move, its
  value (``report/analysis_words.py``).

Annotating an annotated record first drops every comment whose text begins ``=``, ``!`` or
``?`` (the engine's own), so annotating twice gives the same text as annotating once; the user's
comments stay where they were, after the engine's comments that belong before the same line.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace

from ...basics.diagnostics import N_, Diagnostic, Message
from ...basics.i18n import translator
from ...notation import records as rec
from ...report.analysis import HandAnalysis
from ...report.analysis_words import hand_words, start_words, value_words
from ...report.summary import game_line, hand_lines
from ...report.values import FileReport, GameResult, HandResult, Piece
from ..records.canonical import is_engine_comment, to_text
from .describe import Layout, describe

Item = rec.Tag | rec.Hand | rec.Statement


def annotate(
    record: rec.RecordFile, report: FileReport, lang: str = "en", chain: bool = False
) -> str:
    """``record`` written canonically with ``report``'s findings as ``#=``/``#!`` comments.

    A message that cites a line (``already played at line 11``) cites it as numbered in the
    annotated text, where the statements have moved down; so the text is the same however
    many times it is annotated.
    """
    return annotate_chunk(record, Piece(report.games, report.diagnostics, report.context), lang,
                     chain, False, 0)


def annotate_chunk(record: rec.RecordFile, piece: Piece, lang: str, chain: bool, continued: bool,
                   offset: int) -> str:
    """``annotate`` for a part of a file: ``continued`` when games were written before it,
    ``offset`` the number of annotated lines written before it."""
    lines = [item.line for item in _items(record)]
    notes = _Notes(lines, lang, chain)
    for game, result in zip(record.games, piece.games, strict=False):
        notes.game(game, result)
    before: list[Diagnostic] = []
    faults: dict[int, list[Diagnostic]] = {line: [] for line in lines}
    for d in piece.diagnostics:
        at = bisect_right(lines, d.line) - 1
        (faults[lines[at]] if at >= 0 else before).append(d)

    def written(render: Callable[[Diagnostic], str]) -> rec.RecordFile:
        after = {
            line: notes.plays[line] + [render(d) for d in faults[line]] + notes.closing[line]
            for line in lines
        }
        return _rebuild(record, after, [render(d) for d in before])

    # The layout does not depend on the messages' words: lay it out once to learn where
    # each statement lands, then write the messages with their lines renumbered.  In
    # canonical text every line that is not blank or a comment holds the next item.
    draft = to_text(written(lambda d: "!"), continued=continued).split("\n")
    landed = (number for number, line in enumerate(draft, start=offset + 1)
              if _is_statement(line))
    moved = dict(zip(lines, landed, strict=True))
    if any(hand.candidates for result in piece.games for hand in result.hands):
        notes = _Notes(lines, lang, chain)  # the candidates' lines, renumbered too
        for game, result in zip(record.games, piece.games, strict=False):
            notes.game(game, _relined_candidates(result, moved))
    _ = translator(lang)
    return to_text(written(lambda d: f"! {d.code} {_relined(d.message, moved).render(_)}"),
                   continued=continued)


def _relined_candidates(result: GameResult, moved: Mapping[int, int]) -> GameResult:
    """``result`` with the lines its hands' candidates rest on renumbered by ``moved``."""
    hands = tuple(replace(hand, candidates=tuple(
        replace(c, grounds=tuple(replace(g, line=moved.get(g.line, g.line)) for g in c.grounds))
        for c in hand.candidates)) if hand.candidates else hand for hand in result.hands)
    return replace(result, hands=hands)


def _is_statement(line: str) -> bool:
    """Whether a line of canonical text holds a tag, a ``hand`` line or a statement (not a
    blank line or a comment on its own)."""
    return bool(line) and line[0] != "#"


def _relined(message: Message, moved: Mapping[int, int]) -> Message:
    """``message`` with every line it cites (an argument written ``line {name}``, or
    ``lines {name}`` for several, in its template) renumbered by ``moved``; nested messages
    too."""

    def relined(name: str, value: object) -> object:
        if isinstance(value, Message):
            return _relined(value, moved)
        if isinstance(value, tuple):
            return tuple(relined(name, v) for v in value)
        if type(value) is int and (f"line {{{name}}}" in message.template
                                   or f"lines {{{name}}}" in message.template):
            return moved.get(value, value)
        return value

    return Message(message.template, {k: relined(k, v) for k, v in message.args.items()})


class _Notes:
    """The comments to write after each line (by the line of the item they follow): a
    play's ends and chain, then the diagnostics, then the count of a hand and a game."""

    def __init__(self, lines: Sequence[int], lang: str, chain: bool) -> None:
        self.plays: dict[int, list[str]] = {line: [] for line in lines}
        self.faults: dict[int, list[str]] = {line: [] for line in lines}
        self.closing: dict[int, list[str]] = {line: [] for line in lines}
        self.lang, self.chain = lang, chain
        self.translate = translator(lang)

    def game(self, game: rec.Game, result: GameResult) -> None:
        results = {hand.line: hand for hand in result.hands}
        for hand in game.hands:
            hand_result = results.get(hand.line)
            if hand_result is not None:
                self.hand(hand, hand_result, result.players)
        if game.hands:
            self.closing[_last_line(game.hands[-1])].append(
                "= " + game_line(result, self.lang)
            )

    def hand(self, hand: rec.Hand, result: HandResult, players: Sequence[str]) -> None:
        ends_word = self.translate(N_("ends {left}|{right}"))
        layout: Layout | None = Layout()
        for statement in hand.statements:
            if not isinstance(statement, rec.Play):
                continue
            ends = result.ends.get(statement.line)
            if ends is None:
                layout = None  # from here on, where the tiles lie is in doubt
                continue
            notes = self.plays[statement.line]
            notes.append("= " + ends_word.format(left=ends[0], right=ends[1]))
            placement = result.placed.get(statement.line)
            if layout is not None and placement is not None:
                layout.place(*placement)
            else:
                layout = None  # laid where the record cannot tell: no longer described
            if self.chain and layout is not None:
                notes.append("= " + describe(layout, self.translate))
        summary = hand_lines(result, players, self.lang)
        self.closing[_last_line(hand)].extend("= " + line for line in summary)
        if result.analysis is not None:
            self.analysis(hand, result.analysis)

    def analysis(self, hand: rec.Hand, analysis: HandAnalysis) -> None:
        """``#?`` lines: after its ``hand`` line, who wins the hand by force, else how it
        ends under best play, or why it was not analysed; after each move, its value
        (``report/analysis_words.py``)."""
        said = hand_words(analysis) or start_words(analysis)
        if said is not None:
            self.plays[hand.line].append("? " + said.render(self.translate))
        for statement in hand.statements:
            if isinstance(statement, rec.Play | rec.Pass):
                move = analysis.at(statement.line)
                if move is not None:
                    self.plays[statement.line].append(
                        "? " + value_words(move, analysis.threshold).render(self.translate))


def _last_line(hand: rec.Hand) -> int:
    return hand.statements[-1].line if hand.statements else hand.line


def _items(record: rec.RecordFile) -> Iterator[Item]:
    """Every tag, ``hand`` line and statement, in the order of the text."""
    for game in record.games:
        yield from game.tags
        for hand in game.hands:
            yield hand
            yield from hand.statements


def _own(comments: Sequence[str]) -> tuple[str, ...]:
    return tuple(c for c in comments if not is_engine_comment(c))


def _rebuild(
    record: rec.RecordFile, after: dict[int, list[str]], before: list[str]
) -> rec.RecordFile:
    """The record with the engine's old comments dropped and the new ones given to the item
    that follows the line they are about."""
    pending = list(before)

    def commented(item: Item) -> Item:
        nonlocal pending
        comments = (*pending, *_own(item.comments))
        comment = item.comment
        if comment is not None and is_engine_comment(comment):
            comment = None
        pending = after[item.line]
        return item.model_copy(update={"comments": comments, "comment": comment})

    games = []
    for game in record.games:
        tags = tuple(commented(tag) for tag in game.tags)
        hands = []
        for hand in game.hands:
            head = commented(hand)
            statements = tuple(commented(s) for s in hand.statements)
            hands.append(head.model_copy(update={"statements": statements}))
        games.append(game.model_copy(update={"tags": tags, "hands": tuple(hands)}))
    return record.model_copy(
        update={"games": tuple(games), "comments": (*pending, *_own(record.comments))}
    )
