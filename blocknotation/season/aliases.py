"""Players matched across a season: by name after NFC (``basics.names.name_key``), and by
the other spellings the aliases give (``--alias NAME=OTHER``, the configuration's
``[aliases]`` table), so that ``Elana`` written one evening counts as ``Elena``.

An alias names a player and another spelling of the same player.  A spelling stands for one
player only, and a name that is another spelling of someone cannot be given spellings of
its own: aliases never chain, so what a spelling counts as is read off one line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..basics.diagnostics import N_, Message
from ..basics.names import KEYWORDS, NAME_PATTERN, name_key


class AliasProblem(ValueError):
    """Aliases that cannot be used, or that merge two players of one game; ``words`` says
    why in the user's language."""

    def __init__(self, words: Message) -> None:
        super().__init__(words.render())
        self.words = words


def _checked(name: str) -> str:
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name) or name in KEYWORDS:
        raise AliasProblem(Message(N_("{name!r} is not a player name"), {"name": str(name)}))
    return name_key(name)


@dataclass(frozen=True, slots=True)
class Aliases:
    """What each other spelling counts as: both in NFC."""

    names: Mapping[str, str] = field(default_factory=dict)

    @staticmethod
    def of(pairs: Iterable[tuple[str, str]], base: Aliases | None = None) -> Aliases:
        """The aliases ``(NAME, OTHER)`` of ``pairs``, over those of ``base``: for a
        spelling that both give, ``pairs`` wins."""
        names = dict(base.names) if base is not None else {}
        given: dict[str, str] = {}
        for name, other in pairs:
            name, other = _checked(name), _checked(other)
            if other == name:
                continue
            if given.get(other, name) != name:
                raise AliasProblem(Message(N_("{other} cannot stand for both {first} and "
                                              "{second}"),
                                           {"other": other, "first": given[other],
                                            "second": name}))
            given[other] = names[other] = name
        for other, name in names.items():
            if names.get(name) == other:
                raise AliasProblem(Message(N_("{name} and {other} are each given as another "
                                              "spelling of the other: keep one of the two"),
                                           {"name": name, "other": other}))
            if name in names:
                raise AliasProblem(Message(N_("{name} is another spelling of {player}: give "
                                              "{other} as a spelling of {player}"),
                                           {"name": name, "player": names[name],
                                            "other": other}))
        return Aliases(names)

    def name(self, written: str) -> str:
        """The player ``written`` counts as."""
        key = name_key(written)
        return self.names.get(key, key)


NO_ALIASES = Aliases()


def alias_pairs(table: Iterable[tuple[str, Iterable[str]]]) -> list[tuple[str, str]]:
    """``(NAME, OTHER)`` for each spelling of a configuration's ``aliases`` table."""
    return [(name, other) for name, others in table for other in others]


def agreeing(tables: Iterable[tuple[str, Iterable[tuple[str, str]]]]) -> None:
    """Refuse the aliases of two configuration files of one run that contradict each other
    (``tables``: each file and its ``(NAME, OTHER)`` pairs, each file's own checked by
    ``Aliases.of``): a spelling one counts as a player and the other as another, or a name
    one counts as a spelling of someone, which the other gives spellings of (Elena and
    Elana each counted as the other would make two rows of one player)."""
    stands: dict[str, tuple[str, str]] = {}  # each other spelling: its player, and where
    for file, pairs in tables:
        for name, other in pairs:
            name, other = _checked(name), _checked(other)
            earlier = stands.setdefault(other, (name, file))
            if other != name and earlier[0] != name:
                raise AliasProblem(Message(
                    N_("{first_file} counts {other} as {first}, but {second_file} counts it "
                       "as {second}: the aliases of the configurations of one run must "
                       "agree"), {"first_file": earlier[1], "other": other,
                                  "first": earlier[0], "second_file": file, "second": name}))
    for other, (name, file) in stands.items():
        found = stands.get(name)
        if name != other and found is not None and found[0] != name:
            raise AliasProblem(Message(
                N_("{first_file} counts {other} as {name}, but {second_file} counts {name} "
                   "as {player}: the aliases of the configurations of one run must agree"),
                {"first_file": file, "other": other, "name": name, "second_file": found[1],
                 "player": found[0]}))


def clash(players: Iterable[str], aliases: Aliases, where: Mapping[str, object]) -> None:
    """Refuse aliases that make two players of one game the same player (``where`` names
    the game: its ``path`` and ``game``)."""
    seen: dict[str, str] = {}
    for written in players:
        player = aliases.name(written)
        if player in seen:
            raise AliasProblem(Message(
                N_("the aliases make {first} and {second} one player, but both play in game "
                   "{game} of {path}"),
                {"first": seen[player], "second": written, **where}))
        seen[player] = written
