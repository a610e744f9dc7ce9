"""The values of a configuration file's table, each checked as it is read: an unknown key, a
value of the wrong type, an unknown code or a pattern that cannot be compiled is a
``ConfigProblem`` that names the key and the file (``config.py`` reads the files)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .diagnostics import N_, Message
from .limits import MAX_JOBS
from .patterns import BadPattern, compiled

FORMATS = ("text", "json", "annotated", "jsonl", "github", "sarif", "junit")
KEYS = ("select", "ignore", "per-file-ignores", "strict", "lang", "include", "exclude",
        "jobs", "format", "help-uri", "aliases", "encoding")


class ConfigProblem(Exception):
    """A configuration file that cannot be used; the message names the file and the key
    (``words``: the message to tell in the user's language, when it has one)."""

    def __init__(self, message: str | Message) -> None:
        self.words = None if isinstance(message, str) else message
        super().__init__(message if isinstance(message, str) else message.render())


class Values:
    """The values of a configuration file's table, each checked as it is read."""

    __slots__ = ("data", "path")

    def __init__(self, data: Mapping[str, Any], path: str) -> None:
        self.data, self.path = data, path

    def fail(self, key: str, wanted: str) -> ConfigProblem:
        return ConfigProblem(f"{key!r} in {self.path} must be {wanted}")

    def typed(self, key: str, kind: type, wanted: str) -> Any:
        value = self.data.get(key)
        if value is not None and (not isinstance(value, kind) or
                                  (kind is int and isinstance(value, bool))):
            raise self.fail(key, wanted)
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(key, "a list of strings")
        return tuple(value)

    def patterns(self, key: str, value: Sequence[str] | None = None) -> tuple[str, ...]:
        """Gitignore-style patterns, each one that pathspec can compile."""
        patterns = self.strings(key) if value is None else tuple(value)
        try:
            compiled(patterns)
        except BadPattern as bad:
            raise ConfigProblem(f"{key!r} in {self.path}: {bad}") from None
        return patterns

    def choice(self, key: str, choices: Sequence[str]) -> str | None:
        value = self.typed(key, str, "one of " + ", ".join(choices))
        if value is not None and value not in choices:
            raise self.fail(key, "one of " + ", ".join(choices))
        return value  # type: ignore[no-any-return]

    def help_uri(self) -> str | None:
        wanted = 'an http or https URL with {code} in it ("https://example.org/codes#{code}")'
        value = self.typed("help-uri", str, wanted)
        if value is not None and (not re.fullmatch(r"https?://[^\s]+", value)
                                  or "{code}" not in value):
            raise self.fail("help-uri", wanted)
        return value

    def encoding(self) -> str | None:
        from .encoding_names import encoding_name

        wanted = "the name of a text encoding (such as cp1252, latin-1, utf-16)"
        value = self.typed("encoding", str, wanted)
        if value is not None and encoding_name(value) is None:
            raise self.fail("encoding", wanted)
        return value  # type: ignore[no-any-return]

    def jobs(self) -> int | None:
        wanted = f"a whole number from 0 to {MAX_JOBS}"
        value = self.typed("jobs", int, wanted)
        if value is not None and not 0 <= value <= MAX_JOBS:
            raise self.fail("jobs", wanted)
        return value  # type: ignore[no-any-return]

    def codes(self, key: str, value: Any = None) -> tuple[str, ...]:
        from .diagnostics import CATALOGUE

        codes = self.strings(key) if value is None else value
        for code in codes:
            if not code or not any(known.startswith(code.upper()) for known in CATALOGUE):
                raise ConfigProblem(f"unknown code or prefix {code!r} in {key!r} in "
                                    f"{self.path}; see `blocknot rules`")
        return tuple(code.upper() for code in codes)

    def aliases(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        from .names import KEYWORDS, NAME_PATTERN

        table = self.data.get("aliases", {})
        wrong = ConfigProblem(Message(N_("'aliases' in {path} must be a table of player "
                                         "names to lists of their other spellings"),
                                      {"path": self.path}))
        if not isinstance(table, dict):
            raise wrong
        found = []
        for name, others in table.items():
            if not isinstance(others, list) or not all(isinstance(o, str) for o in others):
                raise wrong
            for one in (name, *others):
                if not NAME_PATTERN.fullmatch(one) or one in KEYWORDS:
                    raise ConfigProblem(Message(N_("{name!r} in 'aliases' in {path} is not "
                                                   "a player name"),
                                                {"name": one, "path": self.path}))
            found.append((name, tuple(others)))
        return tuple(found)

    def per_file_ignores(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        table = self.data.get("per-file-ignores", {})
        if not isinstance(table, dict):
            raise self.fail("per-file-ignores", "a table of patterns to lists of codes")
        found = []
        for pattern, codes in table.items():
            if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
                raise self.fail("per-file-ignores", "a table of patterns to lists of codes")
            found.append((pattern, self.codes("per-file-ignores", tuple(codes))))
        return tuple(found)  # each pattern is compiled, and so checked, by ``Config``
