"""Write the TextMate grammar of Block records: ``editors/block.tmLanguage.json``.

    python tools/textmate_grammar.py           # rewrite the file
    python tools/textmate_grammar.py --check   # exit 1 if the file is not what this writes

The patterns are those of the Pygments lexer
(``blocknotation/formats/records/highlight.py``), with the keywords and the pattern of names
of ``blocknotation/basics/names.py``; the Unicode letters and marks of names are written
``\\p{L}`` and ``\\p{M}``, which TextMate's regular expressions (Oniguruma) know.
``tests/test_highlight_textmate.py`` checks the file against this script and against the lexer.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from blocknotation.basics.names import NAME_REGEX
from blocknotation.basics.unicode_names import LETTERS, MARKS
from blocknotation.formats.records.highlight import (
    COMMENT,
    INT,
    NONE_WORD,
    PUNCTUATION,
    SIDES,
    STATEMENT_KEYWORDS,
    STRING_ESCAPE,
    SUPPRESSION_RUN,
    TAG_KEY,
    TILE_BRACKETED,
    TILE_DASHED,
)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "editors" / "block.tmLanguage.json"

NAME = NAME_REGEX.replace(LETTERS, r"\p{L}").replace(MARKS, r"\p{M}")
#: What may follow a keyword: anything that cannot go on a name, so `handy` is a name.
_WORD_END = r"(?![\p{L}\p{M}0-9_'\-])"


def _words(words: frozenset[str]) -> str:
    # Longest first, so that `left` is tried before `L` would stop at a shorter spelling.
    ordered = sorted(words, key=lambda word: (-len(word), word))
    return "(?:" + "|".join(re.escape(word) for word in ordered) + ")" + _WORD_END


def grammar() -> dict[str, Any]:
    """The grammar as a JSON object."""
    return {
        "comment": "Written by tools/textmate_grammar.py from "
                   "blocknotation/formats/records/highlight.py; do not edit.",
        "name": "Block",
        "scopeName": "source.block",
        "fileTypes": ["block"],
        "patterns": [{"include": f"#{part}"} for part in (
            "comment", "tile", "tag", "integer", "keyword", "none", "side", "player",
            "punctuation")],
        "repository": {
            "comment": {
                "name": "comment.line.number-sign.block",
                "begin": COMMENT[0], "end": "$",
                "patterns": [{"match": SUPPRESSION_RUN,
                              "captures": {"1": {"name": "keyword.other.suppression.block"}}}],
            },
            "tile": {"name": "constant.numeric.tile.block",
                     "match": f"{TILE_BRACKETED}|{TILE_DASHED}"},
            "tag": {
                "name": "meta.tag.block",
                "begin": r"\[",
                "beginCaptures": {"0": {"name": "punctuation.definition.tag.begin.block"}},
                "end": r"\]|$",
                "endCaptures": {"0": {"name": "punctuation.definition.tag.end.block"}},
                "patterns": [
                    {"name": "entity.other.attribute-name.block", "match": TAG_KEY},
                    {"name": "string.quoted.double.block", "begin": '"', "end": '"|$',
                     "patterns": [{"name": "constant.character.escape.block",
                                   "match": STRING_ESCAPE}]},
                ],
            },
            "integer": {"name": "constant.numeric.integer.block", "match": INT},
            "keyword": {"name": "keyword.control.block", "match": _words(STATEMENT_KEYWORDS)},
            "none": {"name": "constant.language.none.block",
                     "match": _words(frozenset({NONE_WORD}))},
            "side": {"name": "constant.language.side.block", "match": _words(SIDES)},
            "player": {"name": "variable.other.player.block", "match": NAME},
            "punctuation": {"name": "punctuation.separator.block", "match": PUNCTUATION},
        },
    }


def text() -> str:
    """The file's text."""
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    wanted = text()
    if argv == ["--check"]:
        if OUT.read_text(encoding="utf-8") == wanted:
            return 0
        print(f"{OUT.relative_to(ROOT)} is out of date: run python tools/textmate_grammar.py")
        return 1
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(wanted, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
