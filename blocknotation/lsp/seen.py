"""The games a document checked lately, by their text: a game whose text comes back is not
checked again.

Keys typed and erased, an undo, a redo: a game's text often comes back to one it had a few
changes before.  A check keeps each game it checks here (``cut.py``), by its text, with
whether it is the document's first chunk (which alone may be record JSON and start after a
byte-order mark) and the selection it was checked with; a later check of the same text
takes its report, moved to where the game now is (``moved.shifted``), as it takes those of
the games a change did not touch.  A game's report depends on its text, its place and the
selection alone (``tests/test_lsp_moved.py``), so what is taken is what a check would give.

The last ``GAMES`` games are kept, and ``CHARACTERS`` characters of their texts at most: a
game larger than that is not kept.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

from ..pipeline import Selection

#: Games kept at most, and characters of their texts.
GAMES = 64
CHARACTERS = 1 << 20

_Key = tuple[str, bool, Selection]
Game = TypeVar("Game")


class Seen(Generic[Game]):
    """The games checked lately (``cut.Game``), by text, first-ness and selection; the
    oldest go first."""

    def __init__(self) -> None:
        self._kept: OrderedDict[_Key, Game] = OrderedDict()
        self._characters = 0

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, text: str, first: bool, selection: Selection) -> Game | None:
        """The game last checked with this text, as the first chunk or not, with
        ``selection``; None when none is kept."""
        key = (text, first, selection)
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
        return found

    def put(self, text: str, first: bool, selection: Selection, game: Game) -> None:
        """Keep ``game``, checked with this text (the oldest kept go when there are too
        many)."""
        if len(text) > CHARACTERS:
            return
        key = (text, first, selection)
        if key not in self._kept:
            self._characters += len(text)
        self._kept[key] = game
        self._kept.move_to_end(key)
        while len(self._kept) > GAMES or self._characters > CHARACTERS:
            (old, _, _), _ = self._kept.popitem(last=False)
            self._characters -= len(old)
