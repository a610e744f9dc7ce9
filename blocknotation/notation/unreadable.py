"""Bytes that are not UTF-8 text: what they look like, and the one S003 that says so.

A file that is not UTF-8 text gets one S003, at its first bad byte, and nothing else in it is
read (``source.py`` and ``stream.py`` stop there).  ``not_text`` looks at a file's first
``SNIFF_BYTES`` for a binary file (an image, a NUL byte, mostly bytes that no text holds) or
UTF-16; ``undecodable`` names the encoding the line of a bad byte, and the file from there,
look written in (``encoding_guess``: a Windows editor's Windows-1252, as a rule, and the
others records are met in), and says when that is a guess; ``first_problem`` looks a file on
disk through, before any game of it is read.
"""

from __future__ import annotations

from typing import BinaryIO

from ..basics.diagnostics import Diagnostic, Message, diagnostic, message_part, printable
from .encoding_guess import SAMPLE_BYTES, Guess, guess

#: The byte-order mark as UTF-8 bytes.
BOM_BYTES = b"\xef\xbb\xbf"
#: Bytes at the start of a file looked at to tell a binary file from text.
SNIFF_BYTES = 8192


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


#: The first bytes of binary files a record folder may hold by mistake, and what they are
#: (the keys of S003's words for them).
_MAGIC = (
    (b"\x89PNG", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF8", "gif"),
    (b"%PDF-", "pdf"),
    (b"PK\x03\x04", "zip"),
    (b"\xd0\xcf\x11\xe0", "office"),
    (b"SQLite format 3\0", "sqlite"),
    (b"\x7fELF", "program"),
)
#: Control bytes that text may hold: tab, line feed, vertical tab, form feed, carriage
#: return and escape.
_TEXT_CONTROLS = frozenset(b"\t\n\v\f\r\x1b")
_CONTROLS = bytes(b for b in (*range(32), 127) if b not in _TEXT_CONTROLS)
#: A start of a file of at least ``_JUDGED_BYTES`` of which more than half are bytes that no
#: text holds (controls, bytes that are not UTF-8) is binary.
_JUDGED_BYTES = 32


def not_text(head: bytes) -> Diagnostic | None:
    """S003 when the first bytes of a file say it is no text record at all: a binary file
    (known by its first bytes, a NUL byte, or mostly bytes that no text holds), UTF-32 or
    UTF-16 (by its byte-order mark, or the NUL bytes of its ASCII characters); None for text,
    in UTF-8 or any 8-bit encoding."""
    head = head[:SNIFF_BYTES]
    wide = _wide_encoding(head)
    if wide is not None:
        return diagnostic("S003", 1, 1, "other_encoding", encoding=wide, name=wide.lower())
    kind = next((kind for magic, kind in _MAGIC if head.startswith(magic)), None)
    if kind is not None:
        return diagnostic("S003", 1, 1, "binary_kind", kind=message_part("S003", kind))
    if b"\0" in head:
        return binary(head, head.index(b"\0"), "nul")
    if len(head) >= _JUDGED_BYTES and 2 * _not_text_bytes(head) > len(head):
        return binary(head, 0, "not_text_bytes")
    return None


def _not_text_bytes(head: bytes) -> int:
    """The bytes of ``head`` that no text holds: controls other than tab, line ends and
    escape, and bytes that are not UTF-8 (a character cut at the end of ``head`` aside)."""
    whole = whole_characters(head)
    utf8 = len(whole.decode("utf-8", errors="ignore").encode("utf-8", "surrogatepass"))
    return sum(whole.count(byte) for byte in _CONTROLS) + len(whole) - utf8


def _wide_encoding(head: bytes) -> str | None:
    """``UTF-16`` or ``UTF-32`` when ``head`` starts with such a byte-order mark, or has the
    NUL bytes of ASCII characters written in UTF-16 (every second byte); else None."""
    if head.startswith((b"\xff\xfe\0\0", b"\0\0\xfe\xff")):
        return "UTF-32"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "UTF-16"
    even, odd = head[0::2], head[1::2]
    if len(head) >= 4 and (_mostly_nul(even, odd) or _mostly_nul(odd, even)):
        return "UTF-16"
    return None


def _mostly_nul(nuls: bytes, others: bytes) -> bool:
    return nuls.count(0) > 0.4 * len(nuls) and others.count(0) < 0.05 * len(others)


def binary(data: bytes, at: int, what: str) -> Diagnostic:
    """S003 for a binary file, at byte ``at`` of ``data`` (a file's first bytes), which is
    ``what`` (the key of S003's words for it: a NUL byte, control characters)."""
    good = data[:at].decode("utf-8", errors="replace").replace("\r\n", "\n")
    line, column = _position(good, len(good))
    return diagnostic("S003", line, column, "binary", what=message_part("S003", what))


def likely_encoding(line: bytes, sample: bytes = b"") -> Guess | None:
    """The encoding the bytes of ``line`` (the line of the first byte that is not UTF-8)
    and of ``sample`` (the bytes from that line on) look written in (``encoding_guess``);
    None when the line holds UTF-8 characters that read as words (a damaged file, or text
    pasted from another encoding)."""
    return guess(line, sample or line)


def undecodable(data: bytes, at: int, line: int, column: int) -> Diagnostic:
    """S003 for bytes that are not UTF-8, at byte ``at`` of ``data`` (line and column given),
    naming the encoding the bytes of its line and of the file after it look written in."""
    start = data.rfind(b"\n", 0, at) + 1
    end = data.find(b"\n", at)
    found = likely_encoding(data[start : len(data) if end < 0 else end],
                            data[start : start + SAMPLE_BYTES])
    if found is None:
        return diagnostic("S003", line, column, "damaged", byte=data[at])
    if found.sure or found.other is None:
        return diagnostic("S003", line, column, "byte_encoding",
            byte=data[at], encoding=Message(found.best.words), name=found.best.name)
    return diagnostic("S003", line, column, "byte_guess",
        byte=data[at], encoding=Message(found.best.words), name=found.best.name,
        reading=_quoted(found.words), other=Message(found.other.words),
        other_reading=_quoted(found.other_words))


def _quoted(words: tuple[str, ...]) -> str:
    return ", ".join(f"'{printable(word)}'" for word in words)


def nul_byte(line: int, column: int) -> Diagnostic:
    """S003 for a NUL byte, which no text record holds."""
    return diagnostic("S003", line, column, "binary", what=message_part("S003", "nul"))



# --- a file looked through before it is read ----------------------------------------------

#: Bytes looked through at a time by ``first_problem``.
_SCAN_BYTES = 1 << 18


def first_problem(stream: BinaryIO) -> Diagnostic | None:
    """The S003 of a file that is not UTF-8 text, at its first bad byte, or None; the file
    is read from where it stands to its end, then put back there.  For a file that can be
    read twice (``stream.seekable()``), so that nothing of a file that holds a bad byte is
    checked, wherever that byte is."""
    start = stream.tell()
    try:
        return _scanned(stream)
    finally:
        stream.seek(start)


def _scanned(stream: BinaryIO) -> Diagnostic | None:
    head = stream.read(_SCAN_BYTES)
    refused = not_text(head)
    if refused is not None:
        return refused
    pending = head[len(BOM_BYTES):] if head.startswith(BOM_BYTES) else head
    line, column = 1, 0  # where ``pending`` starts: its line, and the characters before it
    while more := stream.read(_SCAN_BYTES):
        data = pending + more
        # Whole lines; a line longer than a block is looked at without its last character.
        end = data.rfind(b"\n") + 1 or len(whole_characters(data))
        whole, pending = data[:end], data[end:]
        problem = problem_in(whole, line, column)
        if problem is not None:
            return problem
        lines = whole.count(b"\n")
        tail = len(whole[whole.rfind(b"\n") + 1 :].decode("utf-8"))
        line, column = line + lines, tail + (0 if lines else column)
    return problem_in(pending, line, column)


def problem_in(data: bytes, line: int, column: int) -> Diagnostic | None:
    """The S003 of the first bad byte of ``data`` (UTF-8 cut at a character's end), whose
    first byte is at ``line`` after ``column`` characters of it; None when there is none."""
    try:
        data.decode("utf-8")
        bad = len(data)
    except UnicodeDecodeError as error:
        bad = error.start
    nul = data.find(b"\0", 0, bad)
    at = bad if nul < 0 else nul
    if at == len(data):
        return None
    good = data[:at].decode("utf-8")
    before = good.count("\n")
    here = len(good) - good.rfind("\n") - 1 + (0 if before else column)
    if nul >= 0:
        return nul_byte(line + before, here + 1)
    return undecodable(data, at, line + before, here + 1)



def whole_characters(data: bytes) -> bytes:
    """``data`` without a UTF-8 character cut short at its end (other errors are kept, for
    the decoder to report)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":
            return data[: error.start]
    return data
