"""Player names that look alike but are not the same: ``Аda`` written with a Cyrillic ``А``
reads exactly as ``Ada`` and would be a row of its own in the standings.

Two names are said to look alike when their skeletons coincide: the skeleton of Unicode
Technical Standard #39 ("confusable detection"), where each character is mapped to the
character it is commonly confused with (``А`` to ``A``, a fullwidth ``Ａ`` to ``A``), here as
disarm computes it (``skeleton_key``, which also folds case).  blocknot only warns: the
names stay as written, and an alias merges them when they are one player.  The skeletons
need disarm (the ``names`` extra: ``pip install 'blocknot[names]'``); without it, no names
are compared.
"""

from __future__ import annotations

from collections.abc import Iterable


def skeletons_available() -> bool:
    """Whether the skeletons can be computed (disarm is installed)."""
    from importlib.util import find_spec

    return find_spec("disarm") is not None


def look_alike(names: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of ``names`` (each name once, in order) whose skeletons coincide: each
    later name with the first one that looks like it."""
    if not skeletons_available():
        return []
    from disarm import skeleton_key

    first: dict[str, str] = {}
    found = []
    for name in dict.fromkeys(names):
        seen = first.setdefault(skeleton_key(name), name)
        if seen != name:
            found.append((seen, name))
    return found


def code_points(name: str) -> str:
    """``Аda`` as ``U+0410 U+0064 U+0061``: what tells two names apart that look alike."""
    return " ".join(f"U+{ord(c):04X}" for c in name)
