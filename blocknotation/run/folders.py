"""Walking a directory: each folder listed once, with the .gitignore files that apply in it.

``folders`` is ``os.walk`` with a stack of its own (Python before 3.12 walks by recursion,
and a thousand folders one in another exceeded its limit); ``Gitignores`` gives each folder
its chain of .gitignore files, built from its parent's and from its own listing, so that
no path sends the walk up the tree again: the walk is linear in its folders, whatever their
depth (``inputs.py`` decides which files it yields).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..basics.diagnostics import N_, Message
from ..basics.patterns import BadPattern, compiled

if TYPE_CHECKING:
    import pathspec

    Spec = pathspec.PathSpec[Any]


class BadGitignore(Exception):
    """A line of a .gitignore that cannot be compiled; ``words`` names the file and line."""

    def __init__(self, words: Message) -> None:
        super().__init__(words.render())
        self.words = words


def folders(directory: str, unlisted: Callable[[OSError], None]
             ) -> Iterator[tuple[str, list[str], list[str]]]:
    """``os.walk(directory)`` from the top down, without following links to folders, but
    with a stack of its own rather than recursion (Python before 3.12 walks by recursion, and
    a thousand folders one in another exceeded its limit); a folder that cannot be listed is
    told to ``unlisted``.  As with ``os.walk``, the caller may prune the folders listed."""
    stack = [directory]
    while stack:
        top = stack.pop()
        dirs: list[str] = []
        names: list[str] = []
        links: set[str] = set()
        try:
            with os.scandir(top) as entries:
                for entry in entries:
                    try:
                        is_dir = entry.is_dir()
                    except OSError:
                        is_dir = False
                    (dirs if is_dir else names).append(entry.name)
                    if is_dir and entry.is_symlink():
                        links.add(entry.name)
        except OSError as error:
            unlisted(error)
            continue
        yield top, dirs, names
        stack += (os.path.join(top, name) for name in reversed(dirs) if name not in links)


#: The .gitignore files that apply in a folder, each as its patterns, where the paths
#: relative to its folder start in a path found (``cut``), and what comes before that part
#: (``head``: the way down from its folder to the walk's, for the folders above the walk).
Chain = tuple[tuple["Spec", int, str], ...]


class Gitignores:
    """The .gitignore files that apply to a path: those of its folder and of every folder
    above it, up to the root of its git work tree (a folder holding ``.git``); each read
    once."""

    def __init__(self) -> None:
        self._specs: dict[str, Spec | None] = {}

    def _spec_of(self, directory: str) -> Spec | None:
        if directory not in self._specs:
            path = os.path.join(directory, ".gitignore")
            try:
                with open(path, encoding="utf-8") as handle:
                    spec = compiled(handle)
            except (OSError, UnicodeDecodeError):
                spec = None
            except BadPattern as bad:
                raise BadGitignore(Message(
                    N_("{path}, line {line}: {pattern!r} is not a valid gitignore-style "
                       "pattern"), {"path": path, "line": bad.number, "pattern": bad.pattern})
                ) from None
            self._specs[directory] = spec
        return self._specs[directory]

    def above(self, directory: str) -> Chain:
        """The chain of ``directory`` (as the paths under it are written), found by going
        up the tree from it once."""
        start = os.path.abspath(directory)
        cut = len(os.path.join(directory, ""))
        chain = []
        level = start
        while True:
            spec = self._spec_of(level)
            if spec is not None:
                head = "" if level == start else os.path.relpath(start, level) + "/"
                chain.append((spec, cut, head))
            parent = os.path.dirname(level)
            if os.path.isdir(os.path.join(level, ".git")) or parent == level:
                return tuple(chain)
            level = parent

    def enter(self, directory: str, where: str, above: Chain, dirs: list[str],
              names: list[str]) -> Chain:
        """The chain of a folder met by the walk (``where``: its absolute path; ``dirs`` and
        ``names``: what it holds, so that nothing is looked for that is not there), from that
        of the folder above it: its own .gitignore, then those above unless it is the root of
        a work tree."""
        spec = self._spec_of(where) if ".gitignore" in names else None
        own: Chain = () if spec is None else ((spec, len(os.path.join(directory, "")), ""),)
        if ".git" in dirs:
            return own
        return own + above

    @staticmethod
    def ignores(chain: Chain, path: str, is_dir: bool = False) -> bool:
        """Whether a .gitignore of ``chain`` (that of the folder holding ``path``) ignores
        ``path``."""
        end = "/" if is_dir else ""
        return any(spec.match_file(head + path[cut:] + end) for spec, cut, head in chain)
