"""The inputs of ``standings`` and ``export``: each file with the codes ``validate`` checks
it for and its players' other spellings, and how it is opened.

A file's codes come from the configuration nearest above it (``select``, ``ignore``,
``per-file-ignores``) and its ``ignore-file`` comments, exactly as ``validate`` gives them
(``selection.selection_for``), so a game counts when ``validate`` finds no error in
it.  Its aliases are those of the same configuration, with ``--alias`` over them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, BinaryIO

from ..basics.diagnostics import N_, Message
from ..basics.paths import utf8_path
from .inputs import open_input, unzipped
from .problems import Refused


def command_aliases(given: Sequence[str]) -> list[tuple[str, str]]:
    """``--alias NAME=OTHER`` as pairs; a value without ``=`` is a usage error."""
    pairs = []
    for value in given:
        name, equals, other = value.partition("=")
        if not equals or not name.strip() or not other.strip():
            raise Refused(Message(N_("--alias takes NAME=OTHER, not {value!r}"),
                                       {"value": value}))
        pairs.append((name.strip(), other.strip()))
    return pairs


def sources_for(files: Sequence[str], config: Any, config_path: str | None, isolated: bool,
                aliases: Sequence[str] = ()) -> list[Any]:
    """A ``season.sources.SeasonInput`` for each file."""
    from ..basics.config import PerFile
    from ..season.aliases import Aliases, AliasProblem, agreeing, alias_pairs
    from ..season.sources import SeasonInput
    from .selection import chosen, config_of, selection_for

    given = command_aliases(aliases)
    per_file = PerFile(config if isolated or config_path is not None else None)
    made: dict[str | None, Any] = {}
    tables: list[tuple[str, list[tuple[str, str]]]] = []
    sources = []
    try:
        for path in files:
            each = config_of(per_file, path, None)
            if each.path not in made:
                made[each.path] = Aliases.of(given, Aliases.of(alias_pairs(each.aliases)))
                tables.append((each.path, alias_pairs(each.aliases)))
            selection = selection_for(path, None, chosen(None, None, each), each, True)
            # The name told in every output: one that is not UTF-8 with U+FFFD for each
            # byte that is not (``utf8_path``); the path, as it is, to open the file.
            sources.append(SeasonInput("<stdin>" if path == "-" else utf8_path(path), path,
                                       selection, made[each.path]))
        agreeing(tables)
    except AliasProblem as problem:
        raise Refused(problem.words) from None
    return sources


@contextmanager
def opened(path: str, stdin: BinaryIO | None) -> Iterator[BinaryIO]:
    """``path`` open for reading as ``validate`` opens it (``inputs.open_input``; ``-``:
    standard input), gzip data decompressed; a failure to read is kept by the stream
    (``inputs.Input.error``) for ``season.read.FileRead`` to tell.  Standard input that is
    a pipe is copied to a temporary file first (``copied_stdin``), so that it is looked
    through before any game of it counts, as a file is."""
    if path == "-":
        assert stdin is not None
        with copied_stdin(stdin) as copy:
            yield copy
        return
    with open_input(path) as handle:
        yield unzipped(handle)  # type: ignore[misc]


@contextmanager
def copied_stdin(stdin: BinaryIO) -> Iterator[BinaryIO]:
    """Standard input as an ``Input`` that can be read twice: as it is when it is a file,
    else copied to a temporary file (a failure to write it is ``output.OutputFailed``, one
    to read standard input kept by the ``Input``)."""
    import tempfile

    from .inputs import Input
    from .output import scratch

    try:
        rereadable = stdin.seekable()
    except (OSError, ValueError):
        rereadable = False
    if rereadable:
        yield unzipped(stdin)  # type: ignore[misc]
        return
    with tempfile.TemporaryFile(prefix="blocknot-") as copy:
        source = Input(stdin)
        while block := source.read(1 << 20):
            with scratch():
                copy.write(block)
        if source.error is not None:
            yield source  # type: ignore[misc]
            return
        copy.seek(0)
        yield unzipped(copy)  # type: ignore[misc]
