"""File names as text: a name that is not UTF-8 written so that UTF-8 outputs can hold it."""

from __future__ import annotations

import os


def utf8_path(path: str) -> str:
    """``path`` as UTF-8 text can hold it: a name that is not UTF-8 (bytes that Python holds
    as lone surrogates, ``surrogateescape``) with U+FFFD for each such byte, as the JSON
    report writes it; any other name as it is."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return os.fsencode(path).decode("utf-8", errors="replace")
    return path
