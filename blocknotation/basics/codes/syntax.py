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
                "notation/larkparse.py", "notation/reader.py", "notation/source.py",
                "notation/stream.py", "notation/suggestions.py", "notation/tile_slips.py"),
        what=N_("A line is not a statement of the notation: a misspelt keyword, a missing colon "
                "after a player's name, a tag without its quotes, a stray word. The message says "
                "what was expected where the line goes wrong, and the line is shown with a caret "
                "under that place."),
        why=N_("Every statement is one line of a fixed shape (docs/notation.md, sections “Lexical"
               " rules” to “Hands”), and a line that cannot be read may be a lost move, deal or "
               "claim. A hand that holds an unreadable line is not judged by the rules, since "
               "every check there could only report the missing line again: fix syntax errors "
               "first."),
        messages={
            "invalid_json": N_("this is JSON, not a text record, and not valid record JSON "
                               "either: {problem}"),
            "json_path": N_("{path}: {reason}"),
            "json_too_large": N_("{path}: this game holds {count} tags, hands, statements and "
                                 "score entries; written as text it would take more than the "
                                 "{limit} characters of a game blocknot converts"),
            "long_number": N_("a number of {digits} digits; numbers have at most {limit}"),
            "keyword_name": N_("{name} is a keyword of the notation and cannot be a player's "
                               "name"),
            "unexpected_character": N_("unexpected character {char}; expected {expected}"),
            "ends_early": N_("the line ends too early; expected {expected}"),
            "unexpected": N_("unexpected {found}; expected {expected}"),
            "unreadable_line": N_("this line cannot be read"),
            "bad_escape": N_("{escape} is not an escape in a tag value: the only escapes are \\\" "
                             "for a quote and \\\\ for a backslash"),
            "unclosed_quote": N_("this value in double quotes is never closed: a closing \" is "
                                 "missing"),
            "long_line": N_("a line of more than {limit} characters: it is not read"),
            "no_hand": N_("expected `hand N` before this statement: it belongs to no hand"),
            "long_hand": N_("hand {number} has more than {limit} statements; the rest of it is "
                            "not read"),
            "large_input": N_("the input is larger than {limit} bytes, the most blocknot reads; "
                              "split it into smaller files"),
            "record_json": N_("this looks like record JSON, not a text record; convert it to text "
                              "first (`blocknot convert FILE`), then validate the text"),
            "large_game": N_("the game that starts here is larger than {limit} bytes, the most "
                             "blocknot holds at once; it and the rest of the file are not read"),
            "lookalike": N_("'{char}' ({codepoint}) looks like '{meant}' but is not it: the "
                            "notation is written with '{meant}' here"),
            "not_a_side": N_("'{word}' is not a side: after the tile write L or left, R or right"),
            "keyword_space": N_("'{word}' is not a keyword: did you mean '{keyword} {number}'? A "
                                "space goes between them"),
            "keyword_case": N_("'{word}' is not a keyword: did you mean '{keyword}'? Keywords are "
                               "written in lower case"),
            "keyword_meant": N_("'{word}' is not a keyword: did you mean '{keyword}'?"),
            "side_meant": N_("'{word}' is not a side: did you mean '{side}'? After the tile write "
                             "L or left, R or right"),
            "not_a_tile": N_("'{written}' is not a tile: write '{tile}'"),
            "letter": N_("'{found}' is the letter {found}, not the digit {digit}: did you mean "
                         "'{tile}'?"),
            "one_digit": N_("'{written}' is not a tile: a pip is written with one digit; write "
                            "'{tile}'"),
            "no_second_pip": N_("'{written}' is not a tile: a pip is missing after the hyphen"),
            "no_first_pip": N_("'{written}' is not a tile: a pip is missing before the hyphen"),
            "json_value_too_large": N_("{path}: the value that starts here takes more than "
                                       "{limit} bytes of JSON text, the most blocknot holds at "
                                       "once; no game blocknot writes is that large"),
            "json_invalid": N_("{path}: not valid JSON"),
            "json_unknown_key": N_("{path}: unknown key \"{key}\": record JSON has no such key "
                                   "here (see `blocknot schema`)"),
            "expected_value": N_("expected a value, found {found}"),
            "expected_object": N_("expected an object, found {found}"),
            "expected_colon": N_("expected ':' after the key"),
            "expected_comma_or_brace": N_("expected ',' or '}}'"),
            "expected_comma_or_bracket": N_("expected ',' or ']'"),
            "json_text_after_end": N_("$: text after the end of the document"),
            "json_games_not_array": N_("$.games: expected an array, found {found}"),
            "json_expected_key": N_("$: expected a key in double quotes, found {found}"),
            "json_duplicate_key": N_("{path}: duplicate key \"{key}\" in the JSON"),
            "invalid_escape": N_("an invalid escape {found}; JSON strings allow \\\", \\\\, \\/, "
                                 "\\b, \\f, \\n, \\r, \\t and \\u followed by four hexadecimal "
                                 "digits"),
            "lone_surrogate": N_("a string holds half of a surrogate pair"),
            "ends_unclosed": N_("the document ends before this value is closed"),
            "nested_too_deeply": N_("the JSON is nested too deeply"),
            "ends_before_value": N_("the document ends where a value is expected"),
            "not_whole": N_("{found} has a fraction or an exponent; expected a whole number "
                            "written with digits only"),
            "unclosed_string": N_("a string that is never closed by '\"'"),
            "control_character": N_("the control character <U+{code}> must be written as an "
                                    "escape in a JSON string"),
            "text_after_end": N_("text after the end of the document"),
            "not_a_json_value": N_("{found} is not a JSON value"),
            "lone_surrogate_escape": N_("{found} is half of a surrogate pair without its other "
                                        "half: it is no character, and no text can hold it"),
            "expected_key": N_("expected a key in double quotes, found {found}"),
            "duplicate_key": N_("duplicate key \"{key}\" in the JSON"),
            "expected_number": N_("expected a whole number, found {found}"),
            "expected_string": N_("expected a string, found {found}"),
            "expected_array": N_("expected an array, found {found}"),
            "tag_key": N_("a tag key starts with an ASCII letter and goes on with ASCII letters, "
                          "digits or _; found {found}"),
            "player_name": N_("{found} is not a player name: a name starts with a letter and goes "
                              "on with letters, combining marks, digits, _, ' or -"),
            "keyword_found": N_("{found} is a keyword of the notation and cannot be a player's "
                                "name"),
            "version": N_("expected the version 1, written 1, found {found}"),
            "points_pair": N_("a points claim gives both \"player\" and \"points\", or neither "
                              "(both null) for `points none`"),
            "too_long": N_("expected at most {count} items, found {found}"),
            "not_record_value": N_("this value is not what a record holds here: {found}"),
            "tile_array": N_("a tile is an array of two pips, found {found}"),
            "empty_deal": N_("a deal lists at least one tile"),
            "empty_score": N_("a score claim names at least one player"),
            "long_hand_json": N_("a hand holds at most {limit} statements"),
            "too_short": N_("expected at least {count} items, found {found}"),
            "expected_literal": N_("expected {expected}, found {found}"),
            "missing_key": N_("the key \"{key}\" is missing here"),
            "unknown_key": N_("unknown key \"{key}\": record JSON has no such key here (see "
                              "`blocknot schema`)"),
            "number_range": N_("expected a whole number from {least} to 999999999, found {found}"),
            "unknown_kind": N_("unknown statement kind {found}; expected one of {kinds}"),
            "kind_missing": N_("a statement needs the key \"kind\", one of {kinds}"),
            "long_text": N_("a text of {actual} characters; a line of a record holds at most "
                            "{limit}"),
            "text_holds": N_("this text holds {char}, which no line of a text record can hold"),
            "long_written_line": N_("written as text this takes a line of {length} characters; a "
                                    "line holds at most {limit}"),
            "last_game_without_hands": N_("a game without hands is the last one: written as text, "
                                          "the tags of the game after it would join it"),
            "game_too_large": N_("this game takes {size} characters as text, more than the "
                                 "{limit} of a game blocknot converts (a game of Block takes "
                                 "about 2000)"),
            "empty_game": N_("an empty game: a game holds tags, hands or both"),
            "game_without_tags": N_("a game after the first starts with tags: written without "
                                    "them, its hands would join the game before"),
            "text_would_read": N_("this record cannot be written as text: its line {number} would "
                                  "read {found} {problem}"),
            "text_reads_otherwise": N_("this record cannot be written as text: it would read back "
                                       "as a different record"),
            "lines_out_of_order": N_("line {line} does not come after line {before}, the line "
                                     "before it: a record holds one statement a line, in order, "
                                     "so these cannot be the lines of a record, and nothing of "
                                     "this document is checked"),
            "a_player_name": N_("a player name"),
            "a_tile": N_("a tile (3-5 or [3|5])"),
            "a_number": N_("a number"),
            "a_side": N_("a side (L, R, left or right)"),
            "colon": N_("':'"),
            "comma": N_("','"),
            "closing_bracket": N_("']'"),
            "a_tag": N_("a tag such as [Players \"Ada Bea\"]"),
            "a_tag_name": N_("a tag name such as Players"),
            "a_quoted_value": N_("a value in double quotes"),
            "pass": N_("'pass'"),
            "no_tiles": N_("'-'"),
            "none": N_("'none'"),
            "hand": N_("'hand'"),
            "end_of_line": N_("the end of the line"),
            "a_statement": N_("a statement: a tag, 'hand N', a deal, a move such as 'Ada: 3-5' or "
                              "'Ada: pass', a show or a claim"),
            "nothing_more": N_("nothing more"),
            "either": N_("{first} or {last}"),
            "quoted": N_("'{text}'"),
            "not_valid_json": N_("not valid JSON"),
        },
    ),
    Code(
        "S002", "error",
        N_("a tile has a pip outside 0–6"),
        rules=("R2",),
        checks=("notation/larkparse.py",),
        what=N_("A tile has a pip outside 0 to 6, such as 5-8 or 3-10."),
        why=N_("Block is played with the double-six set (R2): 28 tiles, from [0|0] to [6|6]. A "
               "tile such as 5-8 does not exist, so the line that holds it cannot be read, and, "
               "as with S001, its hand is not judged further."),
        messages={
            "json_path": N_("{path}: {reason}"),
            "pip": N_("pip {pip} in {tile} is outside 0–6: a double-six set has pips 0 to 6"),
            "pip_value": N_("pip {found} is outside 0–6: a double-six set has pips 0 to 6"),
        },
    ),
    Code(
        "S003", "error",
        N_("the input is not UTF-8 text, or holds a NUL byte"),
        rules=(),
        checks=("notation/unreadable.py",),
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
        messages={
            "other_encoding": N_("the file looks like {encoding}; save it as UTF-8, or read it as "
                                 "it is with --encoding {name}; nothing else in it is checked"),
            "binary_kind": N_("this is {kind}, not a text record; nothing in it is checked"),
            "damaged": N_("byte 0x{byte:02X} is not valid UTF-8 here, on a line that is UTF-8 "
                          "elsewhere: the file is damaged or holds text pasted from another "
                          "encoding; type the character again and save the file as UTF-8; nothing "
                          "else in it is checked"),
            "byte_encoding": N_("byte 0x{byte:02X} is not UTF-8: the file looks like {encoding}; "
                                "save it as UTF-8 (in the editor: Save As, encoding UTF-8), or "
                                "read it as it is with --encoding {name}; nothing else in it is "
                                "checked"),
            "byte_guess": N_("byte 0x{byte:02X} is not UTF-8: the file may be {encoding}, but "
                             "that is a guess: read so, this line holds {reading}, and as {other} "
                             "{other_reading}; save it as UTF-8 (in the editor: Save As, encoding "
                             "UTF-8), or, if the first reading is right, read it as it is with "
                             "--encoding {name}; nothing else in it is checked"),
            "png": N_("a PNG image"),
            "jpeg": N_("a JPEG image"),
            "gif": N_("a GIF image"),
            "pdf": N_("a PDF document"),
            "zip": N_("a ZIP archive (or a document saved as one: .docx, .xlsx, .odt)"),
            "office": N_("an old Microsoft Office document"),
            "sqlite": N_("an SQLite database"),
            "program": N_("a program"),
            "binary": N_("{what}: this is a binary file, not a text record; nothing in it is "
                         "checked"),
            "nul": N_("a NUL byte"),
            "not_text_bytes": N_("mostly bytes that no text holds"),
        },
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
        messages={
            "unused_file": N_("this ignore-file comment suppresses nothing: no {listed} "
                              "diagnostic is reported in this file; remove {listed} from it"),
            "unused_codes": N_("this ignore comment suppresses nothing: no {listed} diagnostic is "
                               "reported on this line; remove {listed} from it"),
            "unused_line": N_("this ignore comment suppresses nothing: nothing is reported on "
                              "this line; remove it"),
        },
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
        messages={
            "no_hand": N_("no hand is written in this file: it holds no game to check"),
        },
    ),
)
