"""Configuration files: ``blocknot.toml``, or ``[tool.blocknot]`` in ``pyproject.toml``.

The file used is the first found walking up from the current directory (in each directory,
``blocknot.toml`` before ``pyproject.toml``; a pyproject.toml without ``[tool.blocknot]`` does
not count), or the one ``--config PATH`` names; ``--isolated`` reads none.  Keys are checked
strictly: an unknown key, a value of the wrong type or an unknown code is a usage error that
names the key and the file.  Options given on the command line win over the file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .diagnostics import N_, Message
from .limits import MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH, MAX_JOBS
from .patterns import BadPattern, compiled

if TYPE_CHECKING:
    from .patterns import Spec

FORMATS = ("text", "json", "annotated", "jsonl", "github", "sarif", "junit")
KEYS = ("select", "ignore", "per-file-ignores", "strict", "lang", "include", "exclude",
        "jobs", "format", "help-uri", "aliases")


class ConfigProblem(Exception):
    """A configuration file that cannot be used; the message names the file and the key
    (``words``: the message to tell in the user's language, when it has one)."""

    def __init__(self, message: str | Message) -> None:
        self.words = None if isinstance(message, str) else message
        super().__init__(message if isinstance(message, str) else message.render())


@dataclass(frozen=True, slots=True)
class Config:
    """The settings of a configuration file (None or empty: not set there)."""

    path: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    strict: bool | None = None
    lang: str | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    jobs: int | None = None
    format: str | None = None
    help_uri: str | None = None
    """The link of each code's help in SARIF (``helpUri``): an http(s) URL where ``{code}``
    stands for the code in lower case; unset, SARIF gives no link."""
    aliases: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``blocknot standings``: each player's name and the other spellings of it met in the
    records of this file's directory and below (``[aliases]``: ``Elena = ["Elana"]``)."""
    _ignores: tuple[tuple[Spec, tuple[str, ...]], ...] = field(
        default=(), init=False, repr=False, compare=False)
    """``per_file_ignores`` with each pattern compiled, once for the configuration."""

    def __post_init__(self) -> None:
        if self.per_file_ignores:  # each pattern was checked when it was read
            object.__setattr__(self, "_ignores", tuple(
                (compiled([pattern]), codes) for pattern, codes in self.per_file_ignores))

    def ignored_for(self, path: str) -> tuple[str, ...]:
        """The codes ``per-file-ignores`` leaves out of ``path`` (patterns are gitignore-style,
        relative to the configuration file's directory)."""
        if not self._ignores or self.path is None:
            return ()
        relative = os.path.relpath(os.path.abspath(path), os.path.dirname(self.path))
        codes: list[str] = []
        for spec, ignored in self._ignores:
            if spec.match_file(relative):
                codes += ignored
        return tuple(codes)


def find(start: str) -> str | None:
    """The configuration file that applies in ``start``: the nearest one above it."""
    directory = os.path.abspath(start)
    while True:
        candidate = os.path.join(directory, "blocknot.toml")
        if os.path.isfile(candidate):
            return candidate
        if os.path.isdir(candidate):  # a configuration meant, surely: never passed over
            raise ConfigProblem(Message(N_("{path} is a directory, not a configuration file: "
                                           "blocknot reads a blocknot.toml that is a file"),
                                        {"path": candidate}))
        candidate = os.path.join(directory, "pyproject.toml")
        if os.path.isfile(candidate) and _has_section(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


#: How a ``[tool.blocknot]`` table can be written: its header, dotted keys under ``[tool]``
#: or from the top (``tool.blocknot.select``), or an inline table (``blocknot = {…}``).
_MAY_HOLD_TABLE = re.compile(
    rb"""(?m)^[ \t]*(?:\[[ \t]*tool[ \t]*\.[ \t]*["']?blocknot|(?:tool[ \t]*\.[ \t]*)?["']?"""
    rb"""blocknot["']?[ \t]*[.=])""")


def _has_section(path: str) -> bool:
    try:
        with open(path, "rb") as handle:  # a file that cannot hold the table is not parsed
            if not _MAY_HOLD_TABLE.search(handle.read(MAX_CONFIG_BYTES + 1)):
                return False
    except OSError:
        pass  # _read says why it cannot be read
    try:
        return "blocknot" in _read(path).get("tool", {})
    except ConfigProblem:
        return True  # a broken pyproject.toml is reported, not skipped


def _read(path: str) -> dict[str, Any]:
    """The TOML of ``path``, refused when it is larger or nested deeper than the bounds."""
    import tomllib  # only when there is a file to read

    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as error:
        raise ConfigProblem(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigProblem(f"{path} is too large: a configuration file holds at most "
                            f"{MAX_CONFIG_BYTES} bytes")
    if data.startswith(b"\xef\xbb\xbf"):
        raise ConfigProblem(Message(N_("{path} starts with a byte-order mark, which TOML does "
                                       "not allow: save it as UTF-8 without one"),
                                    {"path": path}))
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigProblem(f"{path} is not valid TOML: {error}") from None
    except UnicodeDecodeError:
        raise ConfigProblem(f"{path} is not valid TOML: it is not UTF-8 text") from None
    except RecursionError:  # deeper than the parser can go: beyond the bound, surely
        parsed = None
    if parsed is None or _depth(parsed) - 1 > MAX_CONFIG_DEPTH:  # the document's own table
        raise ConfigProblem(f"{path} is nested too deeply: a configuration file nests arrays "
                            f"and tables at most {MAX_CONFIG_DEPTH} levels deep")
    return parsed


def _depth(value: object) -> int:
    """How deep arrays and tables nest in ``value`` (counted without recursion)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, level + 1)
            stack += [(inner, level + 1) for inner in item]
    return deepest


#: The configurations read, by path, with the size and time of change they were read at:
#: the one of the current folder and the one of each file's are most often the same file.
_LOADED: dict[str, tuple[tuple[int, int], Config]] = {}


def load(path: str) -> Config:
    """The settings in ``path`` (a blocknot.toml, or a pyproject.toml's [tool.blocknot]),
    read once while the file stays as it was."""
    key = os.path.abspath(path)
    try:
        found = os.stat(key)
        stamp = (found.st_size, found.st_mtime_ns)
    except OSError:
        stamp = None
    kept = _LOADED.get(key)
    if stamp is not None and kept is not None and kept[0] == stamp:
        return kept[1]
    config = _loaded(path)
    if stamp is not None:
        _LOADED[key] = (stamp, config)
    return config


def _loaded(path: str) -> Config:
    data = _read(path)
    if os.path.basename(path) == "pyproject.toml":
        tool = data.get("tool", {})
        data = tool.get("blocknot", {}) if isinstance(tool, dict) else {}
    if not isinstance(data, dict):
        raise ConfigProblem(f"[tool.blocknot] in {path} must be a table")
    return _checked(data, os.path.abspath(path))


def _checked(data: Mapping[str, Any], path: str) -> Config:
    for key in data:
        if key not in KEYS:
            raise ConfigProblem(f"unknown key {key!r} in {path}; the keys are "
                                + ", ".join(KEYS))
    value = _Checker(data, path)
    return Config(
        path=path,
        select=value.codes("select"),
        ignore=value.codes("ignore"),
        per_file_ignores=value.per_file_ignores(),
        strict=value.typed("strict", bool, "true or false"),
        lang=value.choice("lang", ("en", "it")),
        include=value.patterns("include"),
        exclude=value.patterns("exclude"),
        jobs=value.jobs(),
        format=value.choice("format", FORMATS),
        help_uri=value.help_uri(),
        aliases=value.aliases(),
    )


class _Checker:
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
        self.patterns("per-file-ignores", [pattern for pattern, _ in found])
        return tuple(found)


class PerFile:
    """The configuration of each file checked: the nearest one above the file (standard
    input: above ``stdin_name``'s directory, else the current one), each file read once;
    ``--config`` or ``--isolated`` (``fixed``) for every file alike."""

    def __init__(self, fixed: Config | None) -> None:
        self.fixed = fixed
        self.loaded: dict[str | None, Config] = {}
        self.found: dict[str, str | None] = {}  # each folder's, looked for once

    def of(self, path: str) -> Config:
        if self.fixed is not None:
            return self.fixed
        folder = os.path.dirname(os.path.abspath(path))
        if folder not in self.found:
            self.found[folder] = find(folder)
        found = self.found[folder]
        config = self.loaded.get(found)
        if config is None:
            config = self.loaded[found] = Config() if found is None else load(found)
        return config


def resolve(config_path: str | None, isolated: bool) -> Config:
    """The settings that apply: none with ``--isolated``, ``--config PATH``, or the nearest
    file above the current directory."""
    if isolated:
        return Config()
    path = config_path if config_path is not None else find(os.curdir)
    return Config() if path is None else load(path)
