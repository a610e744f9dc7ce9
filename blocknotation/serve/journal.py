"""The entries applied to one game's record: which idempotency keys made which version.

A line per entry, in ``DIR/.blocknot-serve/<game>.jsonl``: the entry's key, the version of
the record it made and the SHA-256 of the record's bytes then.  The line is written, and
flushed to the disk, *before* the record is changed, so that after the process is killed at
any moment the two agree again when the game is loaded (``recover``):

- the record is what the last line describes: both were written;
- it is what the line before describes: the process died between the two writes, the entry
  was never acknowledged, and its line is dropped (the phone sends it again, with its key);
- it is neither (the record was edited by hand, or by ``blocknot validate --fix``): a line
  without a key marks the new version, so that a page that saw the old one gets a conflict.

A key seen before is never applied again: its entry is answered with the record as it is.
The server remembers the last ``KEYS_KEPT`` keys of each game, enough for any phone's queue;
an older one sent again would still not be applied: its entry was made on a version of the
record long gone, and is answered with a conflict.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import OrderedDict
from dataclasses import dataclass

from .store import append_durably, replace_durably

#: The folder, inside the evening's, that holds the journals.
FOLDER = ".blocknot-serve"

#: The keys of each game remembered, the latest.
KEYS_KEPT = 64


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a journal: the entry's key (None: a change made outside the server), the
    version it made, and the digest of the record's bytes then."""

    key: str | None
    version: int
    digest: str


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Journal:
    """The journal of one game: its steps, and the keys already applied."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._first: str | None = None
        self.last: Step | None = None
        self.keys: OrderedDict[str, int] = OrderedDict()

    @property
    def version(self) -> int:
        """The record's version: how many changes it has been through (0: not made yet)."""
        return self.last.version if self.last is not None else 0

    @property
    def first_key(self) -> str | None:
        """The key of the entry that made the record (its game's setup)."""
        return self._first

    def recover(self, record: bytes) -> None:
        """Read the journal and make it agree with ``record``, the record's bytes now."""
        steps, whole = _read(self.path)
        now = digest(record)
        if len(steps) > 1 and steps[-1].digest != now and steps[-2].digest == now:
            steps.pop()  # written, but the record never was: not acknowledged
            whole = False
        if not whole:
            replace_durably(self.path, b"".join(_line(s) for s in steps))
        self._first = steps[0].key if steps else None
        self.last = steps[-1] if steps else None
        for step in steps:
            self._remember(step)
        if self.last is None or self.last.digest != now:
            self.intend(None, now)

    def intend(self, key: str | None, new_digest: str) -> Step:
        """Write down, durably, that the entry ``key`` makes the record's next version with
        these bytes; called before the record is written."""
        step = Step(key, self.version + 1, new_digest)
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        append_durably(self.path, _line(step))
        if self.last is None:
            self._first = key
        self.last = step
        self._remember(step)
        return step

    def forget_last(self, record: bytes) -> None:
        """The record could not be written after ``intend``: read the journal again."""
        self.keys = OrderedDict()
        self.recover(record)

    def _remember(self, step: Step) -> None:
        if step.key is not None:
            self.keys[step.key] = step.version
            if len(self.keys) > KEYS_KEPT:
                self.keys.popitem(last=False)


def _line(step: Step) -> bytes:
    return (json.dumps({"key": step.key, "version": step.version, "sha256": step.digest},
                       separators=(",", ":")) + "\n").encode("utf-8")


def _read(path: str) -> tuple[list[Step], bool]:
    """The journal's steps, and whether they are all it holds: a last line cut short (the
    machine stopped as it was written) is not a step, and is dropped."""
    try:
        with open(path, "rb") as handle:
            lines = handle.read().splitlines()
    except FileNotFoundError:
        return [], True
    steps = []
    for line in lines:
        try:
            found = json.loads(line)
            steps.append(Step(found["key"], int(found["version"]), str(found["sha256"])))
        except (ValueError, KeyError, TypeError):
            return steps, False
    return steps, True
