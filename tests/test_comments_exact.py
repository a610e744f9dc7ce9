"""Comments and tag values are kept exactly through every conversion, or refused; never
changed silently: trailing space, and the characters Python counts as white space or as line
breaks (U+001C–U+001F, U+0085, U+2028, U+2029, NBSP, U+3000, VT, FF)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blocknotation.formats.records.convert import convert_bytes, convert_stream
from blocknotation.notation.parsing import parse_text

from inprocess import run
from lark_reference import parse_with_lark

SPECIAL = "\x1c\x1d\x1e\x1f\x85\u2028\u2029\xa0\u3000\x0b\x0c \t"
# What a comment may hold: anything but a line end and NUL (S003), with the special ones often.
comment_text = st.text(
    st.one_of(st.sampled_from(SPECIAL), st.characters(
        blacklist_characters="\n\r\x00", blacklist_categories=("Cs",))), max_size=12)


def record(own: str, trailing: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return (f'#{own}\n[Players "Ada Bea"] #{trailing}\n[Note "{escaped}"]\n\n#{own}\nhand 1 '
            f"#{trailing}\nAda: 1-2 #{trailing}\n#{own}\n")


def converted(data: str, target: str) -> str:
    out, problems = convert_bytes(data.encode("utf-8", "surrogatepass"), target)
    assert problems == () and out is not None, problems
    return out


# A comment of its own line that starts with `=`, `!` or `?` is an engine annotation, which
# the canonical form places by its own rule (docs/notation.md, "Canonical form"); the writer's
# own ones do not start so.
own_text = comment_text.filter(lambda c: not c.startswith(("=", "!", "?")))


@given(own_text, comment_text, comment_text)
def test_text_to_json_to_text_is_byte_identical(own: str, trailing: str, value: str) -> None:
    text = record(own, trailing, value)
    assert converted(converted(text, "json"), "text") == text
    assert converted(text, "text") == text


@given(comment_text, comment_text)
def test_json_to_text_to_json_keeps_every_comment(own: str, trailing: str) -> None:
    document = json.loads(converted(record("x", "y", "z"), "json"))
    hand = document["games"][0]["hands"][0]
    hand["comments"], hand["statements"][0]["comment"] = [own], trailing
    written = json.dumps(document)
    back = converted(converted(written, "text"), "json")
    again = json.loads(back)["games"][0]["hands"][0]
    assert again["comments"] == [own] and again["statements"][0]["comment"] == trailing


@pytest.mark.parametrize("char", list(SPECIAL))
def test_each_special_character_survives_at_the_end_of_a_comment(char: str) -> None:
    text = record(f"own{char}", f"end{char}", f"value{char}")
    parsed = parse_text(text)
    assert parsed.diagnostics == ()
    assert parsed == parse_with_lark(text)
    hand = parsed.records.games[0].hands[0]
    assert hand.comments == (f"own{char}",) and hand.comment == f"end{char}"
    assert parsed.records.comments == (f"own{char}",)
    out = io.StringIO()
    assert convert_stream(io.BytesIO(text.encode()), "text", out) == ((), {})
    assert out.getvalue() == text


def test_trailing_spaces_in_a_json_comment_are_written_and_read_back(tmp_path: Path) -> None:
    document = json.loads(converted(record("x", "y", "z"), "json"))
    document["games"][0]["hands"][0]["statements"][0]["comment"] = "x  "
    path = tmp_path / "r.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    done = run("convert", str(path))
    assert done.returncode == 0
    text = done.stdout
    assert b"Ada: 1-2 #x  \n" in text
    done = run("convert", "-", "--to", "json", stdin=text)
    assert done.returncode == 0
    back = done.stdout
    assert json.loads(back)["games"][0]["hands"][0]["statements"][0]["comment"] == "x  "


@pytest.mark.parametrize("bad", ["a\nb", "a\rb", "a\x00b"])
def test_what_no_line_can_hold_is_refused(bad: str) -> None:
    document = json.loads(converted(record("x", "y", "z"), "json"))
    document["games"][0]["hands"][0]["comments"] = [bad]
    out, problems = convert_bytes(json.dumps(document).encode(), "text")
    assert out is None
    assert problems[0].message.render().startswith(
        "$.games[0].hands[0].comments[0]: this text holds <U+00")
