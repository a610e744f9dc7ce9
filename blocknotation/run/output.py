"""Where the command line writes: standard output and ``-o FILE``, and how writing fails.

Every write goes through ``Guarded``, which turns an ``OSError`` of the output (a full disk,
``/dev/full``, a closed descriptor, a reader that went away) into ``OutputFailed``, naming
the output.  The command line reports it in one line and exits 2; a reader that went away
(``| head -1``) ends the run quietly with 141, as a tool killed by SIGPIPE would.  An
``OSError`` of an input is never mistaken for one of the output.

``-o FILE`` is written to a temporary file in the same directory and renamed over ``FILE``
once complete, so an interrupted or failed run never leaves a partial ``FILE``; the
temporary file is created before any work, so an output that cannot be written (a missing
directory) fails first.  A symbolic link is written through, as ``cp`` and ``>`` write it:
the file it leads to is the one replaced, and the link stays.  A path that exists and is
not a regular file (``/dev/full``, a FIFO) is written in place.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, BinaryIO, cast

STDOUT_NAME = "standard output"
SCRATCH_NAME = "a temporary file"


class OutputFailed(Exception):
    """Writing to an output failed: ``name`` is the output, ``error`` the system's reason."""

    def __init__(self, name: str, error: OSError) -> None:
        super().__init__(name, error)
        self.name = name
        self.error = error

    @property
    def broken_pipe(self) -> bool:
        return self.error.errno in (errno.EPIPE, errno.ECONNRESET)

    @property
    def reason(self) -> str:
        return self.error.strerror or str(self.error) or type(self.error).__name__


class Guarded(io.RawIOBase):
    """A writable binary stream over ``target`` whose failures are ``OutputFailed``; what
    is written goes through to ``target`` at once, so a failure shows while blocknot still
    runs, not when the interpreter exits."""

    def __init__(self, target: BinaryIO, name: str) -> None:
        super().__init__()
        self.target = target
        self.name = name
        self.failed = False  # after a failure, what is still written is dropped

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        try:
            return bool(self.target.isatty())
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        return self.target.fileno()

    def write(self, data: Any) -> int:
        if not self.failed:
            try:
                self._whole(memoryview(data).cast("B"))
                self.target.flush()  # through: a buffer above this one does the batching
            except OSError as error:
                self._fail(error)
        return len(data)

    def _whole(self, data: memoryview) -> None:
        # An unbuffered target (PYTHONUNBUFFERED: standard output is then the file itself)
        # may take part of the data: a write to a full pipe that a signal interrupts.
        while data:
            written = self.target.write(data)
            if written is None:  # a descriptor that does not wait
                raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
            data = data[written:]

    def flush(self) -> None:
        if self.closed or self.failed:
            return
        try:
            self.target.flush()
        except OSError as error:
            self._fail(error)

    def _fail(self, error: OSError) -> None:
        self.failed = True
        raise OutputFailed(self.name, error) from None


@contextmanager
def scratch() -> Iterator[None]:
    """Around work whose only files written are temporary spools (inputs are read through
    ``runner.Input``, outputs through ``Guarded``): an ``OSError`` there is a spool that could
    not be written (a full disk, a file size limit), and becomes ``OutputFailed``."""
    try:
        yield
    except OSError as error:
        raise OutputFailed(SCRATCH_NAME, error) from None


def say(text: str, stream: Any = None) -> None:
    """``text`` on standard error (or ``stream``), if it can take it: a closed or failing
    standard error cannot make matters worse."""
    stream = sys.stderr if stream is None else stream
    try:
        stream.write(text)
        stream.flush()
    except (AttributeError, OSError, OutputFailed, ValueError):
        pass


