"""Why a file could not be read or written, in words that can be told in the user's
language: the system's own words are English whatever the locale."""

from __future__ import annotations

import errno

from .diagnostics import N_, Message

#: The reasons users meet, by ``errno``.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EFBIG: N_("File too large"),
}


def os_reason(error: OSError) -> Message | str:
    """Why ``error`` happened: the words it carries (gzip damage, a file that is not a
    regular file), a usual reason as a message, else the system's own words."""
    words = getattr(error, "words", None)  # reading.gunzip.GzipDamage, run.inputs.NotRegular
    if isinstance(words, Message):
        return words
    template = _OS_REASONS.get(error.errno or 0)
    return Message(template) if template else str(error.strerror or error)
