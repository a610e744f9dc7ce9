"""Syntax (S): whether the file can be read as a record at all, and suppression comments.

Each entry is everything about its code: severity, summary, the rules it enforces, the
modules whose checks raise it, what it means and why (``blocknot rules CODE``); its example
records are the code's ``.bad.txt`` and ``.good.txt`` files in ``blocknotation/examples/``.
"""

from __future__ import annotations

from .entry import N_, Code

CODES = (
    Code(
        "S001", "error",
        N_("a line cannot be parsed"),
        rules=(),
        # The stages of reading: bytes (source, stream), lines (the grammar, the reader), and
        # record JSON read back or refused (json_buffer, json_convert, placing, json_stream,
        # and json_input: JSON given to be checked, its hint and lines that lie).
        checks=("formats/records/json_buffer.py", "formats/records/json_convert.py",
                "formats/records/placing.py",
                "formats/records/json_stream.py",
                "formats/records/json_input.py",
                "reading/larkparse.py", "reading/reader.py", "reading/source.py",
                "reading/stream.py", "reading/suggestions.py", "reading/tile_slips.py"),
        what=N_("A line is not a statement of the notation: a misspelt keyword, a missing colon "
                "after a player's name, a tag without its quotes, a stray word. The message says "
                "what was expected where the line goes wrong, and the line is shown with a caret "
                "under that place."),
        why=N_("Every statement is one line of a fixed shape (docs/notation.md, sections “Lexical"
               " rules” to “Hands”), and a line that cannot be read may be a lost move, deal or "
               "claim. A hand that holds an unreadable line is not judged by the rules, since "
               "every check there could only report the missing line again: fix syntax errors "
               "first."),
    ),
    Code(
        "S002", "error",
        N_("a tile has a pip outside 0–6"),
        rules=("R2",),
        checks=("reading/larkparse.py",),
        what=N_("A tile has a pip outside 0 to 6, such as 5-8 or 3-10."),
        why=N_("Block is played with the double-six set (R2): 28 tiles, from [0|0] to [6|6]. A "
               "tile such as 5-8 does not exist, so the line that holds it cannot be read, and, "
               "as with S001, its hand is not judged further."),
    ),
    Code(
        "S003", "error",
        N_("the input is not UTF-8 text, or holds a NUL byte"),
        rules=(),
        checks=("reading/unreadable.py",),
        what=N_("The file is not UTF-8 text: it holds bytes that are not valid UTF-8 (often a "
                "file saved as Latin-1 or Windows-1252 by an old editor, or as UTF-16), a NUL "
                "byte, or it is a binary file (an image, a document). The message gives the "
                "line and column of the first such byte and the encoding the file looks "
                "written in, or, where two encodings read other letters as well, says that "
                "it guesses and shows how each reads the line."),
        why=N_("A record is UTF-8 text (docs/notation.md, section “Lexical rules”), so that names"
               " such as Nicolò or Søren read the same everywhere. blocknot does not read "
               "another encoding unless told to (--encoding, or the encoding key of the "
               "configuration), since a wrong guess would silently change names and comments. "
               "Nothing else in the file is checked: save it as UTF-8 and check it again."),
        bad="S003.bad.bin",
        bad_note=N_("The record below, saved as Latin-1 by an old editor: the ì of venerdì on "
                    "line 1 is the single byte EC, which is not valid UTF-8. Its bytes, in "
                    "hexadecimal:"),
    ),
    Code(
        "S004", "warning",
        N_("a # blocknot: ignore comment suppresses nothing"),
        rules=(),
        checks=("suppress.py",),
        what=N_("A # blocknot: ignore comment suppresses nothing: no diagnostic with the code it "
                "names is reported on its line (or, for ignore-file, anywhere in the file). The "
                "warning points at the code in the brackets, or at the word ignore when there are"
                " none."),
        why=N_("A suppression is kept for a problem that was known and accepted. Once the record "
               "is corrected, or when the code is mistyped, the comment hides nothing today but "
               "would hide a new problem of that kind later, unseen. Remove the code (or the "
               "comment). S004 itself is silenced only by --ignore S004, by an ignore-file[S004] "
               "comment, or by naming S004 in the same comment; a bare ignore does not cover it."),
    ),
    Code(
        "S005", "warning",
        N_("a file holds no game"),
        rules=(),
        checks=("pipeline.py",),
        what=N_("A file holds no hand at all: it is empty, holds only comments, or only tag "
                "lines. The warning is at its first line; a file with an error says so "
                "already, and gets none."),
        why=N_("A record is checked for what it holds; one that holds no hand proves nothing, "
               "and is most often the wrong file, or one whose hands were never written down. "
               "Under --strict it fails the check, as every warning does."),
    ),
)