class _Closed(io.RawIOBase):
    """What standard output is when it was closed before blocknot started (``>&-``)."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def fileno(self) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def guard_stdout() -> Callable[[], None]:
    """Make every write to ``sys.stdout`` (click's help and version too) fail as
    ``OutputFailed``, a closed standard output included; returns what undoes it."""
    original = sys.stdout
    target = getattr(original, "buffer", None) if original is not None else _Closed()
    if target is None:  # a text-only stream put there by a caller: left alone
        return lambda: None
    wrapper = io.TextIOWrapper(
        io.BufferedWriter(cast(io.RawIOBase, Guarded(cast(BinaryIO, target), STDOUT_NAME))),
        encoding=getattr(original, "encoding", None) or "utf-8",
        errors=getattr(original, "errors", None) or "strict",
        line_buffering=bool(getattr(original, "line_buffering", False)),
    )
    sys.stdout = wrapper

    def undo() -> None:
        with suppress(OutputFailed, OSError, ValueError):
            wrapper.flush()
        sys.stdout = original
        with suppress(OutputFailed, OSError, ValueError):
            wrapper.detach()

    return undo


def stdout_binary() -> BinaryIO:
    """Standard output's bytes, guarded; ``OutputFailed`` at once if it is closed (``>&-``)."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        raise OutputFailed(STDOUT_NAME, OSError(errno.EBADF, os.strerror(errno.EBADF)))
    guarded = Guarded(buffer, STDOUT_NAME)
    guarded.write(b"")  # a closed standard output fails here, before any work
    return cast(BinaryIO, guarded)


def stdout_is_terminal() -> bool:
    """Whether standard output is a terminal (False when it is closed)."""
    stream = sys.stdout
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def text_stdout() -> io.TextIOWrapper:
    """Standard output as UTF-8 text with LF line ends, whatever the locale says, guarded."""
    raw = cast(io.RawIOBase, stdout_binary())
    return io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", newline="\n",
                            write_through=False)


def silence_stdout() -> None:
    """After standard output failed: point it at the null device, so that what is left in
    its buffer does not fail again (with a message) when the interpreter exits."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


@contextmanager
def output_file(path: str) -> Iterator[BinaryIO]:
    """A guarded binary stream that becomes ``path`` when the block ends without an error.

    Standard output for ``-``.
    """
    if path == "-":
        out = stdout_binary()
        yield out
        out.flush()
        return
    name, path = path, _through_links(path)
    _not_a_loop(path, name)
    if not _is_regular_or_missing(path):
        try:
            handle = open(path, "wb")  # noqa: SIM115 - closed below
        except OSError as error:
            raise OutputFailed(name, error) from None
        try:
            guarded = Guarded(handle, name)
            yield cast(BinaryIO, guarded)
            guarded.flush()
            _close(handle, name)
        finally:
            if not handle.closed:
                with suppress(OSError):
                    handle.close()
        return
    import tempfile  # here: ``--version`` and ``--help`` need none of it

    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, temporary = tempfile.mkstemp(prefix=".blocknot-", suffix=".tmp", dir=folder)
    except OSError as error:
        raise OutputFailed(name, error) from None
    handle = os.fdopen(fd, "wb")
    try:
        guarded = Guarded(handle, name)
        yield cast(BinaryIO, guarded)
        guarded.flush()
        _close(handle, name)
        _rename(temporary, path, name)
    finally:
        if not handle.closed:
            with suppress(OSError):
                handle.close()
        if os.path.lexists(temporary):
            os.unlink(temporary)


def output_directory(path: str) -> str:
    """Where a command that writes files into directory ``path`` (``export -o``) writes
    them: through a symbolic link, as ``-o`` writes a file (a link to nowhere names the
    directory to make); a loop of links is ``OutputFailed``."""
    through = _through_links(path)
    _not_a_loop(through, path)
    return through


def _through_links(path: str) -> str:
    """Where writing ``path`` goes: the file a symbolic link leads to (written through,
    as ``cp`` and ``>`` write it, so that the link keeps leading to what was written; a
    link to nowhere makes the file it names), else ``path`` itself."""
    if not os.path.islink(path):
        return path
    return os.path.realpath(path)


def _not_a_loop(path: str, name: str) -> None:
    """A loop of symbolic links leads nowhere that can be written: ``OutputFailed`` (as
    ``cp`` and ``>`` fail), rather than the link replaced by a file."""
    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OutputFailed(name, error) from None


def _is_regular_or_missing(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True


def _close(handle: BinaryIO, path: str) -> None:
    try:
        handle.close()
    except OSError as error:
        raise OutputFailed(path, error) from None


def _rename(temporary: str, path: str, name: str) -> None:
    """Give the finished file the mode a new file would have (or the old file's) and put it
    in place (``name``: the output as the user named it)."""
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        raise OutputFailed(name, error) from None
