"""``--statistics``: how many times each code was reported, most frequent first."""

from __future__ import annotations

import json
from collections import Counter
from typing import IO

from ...basics.diagnostics import CATALOGUE
from ...basics.i18n import translator
from ...report.values import Piece, Tally


class StatisticsSink:
    """Counts the codes; writes a table at the end, or JSON with ``--format json`` (one array),
    or JSON Lines with ``--format jsonl`` (one object per code)."""

    wants_digest = False

    def __init__(self, out: IO[str], lang: str = "en", as_json: bool = False,
                 as_lines: bool = False) -> None:
        self.out = out
        self.lang = lang
        self.as_json = as_json
        self.as_lines = as_lines
        self.counts: Counter[str] = Counter()

    def add(self, path: str, piece: Piece, digest: str | None) -> None:
        self.counts.update(d.code for d in piece.diagnostics)

    def unreadable(self, path: str, reason: str, message: str) -> None:
        pass  # told on standard error

    def end_file(self, path: str, tally: Tally) -> None:
        pass

    def rows(self) -> list[tuple[str, int]]:
        codes = list(CATALOGUE)
        return sorted(self.counts.items(), key=lambda item: (-item[1], codes.index(item[0])))

    def close(self, interrupted: bool = False) -> None:
        if interrupted:
            return  # counts of part of the files would pass for all of them
        translate = translator(self.lang)
        rows = self.rows()
        objects = [{"code": code, "count": count, "severity": CATALOGUE[code].severity,
                    "summary": translate(CATALOGUE[code].summary)} for code, count in rows]
        if self.as_lines:
            for entry in objects:
                self.out.write(json.dumps(entry, ensure_ascii=False) + "\n")
        elif self.as_json:
            self.out.write(json.dumps(objects, ensure_ascii=False, indent=2) + "\n")
        else:
            width = max((len(str(count)) for _, count in rows), default=1)
            for code, count in rows:
                summary = translate(CATALOGUE[code].summary)
                self.out.write(f"{count:>{width}}  {code}  {summary}\n")
        self.out.flush()
