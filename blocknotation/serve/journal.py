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
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass

from .store import append_durably, replace_durably

#: The folder, inside the evening's, that holds the journals.
FOLDER = ".blocknot-serve"


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
        self.steps: list[Step] = []
        self.keys: dict[str, int] = {}

    @property
    def version(self) -> int:
        """The record's version: how many changes it has been through (0: not made yet)."""
        return self.steps[-1].version if self.steps else 0

    def recover(self, record: bytes) -> None:
        """Read the journal and make it agree with ``record``, the record's bytes now."""
        self.steps = _read(self.path)
        now = digest(record)
        if self.steps and self.steps[-1].digest != now:
            if len(self.steps) > 1 and self.steps[-2].digest == now:
                self.steps.pop()  # written, but the record never was: not acknowledged
                replace_durably(self.path, b"".join(_line(s) for s in self.steps))
            else:
                self.intend(None, now)
        elif not self.steps:
            self.intend(None, now)
        self.keys = {s.key: s.version for s in self.steps if s.key is not None}

    def intend(self, key: str | None, new_digest: str) -> Step:
        """Write down, durably, that the entry ``key`` makes the record's next version with
        these bytes; called before the record is written."""
        step = Step(key, self.version + 1, new_digest)
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        append_durably(self.path, _line(step))
        self.steps.append(step)
        if key is not None:
            self.keys[key] = step.version
        return step


def _line(step: Step) -> bytes:
    return (json.dumps({"key": step.key, "version": step.version, "sha256": step.digest},
                       separators=(",", ":")) + "\n").encode("utf-8")


def _read(path: str) -> list[Step]:
    """The journal's steps; a last line cut short by the process dying is not one."""
    try:
        with open(path, "rb") as handle:
            lines = handle.read().splitlines()
    except FileNotFoundError:
        return []
    steps = []
    for line in lines:
        try:
            found = json.loads(line)
            steps.append(Step(found["key"], int(found["version"]), str(found["sha256"])))
        except (ValueError, KeyError, TypeError):
            break
    return steps
