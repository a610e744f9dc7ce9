"""Usage errors in the user's language: click's messages, and blocknot's line around them.

click marks its messages for gettext, but looks them up in gettext's global domain with the
locale's language, which ``--lang`` cannot choose, and it writes them when the error is
raised.  So click is left as it is: the message it wrote in English is matched against its
msgids (``CLICK_MESSAGES``, the English texts click writes) and written again with the
translation of the msgid that matches, whose placeholders take the values click put there
(a ``{message}`` inside another message is translated the same way).  A message that no
msgid matches, as a later click could write, is shown as click wrote it.

The language is the command's ``--lang`` when the command line gives a valid one (an error
can come before the option is read: it is looked for in the arguments), else the locale's,
as for the help pages (``help.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

from ..basics.i18n import N_, language_from_environment, translator

#: click's usage errors that blocknot's commands can meet, as click writes them in English
#: (its msgids; a number type's name written out, since click writes it in English).
CLICK_MESSAGES = (  # tried in this order
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Did you mean {possibility}?"),
    N_("(Did you mean one of: {possibilities}?)"),
    N_("Missing command."),
    N_("Missing argument {param_hint}."),
    N_("Missing option {param_hint}."),
    N_("Option {name!r} requires an argument."),
    N_("Option {name!r} does not take a value."),
    N_("Got unexpected extra argument ({args})"),
    N_("Got unexpected extra arguments ({args})"),
    N_("{value!r} is not one of {choices}."),
    N_("{value!r} is not a valid integer."),
    N_("{value!r} is not a valid integer range."),
    N_("{value!r} is not a valid float range."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not {choice}."),  # after the messages it would take for its own
)

#: blocknot's line for a usage error (after ``blocknot: ``).
SEE_HELP = N_("{message} (see {where})")

_FIELD = re.compile(r"\{(\w+)(?:!([rs]))?\}")
#: What ``{field!r}`` becomes: a string's ``repr``.
_QUOTED = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""


def usage_language(args: Sequence[str] | None) -> str:
    """The language of a usage error: the last valid ``--lang`` among ``args`` (before a
    ``--``), else the locale's."""
    found = None
    words = list(args or ())
    if "--" in words:
        words = words[: words.index("--")]
    for at, word in enumerate(words):
        value = words[at + 1] if word == "--lang" and at + 1 < len(words) else None
        if word.startswith("--lang="):
            value = word[len("--lang="):]
        if value in ("en", "it"):
            found = value
    return found or language_from_environment()


def usage_line(message: str, where: str, lang: str) -> str:
    """The line ``blocknot: …`` says for a usage error ``message`` (click's, in English),
    pointing at the help page ``where``, in ``lang``."""
    _ = translator(lang)
    shown = (translated(message, _) or message) if lang != "en" else message
    return _(SEE_HELP).format(message=shown, where=where)


def translated(message: str, _: Callable[[str], str]) -> str | None:
    """``message`` with the translation of the msgid it was written from, or of two such
    messages written one after the other (``No such option '--x'. Did you mean '--y'?``);
    None when no msgid matches."""
    for msgid, pattern in _patterns():
        found = pattern.fullmatch(message)
        if found is not None:
            values = found.groupdict()
            if "message" in values:
                values["message"] = translated(values["message"], _) or values["message"]
            return _filled(_(msgid), values)
    for stop in re.finditer(r"[.?] ", message):
        first = translated(message[: stop.start() + 1], _)
        rest = translated(message[stop.end() :], _) if first is not None else None
        if first is not None and rest is not None:
            return f"{first} {rest}"
    return None


def _filled(template: str, values: dict[str, str]) -> str:
    """``template`` with each field replaced by its value as click wrote it."""
    return _FIELD.sub(lambda field: values[field.group(1)], template)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each msgid, and a pattern that matches what it becomes once its fields are filled."""
    patterns: list[tuple[str, re.Pattern[str]]] = []
    for msgid in CLICK_MESSAGES:
        pieces = _FIELD.split(msgid)  # text, field name, conversion, text, …
        regex = ""
        for index in range(0, len(pieces), 3):
            regex += re.escape(pieces[index])
            if index + 1 < len(pieces):
                value = _QUOTED if pieces[index + 2] == "r" else ".+?"
                regex += f"(?P<{pieces[index + 1]}>{value})"
        patterns.append((msgid, re.compile(regex, re.DOTALL)))
    return tuple(patterns)
