"""What stops a run before it starts, and the lines that name a file that could not be read
or written: one line each, in the user's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..basics.i18n import N_

if TYPE_CHECKING:
    from ..basics.diagnostics import Message

#: The exit status of a run refused (a bad option, a file that cannot be read).
REFUSED = 2


class Refused(Exception):
    """A run refused before or while it reads: how it was asked, or a file it cannot read
    (one line, exit 2).  Given as a ``Message``, it is told in the user's language."""

    exit_code = REFUSED

    def __init__(self, message: str | Message) -> None:
        self.words = None if isinstance(message, str) else message
        super().__init__(message if isinstance(message, str) else message.render())

    def told(self, lang: str) -> str:
        """The line's words in ``lang`` (a plain string as it is)."""
        if self.words is None:
            return str(self)
        from ..basics.i18n import translator

        return self.words.render(translator(lang))


#: ``cannot_read``'s name for standard input.
STANDARD_INPUT = None


def cannot_read(name: str | None, reason: OSError | Message | str) -> Refused:
    """``cannot read NAME: REASON`` (None: standard input), in the user's language (the
    reason of an ``OSError`` too, for the usual ones: ``os_reasons.os_reason``)."""
    from ..basics.diagnostics import Message
    from ..basics.os_reasons import os_reason

    path = Message(N_("standard input")) if name is None else name
    why = os_reason(reason) if isinstance(reason, OSError) else reason
    return Refused(Message(N_("cannot read {path}: {reason}"), {"path": path, "reason": why}))


def cannot_read_line(name: str | None, reason: OSError | Message | str, lang: str) -> str:
    """The line ``blocknot: cannot read NAME: REASON`` in ``lang``, for a file that a run
    goes on without (exit 2 at its end)."""
    return f"blocknot: {cannot_read_words(name, reason, lang)}\n"


def cannot_read_words(name: str | None, reason: OSError | Message | str, lang: str) -> str:
    """``cannot read NAME: REASON`` in ``lang``."""
    return cannot_read(name, reason).told(lang)


def cannot_write_line(name: str, reason: OSError, lang: str) -> str:
    """The line ``blocknot: cannot write NAME: REASON`` in ``lang``, for an output that a
    run goes on without (exit 2 at its end)."""
    from ..basics.diagnostics import Message
    from ..basics.i18n import translator
    from ..basics.os_reasons import os_reason

    words = Message(N_("cannot write {path}: {reason}"), {"path": name,
                                                         "reason": os_reason(reason)})
    return f"blocknot: {words.render(translator(lang))}\n"
