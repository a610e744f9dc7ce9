"""The encoding a file that is not UTF-8 looks written in, guessed from its bytes.

Every byte is a character in an 8-bit encoding, so the question is not which encodings read
the bytes, but in which they read as names and words.  Each of the encodings a record is
met in (Windows-1252 from a Western Windows editor, Windows-1250 and Windows-1251 from
Central European and Cyrillic ones, KOI8-R, Mac OS Roman, DOS code page 850, Shift JIS)
reads the sample, and what it reads is scored a word at a time:

- a word whose letters are all of one script, cased as names are (``Zoë``, ``Мария``, not
  ``лЮПХЪ``) scores its letters beyond ASCII, the letters the encoding's own languages use
  most counting most (``ò`` in Windows-1252, ``ř`` in Windows-1250); a Latin word of three
  or more letters none of which is ASCII (``Ìàðèÿ``, Cyrillic read as Windows-1252) does not;
- a word of two scripts, a case wrong inside it, a symbol or control character among
  letters (``Nicol•``), or half-width katakana loses.

The best reading is named when it wins by a letter at least, or when the runner-up reads the
same letters; otherwise the message says it is a guess and shows both readings, so that the
scorer can tell which reads their players' names.  When no encoding reads a word of the
bytes (a stray byte), the first of them that reads the bytes at all is the guess.

Charset detectors (charset-normalizer) were tried on such files and named the wrong
encoding for most: a record holds too few words beyond ASCII for their statistics.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import pairwise

from ..basics.diagnostics import N_

#: Each encoding tried, in the order a tie is broken: its codec, its name in words, the
#: name ``--encoding`` takes, and the letters its languages use most.
_WESTERN = "àáâäçèéêëìíîñòóôöùúûüßÀÁÂÄÇÈÉÊËÌÍÎÑÒÓÔÖÙÚÛÜøØåÅæÆ"
_CENTRAL = ("áäçéíóôöúüýÁÄÇÉÍÓÔÖÚÜÝąćčďęěłńőřśšťůűźżžĄĆČĎĘĚŁŃŐŘŚŠŤŮŰŹŻŽăâîșțşţĂÂÎȘȚŞŢ")


@dataclass(frozen=True, slots=True)
class EncodingGuess:
    codec: str
    words: str
    name: str
    common: str = ""
    script: str | None = "LATIN"


CANDIDATES = (
    EncodingGuess("cp1252", N_("Windows-1252 (Latin-1)"), "cp1252", _WESTERN),
    EncodingGuess("cp1250", N_("Windows-1250 (Central European)"), "cp1250", _CENTRAL),
    EncodingGuess("cp1251", N_("Windows-1251 (Cyrillic)"), "cp1251", script="CYRILLIC"),
    EncodingGuess("cp850", N_("DOS code page 850 (Western European)"), "cp850", _WESTERN),
    EncodingGuess("mac_roman", N_("Mac OS Roman"), "mac-roman", _WESTERN),
    EncodingGuess("koi8_r", N_("KOI8-R (Cyrillic)"), "koi8-r", script="CYRILLIC"),
    EncodingGuess("shift_jis", N_("Shift JIS (Japanese)"), "shift_jis", script="JAPANESE"),
)

#: Bytes of the file looked at, from the line of the first bad byte on (its lines that are
#: not UTF-8).
SAMPLE_BYTES = 1 << 16
_WORD = re.compile(r"[^\W\d_]+")
_NOT_SPACE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Guess:
    """The encoding the bytes look written in, whether that is sure, and, when it is not,
    the runner-up; ``words`` and ``other_words``: the words beyond ASCII of the line, as
    each reads them."""

    best: EncodingGuess
    sure: bool
    words: tuple[str, ...]
    other: EncodingGuess | None = None
    other_words: tuple[str, ...] = ()


def guess(line: bytes, sample: bytes) -> Guess | None:
    """The encoding ``line`` (the line of the first byte that is not UTF-8) and ``sample``
    (the bytes from that line on) look written in; None when the line reads best as UTF-8
    with a byte damaged (it holds UTF-8 characters that read as words)."""
    sample = _not_utf8(sample[: sample.rfind(b"\n") + 1] or sample)
    scored = [(score(text, c), c) for c in CANDIDATES
              if (text := _decoded(sample, c.codec)) is not None]
    if not scored or _reads_as_utf8(line):
        return None
    if max(s for s, _ in scored) > 0:  # a reading as words: the best of them
        scored.sort(key=lambda pair: -pair[0])  # stable: a tie keeps the order of CANDIDATES
    (top, best), rest = scored[0], scored[1:]
    words = _beyond_ascii(line, best.codec)
    rival = next((c for s, c in rest if (s > top - 1 or top <= 0)
                  and _beyond_ascii(line, c.codec) != words), None)
    if rival is None:
        return Guess(best, True, words)
    return Guess(best, False, words, rival, _beyond_ascii(line, rival.codec))


def _not_utf8(sample: bytes) -> bytes:
    """The lines of ``sample`` that are not UTF-8: a line that is says nothing of the
    encoding of the others (a file may be UTF-8 but for a line pasted from elsewhere)."""
    return b"\n".join(line for line in sample.split(b"\n") if not _is_utf8(line))


def _is_utf8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _decoded(data: bytes, codec: str) -> str | None:
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        return None


def _beyond_ascii(line: bytes, codec: str) -> tuple[str, ...]:
    """The words of ``line`` that hold a character beyond ASCII, as ``codec`` reads them
    (three at most)."""
    text = line.decode(codec, errors="replace")
    words = (token.strip("\"'[](){}<>,.;:!?#") for token in _NOT_SPACE.findall(text))
    return tuple(word[:30] for word in words if not word.isascii())[:3]


def score(text: str, candidate: EncodingGuess) -> int:
    """How well ``text`` reads as words and names (see the module)."""
    total = 0
    for token in _NOT_SPACE.findall(text):
        if token.isascii():
            continue
        words = _WORD.findall(token)
        total += sum(_word_score(word, candidate) for word in words if not word.isascii())
        total -= 3 * sum(1 for c in token if not c.isascii() and _stray(c, token))
    return total


def _stray(char: str, token: str) -> bool:
    """A character beyond ASCII that no word holds, where it makes no sense: a control
    character, a symbol beside letters (``Nicol•``, ``Ã²``), a punctuation mark between two
    letters (an apostrophe aside); or half-width katakana, which text hardly uses."""
    category = unicodedata.category(char)[0]
    if category in "LM":
        return _half_width(char)
    if category == "C":
        return True
    if category == "S":
        return any(c.isalpha() for c in token)
    at = token.index(char)
    return 0 < at < len(token) - 1 and token[at - 1].isalpha() and token[at + 1].isalpha() \
        and char not in "\u2019\u2018"


def _half_width(char: str) -> bool:
    return "\uff61" <= char <= "\uff9f"


def _word_score(word: str, candidate: EncodingGuess) -> int:
    scripts = {_script(c) for c in word if c.isalpha()}
    beyond = [c for c in word if not c.isascii()]
    if len(scripts) != 1 or _cased_wrong(word) or any(_half_width(c) for c in beyond):
        return -2 * len(beyond)
    (script,) = scripts
    if script == "LATIN" and len(word) >= 3 and not any(c.isascii() for c in word):
        return -2 * len(beyond)
    if candidate.script is not None and script != candidate.script:
        return 0
    if script == "JAPANESE":
        return 6 * len(beyond)  # a character of two bytes: as much as two letters
    return sum(3 if c in candidate.common or script != "LATIN" else 1 for c in beyond)


def _script(char: str) -> str:
    if char.isascii():
        return "LATIN"
    name = unicodedata.name(char, "")
    head = name.split(" ", 1)[0]
    if head in ("CJK", "HIRAGANA", "KATAKANA") or name.startswith("IDEOGRAPHIC"):
        return "JAPANESE"
    return head


def _cased_wrong(word: str) -> bool:
    """A capital after a small letter (``лЮПХЪ``, ``ÈâÀ``), as no name is written."""
    return any(before.islower() and after.isupper() for before, after in pairwise(word))


def _reads_as_utf8(line: bytes) -> bool:
    """Whether ``line`` holds characters beyond ASCII correctly written in UTF-8 that read
    as words at least as well as any other encoding reads the line: a UTF-8 file with a
    byte damaged, or text pasted from another encoding."""
    text = line.decode("utf-8", errors="replace").replace("\ufeff", "")
    if text.replace("\ufffd", "").isascii():
        return False
    found = score(text.replace("\ufffd", ""), _ANY)
    others = [score(t, c) for c in CANDIDATES if (t := _decoded(line, c.codec)) is not None]
    return found > 0 and found >= max(others, default=0)


#: UTF-8 read as a candidate: letters of any script.
_ANY = EncodingGuess("utf-8", "", "", _WESTERN + _CENTRAL, script=None)
