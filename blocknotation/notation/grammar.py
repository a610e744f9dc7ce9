"""The Lark parser for the notation, built once per process from ``grammar/block.lark``.

The grammar file lives at the top of the repository.  An installed wheel carries a copy
inside the package (``blocknotation/grammar/block.lark``); a source checkout or an editable
install reads the repository's own file.  Both are tried, in that order.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path

from lark import Lark, Token, Transformer

from ..basics.unicode_names import LETTERS, MARKS

GRAMMAR_NAME = "block.lark"


def grammar_text() -> str:
    """The text of the grammar, from the installed package or the source tree, with the
    Unicode letters and marks of names put in for ``{LETTER}`` and ``{MARK}``."""
    packaged = resources.files("blocknotation").joinpath("grammar", GRAMMAR_NAME)
    if packaged.is_file():
        text = packaged.read_text(encoding="utf-8")
    else:
        checkout = Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_NAME
        text = checkout.read_text(encoding="utf-8")
    return text.replace("{LETTER}", LETTERS).replace("{MARK}", MARKS)


def build_parser(
    transformer: Transformer[Token, object], on_comment: Callable[[Token], None]
) -> Lark:
    """Compile the LALR parser with an inline transformer; ``on_comment`` sees every comment.

    Compiling takes a noticeable fraction of start-up, so callers build it once per process.
    """
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start="file",
        transformer=transformer,
        lexer_callbacks={"COMMENT": on_comment},
        maybe_placeholders=False,
    )
