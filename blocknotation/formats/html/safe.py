"""Text from a record, safe to show in the HTML report: escaped, and with every invisible
character shown.

A record may hold bidi controls (U+202E reverses what follows it), zero-width characters
and other controls, in a comment, a tag or a name.  Written raw, they would make a line of
the page read otherwise than the record; each is shown as ``<U+XXXX>`` instead, as the text
output shows it on a terminal (``basics.diagnostics.printable``).  A tab is kept: it only
moves the text.
"""

from __future__ import annotations

from markupsafe import Markup
from markupsafe import escape as _escape


def visible(text: str) -> str:
    """``text`` with every invisible or control character but the tab as ``<U+XXXX>``."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\t" else f"<U+{ord(c):04X}>" for c in text)


def escape(value: object) -> Markup:
    """``value`` escaped for HTML, its invisible characters shown; markup is kept as it is."""
    if isinstance(value, Markup):
        return value
    return _escape(visible(str(value)))


def finalize(value: object) -> object:
    """What the page's template writes of ``value`` (Jinja2's ``finalize``): text with its
    invisible characters shown, escaped then by autoescape; markup and numbers as they are."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return visible(value)
    return value
