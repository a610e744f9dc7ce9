"""Bounds that turn absurd input into a diagnostic instead of a blow-up in time or memory.

They are far above anything a real record needs and are documented in docs/robustness.md.
"""

#: Bytes in one input read whole (a text given to ``parse_text``, record JSON to ``convert``);
#: more is S001 at 1:1 and nothing is read.  Streaming (``validate``, ``convert`` of a text
#: record larger than this) holds one game at a time, and a game is bounded by it instead:
#: S001 at the game's first line, and the rest of the input is not read.  Reading costs
#: about 150 bytes of memory per byte of input, so this bound keeps a hostile file under a
#: few hundred MB and a few seconds; a real game record takes about 2 kB.
MAX_INPUT_BYTES = 2 * 1024 * 1024

#: Characters of canonical text in one game that ``convert`` writes (its own comments, tags,
#: hands and statements, line ends included; the last game counts the file's closing
#: comments too).  A game is bounded by what it holds, not by the size of its JSON, so that
#: whatever ``convert`` writes it reads back: half of ``MAX_INPUT_BYTES``, since a game read
#: a game at a time is held with the comments that open the next one.  A game of Block
#: takes about 2,000.
MAX_GAME_TEXT = 1_000_000

#: Bytes of JSON text held at once for one game of a large record JSON document.  The JSON
#: of a game takes at most about 22 times its canonical text (a hand line of 7 characters is
#: an object of about 160), so any game of ``MAX_GAME_TEXT`` fits; a value larger than this
#: is not read.
MAX_JSON_GAME_BYTES = 32 * 1024 * 1024

#: Characters on one line; a longer line is S001 and is not read.
MAX_LINE_LENGTH = 10_000

#: Digits in a number (hand number, points, score); more is S001.
MAX_NUMBER_DIGITS = 9

#: Statements in one hand; the parser reports the first statement beyond this (S001) and
#: drops the rest of the hand, which is then not replayed.
MAX_STATEMENTS_PER_HAND = 10_000

#: Bytes of one gzip-compressed input once decompressed, some 30,000 games; and, before
#: that, no more than ``GUNZIP_RATIO`` times the compressed bytes read (or
#: ``MAX_INPUT_BYTES``, whichever is more).  A small file that would decompress to more (a
#: "gzip bomb") is not read past it: the file cannot be read whole (exit 2), and what was
#: read of it is reported.  An uncompressed file has no such bound: it costs its own size.
MAX_GUNZIP_BYTES = 64 * 1024 * 1024

#: Bytes of a configuration file (``blocknot.toml``, ``pyproject.toml``); a larger one is
#: refused with one line, before it is parsed.
MAX_CONFIG_BYTES = 1024 * 1024

#: Levels of arrays and tables nested in a configuration file (a real one uses four); a
#: file nested deeper is refused with one line.
MAX_CONFIG_DEPTH = 32

#: Worker processes ``--jobs`` may ask for.  More than the machine's CPUs is allowed, with a
#: warning, up to this; ``--jobs 0`` means one per CPU, up to this.
MAX_JOBS = 64

#: Times its own size a gzip-compressed input may decompress to (beyond ``MAX_INPUT_BYTES``):
#: records compress about five times, a "gzip bomb" hundreds of times.
GUNZIP_RATIO = 20

#: Bytes in the body of one message to the language server (``blocknot lsp``): a document
#: opened or changed travels whole in one, as JSON, so this holds a record of about 60 MB of
#: ASCII text.  A longer message is logged and skipped, with the request it carries.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
