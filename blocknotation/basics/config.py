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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config_values import FORMATS as FORMATS
from .config_values import KEYS as KEYS
from .config_values import ConfigProblem as ConfigProblem
from .config_values import Values
from .diagnostics import N_, Message
from .limits import MAX_CONFIG_BYTES, MAX_CONFIG_DEPTH
from .patterns import BadPattern, compiled

if TYPE_CHECKING:
    from .patterns import Spec


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
    encoding: str | None = None
    """The encoding the records are written in, when it is not UTF-8 (``--encoding``)."""
    _ignores: tuple[tuple[Spec, tuple[str, ...]], ...] = field(
        default=(), init=False, repr=False, compare=False)
    """``per_file_ignores`` with each pattern compiled, once for the configuration."""

    def __post_init__(self) -> None:
        if not self.per_file_ignores:
            return
        try:
            ignores = tuple((compiled([pattern]), codes)
                            for pattern, codes in self.per_file_ignores)
        except BadPattern as bad:
            raise ConfigProblem(f"'per-file-ignores' in {self.path}: {bad}") from None
        object.__setattr__(self, "_ignores", ignores)

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
        _not_a_directory(candidate)
        candidate = os.path.join(directory, "pyproject.toml")
        if os.path.isfile(candidate) and _has_section(candidate):
            return candidate
        _not_a_directory(candidate)
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _not_a_directory(candidate: str) -> None:
    """A configuration file's name given to a directory is a mistake, never passed over:
    the configuration meant would be missed without a word."""
    if os.path.isdir(candidate):
        raise ConfigProblem(Message(N_("{path} is a directory, not a configuration file: "
                                       "blocknot reads a {name} that is a file"),
                                    {"path": candidate, "name": os.path.basename(candidate)}))


#: How a ``[tool.blocknot]`` table can be written: its header, dotted keys under ``[tool]``
#: or from the top (``tool.blocknot.select``), or an inline table (``blocknot = {…}``).
_MAY_HOLD_TABLE = re.compile(
    rb"""(?m)^[ \t]*(?:\[[ \t]*tool[ \t]*\.[ \t]*["']?blocknot|(?:tool[ \t]*\.[ \t]*)?["']?"""
    rb"""blocknot["']?[ \t]*[.=])""")


def _has_section(path: str) -> bool:
    try:
        with open(path, "rb") as handle:  # a file that cannot hold the table is not parsed
            head = handle.read(MAX_CONFIG_BYTES + 1)
            if not _MAY_HOLD_TABLE.search(head.removeprefix(b"\xef\xbb\xbf")):
                return False  # (a table behind a byte-order mark is read, and refused)
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
    value = Values(data, path)
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
        encoding=value.encoding(),
    )


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
