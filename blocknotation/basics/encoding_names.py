"""Names of text encodings, as ``--encoding`` and the ``encoding`` key take them."""

from __future__ import annotations

import codecs


def encoding_name(name: str) -> str | None:
    """The canonical name of the text encoding ``name`` (``latin-1`` → ``iso8859-1``), or
    None when Python knows no text encoding of that name."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        return None
    if not getattr(info, "_is_text_encoding", True):  # rot13, base64 and the like
        return None
    return info.name


def is_utf8(name: str) -> bool:
    """Whether reading in the encoding ``name`` is reading UTF-8, as blocknot does anyway."""
    return encoding_name(name) in ("utf-8", "utf-8-sig")
